#pragma once
// The engine as a Player (core/player.hpp), so `minimax play` and `match` can use it; the registry
// lists it as "engine", the strongest machine, last.
#include <memory>

#include "core/player.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

std::unique_ptr<Player<Position>> make_engine_player();

}  // namespace minimax::chess
