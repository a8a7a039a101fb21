// tournament_test_util.h — what the tests of a played tournament share: participants made
// of the built-in movers (seeded, so every match is a function of its seeds), one whose
// program fails at its first decision, and a fresh directory for a journal.
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "mcts/greedy_player.h"
#include "mcts/random_player.h"
#include "training/players/arena.h"

namespace bh::test {

inline ArenaSide random_side(const std::string& name) {
  return {name, [](std::uint64_t seed) { return std::make_unique<RandomPlayer>(TimeModel(), seed); }};
}
inline ArenaSide greedy_side(const std::string& name) {
  return {name, [](std::uint64_t seed) { return std::make_unique<GreedyPlayer>(TimeModel(), seed); }};
}

// A player whose program fails at its first decision, as a crashed engine does.
class FailingPlayer : public Player {
 public:
  PlayerAction decide(const Match&, Seat, std::int64_t) override { throw std::runtime_error("engine died"); }
  std::string name() const override { return "failing"; }
};
inline ArenaSide failing_side(const std::string& name) {
  return {name, [](std::uint64_t) { return std::make_unique<FailingPlayer>(); }};
}

inline std::filesystem::path fresh_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("tournament_test_" + name);
  std::filesystem::remove_all(dir);
  return dir;
}

}  // namespace bh::test
