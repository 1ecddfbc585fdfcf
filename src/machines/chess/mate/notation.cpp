#include "machines/chess/mate/notation.hpp"

#include "machines/chess/mate/problem_rules.hpp"

namespace minimax::chess::mate {

namespace {

char piece_letter(PieceType t) {
  switch (t) {
    case knight:
      return 'S';
    case bishop:
      return 'B';
    case rook:
      return 'R';
    case queen:
      return 'Q';
    case king:
      return 'K';
    default:
      return 0;
  }
}

}  // namespace

std::string problem_move(const Position& pos, Move m) {
  if (m.is_castling()) return file_of(m.to()) > file_of(m.from()) ? "0-0" : "0-0-0";
  std::string s;
  if (char c = piece_letter(type_of(pos.moved_piece(m)))) s += c;
  s += square_name(m.from());
  s += pos.is_capture(m) ? '*' : '-';
  s += square_name(m.to());
  if (m.is_promotion()) {
    s += '=';
    s += piece_letter(m.promotion_piece());
  }
  if (m.is_en_passant()) s += " ep.";
  return s;
}

std::string problem_move_marked(Position& pos, Move m, const Rules& rules) {
  std::string s = problem_move(pos, m);
  pos.play(m);
  const bool has = has_problem_move(pos, rules);
  if (is_mated(pos, rules, has) && pos.in_check())
    s += " #";
  else if (!has && rules.stalemate_is_mate)
    s += " =";
  else if (pos.in_check())
    s += " +";
  pos.undo(m);
  return s;
}

int manchester_square(Square s) { return (rank_of(s) + 1) * 10 + file_of(s) + 1; }

}  // namespace minimax::chess::mate
