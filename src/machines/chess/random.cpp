#include "machines/chess/random.hpp"

#include "search/random_player.hpp"

namespace minimax::chess {

std::unique_ptr<ChessPlayer> make_random() {
  return std::make_unique<search::RandomPlayer<Position>>(" (Shannon's strategy (2))");
}

}  // namespace minimax::chess
