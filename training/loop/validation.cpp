// validation.cpp — loading the held-out positions, the tactical evaluator's line, and the
// net's figures each generation.
#include "training/loop/validation.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/bpgn.h"
#include "core/movegen.h"
#include "mcts/simple_evaluators.h"
#include "training/loop/bpgn_import.h"

namespace bh {

namespace {

constexpr std::size_t kBatch = 512;

double expected_score(std::int8_t result) { return (double(result) + 1) / 2; }

// Whether the tactical evaluator's highest prior at `s`'s decision is the move played.
bool tactical_first_choice(const Sample& s, const MatchView& view, const BatchTargets& targets) {
  MoveList moves = legal_moves(view.own_board(), targets.rules);
  if (targets.allow_wait) moves.push(Move::wait());
  const std::vector<Move> actions(moves.begin(), moves.end());
  const EvalRequest request{&view, actions};
  Evaluation e;
  TacticalEvaluator().evaluate({&request, 1}, {&e, 1});
  const auto best = std::max_element(e.priors.begin(), e.priors.end()) - e.priors.begin();
  return actions[std::size_t(best)].raw() == s.policy.front().move;
}

}  // namespace

double sigmoid_score_loss(const std::vector<double>& scores, const std::vector<double>& targets, double scale) {
  double sum = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const double p = std::clamp(1 / (1 + std::exp(-scores[i] / scale)), 1e-6, 1 - 1e-6);
    sum -= targets[i] * std::log(p) + (1 - targets[i]) * std::log(1 - p);
  }
  return scores.empty() ? 0 : sum / double(scores.size());
}

double fit_score_scale(const std::vector<double>& scores, const std::vector<double>& targets) {
  double lo = std::log(10.0), hi = std::log(10000.0);
  const double golden = (std::sqrt(5.0) - 1) / 2;
  const auto loss = [&](double log_scale) { return sigmoid_score_loss(scores, targets, std::exp(log_scale)); };
  double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
  double fa = loss(a), fb = loss(b);
  for (int i = 0; i < 60; ++i) {
    if (fa < fb) hi = b, b = a, fb = fa, a = hi - golden * (hi - lo), fa = loss(a);
    else lo = a, a = b, fa = fb, b = lo + golden * (hi - lo), fb = loss(b);
  }
  return std::exp((lo + hi) / 2);
}

Validation::Validation(const std::filesystem::path& bpgn, const BatchTargets& targets,
                       std::vector<std::string>& skipped)
    : targets_(targets) {
  std::vector<BpgnGame> games;
  try {
    games = read_bpgn_file(bpgn.string());
  } catch (const std::exception& e) {
    throw std::runtime_error("validation matches " + bpgn.string() + ": " + e.what());
  }
  for (const BpgnGame& game : games) {
    try {
      for (Sample& s : samples_from_game(game, targets.rules)) samples_.push_back(std::move(s));
    } catch (const std::invalid_argument& e) {  // ParseError is one
      skipped.push_back(bpgn.string() + ": " + e.what());
    }
  }
  if (samples_.empty())
    throw std::runtime_error("validation matches " + bpgn.string() + ": no finished match replays under the run's rules");
  std::vector<double> scores, results;
  int first_choices = 0;
  for (const Sample& s : samples_) {
    const MatchView view = MatchView::unpack(s.view);
    scores.push_back(TacticalEvaluator::score(view));
    results.push_back(expected_score(s.result));
    first_choices += tactical_first_choice(s, view, targets_);
  }
  tactical_scale_ = fit_score_scale(scores, results);
  tactical_score_loss_ = sigmoid_score_loss(scores, results, tactical_scale_);
  tactical_top1_ = double(first_choices) / double(samples_.size());
}

StepStats Validation::measure(Trainer& trainer) const {
  StepStats sum;
  for (std::size_t first = 0; first < samples_.size(); first += kBatch) {
    const std::size_t n = std::min(kBatch, samples_.size() - first);
    std::vector<const Sample*> batch;
    for (std::size_t i = first; i < first + n; ++i) batch.push_back(&samples_[i]);
    const StepStats s = trainer.measure(build_batch(batch, targets_));
    const double w = double(n) / double(samples_.size());
    sum.policy_loss += w * s.policy_loss, sum.value_loss += w * s.value_loss, sum.loss += w * s.loss;
    sum.policy_top1 += w * s.policy_top1, sum.score_loss += w * s.score_loss;
  }
  return sum;
}

void Validation::report(Trainer& trainer, JsonLine& line) const {
  const StepStats s = measure(trainer);
  line.set("val_positions", std::int64_t(samples_.size()))
      .set("val_value_loss", s.value_loss)
      .set("val_score_loss", s.score_loss)
      .set("val_policy_loss", s.policy_loss)
      .set("val_top1", s.policy_top1)
      .set("val_tactical_score_loss", tactical_score_loss_)
      .set("val_tactical_top1", tactical_top1_);
}

}  // namespace bh
