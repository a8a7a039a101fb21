// trainer.cpp — losses, schedule and the optimiser step.
#include "training/loop/trainer.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include <ATen/autocast_mode.h>
#include <torch/nn/functional/loss.h>
#include <torch/nn/utils/clip_grad.h>
#include <torch/optim/adamw.h>
#include <torch/optim/sgd.h>
#include <torch/utils.h>

#include "core/platform/cpu_features.h"

namespace bh {

namespace {

// Turns bf16 autocast on for the CPU for its lifetime (nn/README.md "bf16 and channels-last": about 2x for
// training); the losses are computed in float32 after it.
class CpuAutocast {
 public:
  explicit CpuAutocast(bool on) : on_(on) {
    if (!on_) return;
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~CpuAutocast() {
    if (!on_) return;
    if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(false);
  }
  CpuAutocast(const CpuAutocast&) = delete;
  CpuAutocast& operator=(const CpuAutocast&) = delete;

 private:
  bool on_;
};

void set_learning_rate(torch::optim::Optimizer& opt, double lr) {
  for (auto& group : opt.param_groups()) group.options().set_lr(lr);
}

// Weight decay regularises the convolution and linear weights; biases and batch-norm
// scales and shifts are left alone (decaying them only shifts activations), as in
// KataGo's and lc0's training.
bool decays(const std::string& name) { return name.ends_with(".weight") && name.find(".bn.") == std::string::npos; }

// The parameters in two groups: those weight decay applies to, then the others.
// The share of weighted samples whose target's most likely action is the logits' first.
double policy_top1(const at::Tensor& logits, const at::Tensor& target, const at::Tensor& weight) {
  const at::Tensor same = (logits.argmax(1) == target.argmax(1)).to(at::kFloat);
  return ((same * weight).sum() / weight.sum().clamp_min(1)).item<double>();
}

// Binary cross-entropy of the expected scores (win + draw / 2) of `wdl` against `target`.
double score_loss(const at::Tensor& wdl, const at::Tensor& target) {
  const auto score = [](const at::Tensor& w) { return w.select(1, 0) + 0.5 * w.select(1, 1); };
  const at::Tensor p = score(wdl).clamp(1e-6, 1 - 1e-6), t = score(target);
  return -(t * p.log() + (1 - t) * (1 - p).log()).mean().item<double>();
}

// A new network holding `net`'s weights and batch-norm statistics, on the same device.
Network copy_of(const Network& net, c10::Device device) {
  Network copy(net->config());
  copy->to(device);
  torch::NoGradGuard no_grad;
  const auto from = net->named_parameters();
  for (auto& p : copy->named_parameters()) p.value().copy_(from[p.key()]);
  const auto stats = net->named_buffers();
  for (auto& b : copy->named_buffers()) b.value().copy_(stats[b.key()]);
  return copy;
}

std::pair<std::vector<at::Tensor>, std::vector<at::Tensor>> decay_groups(const Network& net) {
  std::pair<std::vector<at::Tensor>, std::vector<at::Tensor>> groups;
  for (const auto& p : net->named_parameters()) (decays(p.key()) ? groups.first : groups.second).push_back(p.value());
  return groups;
}

}  // namespace

Trainer::Trainer(const NetConfig& net, const TrainingSettings& settings, c10::Device device, std::uint64_t seed)
    : settings_(settings), device_(device) {
  torch::manual_seed(seed);
  net_ = Network(net);
  net_->to(device_);
  if (settings_.weight_average_steps > 0) average_ = copy_of(net_, device_);
  make_optimizer();
}

Trainer::Trainer(const LoadedCheckpoint& checkpoint, const TrainingSettings& settings, c10::Device device)
    : settings_(settings), device_(device) {
  net_ = checkpoint.trained_network(device_);
  // A checkpoint saved without an average holds one set of weights: the average starts there.
  if (settings_.weight_average_steps > 0) average_ = checkpoint.network(device_);
  make_optimizer();
  try {
    checkpoint.restore_optimizer(*optimizer_);
  } catch (const c10::Error&) {
    throw std::runtime_error("the checkpoint's optimiser state does not fit a " + settings_.optimizer +
                             " optimiser with its two parameter groups (decayed weights, then biases and "
                             "batch norm): was it saved by another optimiser, or by a build before the groups?");
  }
  steps_ = checkpoint.info().meta.step;
  // The restored state carries the old options; the configuration's win (a resumed run
  // may change its weight decay or momentum; the learning rate is set at every step).
  auto& groups = optimizer_->param_groups();
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const double decay = g == 0 ? settings_.weight_decay : 0;
    if (settings_.optimizer == "adamw") {
      static_cast<torch::optim::AdamWOptions&>(groups[g].options()).weight_decay(decay);
    } else {
      static_cast<torch::optim::SGDOptions&>(groups[g].options())
          .momentum(settings_.momentum)
          .nesterov(settings_.momentum > 0)
          .weight_decay(decay);
    }
  }
}

void Trainer::make_optimizer() {
  const double lr = learning_rate_at(steps_);
  auto [decayed, others] = decay_groups(net_);
  if (settings_.optimizer == "adamw") {
    auto options = [&](double decay) { return std::make_unique<torch::optim::AdamWOptions>(torch::optim::AdamWOptions(lr).weight_decay(decay)); };
    std::vector<torch::optim::OptimizerParamGroup> groups;
    groups.emplace_back(std::move(decayed), options(settings_.weight_decay));
    groups.emplace_back(std::move(others), options(0));
    optimizer_ = std::make_unique<torch::optim::AdamW>(std::move(groups), torch::optim::AdamWOptions(lr));
  } else {
    auto options = [&](double decay) {
      return std::make_unique<torch::optim::SGDOptions>(
          torch::optim::SGDOptions(lr).momentum(settings_.momentum).nesterov(settings_.momentum > 0).weight_decay(decay));
    };
    std::vector<torch::optim::OptimizerParamGroup> groups;
    groups.emplace_back(std::move(decayed), options(settings_.weight_decay));
    groups.emplace_back(std::move(others), options(0));
    optimizer_ = std::make_unique<torch::optim::SGD>(std::move(groups), torch::optim::SGDOptions(lr));
  }
}

double Trainer::learning_rate_at(std::int64_t step) const {
  const double peak = settings_.learning_rate;
  if (step < settings_.warmup_steps) return peak * double(step + 1) / double(settings_.warmup_steps + 1);
  const double after = double(step - settings_.warmup_steps);
  if (settings_.lr_schedule == "steps")
    return peak * std::pow(settings_.lr_step_factor, std::floor(after / settings_.lr_step_every));
  if (settings_.lr_schedule == "cosine") {
    const double t = std::min(1.0, after / double(settings_.cosine_steps));
    const double low = settings_.lr_min_factor;
    return peak * (low + (1 - low) * 0.5 * (1 + std::cos(std::numbers::pi * t)));
  }
  return peak;
}

bool Trainer::bf16_autocast() const { return settings_.bf16_autocast && device_.is_cpu() && cpu_has_native_bf16(); }

StepStats Trainer::step(const TrainingBatch& batch) {
  StepStats s = losses(net_, batch, true);
  if (average_) update_average();
  return s;
}

StepStats Trainer::measure(const TrainingBatch& batch) {
  torch::NoGradGuard no_grad;
  Network& net = player();
  const bool was_training = net->is_training();
  net->eval();
  StepStats s = losses(net, batch, false);
  net->train(was_training);
  return s;
}

// The mean of the initial and every trained weights while there are fewer than n of
// them, then an exponential average with weight 1/n on the newest: no bias towards the
// initial weights (an EMA from step 0 would keep e^-1 of them after n steps). Integer
// buffers (batch norm's batch count) are copied.
void Trainer::update_average() {
  torch::NoGradGuard no_grad;
  const double rate = 1.0 / double(std::min(steps_ + 1, settings_.weight_average_steps));
  const auto trained = net_->named_parameters();
  for (auto& p : average_->named_parameters()) p.value().lerp_(trained[p.key()], rate);
  const auto stats = net_->named_buffers();
  for (auto& b : average_->named_buffers()) {
    if (b.value().is_floating_point()) b.value().lerp_(stats[b.key()], rate);
    else b.value().copy_(stats[b.key()]);
  }
}

StepStats Trainer::losses(Network& net, const TrainingBatch& batch, bool learn) {
  StepStats stats;
  if (learn) {
    net->train();
    optimizer_->zero_grad();
  }
  const auto planes = batch.planes.to(device_);
  const auto policy_target = batch.policy.to(device_);
  const auto policy_weight = batch.policy_weight.to(device_);
  const auto wdl_target = batch.wdl.to(device_);
  const auto illegal = batch.legal.defined() ? batch.legal.to(device_).logical_not() : at::Tensor();

  NetOutput out;
  {
    CpuAutocast autocast(bf16_autocast());
    out = net->forward(planes);
  }
  // The softmax runs over the seat's legal actions alone, as the search's priors do: an
  // illegal output gets no share (a large finite logit, so 0 x log p stays 0, not NaN).
  auto logits = out.policy.to(at::kFloat);
  auto wdl = out.wdl.to(at::kFloat);
  // A tactical-residual net's outputs are added to the tactical evaluator's logits
  // (mcts/residual_evaluator.h): the loss is the combined answer's.
  if (batch.prior_bias.defined()) logits = logits + batch.prior_bias.to(device_);
  if (batch.value_bias.defined()) wdl = wdl + batch.value_bias.to(device_);
  if (illegal.defined()) logits = logits.masked_fill(illegal, -1e9);
  // Policy: cross-entropy with the search's visit distribution, on full searches only.
  const auto per_sample = -(policy_target * torch::log_softmax(logits, 1)).sum(1);
  const auto policy_loss = (per_sample * policy_weight).sum() / policy_weight.sum().clamp_min(1);
  const auto value_loss = -(wdl_target * torch::log_softmax(wdl, 1)).sum(1).mean();
  const auto loss = policy_loss + settings_.value_loss_weight * value_loss;

  stats.policy_loss = policy_loss.item<double>();
  stats.value_loss = value_loss.item<double>();
  stats.loss = loss.item<double>();
  stats.learning_rate = learning_rate_at(steps_);
  if (!learn) {
    stats.policy_top1 = policy_top1(logits, policy_target, policy_weight);
    stats.score_loss = score_loss(torch::softmax(wdl, 1), wdl_target);
    return stats;
  }

  loss.backward();
  const double clip = settings_.grad_clip > 0 ? settings_.grad_clip : std::numeric_limits<double>::infinity();
  stats.grad_norm = torch::nn::utils::clip_grad_norm_(net_->parameters(), clip);
  set_learning_rate(*optimizer_, stats.learning_rate);
  optimizer_->step();
  ++steps_;
  return stats;
}

void Trainer::save(const std::filesystem::path& path, const RuleSet& rules, CheckpointMeta meta) const {
  meta.step = steps_;
  save_checkpoint(path, player(), rules, meta, optimizer_.get(), average_ ? &net_ : nullptr);
}

}  // namespace bh
