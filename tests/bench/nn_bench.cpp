// nn_bench — speed of the network as the search sees it: positions per second through
// TorchEvaluator (encoding, batch assembly, forward pass, masked softmax all included)
// at batch sizes 1..256, for a small (6x64) and a medium (10x128) net, fp32 and bf16,
// with the FLOPs per position, the achieved GFLOP/s, and the GEMM peak of this machine
// measured in the same run through torch::mm (the ratio is the figure of merit: the target
// is >= 0.85 in fp32 at the best batch, and bf16 >= 1.6x fp32).
//
// Usage: nn_bench [--nets 6x64,10x128] [--batches 1,4,16,64,256] [--precisions fp32,bf16]
//                 [--seconds 1.0] [--workers 1]
// --workers N runs N evaluators on N threads at once (the self-play layout: one per
// core, intra-op 1 each) and reports their sum. A plain program, not Google Benchmark,
// because every row is compared with a peak measured earlier in the same run.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "nn/encoding.h"
#include "nn/torch_evaluator.h"

namespace bh {
namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  std::vector<std::string> nets{"6x64", "10x128"};
  std::vector<int> batches{1, 2, 4, 8, 16, 32, 64, 128, 256};
  std::vector<Precision> precisions{Precision::Float32, Precision::BFloat16};
  double seconds = 1.0;
  int workers = 1;
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
  return out;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) throw std::invalid_argument("missing value after " + a);
    const std::string v = argv[++i];
    if (a == "--nets") {
      o.nets = split(v);
    } else if (a == "--batches") {
      o.batches.clear();
      for (const auto& b : split(v)) o.batches.push_back(std::stoi(b));
    } else if (a == "--precisions") {
      o.precisions.clear();
      for (const auto& p : split(v)) o.precisions.push_back(parse_precision(p));
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

NetConfig config_of(const std::string& name) {
  const auto x = name.find('x');
  if (x == std::string::npos) throw std::invalid_argument("net must be BLOCKSxCHANNELS, got " + name);
  NetConfig c;
  c.blocks = std::stoi(name.substr(0, x));
  c.channels = std::stoi(name.substr(x + 1));
  c.validate();
  return c;
}

// Runs `body` on `workers` threads (intra-op 1 each) for about `seconds`; returns calls/s
// summed over the threads. Each thread times its own whole calls (at least 3, after one
// warm-up call), so a slow call at batch 256 is not cut off by the end of the window.
template <class Body>
double rate(int workers, double seconds, Body body) {
  std::atomic<bool> stop = false;
  std::vector<double> rates(std::size_t(workers), 0);
  std::vector<std::thread> threads;
  for (int w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      at::set_num_threads(1);
      auto call = body();  // per-thread setup (evaluator, buffers)
      call();              // warm-up: first-call allocations and kernel selection
      const auto start = Clock::now();
      std::int64_t calls = 0;
      while (calls < 3 || !stop.load(std::memory_order_relaxed)) {
        call();
        ++calls;
      }
      rates[std::size_t(w)] = double(calls) / std::chrono::duration<double>(Clock::now() - start).count();
    });
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& t : threads) t.join();
  double total = 0;
  for (double r : rates) total += r;
  return total;
}

// The machine's GEMM peak through LibTorch: 1024^3 matrix products, 2 FLOPs per MAC.
double mm_peak_gflops(at::ScalarType dtype, int workers, double seconds) {
  constexpr std::int64_t n = 1024;
  const double per_second = rate(workers, seconds, [dtype] {
    at::Tensor a = at::randn({n, n}).to(dtype), b = at::randn({n, n}).to(dtype);
    at::Tensor c = at::empty({n, n}, dtype);
    return [a, b, c]() mutable {
      c10::InferenceMode guard;
      at::mm_out(c, a, b);
    };
  });
  return per_second * 2.0 * double(n * n * n) / 1e9;
}

std::vector<MatchView> views_for_bench() {
  std::vector<Board> boards;
  for (const auto& e : read_epd_file(std::string(BUGHOUSE_TEST_DATA) + "/bughouse_perft.epd"))
    boards.push_back(parse_fen(e.fen));
  std::vector<MatchView> views;
  for (std::size_t i = 0; i < 256; ++i) {
    MatchView v;
    v.boards = {boards[i % boards.size()], boards[(i * 7 + 3) % boards.size()]};
    v.seat = make_seat(BoardA, v.boards[BoardA].side_to_move());
    v.initial_ms = 180'000;
    v.clocks_ms = {90'000, 80'000, 70'000, 60'000};
    views.push_back(v);
  }
  return views;
}

}  // namespace
}  // namespace bh

int main(int argc, char** argv) {
  using namespace bh;
  try {
    const Options o = parse(argc, argv);
    const auto views = views_for_bench();
    std::vector<std::vector<Move>> actions;
    for (const auto& v : views) {
      actions.emplace_back();
      for (Move m : legal_moves(v.own_board(), RuleSet{})) actions.back().push_back(m);
      actions.back().push_back(Move::wait());
    }
    std::vector<EvalRequest> requests;
    for (std::size_t i = 0; i < views.size(); ++i) requests.push_back({&views[i], actions[i]});

    std::printf("nn_bench: %d worker thread(s), intra-op 1 each, %.1f s per row\n", o.workers, o.seconds);
    const double peak32 = mm_peak_gflops(at::kFloat, o.workers, o.seconds);
    const double peak16 = mm_peak_gflops(at::kBFloat16, o.workers, o.seconds);
    std::printf("torch::mm 1024^3 peak: fp32 %.1f GFLOP/s, bf16 %.1f GFLOP/s (all workers together)\n\n", peak32,
                peak16);
    std::printf("| net | precision | batch | positions/s | GFLOP/s | vs fp32 mm peak |\n");
    std::printf("|---|---|---|---|---|---|\n");
    for (const auto& name : o.nets) {
      const NetConfig config = config_of(name);
      const double flops = 2.0 * double(config.macs_per_position());
      torch::manual_seed(1);
      Network net(config);
      net->eval();
      for (Precision precision : o.precisions) {
        auto inference = InferenceNet::create(net, {c10::kCPU, precision, true});
        double best = 0;
        int best_batch = 0;
        for (int batch : o.batches) {
          if (batch < 1 || batch > int(requests.size())) continue;
          const double calls = rate(o.workers, o.seconds, [&, batch] {
            auto ev = std::make_shared<TorchEvaluator>(inference, TorchEvaluatorOptions{1, batch});
            auto out = std::make_shared<std::vector<Evaluation>>(std::size_t(batch));
            std::span<const EvalRequest> slice(requests.data(), std::size_t(batch));
            return [ev, out, slice] { ev->evaluate(slice, *out); };
          });
          const double positions = calls * batch;
          const double gflops = positions * flops / 1e9;
          if (positions > best) best = positions, best_batch = batch;
          std::printf("| %s | %s | %d | %.0f | %.1f | %.2f |\n", name.c_str(),
                      std::string(precision_name(precision)).c_str(), batch, positions, gflops, gflops / peak32);
          std::fflush(stdout);
        }
        std::printf("| %s | %s | best %d | %.0f | %.1f | %.2f |\n", name.c_str(),
                    std::string(precision_name(precision)).c_str(), best_batch, best, best * flops / 1e9,
                    best * flops / 1e9 / peak32);
        if (best_batch == 0) continue;
        // The forward pass alone on planes encoded once: what the evaluator adds on top
        // (encoding, copies, masked softmax) is the difference to the row above.
        const double net_only = best_batch * rate(o.workers, o.seconds, [&] {
          at::Tensor x = at::zeros({best_batch, kInputPlanes, kInputHeight, kInputWidth});
          return [&inference, x] { inference->forward(x); };
        });
        std::printf("| %s | %s | net only, %d | %.0f | %.1f | %.2f |\n", name.c_str(),
                    std::string(precision_name(precision)).c_str(), best_batch, net_only, net_only * flops / 1e9,
                    net_only * flops / 1e9 / peak32);
      }
      std::printf("| %s | FLOPs per position: %.1f M | | | | |\n", name.c_str(), flops / 1e6);
      // bf16 accuracy on the same 256 positions: max |logit difference| against fp32.
      at::Tensor x = at::empty({std::int64_t(views.size()), kInputPlanes, kInputHeight, kInputWidth});
      for (std::size_t i = 0; i < views.size(); ++i)
        encode(views[i], std::span<float, kInputSize>(x.data_ptr<float>() + i * kInputSize, kInputSize));
      const NetOutput a = InferenceNet::create(net, {c10::kCPU, Precision::Float32, true})->forward(x);
      const NetOutput b = InferenceNet::create(net, {c10::kCPU, Precision::BFloat16, true})->forward(x);
      std::printf("| %s | bf16 vs fp32: max |policy logit error| %.2g, max |wdl logit error| %.2g | | | | |\n",
                  name.c_str(), (a.policy - b.policy).abs().max().item<double>(),
                  (a.wdl - b.wdl).abs().max().item<double>());
    }
  } catch (const std::exception& e) {
    std::cerr << "nn_bench: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
