// arena.cpp — matches on TBB threads, records in match order.
#include "training/arena/arena.h"

#include <fstream>
#include <mutex>
#include <stdexcept>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/bpgn.h"
#include "mcts/arena_match.h"

namespace bh {

namespace {

std::string ending_kind(const Outcome& o) {
  std::string tag = o.tag();
  if (tag.rfind("draw ", 0) == 0) return tag;          // "draw move-limit", ...
  return tag.substr(0, tag.find(' '));                 // "mate", "flag", "resign", "stuck-flag"
}

}  // namespace

ArenaResult run_arena(const ArenaSide& a, const ArenaSide& b, const ArenaConfig& config,
                      const ArenaProgress& progress) {
  if (config.games < 1) throw std::invalid_argument("arena: the number of matches must be at least 1");
  ArenaResult result;
  std::mutex lock;
  std::vector<std::string> records(std::size_t(config.games));

  auto play_one = [&](int i) {
    // Even matches: A is team 1 (A-white + B-black); odd: A is team 2.
    const bool a_is_team1 = i % 2 == 0;
    std::array<std::unique_ptr<Player>, kSeats> owned;
    std::array<Player*, kSeats> seats{};
    for (int s = 0; s < kSeats; ++s) {
      bool team1 = team_of(Seat(s)) == Team1;
      const ArenaSide& side = team1 == a_is_team1 ? a : b;
      owned[s] = side.make(config.seed * 1000003ULL + std::uint64_t(i) * 8 + std::uint64_t(s));
      seats[s] = owned[s].get();
    }
    Match match = [&] {
      try {
        return play_arena_match(seats, config.rules, config.clock);
      } catch (const std::exception& e) {
        throw std::runtime_error("arena match " + std::to_string(i + 1) + ": " + e.what());
      }
    }();
    const Outcome& o = match.outcome();
    const Team a_team = a_is_team1 ? Team1 : Team2;
    std::string record;
    if (!config.bpgn_path.empty()) {
      record = write_bpgn(match, {{"Event", "arena " + a.name + " vs " + b.name},
                                  {"Round", std::to_string(i + 1)},
                                  {"WhiteA", a_is_team1 ? a.name : b.name},
                                  {"BlackA", a_is_team1 ? b.name : a.name},
                                  {"WhiteB", a_is_team1 ? b.name : a.name},
                                  {"BlackB", a_is_team1 ? a.name : b.name}});
    }
    std::lock_guard guard(lock);
    if (o.result == MatchResult::Draw) ++result.draws;
    else if (o.result == win_for(a_team)) ++result.wins;
    else ++result.losses;
    ++result.endings[ending_kind(o)];
    records[std::size_t(i)] = std::move(record);
    if (progress) progress(i, match, result);
  };

  tbb::task_arena arena(std::max(1, config.threads));
  arena.execute([&] { tbb::parallel_for(0, config.games, play_one, tbb::simple_partitioner()); });

  if (!config.bpgn_path.empty()) {
    // The BPGN file collects the records of run after run: an append, not a replacement
    // (whole files go through core's write_file_atomic; appends to a log stay appends).
    std::ofstream out(config.bpgn_path, std::ios::app);
    if (!out) throw std::runtime_error("arena: cannot write " + config.bpgn_path);
    for (const auto& r : records) out << r << "\n";
  }
  return result;
}

}  // namespace bh
