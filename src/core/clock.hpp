#pragma once
// Wall-clock time in milliseconds, for limits and reports (never for assertions in tests).
#include <chrono>
#include <cstdint>

namespace minimax {

using TimePoint = std::chrono::steady_clock::time_point;

inline TimePoint now() { return std::chrono::steady_clock::now(); }

inline std::int64_t elapsed_ms(TimePoint since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(now() - since).count();
}

}  // namespace minimax
