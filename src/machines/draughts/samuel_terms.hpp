#pragma once
// Samuel's scoring polynomial (Samuel 1959, appendix; Michie 1966, section 7): piece advantage
// plus strategic terms, each a count of some feature of the position, with a coefficient that
// learning by generalization adjusts. docs/samuel.md gives each term in words with its source and
// the decisions taken.
//
// Samuel writes every term for an "active" side (the side to move) and a "passive" side (the side
// that has just moved): ADV credits the passive side's advanced men, MOB counts the squares the
// active side could move to. The polynomial scores a position for the passive side, the side whose
// move led to it; the search, which scores for the side to move (src/search's negamax), takes the
// opposite. term_value() takes the board turned to the passive side's view (sides_for), so each
// definition is written once, for Black passive (moving down the numbers): the board is turned
// round (square n -> 31 - n) when White is the passive side.
//
// Square numbers: the words use Strachey's 0-31 (standard square - 1). Samuel's paper numbers the
// squares of his 35-bit word 1-35 with 9, 18 and 27 left out as "ghost" squares, so that every
// move is a shift of 4 or 5; its centre squares 11, 12, 15, 16, 20, 21, 24, 25 are the standard
// 10, 11, 14, 15, 18, 19, 22, 23. Its other lists (APEX, BACK, CRAMP, OREO) read as the standard
// numbering in the restatements we found (docs/samuel.md).
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "games/draughts/board.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts::samuel {

// Samuel's names, in the order of his appendix.
enum Term : int {
  ADV,
  APEX,
  BACK,
  CENT,
  CNTR,
  CORN,
  CRAMP,
  DENY,
  DIA,
  DIAV,
  DYKE,
  EXCH,
  EXPOS,
  FORK,
  GAP,
  GUARD,
  HOLE,
  KCENT,
  MOB,
  MOBIL,
  MOVE,
  NODE,
  OREO,
  POLE,
  RECAP,
  THRET,
  kTermCount
};

inline constexpr std::array<std::string_view, kTermCount> kTermNames = {
    "ADV",  "APEX",  "BACK", "CENT",  "CNTR", "CORN", "CRAMP", "DENY", "DIA",
    "DIAV", "DYKE",  "EXCH", "EXPOS", "FORK", "GAP",  "GUARD", "HOLE", "KCENT",
    "MOB",  "MOBIL", "MOVE", "NODE",  "OREO", "POLE", "RECAP", "THRET"};

std::optional<Term> term_from_name(std::string_view name);

// One side's view of the board, turned so that the passive side moves down the numbers (Black's
// direction) and its back row is squares 0-3.
struct Sides {
  Bits passive = 0, active = 0, kings = 0;
};
// The board with `passive` as the passive side (the other active), turned round if it is White.
Sides sides_for(const Draughts& position, Side passive);
Sides sides_for(Bits black, Bits white, Bits kings, Side passive);

// Samuel's value of one term, the passive side credited (DIAV is in halves: Samuel's 1/2, 1 and
// 3/2 are 1, 2 and 3 here).
int term_value(Term t, const Sides& s);

// Material credit: 2 for a man, 3 for a king (Samuel 1959: the counts MOVE and CORN use).
inline int material_credit(Bits pieces, Bits kings) {
  return 2 * count(pieces & ~kings) + 3 * count(pieces & kings);
}

// Every term's value in a position, the side not to move passive (Samuel's convention).
std::array<int, kTermCount> features(const Draughts& position);

}  // namespace minimax::draughts::samuel
