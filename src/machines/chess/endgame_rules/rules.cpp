#include "machines/chess/endgame_rules/rules.hpp"

#include "machines/chess/endgame_rules/kpk.hpp"
#include "machines/chess/endgame_rules/krk.hpp"

namespace minimax::chess::endgame {

std::optional<MiniMove> rule_move(const Mini& s) {
  if (s.type == pawn) return s.white_to_move ? kpk_pawn_move(s) : kpk_king_move(s);
  return s.white_to_move ? box_mate_move(s) : bare_king_move(s);
}

std::optional<Move> rule_move(const Position& pos) {
  const auto view = read_mini(pos);
  if (!view || view->mini.type == queen) return std::nullopt;
  const auto m = rule_move(view->mini);
  if (!m) return std::nullopt;
  return to_move(*view, *m);
}

}  // namespace minimax::chess::endgame
