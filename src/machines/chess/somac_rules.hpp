#pragma once
// SOMAC, J. Maynard Smith's one-move analyser with features from MACHIAVELLI (Michie 1966, appendix
// "Rules of SOMAC"): the value of the machine's position after each of its moves, in the
// appendix's order. The Player is somac.hpp. The appendix writes for White; `us` mirrors it.
#include <string>
#include <vector>

#include "games/chess/position.hpp"

namespace minimax::chess::somac {

// Note (1): P=10, N=B=30, R=50, K=1000; Q=90 if it is off its back two ranks and its side has not
// castled, else 100.
int piece_value(const Position& pos, Square s);

// One attack of a piece on a square (note 2i); `through` is the friendly piece it looks through
// by transparency (no_square for a plain attack).
struct Attack {
  Square from = no_square;
  Square to = no_square;
  Square through = no_square;
};

// Every square each piece of colour c attacks: transparencies applied (R through R and Q; Q
// through R on files and ranks, through B on diagonals and through a P one square beyond on a
// forward diagonal; B through Q and through such a P), and squares withheld by the pin rule.
std::vector<Attack> attacks(const Position& pos, Color c);

// Note (3), step A: the swap-off value of a piece of value v0 attacked by its own side's
// pieces `own` and the enemy's `enemy` (values, already in the order they would capture).
int swap_off(int v0, const std::vector<int>& own, const std::vector<int>& enemy);

struct Terms {
  int material = 0;        // (1)
  int squares = 0;         // (2) squares attacked, +1 centre, +2 next to the enemy king
  int exchange_own = 0;    // (3) V_EW, subtracted
  int exchange_enemy = 0;  // (3) V_EB, added
  int pawn_threats = 0;    // (B) -5 per piece a pawn move could attack
  double check = 0;        // (C) 5/x, x the enemy's legal moves (mate: very large)
  int castling = 0;        // (D) +5 castling legal, +16 O-O played, +14 O-O-O played
  [[nodiscard]] double total() const {
    return material + squares - exchange_own + exchange_enemy - pawn_threats + check + castling;
  }
  [[nodiscard]] std::string describe() const;
};

inline constexpr double kMateBonus = 1e6;  // 5/0

// The value of `us`'s position (normally after its move, the opponent to move).
Terms evaluate(const Position& pos, Color us);

}  // namespace minimax::chess::somac
