// selfplay_bench — how close self-play comes to the network's own speed: it runs
// self-play with the real nn/ evaluator on a small net for a while, then feeds the same
// evaluator batches of the same mean size taken from the positions self-play met, in the
// same run, and prints evaluations per second of both and their ratio (target >= 0.85:
// search, move generation and encoding cost at most 15% of the network's time). It also
// prints pure search speed with a zero-cost evaluator for reference.
//
// Usage: selfplay_bench [--net 6x64] [--precision bf16|fp32] [--seconds 20] [--workers 1]
#include <ATen/Parallel.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mcts/selfplay.h"
#include "mcts/simple_evaluators.h"
#include "nn/inference_net.h"
#include "nn/torch_evaluator.h"

namespace bh {
namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  NetConfig net = NetConfig::small();
  Precision precision = Precision::BFloat16;
  double seconds = 20;
  int workers = 1;
};

// Wraps the network evaluator and keeps a sample of the requests it saw, so the service
// can later be timed on the very positions self-play asked about.
class RecordingEvaluator final : public Evaluator {
 public:
  RecordingEvaluator(Evaluator& inner, std::vector<std::pair<MatchView, std::vector<Move>>>& sink, std::mutex& lock)
      : inner_(inner), sink_(sink), lock_(lock) {}
  void evaluate(std::span<const EvalRequest> batch, std::span<Evaluation> out) override {
    inner_.evaluate(batch, out);
    if (++calls_ % 16 == 0) {
      std::lock_guard guard(lock_);
      for (const auto& r : batch)
        if (sink_.size() < 4096) sink_.emplace_back(*r.view, std::vector<Move>(r.actions.begin(), r.actions.end()));
    }
  }
  std::string name() const override { return inner_.name(); }

 private:
  Evaluator& inner_;
  std::vector<std::pair<MatchView, std::vector<Move>>>& sink_;
  std::mutex& lock_;
  long calls_ = 0;
};

struct SelfPlayRate {
  double evals_per_s = 0, moves_per_s = 0, mean_batch = 0, evaluator_share = 0;
};

SelfPlayRate run_selfplay(const Options& o, const EvaluatorFactory& factory, double seconds) {
  SelfPlayConfig config;
  config.workers = o.workers;
  config.clock = TimeControl{60'000, 0};
  SelfPlay play(config, factory);
  std::atomic<bool> stop{false};
  const auto start = Clock::now();
  std::thread timer([&] {
    while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  play.run(1'000'000, [](int, FinishedMatch&&) {}, &stop);
  timer.join();
  const double s = std::chrono::duration<double>(Clock::now() - start).count();
  const SelfPlayCounters& c = play.counters();
  SelfPlayRate r;
  r.evals_per_s = double(c.evaluations) / s;
  r.moves_per_s = double(c.moves) / s;
  r.mean_batch = double(c.evaluations) / double(std::max<std::int64_t>(1, c.batches));
  r.evaluator_share = double(c.evaluator_ns) * 1e-9 / (s * o.workers);
  return r;
}

// The evaluator alone on batches of `batch` requests drawn from `positions`, on `workers`
// threads at once (one evaluator each, intra-op 1).
double service_rate(const std::shared_ptr<const InferenceNet>& net, int batch, int workers, double seconds,
                    const std::vector<std::pair<MatchView, std::vector<Move>>>& positions) {
  std::atomic<std::int64_t> done{0};
  std::vector<std::thread> threads;
  const auto start = Clock::now();
  for (int w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      at::set_num_threads(1);
      TorchEvaluator evaluator(net);
      std::vector<EvalRequest> requests(static_cast<std::size_t>(batch));
      std::vector<Evaluation> out(static_cast<std::size_t>(batch));
      std::size_t next = std::size_t(w) * 997;
      while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
        for (auto& r : requests) {
          const auto& p = positions[next++ % positions.size()];
          r = {&p.first, p.second};
        }
        evaluator.evaluate(requests, out);
        done += batch;
      }
    });
  for (auto& t : threads) t.join();
  return double(done) / std::chrono::duration<double>(Clock::now() - start).count();
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--net") {
      const auto x = v.find('x');
      o.net.blocks = std::stoi(v.substr(0, x));
      o.net.channels = std::stoi(v.substr(x + 1));
    } else if (a == "--precision") {
      o.precision = parse_precision(v);
    } else if (a == "--seconds") {
      o.seconds = std::stod(v);
    } else if (a == "--workers") {
      o.workers = std::stoi(v);
    } else {
      throw std::invalid_argument("unknown option " + a);
    }
  }
  return o;
}

}  // namespace
}  // namespace bh

int main(int argc, char** argv) {
  using namespace bh;
  Options o;
  try {
    o = parse(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "selfplay_bench: " << e.what()
              << "\nusage: selfplay_bench [--net 6x64] [--precision bf16|fp32] [--seconds 20] [--workers 1]\n";
    return 2;
  }
  Network net(o.net);
  net->eval();
  auto inference = InferenceNet::create(net, {c10::kCPU, o.precision, true});
  std::vector<std::pair<MatchView, std::vector<Move>>> positions;
  std::mutex lock;

  const SelfPlayRate search_only = run_selfplay(o, [](int) { return std::make_unique<UniformEvaluator>(); }, 3);
  std::printf("search alone (uniform evaluator): %.0f evaluations/s, %.0f moves/s, %d worker(s)\n", search_only.evals_per_s,
              search_only.moves_per_s, o.workers);

  std::vector<std::unique_ptr<TorchEvaluator>> inner(std::size_t(o.workers));
  const SelfPlayRate sp = run_selfplay(
      o,
      [&](int w) -> std::unique_ptr<Evaluator> {
        at::set_num_threads(1);
        inner[std::size_t(w)] = std::make_unique<TorchEvaluator>(inference);
        return std::make_unique<RecordingEvaluator>(*inner[std::size_t(w)], positions, lock);
      },
      o.seconds);
  const int batch = std::max(1, int(sp.mean_batch + 0.5));
  const double service = service_rate(inference, batch, o.workers, o.seconds / 2, positions);
  std::printf("net %s %s, %d worker(s)\n", o.net.short_name().c_str(), std::string(precision_name(o.precision)).c_str(), o.workers);
  std::printf("self-play:  %8.0f evaluations/s (mean batch %.1f, %.0f moves/s, %.0f%% of worker time in the evaluator)\n",
              sp.evals_per_s, sp.mean_batch, sp.moves_per_s, 100 * sp.evaluator_share);
  std::printf("service:    %8.0f evaluations/s at batch %d on the positions self-play met\n", service, batch);
  std::printf("ratio:      %.2f (target >= 0.85)\n", sp.evals_per_s / service);
  return 0;
}
