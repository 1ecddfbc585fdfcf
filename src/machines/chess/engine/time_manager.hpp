#pragma once
// How long to think. Two budgets: the optimum (checked between iterations, stretched when the best
// move keeps changing or the score drops, shrunk when one move stands out) and the maximum (a hard
// stop checked every few thousand nodes). Neither can exceed the clock less the Move Overhead
// and a safety margin, so the engine never loses on time however the GUI counts.
#include <atomic>
#include <cstdint>
#include <optional>

#include "core/clock.hpp"

namespace minimax::chess::engine {

struct ClockLimits {
  std::optional<std::int64_t> time_ms;  // our clock
  std::int64_t increment_ms = 0;        // our increment
  std::optional<int> moves_to_go;
  std::optional<std::int64_t> movetime_ms;  // exact time for this move
};

class TimeManager {
 public:
  // ply: the game ply (the opening needs less thought per move than the middle game).
  void start(const ClockLimits& limits, int move_overhead_ms, int game_ply);
  // Restart the clock (ponderhit: the time counts from there). Called by the thread that reads
  // the commands while the search threads read elapsed(): the start is an atomic (a race
  // ThreadSanitizer found in make check-sanitize).
  void restart() { set_start(now()); }
  [[nodiscard]] bool enabled() const { return enabled_; }
  [[nodiscard]] std::int64_t elapsed() const {
    return elapsed_ms(TimePoint(TimePoint::duration(start_.load(std::memory_order_relaxed))));
  }
  [[nodiscard]] std::int64_t optimum() const { return optimum_; }
  [[nodiscard]] std::int64_t maximum() const { return maximum_; }
  // Between iterations: stop now? `instability` (>= 1) grows with best-move changes and score
  // drops.
  [[nodiscard]] bool soft_stop(double instability) const {
    return enabled_ &&
           elapsed() >= static_cast<std::int64_t>(static_cast<double>(optimum_) * instability);
  }
  [[nodiscard]] bool hard_stop() const { return enabled_ && elapsed() >= maximum_; }

 private:
  void set_start(TimePoint t) {
    start_.store(t.time_since_epoch().count(), std::memory_order_relaxed);
  }
  std::atomic<TimePoint::rep> start_{now().time_since_epoch().count()};
  bool enabled_ = false;
  std::int64_t optimum_ = 0, maximum_ = 0;
};

}  // namespace minimax::chess::engine
