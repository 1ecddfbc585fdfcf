#pragma once
// Shannon's strategy (2) (Shannon 1950, section 3): number the legal moves and choose one at
// random, a mixed strategy: search::RandomPlayer over chess. Seeded, so a game can be replayed.
#include <memory>

#include "machines/chess/registry.hpp"

namespace minimax::chess {

std::unique_ptr<ChessPlayer> make_random();

}  // namespace minimax::chess
