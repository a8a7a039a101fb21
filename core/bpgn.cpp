// bpgn.cpp — reading, replaying and writing BPGN.
#include "core/bpgn.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <tuple>

#include "core/bfen.h"
#include "core/bpgn_text.h"
#include "core/fen.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "core/recorded_ending.h"

namespace bh {

namespace {

// Splits a source into tokens with their line numbers: tag lines, comments, words.
struct Token {
  enum Kind { Tag, Comment, Word } kind;
  std::string text;
  int line;
};

std::vector<Token> tokenize(std::istream& in, const std::string& source) {
  std::vector<Token> out;
  std::string line;
  int n = 0;
  std::string comment;
  int comment_line = 0;
  bool in_comment = false;
  while (std::getline(in, line)) {
    ++n;
    std::size_t i = 0;
    if (!in_comment) {
      std::size_t first = line.find_first_not_of(" \t\r");
      if (first != std::string::npos && line[first] == '[') {
        out.push_back({Token::Tag, line.substr(first), n});
        continue;
      }
      if (first != std::string::npos && line[first] == '%') continue;  // PGN escape line
    }
    while (i < line.size()) {
      char c = line[i];
      if (in_comment) {
        if (c == '}') {
          out.push_back({Token::Comment, comment, comment_line});
          in_comment = false;
        } else {
          comment += c;
        }
        ++i;
      } else if (c == '{') {
        in_comment = true;
        comment.clear();
        comment_line = n;
        ++i;
      } else if (c == ';') {
        break;  // comment to the end of the line
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
      } else if (c == '(' || c == ')') {
        throw ParseError(source + " line " + std::to_string(n) + ": variations '(...)' are not supported");
      } else {
        std::size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j])) && line[j] != '{' &&
               line[j] != ';')
          ++j;
        out.push_back({Token::Word, line.substr(i, j - i), n});
        i = j;
      }
    }
    if (in_comment) comment += ' ';
  }
  if (in_comment) throw ParseError(source + " line " + std::to_string(comment_line) + ": comment '{' is never closed");
  return out;
}

bool is_result(const std::string& w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }

// Seconds -> ms, for a time a clock can show: not negative, not beyond about 30 years
// (anything larger, infinity included, is no clock and would overflow the replay's
// arithmetic on milliseconds).
std::optional<std::int64_t> clock_ms(double seconds) {
  if (!(seconds >= 0 && seconds <= 1e9)) return std::nullopt;
  return std::int64_t(std::llround(seconds * 1000));
}

// "59.68" (seconds) -> 59680 ms; also "[%clk 0:00:59.6]", and with `command` "%emt" the
// elapsed-move-time stamp "[%emt 0:00:01.2]".
std::optional<std::int64_t> parse_clock(const std::string& c, std::string_view command = "%clk") {
  std::string s = c;
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  while (!s.empty() && s.back() == ' ') s.pop_back();
  const std::string prefix = "[" + std::string(command) + " ";
  if (s.rfind(prefix, 0) == 0 && s.back() == ']') {
    s = s.substr(prefix.size(), s.size() - prefix.size() - 1);
    double total = 0;
    std::stringstream parts(s);
    std::string part;
    while (std::getline(parts, part, ':')) {
      double v = 0;
      auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
      if (ec != std::errc() || p != part.data() + part.size()) return std::nullopt;
      total = total * 60 + v;
    }
    return clock_ms(total);
  }
  if (command != "%clk") return std::nullopt;  // only a clock may be bare seconds
  double v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return clock_ms(v);
}

}  // namespace


std::vector<BpgnGame> read_bpgn(std::istream& in, const std::string& source) {
  std::vector<BpgnGame> games;
  BpgnGame game;
  bool open = false;
  std::optional<std::tuple<int, BoardId, Color>> pending_number;
  auto where = [&](int line) { return source + " line " + std::to_string(line) + ": "; };
  auto close = [&] {
    if (open) {
      game.index = int(games.size()) + 1;
      games.push_back(std::move(game));
    }
    game = BpgnGame{};
    open = false;
    pending_number.reset();
  };

  for (const Token& t : tokenize(in, source)) {
    if (t.kind == Token::Tag) {
      if (open && !game.plies.empty()) close();  // a game without a result token
      if (!open) game.line = t.line;
      open = true;
      std::size_t q1 = t.text.find('"'), q2 = t.text.rfind('"');
      std::size_t end = t.text.rfind(']');
      if (q1 == std::string::npos || q2 == q1 || end == std::string::npos || end < q2)
        throw ParseError(where(t.line) + "malformed tag " + t.text + " (expected [Name \"value\"])");
      std::string key = t.text.substr(1, q1 - 1);
      while (!key.empty() && key.back() == ' ') key.pop_back();
      std::string value;
      for (std::size_t i = q1 + 1; i < q2; ++i) {
        if (t.text[i] == '\\' && i + 1 < q2) ++i;
        value += t.text[i];
      }
      game.tags.emplace_back(key, value);
    } else if (t.kind == Token::Comment) {
      if (!open) continue;
      const auto clock = parse_clock(t.text);
      const auto elapsed = parse_clock(t.text, "%emt");
      if (clock && !game.plies.empty() && !game.plies.back().clock_ms) {
        game.plies.back().clock_ms = clock;
      } else if (elapsed && !game.plies.empty() && !game.plies.back().elapsed_ms) {
        game.plies.back().elapsed_ms = elapsed;
      } else if (!clock && !elapsed) {
        std::string c = t.text;
        while (!c.empty() && c.front() == ' ') c.erase(c.begin());
        while (!c.empty() && c.back() == ' ') c.pop_back();
        game.reason = c;
      }
    } else {
      if (!open) {
        open = true;
        game.line = t.line;
      }
      int number = 0;
      BoardId board;
      Color color;
      if (is_result(t.text)) {
        game.result = t.text;
        close();
      } else if (parse_move_number(t.text, number, board, color)) {
        pending_number = std::make_tuple(number, board, color);
      } else if (t.text == "." || t.text == "..." || t.text[0] == '$') {
        continue;
      } else {
        if (!pending_number)
          throw ParseError(where(t.line) + "move '" + t.text + "' has no board number before it (e.g. 12A. or 12b.)");
        auto [num, b, c] = *pending_number;
        game.plies.push_back({b, c, num, t.text, std::nullopt, t.line});
        pending_number.reset();
      }
    }
  }
  close();
  return games;
}

std::vector<BpgnGame> read_bpgn_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ParseError("cannot open BPGN file '" + path + "'");
  return read_bpgn(in, path);
}

RuleSet record_rules(const BpgnGame& game, const RuleSet& fallback) {
  const std::string tag = game.tag("Rules");
  if (tag.empty()) return fallback;
  std::string lines;
  for (char c : tag) lines += c == ' ' ? '\n' : c;
  try {
    return parse_rules(lines);
  } catch (const std::invalid_argument& e) {
    throw ParseError("game " + std::to_string(game.index) + ": Rules tag '" + tag + "': " + e.what());
  }
}

Match replay(const BpgnGame& game, const RuleSet& rules, const TimeControl& fallback) {
  auto where = [&](const BpgnPly& p) { return ply_where(game, p); };
  const TimeControl tc = record_time_control(game, fallback);
  std::optional<Match> match;
  if (std::string fen = game.tag("FEN"); !fen.empty()) {
    try {
      match.emplace(match_from_bfen(fen, rules, tc));
    } catch (const ParseError& e) {
      throw ParseError("game " + std::to_string(game.index) + ": FEN tag: " + e.what());
    }
  } else {
    match.emplace(rules, tc);
  }
  Match& m = *match;
  // A draw claim is an action the moves do not show: the record's ending says it. When the
  // claimant made the last move, that move was announced with the claim.
  const std::optional<Outcome> ending = parse_outcome_tag(game.reason);
  const bool claimed = ending && (ending->reason == EndReason::ThreefoldClaim ||
                                  ending->reason == EndReason::FiftyMoveClaim);
  const bool claimed_with_move = claimed && !game.plies.empty() &&
                                 make_seat(game.plies.back().board, game.plies.back().color) == ending->seat;
  // Under both_games a game may end without a move while the other goes on: its ending is
  // applied when the record reaches its time.
  const std::array<GameEnding, 2> games = ending ? ending->games : std::array<GameEnding, 2>{};
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const BpgnPly& p = game.plies[i];
    if (p.board > BoardB)
      throw ParseError(where(p) + "a match of two boards has no board " + board_letter(p.board) +
                       " (a row's record is replayed by replay_row)");
    if (m.over()) throw ParseError(where(p) + "the match is already over (" + m.outcome().describe() + ")");
    if (m.game_over(p.board))
      throw ParseError(where(p) + "the game on board " + board_letter(p.board) + " is already over");
    const Board& board = m.board(p.board);
    if (board.side_to_move() != p.color)
      throw ParseError(where(p) + "it is " + std::string(seat_name(m.mover(p.board))) + "'s turn on that board");
    Move move;
    try {
      move = parse_move(board, rules, p.text);
    } catch (const ParseError& e) {
      throw ParseError(where(p) + e.what());
    }
    if (move.is_wait()) throw ParseError(where(p) + "a wait is not a move");
    // The move's time: when the mover's turn began plus what its clock lost.
    const std::int64_t t = recorded_time(m, p, tc);
    apply_game_endings_due(m, games, t);
    if (m.over() || m.game_over(p.board)) throw ParseError(where(p) + "the record ended that game before this move");
    if (claimed_with_move && i + 1 == game.plies.size()) {
      const DrawClaim verdict = m.claim_draw(ending->seat, t, move);
      if (!verdict.granted) throw ParseError(where(p) + "the record's draw claim does not hold: " + verdict.explanation);
      continue;
    }
    if (!m.play(p.board, move, t)) throw ParseError(where(p) + "the match ended before it (" + m.outcome().describe() + ")");
  }
  if (claimed && !claimed_with_move) {
    const DrawClaim verdict = m.claim_draw(ending->seat, m.now());
    if (!verdict.granted)
      throw ParseError("game " + std::to_string(game.index) + ": the record's draw claim by " +
                       std::string(seat_name(ending->seat)) + " does not hold: " + verdict.explanation);
  }
  return m;
}

std::string write_bpgn(const Match& match, const std::vector<std::pair<std::string, std::string>>& tags,
                       MoveStyle style) {
  const TimeControl& tc = match.time_control();
  std::string start;
  if (const Board standard; !(match.initial_board(BoardA) == standard) || !(match.initial_board(BoardB) == standard)) {
    start = to_bfen(match.initial_board(BoardA), match.initial_board(BoardB));
    if (tc.timed()) {
      start += " |";
      for (auto c : match.initial_clocks()) start += " " + std::to_string(c);
    }
  }
  std::string out = record_header(tags, tc, start, match.rules(), match.outcome());
  // Replay the record through a Match from the initial boards, to write each move in the
  // position it was played in (passing and castling options included).
  Match again(match.initial_board(BoardA), match.initial_board(BoardB), match.rules(), tc,
              match.initial_clocks());
  MovetextLines lines;
  for (const MatchEvent& e : match.events()) {
    const BoardId b = board_of(e.seat);
    if (e.move.is_wait()) {
      again.wait(b, e.time_ms);
      continue;
    }
    const Board& board = again.board(b);
    const std::string text = style == MoveStyle::San ? to_san(board, match.rules(), e.move) : to_uci(e.move);
    lines.emit(move_token(board.fullmove_number(), e.seat, text, tc, e.clock_after_ms, e.time_ms - again.turn_started(b)));
    again.play(b, e.move, e.time_ms);
  }
  if (match.over()) lines.emit("{" + match.outcome().tag() + "}");
  lines.emit(result_string(match.outcome()));
  return out + lines.finish();
}

}  // namespace bh
