#include "machines/chess/shannon_search.hpp"

namespace minimax::chess::shannon {

std::optional<int> GameEnds::terminal(Position& pos, int ply) const {
  if (!pos.has_legal_move()) return pos.in_check() ? evaluate_for_mover(pos, *weights) + ply : 0;
  if (ply > 0 &&
      (pos.is_fifty_move_draw() || pos.is_insufficient_material() || pos.is_repetition(3)))
    return 0;
  return std::nullopt;
}

}  // namespace minimax::chess::shannon
