#pragma once
// Prinz's Manchester mate-in-two program (Bowden 1953), as the machine ran it: simplified rules
// (Rules::prinz()), white's first moves tried one after another and each printed as it was tried
// ("Rook to 68."), in the Manchester square numbering (row * 10 + column, a1 = 11), the search
// stopping at the first key with "MATE.".
#include <string>
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/mate/problem.hpp"

namespace minimax::chess::mate {

struct PrinzTrace {
  std::vector<std::string> lines;  // "Pawn to 78.", ..., and "MATE." when a key was found
  Move key;                        // Move::none() if no first move mates in n
  std::uint64_t nodes = 0;
};

// The order in which the machine is taken to try its moves (the seed prints the order but not the
// rule behind it; this one reproduces the printed list): pawns, knights, bishops, rooks, queens,
// king; pieces of one kind by ascending Manchester square; a slider's rays left, up, right, down
// (then the diagonals up-left, up-right, down-right, down-left), nearest square first.
std::vector<Move> prinz_move_order(const Position& pos, const Rules& rules);

// "Rook to 68."
std::string prinz_move_text(const Position& pos, Move m);

PrinzTrace prinz_trace(const Position& root, int n = 2, const Rules& rules = Rules::prinz());

}  // namespace minimax::chess::mate
