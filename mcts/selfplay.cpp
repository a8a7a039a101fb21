// selfplay.cpp — workers, batching across matches, and counters.
#include "mcts/selfplay.h"

#include <thread>

#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <vector>

#include <tbb/info.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "mcts/leaf_batch.h"

namespace bh {

SelfPlay::SelfPlay(const SelfPlayConfig& config, EvaluatorFactory factory)
    : config_(config), factory_(std::move(factory)) {
  config_.validate();
  if (!factory_) throw std::invalid_argument("selfplay: no evaluator factory");
  workers_ = config_.workers > 0 ? config_.workers : std::max(1, tbb::info::default_concurrency());
}

void SelfPlay::run(std::int64_t games, const MatchSink& sink, const std::atomic<bool>* stop) {
  next_match_ = 0;
  failed_ = false;
  std::exception_ptr error;
  std::mutex error_mutex;
  tbb::task_arena arena(workers_);
  arena.execute([&] {
    tbb::task_group group;
    for (int w = 0; w < workers_; ++w) {
      group.run([&, w] {
        try {
          work(w, games, sink, stop);
        } catch (...) {
          std::lock_guard lock(error_mutex);
          if (!error) error = std::current_exception();
          failed_ = true;
        }
      });
    }
    group.wait();
  });
  if (error) std::rethrow_exception(error);
}

void SelfPlay::work(int worker, std::int64_t games, const MatchSink& sink, const std::atomic<bool>* stop) {
  std::unique_ptr<Evaluator> evaluator = factory_(worker);
  if (!evaluator) throw std::runtime_error("selfplay: the evaluator factory returned nothing");
  auto stopping = [&] { return failed_.load() || (stop && stop->load()); };
  auto claim = [&]() -> std::int64_t {
    if (stopping()) return -1;
    const std::int64_t i = next_match_.fetch_add(1);
    return i < games ? i : -1;
  };

  std::vector<std::unique_ptr<SelfPlayMatch>> slots;
  for (int i = 0; i < config_.concurrent_matches; ++i) slots.push_back(std::make_unique<SelfPlayMatch>(config_, &counters_));
  LeafBatch batch(config_.effective_batch_size());
  std::vector<SelfPlayMatch*> searching;

  for (;;) {
    // Bring every slot to a search: play forced actions, hand over finished matches,
    // start new ones while there are games left.
    searching.clear();
    for (auto& slot : slots) {
      for (;;) {
        if (!slot->active()) {
          const std::int64_t index = claim();
          if (index < 0) break;
          slot->begin(index);
        }
        if (slot->prepare()) {
          searching.push_back(slot.get());
          break;
        }
        FinishedMatch done = slot->finish();
        counters_.matches++;
        counters_.samples += std::int64_t(done.samples.size());
        const MatchResult r = done.record.outcome().result;
        (r == MatchResult::Team1Wins ? counters_.team1_wins : r == MatchResult::Team2Wins ? counters_.team2_wins
                                                                                           : counters_.draws)++;
        if (done.record.outcome().reason == EndReason::Resignation) counters_.resignations++;
        if (done.resign_playthrough) {
          counters_.playthrough_matches++;
          if (done.would_resign) counters_.would_resign++;
          if (done.false_resign()) counters_.false_resigns++;
        }
        sink(worker, std::move(done));
      }
    }
    if (searching.empty() || stopping()) return;

    // Gather leaves round-robin, one per tree per pass, up to max_leaves_per_tree passes.
    batch.clear();
    for (int pass = 0; pass < config_.search.max_leaves_per_tree && !batch.full(); ++pass) {
      bool added = false;
      for (int i = 0; i < int(searching.size()) && !batch.full(); ++i)
        added |= searching[std::size_t(i)]->search().collect(batch, i);
      if (!added) break;
    }
    if (!batch.empty()) {
      const auto t0 = std::chrono::steady_clock::now();
      batch.evaluate(*evaluator);
      counters_.evaluator_ns += std::chrono::duration_cast<std::chrono::nanoseconds>(
                                    std::chrono::steady_clock::now() - t0).count();
      counters_.evaluations += batch.size();
      counters_.batches++;
      for (int i = 0; i < batch.size(); ++i)
        searching[std::size_t(batch.leaf(i).owner)]->search().finish(batch.leaf(i), batch.result(i));
    }
    bool progressed = !batch.empty();
    for (SelfPlayMatch* m : searching)
      if (m->search().done()) {
        m->decide();
        progressed = true;
      }
    if (!progressed) throw std::logic_error("selfplay: no search made progress");
  }
}

bool SelfPlay::run_watched(std::int64_t games, const MatchSink& sink, const std::function<bool()>& tick) {
  std::atomic<bool> stop{false}, finished{false};
  std::exception_ptr error;
  std::thread driver([&] {
    try {
      run(games, sink, &stop);
    } catch (...) {
      error = std::current_exception();
    }
    finished = true;
  });
  while (!finished)
    if (tick()) stop = true;
  driver.join();
  if (error) std::rethrow_exception(error);
  return !stop;
}

}  // namespace bh
