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

// Bowden 1953: "the machine tried about 450 possible moves (of which about 100 were illegal)".
// The count under the literal reading of the method the seed describes: a routine constructs the
// next move (a piece's step that stays on the board and does not land on a piece of its own colour,
// under Prinz's rules: no castling, double step, en passant or promotion), a routine checks it for
// legality (is the mover's king left in check?), and the master routine tries White's first moves
// in the printed order; for each legal one, Black's replies in turn; for each legal reply, White's
// second moves until one leaves Black without a legal move (found by constructing Black's moves
// until one is legal); a first move is given up at the first reply that has no such answer, and the
// search stops at the key. Every constructed move is one tried; `illegal` those the legality test
// rejects. The move order at every level is prinz_move_order's (the only one the seed shows).
struct PrinzCount {
  std::uint64_t tried = 0;        // moves constructed and tested for legality
  std::uint64_t illegal = 0;      // of them, leaving the mover's own king in check
  std::uint64_t first_moves = 0;  // White's first moves tried (the printed list)
  // By ply: White's first moves, Black's replies, White's second moves, Black's moves constructed
  // to see whether it has one (a mate-in-two's last test).
  std::uint64_t tried_at[4] = {};
  std::uint64_t illegal_at[4] = {};
  Move key;
};
PrinzCount prinz_count(const Position& root, int n = 2);

}  // namespace minimax::chess::mate
