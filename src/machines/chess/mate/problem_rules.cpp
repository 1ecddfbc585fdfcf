#include "machines/chess/mate/problem_rules.hpp"

#include <cstdlib>

namespace minimax::chess::mate {

namespace {

bool allowed(const Position& pos, const Rules& rules, Move m) {
  if (!rules.castling && m.is_castling()) return false;
  if (!rules.en_passant && m.is_en_passant()) return false;
  if (!rules.promotion && m.is_promotion()) return false;
  if (!rules.double_step && type_of(pos.moved_piece(m)) == pawn &&
      std::abs(int(m.to()) - int(m.from())) == 16)
    return false;
  return true;
}

}  // namespace

void generate_problem_moves(const Position& pos, const Rules& rules, Position::MoveList& list) {
  pos.generate_moves(list);
  if (rules.orthodox()) return;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (allowed(pos, rules, list[i])) list[kept++] = list[i];
  list.resize(kept);
}

bool has_problem_move(const Position& pos, const Rules& rules) {
  if (rules.orthodox()) return pos.has_legal_move();
  Position::MoveList list;
  generate_problem_moves(pos, rules, list);
  return !list.empty();
}

}  // namespace minimax::chess::mate
