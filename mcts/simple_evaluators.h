// simple_evaluators.h — Evaluators that need no network.
//  - UniformEvaluator: uniform priors, value 0. Self-play before there is a model.
//  - MaterialEvaluator: deterministic fake with a little chess sense: the value follows the
//    team's material balance (both boards, reserves included), priors favour checks and
//    captures of valuable pieces. The bench's evaluator, and a stand-in net in tests.
//  - TacticalEvaluator: the material evaluator with the captures resolved and the kings'
//    safety counted: value from the balance after each board's pending captures
//    (mcts/exchange.h), the danger to the four kings (mcts/king_danger.h) and where the
//    pieces stand (mcts/placement.h), priors from what each move wins or loses where it
//    lands and how it places the piece. The engine's evaluator without a network.
//  - HashEvaluator: near-zero cost, deterministic pseudo-random priors and value from the
//    position's Zobrist keys. Measures pure search speed (tests/bench).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "mcts/evaluator.h"

namespace bh {

// The tactical value's scale: value = tanh(score / 1896), so that the expected score
// (1 + value) / 2 is sigmoid(score / 948), the squash that fits the result of the held-out
// engines' matches best (configs/validation.bpgn, 6,789 positions; training/loop/README.md
// "Experiments", "A calibrated tactical value"). The former 600 claimed three times the
// certainty the scores carry: a residual net started with a worse value loss than a coin
// flip, and the search itself played no better for it.
inline constexpr double kTacticalValueScale = 1896;
// How strongly a quiet move's placement gain (mcts/placement.h) steers the tactical prior:
// a knight's first development (+30) makes a move 1.8 times as likely as a rook's shuffle.
inline constexpr double kPlacementPriorScale = 50;

class UniformEvaluator final : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override { return "uniform"; }
};

class MaterialEvaluator final : public Evaluator {
 public:
  // value = tanh(balance / scale) for the seat's team; the prior of an action is
  // proportional to exp(captured value / prior_scale + check_bonus if it gives check).
  explicit MaterialEvaluator(double scale = 600, double prior_scale = 200, double check_bonus = 1.5)
      : scale_(scale), prior_scale_(prior_scale), check_bonus_(check_bonus) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override { return "material"; }

  // What evaluate() makes of a team's balance and of a move by `own`'s mover (the prior is
  // proportional to exp of the logit); a row's search reads them too (table_search.h).
  float value_of(int balance) const;
  double prior_logit(const Board& own, Move m) const;

 private:
  double scale_, prior_scale_, check_bonus_;
};

class TacticalEvaluator final : public Evaluator {
 public:
  // value = tanh(score / scale), score = the team's material balance + the captures each
  // board's mover has pending (for its team) + the danger to the opponents' kings - the
  // danger to the team's kings + the team's placement - the opponents'; the prior of an
  // action is proportional to exp(static exchange / prior_scale + placement gain /
  // kPlacementPriorScale + check_bonus if it gives check). `placement` false leaves the
  // placement out of both: the evaluator that residual nets made before it were trained on
  // (nn/net_config.h tactical_placement).
  explicit TacticalEvaluator(double scale = kTacticalValueScale, bool placement = true, double prior_scale = 200,
                             double check_bonus = 1.5)
      : scale_(scale), prior_scale_(prior_scale), check_bonus_(check_bonus), placement_(placement) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override { return "tactical"; }

  // What evaluate() makes of a score and of a move by `own`'s mover, as MaterialEvaluator's.
  float value_of(int score) const;
  double prior_logit(const Board& own, Move m) const;

  // The score above, in Sunsetter centipawns for the team of view.seat.
  static int score(const MatchView& view, bool placement = true);
  // The same score for `team` over any row of boards (core/RULES.md "Three or more
  // boards"; the built-in tactical player of a row, mcts/table_players.h).
  static int score(std::span<const Board> boards, Team team, bool placement = true);

 private:
  double scale_, prior_scale_, check_bonus_;
  bool placement_;
};

class HashEvaluator final : public Evaluator {
 public:
  explicit HashEvaluator(std::uint64_t salt = 0) : salt_(salt) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override;
  std::string name() const override { return "hash"; }

 private:
  std::uint64_t salt_;
};

}  // namespace bh
