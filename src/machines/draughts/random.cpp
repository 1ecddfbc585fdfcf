#include "machines/draughts/random.hpp"

#include "search/random_player.hpp"

namespace minimax::draughts {

std::unique_ptr<Player<Draughts>> make_random() {
  return std::make_unique<search::RandomPlayer<Draughts>>();
}

}  // namespace minimax::draughts
