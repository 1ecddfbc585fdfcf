#pragma once
// Why a move named in some notation is not legal: the one-line reasons `minimax legal` prints and
// the SAN and descriptive readers put in their errors ("no knight can move to e5", "the king on e1
// would be in check").
#include <string>

#include "games/chess/position.hpp"

namespace minimax::chess {

// The English name of a piece type ("knight").
std::string piece_type_name(PieceType t);

// No legal move of a `type` piece standing on a square of `from_mask` reaches `to` (for castling
// pass type king and the king's castling target). Says why: no such piece, none can reach the
// square, or each that can would leave its king in check.
std::string why_no_move(const Position& pos, PieceType type, Bitboard from_mask, Square to);

}  // namespace minimax::chess
