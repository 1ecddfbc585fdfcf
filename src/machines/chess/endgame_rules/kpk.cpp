#include "machines/chess/endgame_rules/kpk.hpp"

namespace minimax::chess::endgame {

std::optional<MiniMove> kpk_pawn_move(const Mini& s) {
  MiniMove list[32];
  if (s.moves(list) == 0) return std::nullopt;
  return list[0];
}

std::optional<MiniMove> kpk_king_move(const Mini& s) {
  MiniMove list[32];
  if (s.moves(list) == 0) return std::nullopt;
  return list[0];
}

}  // namespace minimax::chess::endgame
