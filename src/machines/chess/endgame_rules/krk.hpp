#pragma once
// Mate with king and rook (or queen) against king, by rule: Turing's "quite definite programme"
// for the standard situation "mate with rook and king", in the spirit of Torres y Quevedo's 1912
// machine (docs/endgame-rules.md). No search beyond the one move being chosen, no table.
#include "machines/chess/endgame_rules/mini_board.hpp"

namespace minimax::chess::endgame {

// The room the bare king has: the squares it could walk to, one step at a time, without stepping
// onto a square the strong side attacks or occupies (the box the rook draws around it).
int bare_king_room(const Mini& s);
// The box the man alone draws round the bare king (its squares, the king's own guard left out).
int box_area(const Mini& s);
Bitboard box(const Mini& s);

// The strong side's move (White to move, a rook or queen on the board): the box method of
// docs/endgame-rules.md. Returns nullopt only when White has no legal move.
std::optional<MiniMove> box_mate_move(const Mini& s);

// The bare king's move (Black to move): take the man when it hangs, else keep the most room,
// staying near the centre. Returns nullopt when Black has no legal move.
std::optional<MiniMove> bare_king_move(const Mini& s);

}  // namespace minimax::chess::endgame
