// Mates in one in the tree (mcts/README.md "Proofs"): on every position of
// tests/data/mate_in_one.epd (real engine matches; every mating move listed), a search with
// no knowledge at all (uniform priors, value 0) plays a listed mate after one visit and
// after sixteen, reports the root as a proven win worth +1 and puts the whole policy target
// on the mates. A network that puts no prior on the mates changes nothing: the proof comes
// from the rules, not the priors. The search's mate test is the Match's own judgement,
// under either mate rule.
#include <gtest/gtest.h>

#include <numeric>

#include "core/notation.h"
#include "mcts/mate_in_one.h"
#include "mcts/search.h"
#include "mcts/simple_evaluators.h"
#include "tests/core/test_data.h"
#include "tests/mcts/mate_in_one_data.h"
#include "tests/mcts/positions.h"

namespace bh {
namespace {

const std::vector<test::MatePosition>& positions() {
  static const std::vector<test::MatePosition> all = test::read_mate_in_one(test::data_path("mate_in_one.epd"));
  return all;
}

GameState decision(const test::MatePosition& p, const RuleSet& rules = {}) {
  return test::mate_decision(p.board, rules, TimeControl{}, test::default_turns());
}

SearchResult search(const GameState& root, int visits, SearchConfig config = {}) {
  Search s(config, 7);
  UniformEvaluator uniform;
  LeafBatch batch(config.max_leaves_per_tree);
  return run_search(s, root, {visits, false}, uniform, batch);
}

// Every listed mate shares the policy target equally; nothing else gets any.
void expect_policy_on_the_mates(const test::MatePosition& p, const SearchResult& r) {
  const float share = 1.0f / float(p.mates.size());
  for (std::size_t i = 0; i < r.children.size(); ++i)
    EXPECT_FLOAT_EQ(r.policy[i], test::is_listed_mate(p, r.children[i].move) ? share : 0.0f)
        << p.id << " " << to_uci(r.children[i].move);
}

TEST(MateInOne, TheDataHoldsEightySevenPositions) { EXPECT_EQ(positions().size(), 87u); }

TEST(MateInOne, IsTheMatchsOwnJudgement) {
  for (const test::MatePosition& p : positions()) {
    const GameState root = decision(p);
    for (Move a : root.actions()) {
      GameState after = root;
      after.apply(a);
      const bool won = after.over() && after.result_for(team_of(root.decider())) > 0;
      EXPECT_EQ(mates_at_once(root, a), won) << p.id << " " << to_uci(a);
      EXPECT_EQ(mates_at_once(root, a), test::is_listed_mate(p, a)) << p.id << " " << to_uci(a);
    }
  }
}

TEST(MateInOne, FoundWithOneVisit) {
  for (const test::MatePosition& p : positions()) {
    const SearchResult r = search(decision(p), 1);
    EXPECT_TRUE(test::is_listed_mate(p, r.best)) << p.id << " played " << to_uci(r.best);
    EXPECT_EQ(r.proof, Proof::Win) << p.id;
    EXPECT_EQ(r.value, 1.0f) << p.id;
    expect_policy_on_the_mates(p, r);
  }
}

TEST(MateInOne, FoundWithSixteenVisitsAndPlayedAtAnyTemperature) {
  for (const test::MatePosition& p : positions()) {
    Search s(SearchConfig{}, 11);
    UniformEvaluator uniform;
    LeafBatch batch(SearchConfig{}.max_leaves_per_tree);
    const SearchResult r = run_search(s, decision(p), {16, true}, uniform, batch);  // with root noise
    EXPECT_TRUE(test::is_listed_mate(p, r.best)) << p.id << " played " << to_uci(r.best);
    EXPECT_EQ(r.visits, 16u);
    EXPECT_EQ(r.value, 1.0f);
    expect_policy_on_the_mates(p, r);
    EXPECT_TRUE(test::is_listed_mate(p, s.choose(r, 1.0f))) << p.id;
    // The proven win draws every later simulation: nothing else is searched.
    for (const ChildStat& c : r.children) {
      if (!test::is_listed_mate(p, c.move)) {
        EXPECT_EQ(c.visits, 0u) << p.id << " " << to_uci(c.move);
      }
    }
  }
}

// A network at its most misleading: a near-zero prior on every mate (and on every move
// that gives check, so no mate gets a share by accident), the rest on the quiet moves, and
// a value that calls every position a win for whoever moves, so nothing looks urgent.
class MateBlindEvaluator final : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const Board& board = batch[i].view->own_board();
      out[i].priors.assign(batch[i].actions.size(), 0.0f);
      float sum = 0;
      for (std::size_t k = 0; k < batch[i].actions.size(); ++k) {
        const Move a = batch[i].actions[k];
        const bool checks = !a.is_wait() && board.gives_check(a);
        sum += out[i].priors[k] = checks ? 1e-6f : 1.0f;
      }
      for (float& p : out[i].priors) p /= sum;
      out[i].wdl = {0.9f, 0.1f, 0.0f};
      out[i].value = 0.9f;
    }
  }
  std::string name() const override { return "mate-blind"; }
};

TEST(MateInOne, FoundWhateverTheNetworkBelieves) {
  MateBlindEvaluator blind;
  for (const test::MatePosition& p : positions()) {
    Search s(SearchConfig{}, 13);
    LeafBatch batch(SearchConfig{}.max_leaves_per_tree);
    const SearchResult r = run_search(s, decision(p), {16, true}, blind, batch);
    EXPECT_TRUE(test::is_listed_mate(p, r.best)) << p.id << " played " << to_uci(r.best);
    EXPECT_EQ(r.proof, Proof::Win) << p.id;
    expect_policy_on_the_mates(p, r);
  }
}

TEST(MateInOne, FoundByGumbelRootSelection) {
  SearchConfig gumbel;
  gumbel.gumbel = true;
  for (const test::MatePosition& p : positions()) {
    const SearchResult r = search(decision(p), 16, gumbel);
    EXPECT_TRUE(test::is_listed_mate(p, r.best)) << p.id << " played " << to_uci(r.best);
    expect_policy_on_the_mates(p, r);
  }
}

// White drops a rook on the back rank against the king behind its pawns; black holds
// nothing. Classic rule: mate with the reserve as it is. Bughouse rule: the gap could take
// a piece the partner sends, so no drop mates (core/RULES.md "Check, mate and waiting").
TEST(MateInOne, TheMateRuleDecidesWhatIsProven) {
  const Board board = parse_fen("7k/6pp/8/8/8/8/8/K7[R] w - - 0 1");
  RuleSet classic;
  classic.mate_rule = MateRule::Classic;
  const SearchResult c = search(test::mate_decision(board, classic, TimeControl{}, test::default_turns()), 1);
  EXPECT_EQ(c.proof, Proof::Win);
  EXPECT_TRUE(c.best.is_drop() && rank_of(c.best.to()) == 7) << to_uci(c.best);
  EXPECT_TRUE(gives_mate(board, classic, c.best));

  const SearchResult b = search(test::mate_decision(board, RuleSet{}, TimeControl{}, test::default_turns()), 1);
  EXPECT_EQ(b.proof, Proof::Unknown);
  for (const ChildStat& child : b.children) EXPECT_EQ(child.proof, Proof::Unknown) << to_uci(child.move);
}

}  // namespace
}  // namespace bh
