// engine_position.cpp — reading `position` commands of both layers.
#include "training/engine/engine_position.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "training/players/text_tokens.h"

namespace bh {

namespace {

// "1e2e4" -> board A and "e2e4"; a move without a board digit gives nullopt.
std::optional<std::pair<BoardId, std::string_view>> board_prefix(std::string_view word) {
  if (word.size() >= 2 && (word[0] == '1' || word[0] == '2') && !(word[1] >= '0' && word[1] <= '9'))
    return std::make_pair(word[0] == '1' ? BoardA : BoardB, word.substr(1));
  return std::nullopt;
}

std::string move_label(int index, std::string_view word) {
  return "move " + std::to_string(index) + " '" + std::string(word) + "'";
}

Board read_fen(const std::string& text, const char* which) {
  try {
    return parse_fen(text);
  } catch (const ParseError& e) {
    throw ParseError(std::string(which) + ": " + e.what());
  }
}

// Reads the start of `position` (words[0] and what follows, up to `moves`) into pos.a
// (and pos.b, setting `two_fens`, for the whole match); returns the index after it.
using StartReader = std::size_t (*)(const std::vector<std::string_view>& words, EnginePosition& pos, bool& two_fens);

std::size_t read_startpos(const std::vector<std::string_view>&, EnginePosition&, bool&) { return 1; }

// `fen <fen>` (one board) or `fen <fen of A> | <fen of B>` (the whole match).
std::size_t read_fens(const std::vector<std::string_view>& words, EnginePosition& pos, bool& two_fens) {
  std::string fen;
  std::size_t i = 1;
  for (; i < words.size() && words[i] != "moves"; ++i) {
    if (!fen.empty()) fen += ' ';
    fen += words[i];
  }
  if (fen.empty()) throw ParseError("position fen: the FEN is missing");
  const std::size_t bar = fen.find('|');
  if (bar == std::string::npos) {
    pos.a = read_fen(fen, "position fen");
    return i;
  }
  if (fen.find('|', bar + 1) != std::string::npos)
    throw ParseError("position fen: expected '<fen of A> | <fen of B>', found more than one '|'");
  pos.a = read_fen(std::string(trim(std::string_view(fen).substr(0, bar))), "position fen of board A");
  pos.b = read_fen(std::string(trim(std::string_view(fen).substr(bar + 1))), "position fen of board B");
  two_fens = true;
  return i;
}

// The words after `moves` (none when the position ends at `i`).
std::vector<std::string_view> move_words(const std::vector<std::string_view>& words, std::size_t i) {
  if (i >= words.size()) return {};
  if (words[i] != "moves")
    throw ParseError("position: expected 'moves' after the position, found '" + std::string(words[i]) + "'");
  return {words.begin() + std::ptrdiff_t(i) + 1, words.end()};
}

// One board: the moves on pos.a alone (a capture goes to the unknown partner board).
void play_board_moves(EnginePosition& pos, const std::vector<std::string_view>& moves, const RuleSet& rules) {
  int n = 0;
  for (std::string_view word : moves) {
    ++n;
    std::string_view text = word;
    if (auto p = board_prefix(word)) {
      if (p->first == BoardB)
        throw ParseError("position: " + move_label(n, word) + " is for board 2 but the position has one board");
      text = p->second;
    }
    Move m;
    try {
      m = parse_uci(pos.a, rules, text);
    } catch (const ParseError& e) {
      throw ParseError("position: " + move_label(n, word) + ": " + e.what());
    }
    if (m.is_wait()) throw ParseError("position: " + move_label(n, word) + ": 0000 (a wait) is not a move");
    pos.a.play(m, rules.promotion);
    pos.moves.emplace_back(BoardA, m);
  }
}

// The whole match: board-prefixed moves, captures passing to the partner as in a Match.
void play_match_moves(EnginePosition& pos, const std::vector<std::string_view>& moves, const RuleSet& rules) {
  Match match(pos.a, pos.b, rules, TimeControl::untimed());
  int n = 0;
  for (std::string_view word : moves) {
    ++n;
    auto p = board_prefix(word);
    if (!p)
      throw ParseError("position: " + move_label(n, word) +
                       ": a whole-match move starts with its board digit (1e2e4 for A, 2e7e5 for B)");
    const BoardId board = p->first;
    if (match.over())
      throw ParseError("position: " + move_label(n, word) + ": the match is already over (" +
                       match.outcome().describe() + ")");
    Move m;
    try {
      m = parse_uci(match.board(board), rules, p->second);
    } catch (const ParseError& e) {
      throw ParseError("position: " + move_label(n, word) + " on board " + (board == BoardA ? "A" : "B") + ": " +
                       e.what());
    }
    if (m.is_wait()) throw ParseError("position: " + move_label(n, word) + ": 0000 (a wait) is not a move");
    match.play(board, m, 0);  // legal: parse_uci checked it
    pos.moves.emplace_back(board, m);
  }
  pos.a = match.board(BoardA);
  pos.b = match.board(BoardB);
}

}  // namespace

EnginePosition parse_position(std::string_view args, const RuleSet& rules) {
  const std::vector<std::string_view> words = split_words(args);
  if (words.empty()) throw ParseError("position: expected 'startpos' or 'fen <fen>'");
  struct Entry {
    std::string_view word;
    StartReader read;
  };
  static constexpr Entry kStarts[] = {{"startpos", read_startpos}, {"fen", read_fens}};
  const auto start = std::find_if(std::begin(kStarts), std::end(kStarts), [&](const Entry& e) { return e.word == words[0]; });
  if (start == std::end(kStarts))
    throw ParseError("position: expected 'startpos' or 'fen', found '" + std::string(words[0]) + "'");
  EnginePosition pos;
  bool two_fens = false;
  const std::vector<std::string_view> moves = move_words(words, start->read(words, pos, two_fens));
  // startpos with board-prefixed moves is the whole match from the start (layer 2).
  pos.whole_match = two_fens || (!moves.empty() && board_prefix(moves.front()).has_value() && words[0] == "startpos");
  pos.start_a = pos.a;
  pos.start_b = pos.b;
  if (pos.whole_match) play_match_moves(pos, moves, rules);
  else play_board_moves(pos, moves, rules);
  return pos;
}

}  // namespace bh
