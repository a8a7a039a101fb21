// Specification of `bughouse import`'s core: recorded games become training samples. The
// truth is the shared test data — 50 refereed matches written by an independent program —
// and its result tags: every move with an alternative is one sample (a forced move, the
// only legal one, teaches nothing, as self-play records none), its move is legal in the
// view it stores, the seat in the view is the mover, no search made it (visits 0) and its
// value target is the tag's result for the mover's team.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/movegen.h"
#include "core/match_view.h"
#include "tests/core/test_data.h"
#include "training/loop/bpgn_import.h"

namespace bh {
namespace {

namespace fs = std::filesystem;

// The referee of the shared matches plays stuck_rule = flag (six of them end so).
RuleSet referee_rules() {
  RuleSet r;
  r.stuck_rule = StuckRule::Flag;
  return r;
}

std::int8_t expected_result(const BpgnGame& g, Seat s) {
  if (g.result == "1/2-1/2") return 0;
  const bool team1_won = g.result == "1-0";
  return (team_of(s) == Team1) == team1_won ? 1 : -1;
}

// The plies of a game that had more than one legal move, by core's own move generator.
std::vector<std::size_t> plies_with_a_choice(const BpgnGame& g, std::int64_t& forced) {
  const Match recorded = replay(g, referee_rules());
  Match m(recorded.initial_board(BoardA), recorded.initial_board(BoardB), referee_rules(), recorded.time_control(),
          recorded.initial_clocks());
  std::vector<std::size_t> out;
  std::size_t ply = 0;
  for (const MatchEvent& e : recorded.events()) {
    if (e.move.is_wait()) continue;
    if (m.legal_moves(board_of(e.seat)).size > 1) out.push_back(ply);
    else ++forced;
    m.play_legal(board_of(e.seat), e.move, e.time_ms);
    ++ply;
  }
  return out;
}

TEST(BpgnImport, EveryMoveWithAChoiceInTheSharedMatchesIsASampleWithTheTagsResult) {
  const auto games = read_bpgn_file(test::data_path("match_replays.bpgn"));
  ASSERT_EQ(games.size(), 50u);
  std::int64_t total = 0, forced = 0;
  for (const BpgnGame& g : games) {
    const std::vector<Sample> samples = samples_from_game(g, referee_rules());
    const std::vector<std::size_t> plies = plies_with_a_choice(g, forced);
    ASSERT_EQ(samples.size(), plies.size()) << "game " << g.index;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const Sample& s = samples[i];
      const MatchView v = MatchView::unpack(s.view);
      const BpgnPly& ply = g.plies[plies[i]];
      EXPECT_EQ(s.visits, 0u);
      EXPECT_EQ(board_of(s.seat), ply.board) << "game " << g.index << " ply " << i;
      EXPECT_EQ(color_of(s.seat), ply.color);
      EXPECT_EQ(v.seat, s.seat);
      EXPECT_EQ(v.own_board().side_to_move(), color_of(s.seat));
      EXPECT_EQ(s.result, expected_result(g, s.seat)) << "game " << g.index;
      ASSERT_EQ(s.policy.size(), 1u);
      EXPECT_FLOAT_EQ(s.policy[0].probability, 1.0f);
      bool legal = false;
      for (Move m : legal_moves(v.own_board(), referee_rules())) legal |= m.raw() == s.policy[0].move;
      EXPECT_TRUE(legal) << "game " << g.index << " ply " << i << " " << ply.text;
      // Clocks: the mover's remaining time at its decision is at least what the record
      // says it had left after the move (60+0: no increment).
      if (ply.clock_ms) {
        EXPECT_GE(v.clocks_ms[s.seat], *ply.clock_ms - 10) << "game " << g.index << " ply " << i;
      }
    }
    total += std::int64_t(samples.size());
  }
  EXPECT_GT(total, 1000);
  EXPECT_GT(forced, 0);  // the data has forced moves, and none became a sample
}

TEST(BpgnImport, AnUnfinishedOrContradictedGameIsRefused) {
  std::istringstream unfinished("[Event \"x\"]\n\n1A. e2e4 1a. e7e5 *\n");
  const auto u = read_bpgn(unfinished, "unfinished");
  EXPECT_THROW(samples_from_game(u.at(0), RuleSet{}), std::invalid_argument);

  // Board A: scholar's mate (a contact mate, no drop can block it), so team 1 (A-white)
  // wins by the moves; the record claims 0-1.
  std::istringstream wrong("[Event \"x\"]\n\n1A. e2e4 1a. e7e5 2A. f1c4 2a. b8c6 3A. d1h5 3a. g8f6 4A. h5f7# 0-1\n");
  const auto w = read_bpgn(wrong, "wrong");
  try {
    samples_from_game(w.at(0), RuleSet{});
    FAIL() << "a contradicted result was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("contradicts"), std::string::npos) << e.what();
  }
}

TEST(BpgnImport, ImportWritesChunksAndNamesEverySkippedGame) {
  const fs::path dir = fs::temp_directory_path() / "bh_import_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  // Two good games of the shared data, then one with an illegal move.
  const fs::path bad = dir / "bad.bpgn";
  std::ofstream(bad) << "[Event \"bad\"]\n\n1A. e2e4 1a. e7e5 2A. e1e3 1-0\n";
  const ImportReport r =
      import_bpgn({test::data_path("match_replays.bpgn"), bad}, referee_rules(), dir / "chunks", "g0000-import", 16);
  EXPECT_EQ(r.games, 50);
  EXPECT_EQ(r.chunks, 4);  // 16 + 16 + 16 + 2
  ASSERT_EQ(r.skipped.size(), 1u);
  EXPECT_NE(r.skipped[0].find("bad.bpgn"), std::string::npos) << r.skipped[0];
  EXPECT_NE(r.skipped[0].find("game 1"), std::string::npos) << r.skipped[0];
  EXPECT_NE(r.skipped[0].find("e1e3"), std::string::npos) << r.skipped[0];
  std::int64_t read = 0;
  for (int i = 0; i < 4; ++i) {
    char name[40];
    std::snprintf(name, sizeof name, "g0000-import-%06d.chunk", i);
    read += std::int64_t(read_chunk(dir / "chunks" / name).size());
  }
  EXPECT_EQ(read, r.samples);

  // Under the default stuck rule (a draw) the six stuck-flag endings contradict their
  // records' results, and exactly those are refused: imports must name the games' rules.
  const ImportReport d = import_bpgn({test::data_path("match_replays.bpgn")}, RuleSet{}, dir / "default", "d", 64);
  EXPECT_EQ(d.games, 44);
  ASSERT_EQ(d.skipped.size(), 6u);
  for (const auto& why : d.skipped) EXPECT_NE(why.find("every board is stuck"), std::string::npos) << why;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bh
