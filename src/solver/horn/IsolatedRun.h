//===- IsolatedRun.h - a computation in a child process ---------*- C++ -*-===//
//
// Z3 4.8.12's Spacer crashes on some systems over arrays with quantified
// lemmas (a segmentation fault inside Z3_fixedpoint_query, met here on a
// loop that copies one array into another; Z3's own tracker has reports of
// the kind). A crash there must not end cosmo's run: the Horn questions that
// may meet it are asked in a forked copy of the process, whose death is an
// answer (unknown, with the signal). A child also lets Houdini show slow
// clauses on a second core while the parent shows others (HoudiniChecks.cpp):
// a forked copy shares no Z3 state with its parent, nor Z3 4.8.12's pool of
// timer threads. Internal to the solver layer.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_ISOLATEDRUN_H
#define COSMO_SOLVER_ISOLATEDRUN_H

#include <z3++.h>

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace cosmo::solver {

struct IsolatedResult {
  /// What `work` returned in the child; none when it did not return (a
  /// crash, a kill at the deadline) or no child could be made.
  std::optional<std::string> output;
  /// No child could be made (fork failed): the caller may run `work`
  /// itself.
  bool notIsolated = false;
  /// Why there is no output.
  std::string failure;
};

/// Runs `work` in a forked child and returns what it returned. The child
/// must end by `deadline` (its own watchdogs see to it): a second past
/// it, it is killed.
IsolatedResult runIsolated(const std::function<std::string()> &work,
                           std::chrono::steady_clock::time_point deadline);

/// The same, started now and read as the child goes: the caller goes on
/// with work of its own meanwhile, on another core. A run not finished is
/// killed (and its child reaped) when it is destroyed.
class IsolatedRun {
public:
  /// Sends a part of the child's output to the caller at once.
  using Send = std::function<void(const std::string &)>;
  /// A child running `work`; none when no child could be made.
  static std::optional<IsolatedRun>
  start(const std::function<void(const Send &)> &work);
  /// Reads what the child sends until `enough` holds of all it has sent
  /// (true), it ends or `deadline` passes (false).
  bool waitFor(const std::function<bool(const std::string &)> &enough,
               std::chrono::steady_clock::time_point deadline);
  /// All the child sent, once it ended (by `deadline` and a second's
  /// grace at most: then it is killed). Once only.
  IsolatedResult finish(std::chrono::steady_clock::time_point deadline);
  /// What the child has sent so far.
  const std::string &received() const { return received_; }

  IsolatedRun(IsolatedRun &&other) noexcept
      : pid_(other.pid_), out_(other.out_),
        received_(std::move(other.received_)) {
    other.pid_ = -1;
    other.out_ = -1;
  }
  IsolatedRun &operator=(IsolatedRun &&) = delete;
  ~IsolatedRun();

private:
  IsolatedRun(pid_t pid, int out) : pid_(pid), out_(out) {}
  /// Reads once (up to `until`); false at the child's end or at `until`.
  bool readSome(std::chrono::steady_clock::time_point until);
  pid_t pid_;
  int out_; ///< the read end of the child's pipe; -1 once at its end
  std::string received_;
};

/// Interrupts a Z3 context when a deadline passes, and again every 50 ms
/// until the guarded work ends: an interrupt that comes before Z3 has
/// started (a deadline already past) is lost, and the query would then run
/// for ever. What bounds Z3 in a child: Spacer has no reliable timeout of
/// its own, and a forked child has none of the threads behind Z3's
/// timeouts (Z3 4.8.12 keeps them in a pool made before the fork).
class Watchdog {
public:
  Watchdog(z3::context &z3, std::chrono::steady_clock::time_point deadline)
      : thread_([this, &z3, deadline] {
          std::unique_lock<std::mutex> lock(mutex_);
          auto done = [this] { return done_; };
          if (done_cv_.wait_until(lock, deadline, done))
            return;
          do
            z3.interrupt();
          while (!done_cv_.wait_for(lock, std::chrono::milliseconds(50), done));
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    done_cv_.notify_all();
    thread_.join();
  }

private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_; // last: starts after the members it uses
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_ISOLATEDRUN_H
