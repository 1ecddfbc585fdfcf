#pragma once
// The engine as a Player (core/player.hpp), so `minimax play` and `match` can use it; the registry
// lists it as "engine", the strongest machine, last.
#include <memory>

#include "core/player.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::chess {

std::unique_ptr<Player<Position>> make_engine_player();

// The two ways of saying what a move may cost, converted in one place: a Player's Limits to the
// engine's SearchLimits (the engine as a Player), and back (UCI asking a historical machine).
engine::SearchLimits to_search_limits(const Limits& limits);
Limits to_player_limits(const engine::SearchLimits& limits);

}  // namespace minimax::chess
