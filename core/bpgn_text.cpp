// bpgn_text.cpp — tags, clocks, move numbers and lines shared by every BPGN record.
#include "core/bpgn_text.h"

#include <cctype>
#include <charconv>
#include <cstdio>

#include "core/parse_error.h"

namespace bh {

namespace {

// Milliseconds as the TimeControl tag's seconds: "60" when whole, else exactly ("0.1",
// "1.25"), so that the tag reads back to the time control the match was played with.
std::string tag_seconds(std::int64_t ms) {
  std::string s = std::to_string(ms / 1000);
  if (ms % 1000 == 0) return s;
  s += "." + std::to_string(1000 + ms % 1000).substr(1);
  while (s.back() == '0') s.pop_back();
  return s;
}

}  // namespace

std::string BpgnGame::tag(std::string_view key) const {
  for (const auto& [k, v] : tags)
    if (k == key) return v;
  return "";
}

std::string result_string(const Outcome& o) {
  switch (o.result) {
    case MatchResult::Team1Wins: return "1-0";
    case MatchResult::Team2Wins: return "0-1";
    case MatchResult::Draw: return "1/2-1/2";
    case MatchResult::Ongoing: break;
  }
  return "*";
}

std::string escape_tag(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string clock_seconds(std::int64_t ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, ms % 10 ? "%.3f" : "%.2f", double(ms) / 1000.0);
  return buf;
}

std::string time_control_tag(const TimeControl& tc) {
  if (!tc.timed()) return "-";
  return tag_seconds(tc.initial_ms) + "+" + tag_seconds(tc.increment_ms) + (tc.delay_ms ? "d" + tag_seconds(tc.delay_ms) : "");
}

TimeControl record_time_control(const BpgnGame& game, const TimeControl& fallback) {
  const std::string t = game.tag("TimeControl");
  if (t.empty() || t == "-") return fallback;
  try {
    const std::size_t base_end = std::min(t.find('+'), t.find('d'));  // the tag counts seconds
    return TimeControl::parse(t.substr(0, base_end) + "s" + (base_end == std::string::npos ? "" : t.substr(base_end)));
  } catch (const std::invalid_argument&) {
    throw ParseError("game " + std::to_string(game.index) + ": TimeControl tag '" + t +
                     "' is not <seconds>+<increment>[d<delay>]");
  }
}

bool parse_move_number(const std::string& w, int& number, BoardId& board, Color& color) {
  std::size_t i = 0;
  while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i]))) ++i;
  if (i == 0 || i + 1 > w.size()) return false;
  const char letter = w[i];
  const bool white = letter >= 'A' && letter < 'A' + kMaxBoards, black = letter >= 'a' && letter < 'a' + kMaxBoards;
  if (!white && !black) return false;
  const std::string rest = w.substr(i + 1);
  if (rest != "." && rest != "..." && !rest.empty()) return false;
  std::from_chars(w.data(), w.data() + i, number);
  board = BoardId(white ? letter - 'A' : letter - 'a');
  color = white ? White : Black;
  return true;
}

char move_letter(BoardId b, Color c) { return char((c == White ? 'A' : 'a') + b); }

std::string ply_where(const BpgnGame& game, const BpgnPly& p) {
  return "game " + std::to_string(game.index) + " (line " + std::to_string(p.line) + "), move " +
         std::to_string(p.number) + move_letter(p.board, p.color) + ". " + p.text + ": ";
}

std::string record_header(const std::vector<std::pair<std::string, std::string>>& tags, const TimeControl& tc,
                          const std::string& start, const RuleSet& rules, const Outcome& outcome) {
  std::string out;
  auto has = [&](std::string_view k) {
    return std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.first == k; });
  };
  for (const auto& [k, v] : tags) out += "[" + k + " \"" + escape_tag(v) + "\"]\n";
  if (!has("TimeControl")) out += "[TimeControl \"" + time_control_tag(tc) + "\"]\n";
  if (!has("FEN") && !start.empty()) out += "[FEN \"" + start + "\"]\n";
  if (!has("Rules")) {
    std::string changes;
    for (const std::string& option : describe_changes(rules)) changes += (changes.empty() ? "" : " ") + option;
    if (!changes.empty()) out += "[Rules \"" + changes + "\"]\n";
  }
  if (!has("Result")) out += "[Result \"" + result_string(outcome) + "\"]\n";
  if (!has("Termination") && outcome.over()) out += "[Termination \"" + outcome.tag() + "\"]\n";
  return out + "\n";
}

void MovetextLines::emit(const std::string& token) {
  if (!line_.empty() && line_.size() + 1 + token.size() > 90) {
    text_ += line_ + "\n";
    line_.clear();
  }
  line_ += (line_.empty() ? "" : " ") + token;
}

std::string move_token(int number, Seat seat, const std::string& move, const TimeControl& tc, std::int64_t clock_after_ms,
                       std::int64_t thought_ms) {
  std::string token = std::to_string(number) + move_letter(board_of(seat), color_of(seat)) + ". " + move;
  if (tc.timed()) token += " {" + clock_seconds(clock_after_ms) + "}";
  if (tc.delay_ms) token += " {[%emt " + clock_seconds(thought_ms) + "]}";
  return token;
}

}  // namespace bh
