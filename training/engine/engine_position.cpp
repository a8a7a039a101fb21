// engine_position.cpp — reading `position` commands of both layers.
#include "training/engine/engine_position.h"

#include <string>
#include <vector>

#include "core/fen.h"
#include "core/match.h"
#include "core/notation.h"
#include "core/parse_error.h"
#include "training/engine/text_tokens.h"

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

}  // namespace

EnginePosition parse_position(std::string_view args, const RuleSet& rules) {
  const std::vector<std::string_view> words = split_words(args);
  if (words.empty()) throw ParseError("position: expected 'startpos' or 'fen <fen>'");
  std::size_t i = 0;
  EnginePosition pos;
  bool two_fens = false;
  if (words[0] == "startpos") {
    i = 1;
  } else if (words[0] == "fen") {
    std::string fen;
    for (i = 1; i < words.size() && words[i] != "moves"; ++i) {
      if (!fen.empty()) fen += ' ';
      fen += words[i];
    }
    if (fen.empty()) throw ParseError("position fen: the FEN is missing");
    const std::size_t bar = fen.find('|');
    if (bar != std::string::npos) {
      if (fen.find('|', bar + 1) != std::string::npos)
        throw ParseError("position fen: expected '<fen of A> | <fen of B>', found more than one '|'");
      pos.a = read_fen(std::string(trim(std::string_view(fen).substr(0, bar))), "position fen of board A");
      pos.b = read_fen(std::string(trim(std::string_view(fen).substr(bar + 1))), "position fen of board B");
      two_fens = true;
    } else {
      pos.a = read_fen(fen, "position fen");
    }
  } else {
    throw ParseError("position: expected 'startpos' or 'fen', found '" + std::string(words[0]) + "'");
  }

  std::vector<std::string_view> moves;
  if (i < words.size()) {
    if (words[i] != "moves")
      throw ParseError("position: expected 'moves' after the position, found '" + std::string(words[i]) + "'");
    moves.assign(words.begin() + std::ptrdiff_t(i) + 1, words.end());
  }
  // startpos with board-prefixed moves is the whole match from the start (layer 2).
  pos.whole_match = two_fens || (!moves.empty() && board_prefix(moves.front()).has_value() && words[0] == "startpos");
  pos.start_a = pos.a;
  pos.start_b = pos.b;

  if (!pos.whole_match) {
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
      pos.a.play(m);  // a capture goes to the unknown partner board
      pos.moves.emplace_back(BoardA, m);
    }
    return pos;
  }

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
  return pos;
}

}  // namespace bh
