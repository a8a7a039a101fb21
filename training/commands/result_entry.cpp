// result_entry.cpp — a result line read, and the director asked for each match.
#include "training/commands/result_entry.h"

#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace bh::cli {

namespace {

std::string describe_match(const Tournament& t, const OverTheBoard& m) {
  auto name = [&](Seat s) { return t.config().participants[std::size_t(m.seats[s])].name; };
  return match_place(m.round, m.meeting, m.game) + ": team 1 " + name(AWhite) + " (A-white) + " + name(BBlack) +
         " (B-black) v team 2 " + name(ABlack) + " (A-black) + " + name(BWhite) + " (B-white)";
}

}  // namespace

Correction parse_correction(std::string_view text) {
  auto refuse = [&](const std::string& why) {
    return std::invalid_argument("--correct " + std::string(text) + ": " + why);
  };
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) throw refuse("expected ROUND.TABLE.MATCH=RESULT, e.g. 2.3.1=0-1");
  int numbers[3] = {0, 0, 0};
  std::istringstream place{std::string(text.substr(0, eq))};
  char dot1 = 0, dot2 = 0;
  if (!(place >> numbers[0] >> dot1 >> numbers[1] >> dot2 >> numbers[2]) || dot1 != '.' || dot2 != '.' || !place.eof() ||
      numbers[0] < 1 || numbers[1] < 1 || numbers[2] < 1)
    throw refuse("the match is ROUND.TABLE.MATCH, each from 1");
  try {
    return {numbers[0] - 1, numbers[1] - 1, numbers[2] - 1, parse_entered_result(text.substr(eq + 1))};
  } catch (const std::invalid_argument& e) {
    throw refuse(e.what());
  }
}

ResultEntry terminal_result_entry(const Tournament& tournament, std::istream& in, std::ostream& out) {
  return [&tournament, &in, &out](const OverTheBoard& m) -> std::optional<EnteredResult> {
    out << "result of " << describe_match(tournament, m) << "? (" << kEnteredResultForms << ")" << std::endl;
    for (std::string line; std::getline(in, line);) {
      try {
        return parse_entered_result(line);
      } catch (const std::invalid_argument& e) {
        out << "not a result: " << e.what() << "; again:" << std::endl;
      }
    }
    return std::nullopt;  // end of input
  };
}

}  // namespace bh::cli
