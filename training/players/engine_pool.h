// engine_pool.h — engine processes kept between matches. Starting an engine costs time
// (a network loads, hash tables fill), so an arena reuses them: a player takes a process
// for one seat of one match and gives it back when the match ends; the next match (on
// any arena thread) starts a new game on it. At most one process per seat being played
// at once exists, i.e. the arena's threads x the seats of one side. A process that
// failed is never given back.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace bh {

template <class Process>
class EnginePool : public std::enable_shared_from_this<EnginePool<Process>> {
 public:
  using Start = std::function<std::unique_ptr<Process>()>;

  // A process lent out: it goes back to the pool when the lease ends, unless discard()ed.
  class Lease {
   public:
    Lease(std::shared_ptr<EnginePool> pool, std::unique_ptr<Process> process)
        : pool_(std::move(pool)), process_(std::move(process)) {}
    ~Lease() {
      if (process_ && pool_) pool_->give_back(std::move(process_));
    }
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Process& operator*() const { return *process_; }
    Process* operator->() const { return process_.get(); }
    // The process is broken (it died, it desynchronised): end it rather than reuse it.
    void discard() { process_.reset(); }
    explicit operator bool() const { return process_ != nullptr; }

   private:
    std::shared_ptr<EnginePool> pool_;
    std::unique_ptr<Process> process_;
  };

  static std::shared_ptr<EnginePool> create(Start start) {
    return std::shared_ptr<EnginePool>(new EnginePool(std::move(start)));
  }

  // An idle process, or a new one (started on the calling thread; may throw).
  Lease acquire() {
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        auto p = std::move(idle_.back());
        idle_.pop_back();
        return Lease(this->shared_from_this(), std::move(p));
      }
    }
    return Lease(this->shared_from_this(), start_());
  }

  std::size_t idle() const {
    std::lock_guard lock(mutex_);
    return idle_.size();
  }

 private:
  explicit EnginePool(Start start) : start_(std::move(start)) {}
  void give_back(std::unique_ptr<Process> p) {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(p));
  }

  Start start_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Process>> idle_;
};

}  // namespace bh
