// entered_result.cpp — the director's result words read.
#include "training/tournament/entered_result.h"

#include <sstream>
#include <stdexcept>

namespace bh {

EnteredResult parse_entered_result(std::string_view text) {
  std::istringstream words{std::string(text)};
  std::string score, how, extra;
  words >> score >> how >> extra;
  EnteredResult r;
  if (score == "1-0") r.team1 = 1;
  else if (score == "0-1") r.team1 = 0;
  else if (score == "1/2" || score == "1/2-1/2" || score == "draw") r.team1 = 0.5;
  else throw std::invalid_argument(std::string("expected ") + kEnteredResultForms);
  if (how == "forfeit") r.ending = "forfeit";
  else if (how == "illegal") r.ending = "illegal move";
  else if (!how.empty()) throw std::invalid_argument("after the score, \"forfeit\" or \"illegal\", not \"" + how + "\"");
  if (!extra.empty()) throw std::invalid_argument(std::string("one result at a time: ") + kEnteredResultForms);
  if (r.team1 == 0.5 && !how.empty()) throw std::invalid_argument("a forfeit or an illegal move decides for one team: 1-0 or 0-1");
  return r;
}

}  // namespace bh
