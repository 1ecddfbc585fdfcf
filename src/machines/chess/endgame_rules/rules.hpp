#pragma once
// The end-game rule programs by the ending they know: the box method for king and rook (or queen)
// against king (krk.hpp), king and pawn against king for either side (kpk.hpp).
#include <optional>

#include "machines/chess/endgame_rules/mini_board.hpp"

namespace minimax::chess::endgame {

// The programs' move for the side to move of `s`: the strong side (White) by the box method or
// the KPK rules, the bare king by its own rules. nullopt when the side to move has no move.
std::optional<MiniMove> rule_move(const Mini& s);

// The same on a real position: nullopt when it is not KRK or KPK (or there is no move). KQK is
// not taken: the KPK program promotes to a rook, and the queen's mate was not measured.
std::optional<Move> rule_move(const Position& pos);

}  // namespace minimax::chess::endgame
