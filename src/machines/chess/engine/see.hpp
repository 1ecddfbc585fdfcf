#pragma once
// Static exchange evaluation: does the sequence of captures on a move's target square, each side
// taking with its least valuable attacker and free to stop, gain at least `threshold`?
#include "games/chess/position.hpp"

namespace minimax::chess::engine {

// Simple piece values for exchanges (not the evaluation's, which the tuner changes).
inline constexpr int kSeeValue[7] = {0, 100, 320, 330, 500, 950, 20000};

bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace minimax::chess::engine
