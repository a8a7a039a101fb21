// arena.cpp — matches on TBB threads, records in match order.
#include "training/players/arena.h"

#include <fstream>
#include <mutex>
#include <stdexcept>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "core/bpgn.h"
#include "mcts/arena_match.h"

namespace bh {

std::string ending_kind(const Outcome& o) {
  std::string tag = o.tag();
  if (tag.rfind("draw ", 0) == 0) return tag;          // "draw move-limit", ...
  return tag.substr(0, tag.find(' '));                 // "mate", "flag", "resign", "stuck-flag"
}

void ArenaResult::add(const Outcome& o, Team a_team) {
  if (o.result == MatchResult::Draw) ++draws;
  else if (o.result == win_for(a_team)) ++wins;
  else ++losses;
  ++endings[ending_kind(o)];
}

ArenaResult& ArenaResult::operator+=(const ArenaResult& other) {
  wins += other.wins, draws += other.draws, losses += other.losses;
  for (const auto& [kind, n] : other.endings) endings[kind] += n;
  return *this;
}

namespace {

using Players = std::array<std::unique_ptr<Player>, kSeats>;

// Side A is team 1 (A-white + B-black) in even matches and team 2 in odd ones.
bool a_is_team1(int i) { return i % 2 == 0; }

// The four players of match i, each with a seed of its own from the run's seed.
Players seat_players(const ArenaSide& a, const ArenaSide& b, std::uint64_t seed, int i) {
  Players owned;
  for (int s = 0; s < kSeats; ++s) {
    bool team1 = team_of(Seat(s)) == Team1;
    const ArenaSide& side = team1 == a_is_team1(i) ? a : b;
    owned[s] = side.make(seed * 1000003ULL + std::uint64_t(i) * 8 + std::uint64_t(s));
  }
  return owned;
}

// Plays match i; a failure names the match.
Match play_numbered(const Players& owned, const ArenaConfig& config, int i) {
  std::array<Player*, kSeats> seats{};
  for (int s = 0; s < kSeats; ++s) seats[s] = owned[s].get();
  try {
    return play_arena_match(seats, config.rules, config.clock, {.adjudicate_claims = config.adjudicate_claims});
  } catch (const std::exception& e) {
    throw std::runtime_error("arena match " + std::to_string(i + 1) + ": " + e.what());
  }
}

std::string arena_record(const Match& match, const ArenaSide& a, const ArenaSide& b, int i) {
  const bool a1 = a_is_team1(i);
  return write_bpgn(match, {{"Event", "arena " + a.name + " vs " + b.name},
                            {"Round", std::to_string(i + 1)},
                            {"WhiteA", a1 ? a.name : b.name},
                            {"BlackA", a1 ? b.name : a.name},
                            {"WhiteB", a1 ? b.name : a.name},
                            {"BlackB", a1 ? a.name : b.name}});
}

}  // namespace

ArenaTally::ArenaTally(int games, std::string bpgn_path)
    : records_(std::size_t(std::max(0, games))), bpgn_path_(std::move(bpgn_path)) {}

void ArenaTally::add(int i, const Outcome& o, Team a_team, std::string record,
                     const std::function<void(const ArenaResult&)>& report) {
  std::lock_guard guard(lock_);
  result_.add(o, a_team);
  records_[std::size_t(i)] = std::move(record);
  if (report) report(result_);
}

ArenaResult ArenaTally::finish() {
  if (recording()) {
    // The BPGN file collects the records of run after run: an append, not a replacement
    // (whole files go through core's write_file_atomic; appends to a log stay appends).
    std::ofstream out(bpgn_path_, std::ios::app);
    if (!out) throw std::runtime_error("arena: cannot write " + bpgn_path_);
    for (const auto& r : records_) out << r << "\n";
  }
  return result_;
}

void for_each_match(int games, int threads, const std::function<void(int)>& play) {
  tbb::task_arena arena(std::max(1, threads));
  arena.execute([&] { tbb::parallel_for(0, games, play, tbb::simple_partitioner()); });
}

// Matches run on the threads in any order; the results and the progress calls are
// serialised, and the records go to the file in match order.
ArenaResult run_arena(const ArenaSide& a, const ArenaSide& b, const ArenaConfig& config,
                      const ArenaProgress& progress) {
  if (config.games < 1) throw std::invalid_argument("arena: the number of matches must be at least 1");
  ArenaTally tally(config.games, config.bpgn_path);
  for_each_match(config.games, config.threads, [&](int i) {
    const Players owned = seat_players(a, b, config.seed, i);
    const Match match = play_numbered(owned, config, i);
    tally.add(i, match.outcome(), a_is_team1(i) ? Team1 : Team2, tally.recording() ? arena_record(match, a, b, i) : "",
              [&](const ArenaResult& so_far) {
                if (progress) progress(i, match, so_far);
              });
  });
  return tally.finish();
}

}  // namespace bh
