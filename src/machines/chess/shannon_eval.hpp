#pragma once
// Shannon's evaluation function (Shannon 1950, section 3):
//   f(P) = 200(K-K') + 9(Q-Q') + 5(R-R') + 3(B-B'+N-N') + (P-P') - 0.5(D-D'+S-S'+I-I') + 0.1(M-M')
// with D, S, I the doubled, backward and isolated pawns and M the number of legal moves; primed
// letters are Black's. The coefficients are options (Shannon's "style", section 7).
#include <string>

#include "games/chess/position.hpp"

namespace minimax::chess::shannon {

struct Weights {
  double king = 200, queen = 9, rook = 5, bishop = 3, knight = 3, pawn = 1;
  double doubled = 0.5, backward = 0.5, isolated = 0.5;  // subtracted
  double mobility = 0.1;
};

// The counts f(P) is made of, for one side.
struct SideTerms {
  int kings = 0, queens = 0, rooks = 0, bishops = 0, knights = 0, pawns = 0;
  int doubled = 0, backward = 0, isolated = 0;
  int mobility = 0;
};

struct Terms {
  SideTerms side[2];  // by Color
  [[nodiscard]] std::string describe(const Weights& w) const;
};

// Decisions (docs/shannon.md):
//  - doubled: every pawn that shares its file with another pawn of its colour (a pair counts 2);
//  - isolated: a pawn with no pawn of its colour on either neighbouring file;
//  - backward: not isolated, no pawn of its colour on a neighbouring file beside or behind it,
//    and the square in front of it attacked by an enemy pawn;
//  - M: legal moves; for the side not to move, the moves it would have if it were its turn
//    (captures of the king excluded);
//  - a checkmated king counts 0 (Shannon: mate enters through the king's 200).
Terms terms(Position& pos);
int doubled_pawns(const Position& pos, Color c);
int isolated_pawns(const Position& pos, Color c);
int backward_pawns(const Position& pos, Color c);

// f(P) from White's point of view.
double evaluate(const Terms& t, const Weights& w);
double evaluate(Position& pos, const Weights& w);

// f in hundredths (the search's integer unit), from the side to move's point of view.
int evaluate_for_mover(Position& pos, const Weights& w);

}  // namespace minimax::chess::shannon
