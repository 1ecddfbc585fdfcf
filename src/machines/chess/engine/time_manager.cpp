#include "machines/chess/engine/time_manager.hpp"

#include <algorithm>

namespace minimax::chess::engine {

void TimeManager::start(const ClockLimits& limits, int move_overhead_ms, int game_ply) {
  set_start(now());
  enabled_ = false;
  if (limits.movetime_ms) {
    enabled_ = true;
    // An exact time: spend it all, less the overhead the GUI and the pipes cost.
    optimum_ = maximum_ = std::max<std::int64_t>(1, *limits.movetime_ms - move_overhead_ms);
    return;
  }
  if (!limits.time_ms) return;
  enabled_ = true;
  const std::int64_t time = *limits.time_ms, inc = limits.increment_ms;
  // Time we may really use: the clock less the overhead for every move still to be made before
  // the next control (at most 50 counted), and a 5% reserve.
  const int horizon = limits.moves_to_go ? std::clamp(*limits.moves_to_go, 1, 50) : 50;
  std::int64_t usable =
      time + inc * (horizon - 1) - static_cast<std::int64_t>(move_overhead_ms) * (2 + horizon);
  usable = std::max<std::int64_t>(usable, 1);
  // Sudden death: assume about 40 moves remain early and fewer as the game goes on, never fewer
  // than 20; with movestogo, that many (plus a cushion for the last move before the control).
  double moves_left = limits.moves_to_go ? std::min(*limits.moves_to_go, 50) + 1.0
                                         : std::max(20.0, 45.0 - game_ply / 4.0);
  optimum_ = static_cast<std::int64_t>(static_cast<double>(usable) / moves_left);
  // Hard stop: five times the optimum, but never more than a fraction of what is on the clock,
  // and always leaving the overhead.
  const double max_fraction = limits.moves_to_go && *limits.moves_to_go == 1 ? 0.8 : 0.35;
  maximum_ = std::min<std::int64_t>(optimum_ * 5, static_cast<std::int64_t>(time * max_fraction));
  const std::int64_t ceiling = time - move_overhead_ms - 10;
  maximum_ = std::max<std::int64_t>(1, std::min(maximum_, ceiling));
  optimum_ = std::max<std::int64_t>(1, std::min(optimum_, maximum_));
}

}  // namespace minimax::chess::engine
