#pragma once
// Problem notation (the long algebraic of problem solvers such as Popeye): piece letter, from
// square, '-' or '*', to square; "=Q" for a promotion, " ep." for en passant, 0-0 / 0-0-0;
// "S" for the knight (Springer), as problemists write it. Suffix " +" for check, " #" for mate.
#include <string>

#include "games/chess/position.hpp"
#include "machines/chess/mate/problem.hpp"

namespace minimax::chess::mate {

// The move alone, e.g. "Rh1-h6", "g7*h6", "c7-c8=Q", "h5*g6 ep.".
std::string problem_move(const Position& pos, Move m);
// With " +" or " #" when the move checks or mates under `rules` (pos is restored).
std::string problem_move_marked(Position& pos, Move m, const Rules& rules);

// Manchester numbering (Prinz, Bowden 1953): row * 10 + column, a1 = 11, h8 = 88.
int manchester_square(Square s);

}  // namespace minimax::chess::mate
