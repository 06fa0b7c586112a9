//===- cosmo/support/Periodic.h - a call repeated on a thread ---*- C++ -*-===//
//
// Calls a function every period on a thread of its own for as long as the
// object lives; its destruction wakes the thread at once, so that it never
// delays the end of what it accompanies (a run's solver interrupter, a
// store lease's renewal).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUPPORT_PERIODIC_H
#define COSMO_SUPPORT_PERIODIC_H

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace cosmo::support {

class Periodic {
public:
  /// `tick` runs after each `period`, never after the destructor started.
  Periodic(std::chrono::milliseconds period, std::function<void()> tick)
      : thread_([this, period, tick = std::move(tick)] {
          std::unique_lock<std::mutex> lock(mutex_);
          while (!wake_.wait_for(lock, period, [&] { return done_; }))
            tick();
        }) {}
  ~Periodic() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  Periodic(const Periodic &) = delete;
  Periodic &operator=(const Periodic &) = delete;

private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_; // last: started once the rest exists
};

} // namespace cosmo::support

#endif // COSMO_SUPPORT_PERIODIC_H
