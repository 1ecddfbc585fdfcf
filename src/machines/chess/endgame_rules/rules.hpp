#pragma once
// The end-game rule programs by the ending they know: the box method for king and rook (or queen)
// against king (krk.hpp), king and pawn against king for either side (kpk.hpp).
#include <optional>

#include "machines/chess/endgame_rules/mini_board.hpp"

namespace minimax::chess::endgame {

// The programs' move for the side to move of `s`: the strong side (White) by the box method or
// the KPK rules, the bare king by its own rules. nullopt when the side to move has no move.
std::optional<MiniMove> rule_move(const Mini& s);

// The same on a real position: nullopt when it is not KRK, KQK or KPK (or there is no move).
std::optional<Move> rule_move(const Position& pos);

}  // namespace minimax::chess::endgame
