// mate_in_one_data.h — the positions of tests/data/mate_in_one.epd (one board from real
// engine matches, every mating move listed; tests/data/README.md) and the decision they
// pose to a search: the board is board A of a match whose board B is at the start, and
// its side to move decides now. Shared by the search tests and the mate benchmark.
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/notation.h"
#include "mcts/game_state.h"

namespace bh::test {

struct MatePosition {
  std::string id;           // where the position comes from (match file, game, ply)
  Board board;              // the side to move mates in one
  std::vector<Move> mates;  // every mating move (`bm`)
};

// One line: `<fen> bm <uci> [<uci> ...]; c0 "..."; id "...";`
inline MatePosition parse_mate_line(const std::string& line, const RuleSet& rules) {
  const std::size_t bm = line.find(" bm ");
  const std::size_t end = line.find(';', bm);
  if (bm == std::string::npos || end == std::string::npos) throw std::runtime_error("no `bm` field: " + line);
  MatePosition p;
  p.board = parse_fen(line.substr(0, bm));
  std::string moves = line.substr(bm + 4, end - bm - 4) + " ";
  for (std::size_t at = 0, space; (space = moves.find(' ', at)) != std::string::npos; at = space + 1)
    if (space > at) p.mates.push_back(parse_uci(p.board, rules, moves.substr(at, space - at)));
  const std::size_t id = line.find("id \"");
  if (id != std::string::npos) p.id = line.substr(id + 4, line.find('"', id + 4) - id - 4);
  return p;
}

inline std::vector<MatePosition> read_mate_in_one(const std::string& path, const RuleSet& rules = {}) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<MatePosition> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(parse_mate_line(line, rules));
  return out;
}

// The decision of the board's side to move at time 0, as an engine told only this board
// sees it: the partner board is unknown, so it stands at the start (its white to move).
inline GameState mate_decision(const Board& board, const RuleSet& rules, TimeControl clock, const TurnModel& turns) {
  Match match(board, Board(), rules, clock);
  return GameState::at_decision(match, make_seat(BoardA, board.side_to_move()), 0, turns);
}

inline bool is_listed_mate(const MatePosition& p, Move m) {
  for (Move mate : p.mates)
    if (mate == m) return true;
  return false;
}

}  // namespace bh::test
