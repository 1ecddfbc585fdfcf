#pragma once
// The engine as a Player (core/player.hpp), so `minimax play` and `match` can use it; the registry
// lists it as "engine", the strongest machine, last.
#include <memory>

#include "core/player.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::chess {

std::unique_ptr<Player<Position>> make_engine_player();

// What a move may cost: the engine's SearchLimits is a Player's Limits with what only UCI asks
// (ponder, searchmoves), so the conversions are a copy one way and a slice the other.
engine::SearchLimits to_search_limits(const Limits& limits);
Limits to_player_limits(const engine::SearchLimits& limits);

}  // namespace minimax::chess
