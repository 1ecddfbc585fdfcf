#include "machines/draughts/engine/evaluate.hpp"

#include "machines/draughts/egdb/index.hpp"

namespace minimax::draughts::engine {

namespace {

// Strachey's squares 9, 10, 13, 14, 17, 18, 21, 22 (standard 10, 11, 14, 15, 18, 19, 22, 23).
constexpr Bits kCentre =
    bit(9) | bit(10) | bit(13) | bit(14) | bit(17) | bit(18) | bit(21) | bit(22);
constexpr Bits kEdges = kLeftEdge | kRightEdge | kTopRow | kBottomRow;

// Black's positional terms in b (Black's men move down the numbers); White's are Black's in the
// flipped board, so one function serves both sides.
int positional(const egdb::Board& b, const EvalWeights& w) {
  const Bits own = b.black, opp = b.white, empty = ~(own | opp);
  const Bits men = own & ~b.kings, kings = own & b.kings;
  int s = 0;
  if (opp & ~b.kings) s += w.back_rank * count(men & kTopRow);
  s += w.centre * count(own & kCentre);
  int mobility = count(step(men | kings, down_left) & empty) +
                 count(step(men | kings, down_right) & empty) +
                 count(step(kings, up_left) & empty) + count(step(kings, up_right) & empty);
  s += w.mobility * mobility;
  s += w.king_edge * -count(kings & kEdges);
  for (Bits m = men; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const int row = row_of(sq);
    s += w.advance * row;
    const int to_go = 7 - row;
    if (to_go > 3) continue;
    Bits cone = bit(sq), seen = 0;
    for (int r = 0; r < to_go; ++r) {
      cone = step(cone, down_left) | step(cone, down_right);
      seen |= cone;
    }
    if (!(seen & opp)) s += w.runaway * (4 - to_go);
  }
  return s;
}

}  // namespace

int evaluate(const Draughts& position, const EvalWeights& w) {
  const egdb::Board b{position.black(), position.white(), position.kings()};
  const int bm = count(b.black & ~b.kings), bk = count(b.black & b.kings);
  const int wm = count(b.white & ~b.kings), wk = count(b.white & b.kings);
  const int material = w.man * (bm - wm) + w.king * (bk - wk);
  const int pieces = bm + bk + wm + wk;
  int s = material + material * w.trade * (24 - pieces) / 2400;
  s += positional(b, w) - positional(egdb::flip(b), w);
  return position.side_to_move() == kBlack ? s : -s;
}

}  // namespace minimax::draughts::engine
