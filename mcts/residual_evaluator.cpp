// residual_evaluator.cpp — the tactical evaluator's answer as logit biases, and a
// network's answer on top of them.
#include "mcts/residual_evaluator.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <stdexcept>

namespace bh {

namespace {

// The largest |tanh| a float value keeps apart from 1: the bias of a decided position.
constexpr double kMaxValue = 1 - 1e-6;

constexpr std::array<std::pair<ResidualPart, const char*>, 3> kPartNames{{
    {ResidualPart::Both, "both"}, {ResidualPart::Value, "value"}, {ResidualPart::Policy, "policy"}}};

// The network's answer without the correction `part` leaves out: flat priors leave the
// tactical priors, a win/loss of one half each and no draw the tactical value.
void drop_other_part(ResidualPart part, std::span<Evaluation> out) {
  if (part == ResidualPart::Both) return;
  for (Evaluation& e : out) {
    if (part == ResidualPart::Value) std::fill(e.priors.begin(), e.priors.end(), 1.0f);
    if (part == ResidualPart::Policy) e.wdl = {0.5f, 0.0f, 0.5f};
  }
}

}  // namespace

ResidualPart parse_residual_part(std::string_view word) {
  for (const auto& [part, name] : kPartNames)
    if (word == name) return part;
  throw std::invalid_argument("residual part '" + std::string(word) + "' is none of both, value, policy");
}

const char* to_string(ResidualPart part) {
  for (const auto& [p, name] : kPartNames)
    if (p == part) return name;
  return "?";
}

void tactical_biases(TacticalEvaluator& tactical, std::span<const EvalRequest> batch, std::vector<Evaluation>& scratch,
                     std::vector<TacticalBias>& out) {
  scratch.resize(batch.size());
  tactical.evaluate(batch, scratch);
  out.resize(batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    TacticalBias& b = out[i];
    b.log_priors.resize(scratch[i].priors.size());
    for (std::size_t k = 0; k < b.log_priors.size(); ++k)
      b.log_priors[k] = float(std::log(std::max(double(scratch[i].priors[k]), 1e-30)));
    b.value_logit = float(std::atanh(std::clamp(double(scratch[i].value), -kMaxValue, kMaxValue)));
  }
}

ResidualEvaluator::ResidualEvaluator(std::unique_ptr<Evaluator> network, double tactical_scale,
                                     bool tactical_placement, ResidualPart part)
    : network_(std::move(network)), tactical_(tactical_scale, tactical_placement), part_(part) {}

std::string ResidualEvaluator::name() const {
  const std::string base = network_->name() + " on tactical";
  return part_ == ResidualPart::Both ? base : base + " (" + to_string(part_) + " only)";
}

void ResidualEvaluator::evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) {
  assert(batch.size() == out.size());
  network_->evaluate(batch, out);
  drop_other_part(part_, out);
  tactical_biases(tactical_, batch, scratch_, biases_);
  for (std::size_t i = 0; i < batch.size(); ++i) {
    Evaluation& e = out[i];
    const TacticalBias& b = biases_[i];
    // Priors: the network's x the tactical ones (the logits added), renormalised.
    double sum = 0;
    for (std::size_t k = 0; k < e.priors.size(); ++k) sum += e.priors[k] *= std::exp(b.log_priors[k]);
    if (sum > 0)
      for (float& p : e.priors) p = float(p / sum);
    // Win/draw/loss: the network's x (e^s, 1, e^-s), renormalised.
    const double s = b.value_logit;
    // Computed relative to the larger factor, so a decided position does not overflow.
    const double top = std::abs(s), up = std::exp(s - top), level = std::exp(-top), down = std::exp(-s - top);
    const double w = e.wdl[0] * up, d = e.wdl[1] * level, l = e.wdl[2] * down, total = w + d + l;
    e.wdl = {float(w / total), float(d / total), float(l / total)};
    e.value = e.wdl[0] - e.wdl[2];
  }
}

}  // namespace bh
