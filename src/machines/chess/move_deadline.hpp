#pragma once
// A stop flag raised when a move's time is spent, for the machines that deepen while a time per
// move lasts (Shannon's types A and B with the Deepen option). A thread waits out the time, or
// the end of the move, and raises the flag; the search core reads it at every node
// (search/alpha_beta.hpp, set_stop). The Player boundary may use a thread; the search does not.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace minimax::chess {

class MoveDeadline {
 public:
  explicit MoveDeadline(std::int64_t ms)
      : thread_([this, ms] {
          std::unique_lock lock(mutex_);
          if (!done_cv_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return done_; }))
            flag_.store(true, std::memory_order_relaxed);
        }) {}
  MoveDeadline(const MoveDeadline&) = delete;
  MoveDeadline& operator=(const MoveDeadline&) = delete;
  ~MoveDeadline() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    done_cv_.notify_all();
    thread_.join();
  }
  [[nodiscard]] const std::atomic<bool>* flag() const { return &flag_; }

 private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::atomic<bool> flag_{false};
  std::thread thread_;  // last: everything it reads exists before it starts
};

}  // namespace minimax::chess
