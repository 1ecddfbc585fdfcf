#pragma once
// The draughts board as Strachey (Bowden 1953, ch. 25) laid it out for the Manchester machine:
// the 32 dark squares numbered 0-31 row by row from Black's side, a position held in three
// 32-digit words B, W and K (black pieces, white pieces, kings of either colour), square n being
// the digit 2^n. His square n is the standard square n + 1 (standard 1-32 numbering, Black's men
// on 1-12), so the words here use his numbering and the notation adds one.
//
// Rows alternate: the even rows (0, 2, 4, 6: his 0-3, 8-11, ...) hold the dark squares of the
// board's columns b, d, f, h, the odd rows those of columns a, c, e, g. A step towards higher
// numbers ("down", Black's forward) is therefore +4 from every square, +5 from an even row unless
// on its right edge and +3 from an odd row unless on its left edge; a step up is the mirror image.
// These are Strachey's move types: each is a shift of the whole word by 3, 4 or 5 places with a
// mask that removes the squares the shift would carry off the board.
#include <array>
#include <bit>
#include <cstdint>

namespace minimax::draughts {

// One of Strachey's words: bit n is his square n.
using Bits = std::uint32_t;

inline constexpr Bits kEvenRows = 0x0F0F0F0Fu;   // his rows 0, 2, 4, 6
inline constexpr Bits kOddRows = 0xF0F0F0F0u;    // his rows 1, 3, 5, 7
inline constexpr Bits kLeftEdge = 0x10101010u;   // 4, 12, 20, 28 (column a)
inline constexpr Bits kRightEdge = 0x08080808u;  // 3, 11, 19, 27 (column h)
inline constexpr Bits kTopRow = 0x0000000Fu;     // 0-3: White's men are crowned here
inline constexpr Bits kBottomRow = 0xF0000000u;  // 28-31: Black's men are crowned here

// The four diagonal directions. Down is towards higher numbers: Black's men move down, White's up.
enum Direction : int { down_left = 0, down_right = 1, up_left = 2, up_right = 3 };
inline constexpr std::array<Direction, 4> kAllDirections = {down_left, down_right, up_left,
                                                            up_right};

// Every square of `b` moved one step in direction d (squares that would leave the board vanish):
// two of Strachey's shift-and-mask move types, one for each parity of row.
constexpr Bits step(Bits b, Direction d) {
  switch (d) {
    case down_left:
      return ((b & kEvenRows) << 4) | ((b & kOddRows & ~kLeftEdge) << 3);
    case down_right:
      return ((b & kEvenRows & ~kRightEdge) << 5) | ((b & kOddRows) << 4);
    case up_left:
      return ((b & kEvenRows) >> 4) | ((b & kOddRows & ~kLeftEdge) >> 5);
    case up_right:
      return ((b & kEvenRows & ~kRightEdge) >> 3) | ((b & kOddRows) >> 4);
  }
  return 0;
}

constexpr Direction reverse(Direction d) {
  return d == down_left    ? up_right
         : d == down_right ? up_left
         : d == up_left    ? down_right
                           : down_left;
}

constexpr Bits bit(int square) { return Bits{1} << square; }
constexpr int lowest_square(Bits b) { return std::countr_zero(b); }
constexpr int count(Bits b) { return std::popcount(b); }

// For each direction and square: the square jumped over and the square landed on (0 when the jump
// would leave the board), so that following one piece through a multi-jump is a table look-up.
struct JumpTables {
  std::array<std::array<Bits, 32>, 4> over{}, land{};
};
constexpr JumpTables make_jump_tables() {
  JumpTables t;
  for (Direction d : kAllDirections)
    for (int s = 0; s < 32; ++s) {
      const Bits over = step(bit(s), d);
      const Bits land = step(over, d);
      if (over && land) {
        t.over[d][static_cast<std::size_t>(s)] = over;
        t.land[d][static_cast<std::size_t>(s)] = land;
      }
    }
  return t;
}
inline constexpr JumpTables kJumps = make_jump_tables();

// The row (0-7 from Black's side) and board column (0-7, a-h) of one of Strachey's squares.
constexpr int row_of(int square) { return square / 4; }
constexpr int column_of(int square) {
  return 2 * (square % 4) + ((row_of(square) % 2 == 0) ? 1 : 0);
}

}  // namespace minimax::draughts
