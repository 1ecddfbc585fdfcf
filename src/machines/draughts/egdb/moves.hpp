#pragma once
// Moves forwards and backwards on a Black-to-move Board, for building the databases: the rules of
// src/games/draughts (the tests check these against its generator on random positions) without
// the history, key and notation a Draughts object keeps, so that a slice of millions of positions
// is gone through without allocating.
//
//   generate(b, list)        Black's legal moves (captures only, if any), as Draughts gives them
//   after(b, m)              the position after m, flipped so that the opponent is Black again
//   stays_in_slice(b, m)     m neither takes nor crowns: the position after has the same pieces
//   for_each_unmove(b, f)    every position, flipped to Black to move, from which White's last
//                            move (no capture, no crowning) led to b: a White piece one step back,
//                            where White then had no capture (a capture would have been forced)
#include <cstdint>

#include "games/draughts/board.hpp"
#include "games/draughts/draughts.hpp"
#include "machines/draughts/egdb/index.hpp"

namespace minimax::draughts::egdb {

using MoveList = Draughts::MoveList;

inline bool black_can_capture(const Board& b) {
  const Bits empty = ~(b.black | b.white);
  const Bits kings = b.black & b.kings;
  for (Direction d : kAllDirections) {
    const Bits movers = (d == down_left || d == down_right) ? b.black : kings;
    if (movers & step(step(empty, reverse(d)) & b.white, reverse(d))) return true;
  }
  return false;
}

namespace detail {
inline void add_jumps(MoveList& list, std::size_t first, int from, int at, bool king, Bits captured,
                      Bits targets, Bits empty) {
  bool extended = false;
  const int d0 = king ? 0 : down_left;
  const int d1 = king ? 4 : down_right + 1;
  for (int d = d0; d < d1; ++d) {
    const Bits over = kJumps.over[static_cast<std::size_t>(d)][static_cast<std::size_t>(at)];
    const Bits land = kJumps.land[static_cast<std::size_t>(d)][static_cast<std::size_t>(at)];
    if (!(over & targets) || !(land & empty)) continue;
    extended = true;
    const int to = lowest_square(land);
    if (!king && (land & kBottomRow))
      list.push_back(
          Move{captured | over, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    else
      add_jumps(list, first, from, to, king, captured | over, targets & ~over, empty);
  }
  if (extended) return;
  const Move m{captured, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(at)};
  if (king && count(captured) >= 4)  // a ring: the same move by another path
    for (std::size_t i = first; i < list.size(); ++i)
      if (list[i] == m) return;
  list.push_back(m);
}
}  // namespace detail

inline void generate(const Board& b, MoveList& list) {
  list.clear();
  const Bits empty = ~(b.black | b.white);
  const Bits kings = b.black & b.kings;
  Bits jumpers = 0;
  for (Direction d : kAllDirections) {
    const Bits movers = (d == down_left || d == down_right) ? b.black : kings;
    jumpers |= movers & step(step(empty, reverse(d)) & b.white, reverse(d));
  }
  if (jumpers) {
    for (Bits j = jumpers; j; j &= j - 1) {
      const int from = lowest_square(j);
      detail::add_jumps(list, list.size(), from, from, (kings & bit(from)) != 0, 0, b.white,
                        empty | bit(from));
    }
    return;
  }
  for (Bits p = b.black; p; p &= p - 1) {
    const int from = lowest_square(p);
    const bool king = kings & bit(from);
    for (Direction d : kAllDirections) {
      if (!king && d != down_left && d != down_right) continue;
      const Bits to = step(bit(from), d) & empty;
      if (to)
        list.push_back(
            Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(lowest_square(to))});
    }
  }
}

inline bool stays_in_slice(const Board& b, const Move& m) {
  return !m.captured && !((bit(m.to) & kBottomRow) && !(b.kings & bit(m.from)));
}

// The position after Black's move m, White to move, flipped (so the opponent is Black).
inline Board after(const Board& b, const Move& m) {
  Board r = b;
  const Bits from = bit(m.from), to = bit(m.to);
  const bool king = b.kings & from;
  r.black = (r.black & ~from) | to;
  r.kings &= ~from;
  if (king || (to & kBottomRow)) r.kings |= to;
  r.white &= ~m.captured;
  r.kings &= ~m.captured;
  return flip(r);
}

template <class F>
void for_each_unmove(const Board& b, F&& f) {
  const Bits empty = ~(b.black | b.white);
  for (Bits p = b.white; p; p &= p - 1) {
    const int at = lowest_square(p);
    const bool king = b.kings & bit(at);
    for (Direction d : kAllDirections) {
      // A White man moves up the numbers, so it came from below.
      if (!king && d != down_left && d != down_right) continue;
      const Bits from = step(bit(at), d) & empty;
      if (!from) continue;
      Board q = b;
      q.white ^= from | bit(at);
      if (king) q.kings ^= from | bit(at);
      const Board flipped = flip(q);  // White to move in q: Black to move when flipped
      if (!black_can_capture(flipped)) f(flipped);
    }
  }
}

}  // namespace minimax::draughts::egdb
