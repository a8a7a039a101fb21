// interrupt.h — Ctrl-C for long jobs without a signal handler or a global flag: SIGINT and
// SIGTERM are blocked in this thread (and so in every thread started after), and the job's
// driving thread polls for them with sigtimedwait. The first one asks the job to stop
// cleanly (SIGTERM too, so `timeout`, systemd and container stops lose nothing); a second
// one quits at once with status 130. The old signal mask returns on destruction.
#pragma once

#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

namespace bh {

class InterruptWatch {
 public:
  explicit InterruptWatch(std::string job) : job_(std::move(job)) {
    sigemptyset(&set_);
    sigaddset(&set_, SIGINT);
    sigaddset(&set_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set_, &old_);
  }
  ~InterruptWatch() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  // Waits up to `timeout` for Ctrl-C or SIGTERM; returns true once one has arrived (now or
  // before).
  bool poll(std::chrono::milliseconds timeout) {
    const timespec wait{long(timeout.count() / 1000), long(timeout.count() % 1000) * 1'000'000};
    if (sigtimedwait(&set_, nullptr, &wait) > 0) {
      if (interrupted_) {
        std::cerr << "\n" << job_ << ": interrupted again, quitting at once\n";
        std::_Exit(130);
      }
      interrupted_ = true;
      std::cerr << "\n" << job_ << ": stopping cleanly (Ctrl-C again to quit at once)\n";
    }
    return interrupted_;
  }
  bool interrupted() const { return interrupted_; }

 private:
  std::string job_;
  sigset_t set_{}, old_{};
  bool interrupted_ = false;
};

}  // namespace bh
