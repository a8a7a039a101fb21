// table_arena.cpp — rows of boards on TBB threads, each match seeded by its number.
#include "training/players/table_arena.h"

#include <memory>
#include <stdexcept>
#include <vector>

#include "core/bpgn.h"
#include "mcts/rng.h"
#include "mcts/table_match.h"

namespace bh {

namespace {

// Side A is team 1 in even matches and team 2 in odd ones.
Team a_team(int i) { return i % 2 == 0 ? Team1 : Team2; }

Table play_numbered(const std::string& a, const std::string& b, const TableArenaConfig& config, int i) {
  const int seats = 2 * config.rules.boards;
  std::vector<std::unique_ptr<TablePlayer>> owned;
  std::vector<TablePlayer*> players;
  for (int s = 0; s < seats; ++s) {
    const std::string& name = team_of(Seat(s)) == a_team(i) ? a : b;
    owned.push_back(make_table_player(name, derive_seed(config.seed, std::uint64_t(i) * kMaxSeats + s), config.players));
    players.push_back(owned.back().get());
  }
  try {
    return play_table_match(players, {config.rules, config.clock, config.players.turn.time, derive_seed(config.seed, ~std::uint64_t(i))});
  } catch (const std::exception& e) {
    throw std::runtime_error("arena match " + std::to_string(i + 1) + ": " + e.what());
  }
}

// The record of match i: each seat's player named by its tag (WhiteA, BlackA, WhiteC...).
std::string row_record(const Table& table, const std::string& a, const std::string& b, int i) {
  std::vector<std::pair<std::string, std::string>> tags{{"Event", "arena " + a + " vs " + b},
                                                        {"Round", std::to_string(i + 1)}};
  for (int s = 0; s < table.seats(); ++s)
    tags.emplace_back(std::string(color_of(Seat(s)) == White ? "White" : "Black") + board_letter(board_of(Seat(s))),
                      team_of(Seat(s)) == a_team(i) ? a : b);
  return write_bpgn(table, tags);
}

}  // namespace

void check_table_arena(const std::string& a, const std::string& b, const TableArenaConfig& config) {
  if (config.games < 1) throw std::invalid_argument("arena: the number of matches must be at least 1");
  (void)make_table_player(a, 0, config.players), (void)make_table_player(b, 0, config.players);
  (void)Table(config.rules, config.clock);
}

ArenaResult run_table_arena(const std::string& a, const std::string& b, const TableArenaConfig& config,
                            const TableArenaProgress& progress) {
  check_table_arena(a, b, config);
  ArenaTally tally(config.games, config.bpgn_path);
  for_each_match(config.games, config.threads, [&](int i) {
    const Table table = play_numbered(a, b, config, i);
    tally.add(i, table.outcome(), a_team(i), tally.recording() ? row_record(table, a, b, i) : "",
              [&](const ArenaResult& so_far) {
                if (progress) progress(i, table, so_far);
              });
  });
  return tally.finish();
}

}  // namespace bh
