// Specification of the optimiser loop: batches carry exactly the planes and targets the
// spec says (the seat's legal actions marked, the search's value blended only where a
// search made the sample), the policy loss is the cross-entropy over the legal actions
// alone, the learning-rate schedule follows its formula, a net overfits a fixed batch (the
// losses really fall), a checkpoint resumes training exactly, and with weight averaging
// the net that plays is the mean, then the moving average, of the trained weights.
#include <gtest/gtest.h>

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <filesystem>
#include <map>

#include "core/movegen.h"
#include "core/notation.h"
#include "mcts/simple_evaluators.h"
#include "nn/encoding.h"
#include "nn/policy_map.h"
#include "training/loop/trainer.h"
#include "training/loop/training_batch.h"

namespace bh {
namespace {

// Samples from a short real match: every decision of both boards, the policy uniform
// over a few legal moves, results alternating.
std::vector<Sample> match_samples(int n) {
  std::vector<Sample> out;
  Match m(RuleSet{}, TimeControl{60'000, 0});
  std::int64_t t = 0;
  for (int i = 0; i < n; ++i) {
    BoardId b = BoardId(i % 2);
    MoveList moves = m.legal_moves(b);
    Sample s;
    MatchView::of(m, m.mover(b), t).pack(s.view);
    s.seat = m.mover(b);
    for (int k = 0; k < std::min(3, moves.size); ++k)
      s.policy.push_back({moves.moves[std::size_t(k)].raw(), k == 0 ? 0.5f : 0.25f});
    s.full_search = i % 4 != 3;
    s.result = std::int8_t(i % 3 - 1);
    out.push_back(s);
    t += 100;
    m.play(b, moves.moves[std::size_t(i % moves.size)], t);
    if (m.over()) break;
  }
  return out;
}

std::vector<const Sample*> pointers(const std::vector<Sample>& v) {
  std::vector<const Sample*> p;
  for (const auto& s : v) p.push_back(&s);
  return p;
}

TEST(TrainingBatch, HoldsThePlanesAndTargetsOfEachSample) {
  auto samples = match_samples(12);
  TrainingBatch b = build_batch(pointers(samples));
  ASSERT_EQ(b.size(), 12);
  std::vector<float> planes(kInputSize);
  for (int i = 0; i < 12; ++i) {
    const Sample& s = samples[std::size_t(i)];
    encode(MatchView::unpack(s.view), std::span<float, kInputSize>(planes));
    auto row = b.planes[i].contiguous();
    EXPECT_EQ(0, std::memcmp(row.data_ptr<float>(), planes.data(), planes.size() * sizeof(float))) << i;
    const float weight = b.policy_weight[i].item<float>();
    EXPECT_EQ(weight, s.full_search ? 1.0f : 0.0f);
    EXPECT_NEAR(b.policy[i].sum().item<float>(), s.full_search ? 1.0f : 0.0f, 1e-6);
    if (s.full_search) {
      const int first = policy_index(Move::from_raw(s.policy[0].move), color_of(s.seat));
      EXPECT_FLOAT_EQ(b.policy[i][first].item<float>(), 0.5f);
    }
    const int cls = s.result > 0 ? 0 : s.result == 0 ? 1 : 2;
    for (int k = 0; k < 3; ++k) EXPECT_EQ(b.wdl[i][k].item<float>(), k == cls ? 1.0f : 0.0f);
  }
}

TEST(TrainingBatch, BlendsTheSearchValueIntoTheValueTarget) {
  auto samples = match_samples(3);
  samples[0].result = 1;
  samples[0].root_value = -0.5f;  // the search thought it was losing
  samples[0].visits = 64;
  TrainingBatch b = build_batch(pointers(samples), BatchTargets{.q_weight = 0.25, .rules = {}});
  // 0.75 x (1, 0, 0) + 0.25 x (0.25, 0, 0.75)
  EXPECT_FLOAT_EQ(b.wdl[0][0].item<float>(), 0.75f + 0.0625f);
  EXPECT_FLOAT_EQ(b.wdl[0][1].item<float>(), 0.0f);
  EXPECT_FLOAT_EQ(b.wdl[0][2].item<float>(), 0.1875f);
  EXPECT_NEAR(b.wdl.sum(1)[1].item<float>(), 1.0f, 1e-6);
}

// An imported game's move has no search behind it (visits 0): its value target is the
// result alone, so a drawn game teaches a draw, not (0.25, 0.5, 0.25).
TEST(TrainingBatch, ASampleNoSearchMadeKeepsItsResultAlone) {
  auto samples = match_samples(1);
  samples[0].result = 0;
  samples[0].root_value = 0;
  samples[0].visits = 0;
  TrainingBatch b = build_batch(pointers(samples), BatchTargets{.q_weight = 0.5, .rules = {}});
  EXPECT_EQ(b.wdl[0][0].item<float>(), 0.0f);
  EXPECT_EQ(b.wdl[0][1].item<float>(), 1.0f);
  EXPECT_EQ(b.wdl[0][2].item<float>(), 0.0f);
}

// At the start White has 20 moves; the wait is a 21st action only where it is allowed.
TEST(TrainingBatch, MarksTheSeatsLegalActionsAndTheWaitWhereAllowed) {
  auto samples = match_samples(1);
  const int wait = policy_index(Move::wait(), White);
  TrainingBatch without = build_batch(pointers(samples));
  EXPECT_EQ(without.legal[0].sum().item<std::int64_t>(), 20);
  EXPECT_FALSE(without.legal[0][wait].item<bool>());
  EXPECT_TRUE(without.legal[0][policy_index(Move::normal(G1, F3), White)].item<bool>());
  EXPECT_FALSE(without.legal[0][policy_index(Move::normal(E2, E5), White)].item<bool>());
  BatchTargets waits;
  waits.allow_wait = true;
  TrainingBatch with = build_batch(pointers(samples), waits);
  EXPECT_EQ(with.legal[0].sum().item<std::int64_t>(), 21);
  EXPECT_TRUE(with.legal[0][wait].item<bool>());
}

// A tactical-residual net learns on top of the tactical evaluator: each sample carries the
// tactical answer as biases (the log prior of every legal action, (s, 0, -s) with tanh(s)
// the tactical value), and nothing for an illegal output.
TEST(TrainingBatch, CarriesTheTacticalBiasesForAResidualNet) {
  auto samples = match_samples(4);
  BatchTargets targets;
  targets.tactical_residual = true;
  TrainingBatch b = build_batch(pointers(samples), targets);
  ASSERT_TRUE(b.prior_bias.defined());
  for (int i = 0; i < 4; ++i) {
    const MatchView view = MatchView::unpack(samples[std::size_t(i)].view);
    std::vector<Move> actions;
    for (Move m : legal_moves(view.own_board(), RuleSet{})) actions.push_back(m);
    const EvalRequest request{&view, actions};
    Evaluation tactical;
    TacticalEvaluator().evaluate(std::span(&request, 1), std::span(&tactical, 1));
    const Color mover = color_of(view.seat);
    for (std::size_t k = 0; k < actions.size(); ++k)
      EXPECT_NEAR(b.prior_bias[i][policy_index(actions[k], mover)].item<float>(), std::log(tactical.priors[k]), 1e-5);
    EXPECT_NEAR(std::tanh(b.value_bias[i][0].item<float>()), tactical.value, 1e-5);
    EXPECT_EQ(b.value_bias[i][1].item<float>(), 0.0f);
    EXPECT_EQ(b.value_bias[i][2].item<float>(), -b.value_bias[i][0].item<float>());
    EXPECT_EQ(b.prior_bias[i][policy_index(Move::normal(E2, E5), mover)].item<float>(), 0.0f);
  }
  EXPECT_FALSE(build_batch(pointers(samples)).prior_bias.defined());
}

TEST(TrainingBatch, RefusesAPolicyMoveThatIsNotALegalAction) {
  auto samples = match_samples(1);
  samples[0].policy = {{Move::normal(E2, E5).raw(), 1.0f}};
  EXPECT_THROW(build_batch(pointers(samples)), std::invalid_argument);
}

TrainingSettings settings() {
  TrainingSettings t;
  t.optimizer = "adamw";
  t.learning_rate = 0.003;
  t.warmup_steps = 0;
  t.bf16_autocast = false;  // exact float32 arithmetic for the comparisons below
  return t;
}

NetConfig tiny_net() { return NetConfig{2, 16, false, 4, 4, 16}; }

TEST(Trainer, LearningRateScheduleFollowsItsFormula) {
  TrainingSettings t;
  t.learning_rate = 0.1;
  t.warmup_steps = 9;
  Trainer warm(tiny_net(), t, c10::kCPU, 1);
  EXPECT_NEAR(warm.learning_rate_at(0), 0.01, 1e-12);  // (0 + 1) / (9 + 1)
  EXPECT_NEAR(warm.learning_rate_at(9), 0.1, 1e-12);
  t.lr_schedule = "steps";
  t.lr_step_every = 100;
  t.lr_step_factor = 0.5;
  Trainer steps(tiny_net(), t, c10::kCPU, 1);
  EXPECT_NEAR(steps.learning_rate_at(9 + 250), 0.025, 1e-12);
  t.lr_schedule = "cosine";
  t.cosine_steps = 100;
  t.lr_min_factor = 0.0;
  Trainer cosine(tiny_net(), t, c10::kCPU, 1);
  EXPECT_NEAR(cosine.learning_rate_at(9 + 50), 0.05, 1e-12);
  EXPECT_NEAR(cosine.learning_rate_at(9 + 100), 0.0, 1e-12);
}

// The policy loss is the cross-entropy over the legal actions alone, computed here by hand
// from the net's own logits.
TEST(Trainer, PolicyLossIsTheCrossEntropyOverTheLegalActions) {
  at::set_num_threads(1);
  auto samples = match_samples(8);
  for (auto& s : samples) s.full_search = true;
  TrainingBatch batch = build_batch(pointers(samples));
  Trainer t(tiny_net(), settings(), c10::kCPU, 5);
  const StepStats measured = t.measure(batch);
  torch::NoGradGuard no_grad;
  t.network()->eval();
  const at::Tensor logits = t.network()->forward(batch.planes).policy;
  double sum = 0;
  for (int i = 0; i < batch.size(); ++i) {
    const at::Tensor legal = batch.legal[i].nonzero().squeeze(1);
    const at::Tensor log_p = torch::log_softmax(logits[i].index_select(0, legal), 0);
    sum -= (batch.policy[i].index_select(0, legal) * log_p).sum().item<double>();
  }
  EXPECT_NEAR(measured.policy_loss, sum / batch.size(), 1e-4);
}

// With no gradient (no policy target, no value weight) a step is the weight decay alone:
// convolution and linear weights shrink by lr x decay (AdamW's decoupled decay, SGD's L2
// term alike); biases and batch norm stay as they were.
TEST(Trainer, WeightDecayShrinksConvAndLinearWeightsOnly) {
  at::set_num_threads(1);
  auto samples = match_samples(8);
  for (auto& s : samples) s.full_search = false;
  TrainingBatch batch = build_batch(pointers(samples));
  for (const char* optimizer : {"adamw", "sgd"}) {
    TrainingSettings s = settings();
    s.optimizer = optimizer;
    s.momentum = 0;
    s.learning_rate = 0.1;
    s.weight_decay = 0.5;
    s.value_loss_weight = 0;
    Trainer t(tiny_net(), s, c10::kCPU, 6);
    std::map<std::string, at::Tensor> before;
    for (const auto& p : t.network()->named_parameters()) before[p.key()] = p.value().detach().clone();
    t.step(batch);
    int decayed = 0, kept = 0;
    for (const auto& p : t.network()->named_parameters()) {
      const bool decays = p.key().ends_with(".weight") && p.key().find(".bn.") == std::string::npos;
      const at::Tensor expected = decays ? before[p.key()] * (1 - 0.1 * 0.5) : before[p.key()];
      EXPECT_TRUE(torch::allclose(p.value(), expected, 1e-5, 1e-7)) << optimizer << " " << p.key();
      ++(decays ? decayed : kept);
    }
    EXPECT_GE(decayed, 4);  // stem, tower, heads
    EXPECT_GE(kept, 4);     // batch norm, biases
  }
}

TEST(Trainer, OverfitsAFixedBatch) {
  at::set_num_threads(1);
  auto samples = match_samples(32);
  TrainingBatch batch = build_batch(pointers(samples));
  Trainer t(tiny_net(), settings(), c10::kCPU, 3);
  const StepStats before = t.measure(batch);
  for (int i = 0; i < 150; ++i) t.step(batch);
  const StepStats after = t.measure(batch);
  EXPECT_LT(after.policy_loss, 0.5 * before.policy_loss) << before.policy_loss << " -> " << after.policy_loss;
  EXPECT_LT(after.value_loss, 0.7 * before.value_loss) << before.value_loss << " -> " << after.value_loss;
  EXPECT_EQ(t.steps(), 150);
}

TEST(Trainer, ResumesExactlyFromACheckpoint) {
  at::set_num_threads(1);
  auto samples = match_samples(24);
  TrainingBatch batch = build_batch(pointers(samples));
  TrainingSettings s = settings();
  Trainer original(tiny_net(), s, c10::kCPU, 4);
  for (int i = 0; i < 5; ++i) original.step(batch);
  auto path = std::filesystem::temp_directory_path() / "trainer_resume.ckpt";
  original.save(path, RuleSet{}, CheckpointMeta{});

  LoadedCheckpoint ckpt(path);
  EXPECT_EQ(ckpt.info().meta.step, 5);
  Trainer resumed(ckpt, s, c10::kCPU);
  EXPECT_EQ(resumed.steps(), 5);
  // The next steps of both agree: same weights, same optimiser moments, same schedule.
  for (int i = 0; i < 3; ++i) {
    const StepStats a = original.step(batch), b = resumed.step(batch);
    EXPECT_NEAR(a.loss, b.loss, 1e-6) << "step " << i;
    EXPECT_NEAR(a.learning_rate, b.learning_rate, 1e-12);
  }
  auto pa = original.network()->parameters(), pb = resumed.network()->parameters();
  ASSERT_EQ(pa.size(), pb.size());
  for (std::size_t i = 0; i < pa.size(); ++i) EXPECT_TRUE(torch::allclose(pa[i], pb[i], 1e-6, 1e-7)) << i;
  std::filesystem::remove(path);
}

// Every parameter and floating-point buffer (batch-norm statistics) of a network, by name.
std::map<std::string, at::Tensor> weights_of(const Network& net) {
  std::map<std::string, at::Tensor> w;
  for (const auto& p : net->named_parameters()) w[p.key()] = p.value().detach().clone();
  for (const auto& b : net->named_buffers())
    if (b.value().is_floating_point()) w[b.key()] = b.value().detach().clone();
  return w;
}

void expect_weights(const Network& net, const std::map<std::string, at::Tensor>& expected, const std::string& what) {
  const auto actual = weights_of(net);
  ASSERT_EQ(actual.size(), expected.size());
  for (const auto& [name, w] : expected) EXPECT_TRUE(torch::allclose(actual.at(name), w, 1e-5, 1e-7)) << what << " " << name;
}

TrainingSettings averaging(std::int64_t steps) {
  TrainingSettings s = settings();
  s.weight_average_steps = steps;
  return s;
}

// By hand, n = 3: after two steps the plain mean of w0 (initial), w1, w2; after that each
// step moves the average a third of the way to the new weights.
TEST(Trainer, WeightAveragePlaysTheMeanThenTheMovingAverageOfTheTrainedWeights) {
  at::set_num_threads(1);
  auto samples = match_samples(24);
  TrainingBatch batch = build_batch(pointers(samples));
  Trainer t(tiny_net(), averaging(3), c10::kCPU, 5);
  std::vector<std::map<std::string, at::Tensor>> w{weights_of(t.network())};
  for (int i = 0; i < 4; ++i) {
    t.step(batch);
    w.push_back(weights_of(t.network()));
    if (i == 1) {
      std::map<std::string, at::Tensor> mean;
      for (const auto& [name, x] : w[0]) mean[name] = (x + w[1].at(name) + w[2].at(name)) / 3;
      expect_weights(t.player(), mean, "after 2 steps");
    }
  }
  std::map<std::string, at::Tensor> average;
  for (const auto& [name, x] : w[0]) {
    at::Tensor a = (x + w[1].at(name) + w[2].at(name)) / 3;
    a = a + (w[3].at(name) - a) / 3;
    average[name] = a + (w[4].at(name) - a) / 3;
  }
  expect_weights(t.player(), average, "after 4 steps");
  EXPECT_FALSE(torch::allclose(t.network()->parameters().front(), t.player()->parameters().front()))
      << "the trained weights are not the average";

  // measure() judges the net that plays: the same losses as a plain trainer holding the average.
  auto path = std::filesystem::temp_directory_path() / "trainer_average_measure.ckpt";
  t.save(path, RuleSet{}, CheckpointMeta{});
  Trainer plain(tiny_net(), settings(), c10::kCPU, 9);
  LoadedCheckpoint(path).load_weights(plain.network());
  EXPECT_NEAR(t.measure(batch).loss, plain.measure(batch).loss, 1e-5);
  std::filesystem::remove(path);
}

TEST(Trainer, WithoutWeightAverageTheTrainedNetPlays) {
  Trainer t(tiny_net(), settings(), c10::kCPU, 5);
  EXPECT_EQ(t.player().get(), t.network().get());
}

// The checkpoint holds the average as its network and the trained weights apart; a
// resumed trainer continues both exactly.
TEST(Trainer, ResumesTheWeightAverageExactly) {
  at::set_num_threads(1);
  auto samples = match_samples(24);
  TrainingBatch batch = build_batch(pointers(samples));
  const TrainingSettings s = averaging(4);
  Trainer original(tiny_net(), s, c10::kCPU, 7);
  for (int i = 0; i < 6; ++i) original.step(batch);
  auto path = std::filesystem::temp_directory_path() / "trainer_average_resume.ckpt";
  original.save(path, RuleSet{}, CheckpointMeta{});

  LoadedCheckpoint ckpt(path);
  ASSERT_TRUE(ckpt.info().has_trained_weights);
  expect_weights(ckpt.network(), weights_of(original.player()), "checkpoint network");
  expect_weights(ckpt.trained_network(), weights_of(original.network()), "checkpoint trained weights");
  Trainer resumed(ckpt, s, c10::kCPU);
  for (int i = 0; i < 3; ++i) {
    const StepStats a = original.step(batch), b = resumed.step(batch);
    EXPECT_NEAR(a.loss, b.loss, 1e-6) << "step " << i;
  }
  expect_weights(resumed.player(), weights_of(original.player()), "resumed average");
  expect_weights(resumed.network(), weights_of(original.network()), "resumed trained weights");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace bh
