#pragma once
// A draughts machine that plays a legal move drawn at random, every move equally likely (the
// baseline of the draughts tournament, as Shannon's strategy (2) is of the chess one):
// search::RandomPlayer over draughts. Seeded, so a game can be replayed.
#include <memory>

#include "core/player.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

std::unique_ptr<Player<Draughts>> make_random();

}  // namespace minimax::draughts
