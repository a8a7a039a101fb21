// simple_evaluators.cpp — the evaluators without a network.
#include "mcts/simple_evaluators.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "mcts/exchange.h"
#include "mcts/king_danger.h"
#include "mcts/material.h"
#include "mcts/placement.h"
#include "mcts/rng.h"

namespace bh {

namespace {

void set_value(Evaluation& e, float value) {
  // A value v as win/draw/loss with no draw mass beyond what |v| < 1 leaves.
  e.value = value;
  e.wdl = {std::max(0.0f, value), 1.0f - std::abs(value), std::max(0.0f, -value)};
}

// Priors proportional to exp(logit(move)); the wait action's logit is 0.
template <class Logit>
void set_priors(const EvalRequest& request, std::vector<float>& priors, Logit logit) {
  priors.resize(request.actions.size());
  double sum = 0;
  for (std::size_t k = 0; k < priors.size(); ++k) {
    const Move m = request.actions[k];
    priors[k] = float(std::exp(m.is_wait() ? 0.0 : logit(m)));
    sum += priors[k];
  }
  for (auto& x : priors) x = float(x / sum);
}

}  // namespace

void UniformEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  assert(batch.size() == out.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const std::size_t n = batch[i].actions.size();
    out[i].priors.assign(n, n ? 1.0f / float(n) : 0.0f);
    out[i].wdl = {1.0f / 3, 1.0f / 3, 1.0f / 3};
    out[i].value = 0;
  }
}

float MaterialEvaluator::value_of(int balance) const { return float(std::tanh(balance / scale_)); }

double MaterialEvaluator::prior_logit(const Board& own, Move m) const {
  double logit = 0;
  if (!m.is_drop() && !own.empty(m.to())) logit += piece_value(type_of(own.piece_on(m.to()))) / prior_scale_;
  if (own.gives_check(m)) logit += check_bonus_;
  return logit;
}

void MaterialEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  assert(batch.size() == out.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const MatchView& v = *batch[i].view;
    const Board& own = v.own_board();
    set_value(out[i], value_of(material_balance(v.boards[BoardA], v.boards[BoardB], team_of(v.seat))));
    set_priors(batch[i], out[i].priors, [&](Move m) { return prior_logit(own, m); });
  }
}

int TacticalEvaluator::score(const MatchView& view, bool placement) {
  return score(view.boards, team_of(view.seat), placement);
}

int TacticalEvaluator::score(std::span<const Board> boards, Team team, bool placement) {
  int total = row_material_balance(boards, team);
  for (std::size_t j = 0; j < boards.size(); ++j) {
    const BoardId b = BoardId(j);
    const Board& board = boards[j];
    // Both boards move on while this seat decides: each mover gets its captures.
    const int pending = capture_gain(board);
    total += team_of(b, board.side_to_move()) == team ? pending : -pending;
    for (Color c : {White, Black}) {
      // Side c's standing beyond material: where its pieces are, less its king's danger.
      const int standing = (placement ? bh::placement(board, c) : 0) - king_danger(board, c);
      total += team_of(b, c) == team ? standing : -standing;
    }
  }
  return total;
}

float TacticalEvaluator::value_of(int score) const { return float(std::tanh(score / scale_)); }

double TacticalEvaluator::prior_logit(const Board& own, Move m) const {
  const double placed = placement_ ? placement_gain(own, m) / kPlacementPriorScale : 0.0;
  return static_exchange(own, m) / prior_scale_ + placed + (own.gives_check(m) ? check_bonus_ : 0.0);
}

void TacticalEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  assert(batch.size() == out.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const MatchView& v = *batch[i].view;
    const Board& own = v.own_board();
    set_value(out[i], value_of(score(v, placement_)));
    set_priors(batch[i], out[i].priors, [&](Move m) { return prior_logit(own, m); });
  }
}

void HashEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  assert(batch.size() == out.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const MatchView& v = *batch[i].view;
    std::uint64_t h = v.boards[0].key() * 0x9E3779B97F4A7C15ULL ^ v.boards[1].key() ^ salt_ ^ v.seat;
    set_value(out[i], float(double(splitmix64(h) >> 11) * 0x1.0p-53 * 1.6 - 0.8));
    auto& p = out[i].priors;
    p.resize(batch[i].actions.size());
    float sum = 0;
    for (std::size_t k = 0; k < p.size(); ++k) {
      p[k] = 0.5f + float(splitmix64(h) >> 40) * 0x1.0p-24f;
      sum += p[k];
    }
    for (auto& x : p) x /= sum;
  }
}

}  // namespace bh
