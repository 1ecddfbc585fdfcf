#pragma once
// What the search learns about moves as it goes, for ordering them (each search thread has its
// own): the butterfly history (Schaeffer's history heuristic: quiet moves that caused cut-offs
// anywhere), continuation histories (how good a quiet move is after a given previous move, one
// and two plies back), capture history, killer moves per ply and counter moves.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "games/chess/types.hpp"

namespace minimax::chess::engine {

constexpr int kHistoryMax = 16384;

// Bounded update: bonuses shrink as an entry nears the bound, so recent evidence can outweigh
// old evidence (a "gravity" formula).
inline void history_update(std::int16_t& entry, int bonus) {
  bonus = std::clamp(bonus, -kHistoryMax, kHistoryMax);
  entry = static_cast<std::int16_t>(entry + bonus - entry * std::abs(bonus) / kHistoryMax);
}

inline int history_bonus(int depth) { return std::min(1600, 16 * depth * depth + 32 * depth); }

using PieceToHistory = std::int16_t[16][64];

struct Histories {
  std::int16_t butterfly[2][64][64];
  std::int16_t capture[16][64][7];
  PieceToHistory continuation[16][64];  // [previous piece][previous to][piece][to]
  Move counter[16][64];

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

}  // namespace minimax::chess::engine
