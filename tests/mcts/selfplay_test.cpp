// Self-play: every move of many matches replays legally through core from the written
// BPGN, samples describe legal decisions, runs are reproducible from a seed, the
// evaluator is called once per batch from each worker, and the playout cap, resignation
// (with its false-resign measurement), the match-length cap, stopping and the writer work.
#include <gtest/gtest.h>

#include <fstream>

#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>

#include <unistd.h>

#include "core/bpgn.h"
#include "mcts/leaf_batch.h"
#include "mcts/selfplay.h"
#include "mcts/selfplay_writer.h"
#include "mcts/simple_evaluators.h"
#include "tests/mcts/fake_evaluators.h"

namespace bh {
namespace {

// Small and fast: short clocks, few visits, one worker.
SelfPlayConfig quick_config(std::uint64_t seed = 1) {
  SelfPlayConfig c;
  c.clock = TimeControl::parse("30s+0");
  c.think.clock_fraction = 0.05;
  c.search.visits = 8;
  c.cheap_visits = 4;
  c.workers = 1;
  c.concurrent_matches = 6;
  c.seed = seed;
  return c;
}

std::vector<FinishedMatch> play(const SelfPlayConfig& c, std::int64_t games, EvaluatorFactory factory = {}) {
  if (!factory) factory = [](int) { return std::make_unique<UniformEvaluator>(); };
  SelfPlay sp(c, factory);
  std::vector<FinishedMatch> out;
  std::mutex mu;
  sp.run(games, [&](int, FinishedMatch&& m) {
    std::lock_guard lock(mu);
    out.push_back(std::move(m));
  });
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  return out;
}

// Plays `games` matches, writes them as BPGN, reads them back and replays every move
// through core; returns how the matches ended.
std::map<EndReason, int> replay_all(const SelfPlayConfig& c, int games) {
  const auto matches = play(c, games);
  EXPECT_EQ(matches.size(), std::size_t(games));
  std::string all;
  for (const FinishedMatch& m : matches) all += write_bpgn(m.record, {{"Event", "test"}}) + "\n";
  std::istringstream in(all);
  const auto records = read_bpgn(in, "selfplay");
  EXPECT_EQ(records.size(), matches.size());
  std::map<EndReason, int> ends;
  int waits = 0;
  for (std::size_t i = 0; i < records.size() && i < matches.size(); ++i) {
    const Match& rec = matches[i].record;
    EXPECT_TRUE(rec.over());
    const Match again = replay(records[i], c.match_rules());  // throws on any illegal move
    EXPECT_EQ(again.board(BoardA), rec.board(BoardA)) << "match " << i;
    EXPECT_EQ(again.board(BoardB), rec.board(BoardB)) << "match " << i;
    EXPECT_EQ(again.moves_played(), rec.moves_played());
    EXPECT_EQ(records[i].result, result_string(rec.outcome()));
    if (rec.outcome().reason == EndReason::Checkmate) {
      EXPECT_EQ(again.outcome().reason, EndReason::Checkmate);
      EXPECT_EQ(again.outcome().seat, rec.outcome().seat);
    }
    ends[rec.outcome().reason]++;
    for (const MatchEvent& e : rec.events()) waits += e.move.is_wait();
  }
  EXPECT_GT(waits, 0) << "self-play should use the wait action now and then";
  return ends;
}

TEST(SelfPlay, EveryMoveReplaysLegallyFromTheBpgn) {
  SelfPlayConfig c = quick_config();
  c.search.visits = 16;
  const auto ends = replay_all(c, 48);
  EXPECT_GT(ends.count(EndReason::Checkmate), 0u);
  EXPECT_GT(ends.count(EndReason::Flag), 0u);
}

TEST(SelfPlay, EveryMoveReplaysLegallyWithGumbelSearch) {
  SelfPlayConfig c = quick_config(2);
  c.search.gumbel = true;
  c.search.gumbel_m = 8;
  c.search.visits = 16;
  replay_all(c, 16);
}

// The lazy network (mcts/README.md "Lazy network") under self-play's tree reuse, noise
// and playout cap, with PUCT and with the Gumbel root.
TEST(SelfPlay, EveryMoveReplaysLegallyWithALazyNetwork) {
  for (bool gumbel : {false, true}) {
    SelfPlayConfig c = quick_config(3);
    c.search.net_visits = 2;
    c.search.gumbel = gumbel;
    c.search.gumbel_m = 8;
    c.search.visits = 16;
    replay_all(c, 16);
  }
}

TEST(SelfPlay, RepetitionDrawEndsTheMatch) {
  // Under the repetition_draw option only the record sees repetitions; the match must end
  // there all the same. Long clocks and a fixed think time make king walks repeat; the
  // matches are deterministic (one worker, fixed seeds), and these 48 hold two repetitions.
  SelfPlayConfig c = quick_config(1);
  c.rules.repetition_draw = DrawRule::Automatic;
  c.clock = TimeControl::parse("600s+0");
  c.think.kind = ThinkKind::Fixed;
  c.think.fixed_ms = 1000;
  const auto ends = replay_all(c, 48);
  EXPECT_GT(ends.count(EndReason::Repetition), 0u);
}

TEST(SelfPlayMatch, ASearchUnderWayIsNotRestarted) {
  // The worker asks every slot to prepare each round; a slot in the middle of a search
  // must go on with it (not redraw the playout cap, not reset Gumbel's halving).
  SelfPlayConfig c = quick_config();
  c.search.gumbel = true;
  c.search.gumbel_m = 4;
  SelfPlayMatch m(c);
  m.begin(0);
  ASSERT_TRUE(m.prepare());
  UniformEvaluator uniform;
  LeafBatch batch(4);
  int rounds = 0;
  while (!m.search().done()) {
    ASSERT_LT(++rounds, 100);
    batch.clear();
    for (int i = 0; i < 4; ++i)
      if (!m.search().collect(batch, 0)) break;
    if (!batch.empty()) batch.evaluate(uniform);
    for (int i = 0; i < batch.size(); ++i) m.search().finish(batch.leaf(i), batch.result(i));
    const std::uint32_t visits = m.search().tree().root().visits;
    ASSERT_TRUE(m.prepare());
    EXPECT_EQ(m.search().tree().root().visits, visits);
  }
  m.decide();
}

TEST(SelfPlay, SamplesDescribeLegalDecisions) {
  const SelfPlayConfig c = quick_config(5);
  const auto matches = play(c, 6);
  std::size_t total = 0;
  for (const FinishedMatch& m : matches) {
    total += m.samples.size();
    for (const Sample& s : m.samples) {
      const MatchView v = MatchView::unpack(s.view);
      EXPECT_EQ(v.seat, s.seat);
      EXPECT_EQ(v.own_board().side_to_move(), color_of(s.seat));
      const MoveList legal = legal_moves(v.own_board(), c.match_rules());
      double sum = 0;
      for (const PolicyEntry& p : s.policy) {
        const Move mv = Move::from_raw(p.move);
        EXPECT_TRUE(mv.is_wait() || legal.contains(mv));
        sum += p.probability;
      }
      EXPECT_NEAR(sum, 1.0, 1e-4);
      // The final result from the seat's team's view.
      const float expected = m.record.outcome().result == MatchResult::Draw ? 0.0f
                             : m.record.outcome().result == win_for(team_of(s.seat)) ? 1.0f : -1.0f;
      EXPECT_EQ(float(s.result), expected);
      EXPECT_EQ(s.net_version, c.net_version);
    }
  }
  EXPECT_GT(total, 50u);
}

TEST(SelfPlay, DeterministicWithAFixedSeed) {
  auto text = [](const std::vector<FinishedMatch>& ms) {
    std::string s;
    for (const auto& m : ms) s += write_bpgn(m.record, {});
    return s;
  };
  const auto a = play(quick_config(9), 5);
  const auto b = play(quick_config(9), 5);
  const auto other = play(quick_config(10), 5);
  EXPECT_EQ(text(a), text(b));
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].samples, b[i].samples);
  EXPECT_NE(text(a), text(other));
}

TEST(SelfPlay, EachWorkerBatchesLeavesOfManyMatchesIntoOneCall) {
  SelfPlayConfig c = quick_config();
  c.workers = 2;
  c.concurrent_matches = 8;
  c.search.max_leaves_per_tree = 2;
  std::mutex mu;
  std::vector<test::CountingEvaluator*> made;
  std::vector<std::unique_ptr<UniformEvaluator>> inner(2);
  SelfPlay sp(c, [&](int worker) {
    inner[std::size_t(worker)] = std::make_unique<UniformEvaluator>();
    auto e = std::make_unique<test::CountingEvaluator>(*inner[std::size_t(worker)]);
    std::lock_guard lock(mu);
    made.push_back(e.get());
    return e;
  });
  std::int64_t finished = 0;
  sp.run(12, [&](int, FinishedMatch&&) { ++finished; });
  EXPECT_EQ(finished, 12);
  ASSERT_EQ(made.size(), 2u);  // one evaluator per worker
  // (The evaluators are gone with their workers; the counters stay.)
  EXPECT_GT(sp.counters().evaluations.load(), 0);
  EXPECT_LE(double(sp.counters().evaluations) / double(sp.counters().batches), 16.0);
  EXPECT_GT(double(sp.counters().evaluations) / double(sp.counters().batches), 4.0)
      << "batches should gather leaves from several matches";
}

TEST(SelfPlay, PlayoutCapDecidesWhichSamplesAreFullSearches) {
  SelfPlayConfig c = quick_config();
  c.full_search_fraction = 0.3;
  int full = 0, cheap = 0;
  for (const auto& m : play(c, 4))
    for (const Sample& s : m.samples) {
      (s.full_search ? full : cheap)++;
      EXPECT_GE(s.visits, std::uint32_t(s.full_search ? c.search.visits : c.cheap_visits));
    }
  EXPECT_GT(full, 0);
  EXPECT_GT(cheap, full);  // 30% full
  c.record_cheap = false;
  for (const auto& m : play(c, 2))
    for (const Sample& s : m.samples) EXPECT_TRUE(s.full_search);
}

// Team 2's seats always see a lost position; team 1's a won one.
std::unique_ptr<Evaluator> hopeless_team2(int) {
  return std::make_unique<test::SeatValueEvaluator>(std::array<float, kSeats>{0.99f, -0.99f, -0.99f, 0.99f});
}

TEST(SelfPlay, ResignsAndMeasuresTheFalseResignRate) {
  SelfPlayConfig c = quick_config();
  c.resign_threshold = -0.9;
  c.resign_consecutive = 2;
  c.resign_min_moves = 4;
  c.resign_playthrough = 0;
  for (const auto& m : play(c, 4, hopeless_team2)) {
    EXPECT_EQ(m.record.outcome().reason, EndReason::Resignation);
    EXPECT_EQ(team_of(m.record.outcome().seat), Team2);
    EXPECT_GE(m.record.moves_played(), 4);
  }
  // With every match played through, nobody resigns; each match says whether team 2
  // would have, and whether that would have been wrong.
  c.resign_playthrough = 1;
  SelfPlay sp(c, hopeless_team2);
  int would = 0, wrong = 0;
  sp.run(4, [&](int, FinishedMatch&& m) {
    EXPECT_NE(m.record.outcome().reason, EndReason::Resignation);
    EXPECT_TRUE(m.resign_playthrough);
    ASSERT_TRUE(m.would_resign.has_value());
    EXPECT_EQ(*m.would_resign, Team2);
    ++would;
    wrong += m.record.outcome().result != MatchResult::Team1Wins;
  });
  EXPECT_EQ(sp.counters().playthrough_matches.load(), 4);
  EXPECT_EQ(sp.counters().would_resign.load(), would);
  EXPECT_EQ(sp.counters().false_resigns.load(), wrong);
}

TEST(SelfPlay, MatchLengthCap) {
  SelfPlayConfig c = quick_config();
  c.max_moves = 12;
  for (const auto& m : play(c, 4)) {
    EXPECT_LE(m.record.moves_played(), 12);
    if (m.record.outcome().reason == EndReason::MoveLimit) {
      EXPECT_EQ(m.record.moves_played(), 12);
    }
    EXPECT_EQ(m.record.rules().move_limit, 12);
  }
}

TEST(SelfPlay, StopsWhenAsked) {
  SelfPlayConfig c = quick_config();
  std::atomic<bool> stop{false};
  SelfPlay sp(c, [](int) { return std::make_unique<UniformEvaluator>(); });
  int finished = 0;
  sp.run(1000, [&](int, FinishedMatch&&) {
    if (++finished == 3) stop = true;
  }, &stop);
  EXPECT_GE(finished, 3);
  EXPECT_LT(finished, 1000);
}

TEST(SelfPlay, EvaluatorErrorsReachTheCaller) {
  struct Failing final : Evaluator {
    void evaluate(std::span<const EvalRequest>, std::span<Evaluation>) override {
      throw std::runtime_error("network on fire");
    }
    std::string name() const override { return "failing"; }
  };
  SelfPlay sp(quick_config(), [](int) { return std::make_unique<Failing>(); });
  EXPECT_THROW(sp.run(2, [](int, FinishedMatch&&) {}), std::runtime_error);
}

TEST(SelfPlayWriter, WritesChunksAndTheirGames) {
  const auto dir = std::filesystem::temp_directory_path() / ("bh_writer_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const SelfPlayConfig c = quick_config();
  std::size_t samples = 0;
  {
    SelfPlayWriter w(dir, "t-w0", 2, {{"Event", "writer test"}});
    for (auto& m : play(c, 3)) {
      samples += m.samples.size();
      w.add(std::move(m));
    }
    w.flush();
    EXPECT_EQ(w.chunks_written(), 2);  // 2 matches + 1 match
  }
  std::size_t read_back = 0, games = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir / "chunks")) read_back += read_chunk(f.path()).size();
  for (const auto& f : std::filesystem::directory_iterator(dir / "games")) {
    for (const BpgnGame& g : read_bpgn_file(f.path().string())) {
      ++games;
      EXPECT_EQ(g.tag("Event"), "writer test");
      replay(g, c.match_rules());
    }
  }
  EXPECT_EQ(read_back, samples);
  EXPECT_EQ(games, 3u);
  std::filesystem::remove_all(dir);
}

TEST(SelfPlayWriter, EachChunkHeaderCountsItsMatchesAndNoRecordIsLeftPending) {
  const auto dir = std::filesystem::temp_directory_path() / ("bh_writer_prov_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const SelfPlayConfig c = quick_config();
  {
    SelfPlayWriter w(dir, "g0002-s1-w0", 2, {}, ChunkProvenance{2, 1, 0, 1});
    for (auto& m : play(c, 3)) w.add(std::move(m));
    w.flush();
  }
  std::uint32_t matches = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir / "chunks")) {
    const ChunkHeader h = read_chunk_header(f.path());
    EXPECT_EQ(h.provenance.generation, 2u);
    EXPECT_EQ(h.provenance.session, 1u);
    EXPECT_EQ(h.provenance.net_version, 1u);
    matches += h.provenance.matches;
  }
  EXPECT_EQ(matches, 3u);  // 2 + 1
  for (const auto& f : std::filesystem::directory_iterator(dir / "games")) EXPECT_EQ(f.path().extension(), ".bpgn");
  std::filesystem::remove_all(dir);
}

// What a kill leaves between the steps of a chunk: a pending record whose chunk landed is
// completed; one whose chunk never landed is dropped with its uncommitted matches.
TEST(SelfPlayWriter, SettlingPendingRecordsFollowsTheChunks) {
  namespace fs = std::filesystem;
  const auto dir = fs::temp_directory_path() / ("bh_writer_settle_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "chunks");
  fs::create_directories(dir / "games");
  write_chunk(dir / "chunks" / "a-000000.chunk", {}, ChunkProvenance{1, 0, 1, 0});
  std::ofstream(pending_record_path(dir, "a-000000")) << "[Event \"a\"]\n";
  std::ofstream(pending_record_path(dir, "b-000000")) << "[Event \"b\"]\n";
  const SettledRecords settled = settle_pending_records(dir);
  EXPECT_EQ(settled.completed, 1);
  EXPECT_EQ(settled.dropped, 1);
  EXPECT_TRUE(fs::exists(dir / "games" / "a-000000.bpgn"));
  EXPECT_FALSE(fs::exists(pending_record_path(dir, "a-000000")));
  EXPECT_FALSE(fs::exists(pending_record_path(dir, "b-000000")));
  EXPECT_FALSE(fs::exists(dir / "games" / "b-000000.bpgn"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
