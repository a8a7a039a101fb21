// table_arena.h — `bughouse arena` on a row of three or more boards (core/RULES.md "Three
// or more boards"): matches between two built-in players (mcts/table_players.h: random,
// greedy, and the search with the material or tactical evaluator) in both
// team colourings, side A playing team 1 (White on A, C...) in even-numbered matches, on
// several threads. Scores and Elo are from side A's view, as in arena.h.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/table.h"
#include "mcts/table_players.h"
#include "training/players/arena.h"

namespace bh {

struct TableArenaConfig {
  int games = 2;
  RuleSet rules;  // rules.boards boards
  TimeControl clock;
  TableSearchSettings players;  // the search players' knobs and the think times of every player
  int threads = 1;
  std::uint64_t seed = 1;
  std::string bpgn_path;  // every match appended here as BPGN (a row's record) when not empty
};

// Called after each match (under a lock) with the match number and the running result.
using TableArenaProgress = std::function<void(int match_index, const Table& table, const ArenaResult& so_far)>;

// Throws std::invalid_argument when `a` or `b` is no built-in player of a row
// (make_table_player) or the rules are a form a row does not play.
void check_table_arena(const std::string& a, const std::string& b, const TableArenaConfig& config);
// check_table_arena first, so nothing is played when it throws.
ArenaResult run_table_arena(const std::string& a, const std::string& b, const TableArenaConfig& config,
                            const TableArenaProgress& progress = {});

}  // namespace bh
