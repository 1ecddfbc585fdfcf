#include "machines/draughts/samuel_terms.hpp"

#include <algorithm>

namespace minimax::draughts::samuel {

namespace {

// Strachey's square from a standard square number (1-32).
constexpr Bits std_sq(int standard) { return bit(standard - 1); }

// The eight centre squares (Samuel's 11, 12, 15, 16, 20, 21, 24, 25 on his board with ghost
// squares 9, 18, 27; standard 10, 11, 14, 15, 18, 19, 22, 23): the two middle squares of rows 3-6.
constexpr Bits kCentre = std_sq(10) | std_sq(11) | std_sq(14) | std_sq(15) | std_sq(18) |
                         std_sq(19) | std_sq(22) | std_sq(23);
// ADV: the passive side's 5th and 6th rows (Strachey rows 4, 5) and its 3rd and 4th (rows 2, 3).
constexpr Bits kRows5and6 = 0x00FF0000u;
constexpr Bits kRows3and4 = 0x0000FF00u;
// APEX: standard 7 and 26.
constexpr Bits kApex = std_sq(7) | std_sq(26);
// BACK: the bridge, standard 1 and 3 in Black's back row.
constexpr Bits kBridge = std_sq(1) | std_sq(3);
// OREO: the triangle of Oreo, standard 2, 3 and 7 for Black.
constexpr Bits kOreo = std_sq(2) | std_sq(3) | std_sq(7);
// CRAMP, for Black passive: the cramping square 13, one of 9 or 14 beside it, and White's men on
// 17, 21, 22 and 25.
constexpr Bits kCrampSquare = std_sq(13);
constexpr Bits kCrampNearby = std_sq(9) | std_sq(14);
constexpr Bits kCramped = std_sq(17) | std_sq(21) | std_sq(22) | std_sq(25);
// CORN: the double-corner squares, standard 1 and 5, 28 and 32.
constexpr Bits kDoubleCorners = std_sq(1) | std_sq(5) | std_sq(28) | std_sq(32);
// MOVE: the "move system" of the side whose back row is 1-4: the vertical files that start on
// squares 1-4 (b, d, f, h), which are the even rows' squares of Strachey's layout.
constexpr Bits kMoveSystem = kEvenRows;

// DIA and DIAV: the diagonals parallel to the double-corner diagonals (b8-h2 and a7-g1) are those
// of constant column - row; the double-corner ones have column - row = +1 or -1.
constexpr Bits diagonal_band(int distance) {
  Bits b = 0;
  for (int s = 0; s < 32; ++s) {
    const int d = column_of(s) - row_of(s);
    if (d == 2 * distance + 1 || d == -(2 * distance + 1)) b |= bit(s);
  }
  return b;
}
constexpr Bits kDoubleDiagonal = diagonal_band(0);
constexpr Bits kOneRemoved = diagonal_band(1);
constexpr Bits kTwoRemoved = diagonal_band(2);
static_assert(count(kDoubleDiagonal) == 14 && count(kOneRemoved) == 10 && count(kTwoRemoved) == 6);

constexpr bool is_down(Direction d) { return d == down_left || d == down_right; }

// The passive side moves down (its men), the active side up; kings both ways.
Bits passive_movers(const Sides& s, Direction d) {
  return is_down(d) ? s.passive : (s.passive & s.kings);
}
Bits active_movers(const Sides& s, Direction d) {
  return is_down(d) ? (s.active & s.kings) : s.active;
}
Bits empty_of(const Sides& s) { return ~(s.passive | s.active); }

bool active_can_capture(const Sides& s) {
  const Bits empty = empty_of(s);
  for (Direction d : kAllDirections)
    if (step(step(active_movers(s, d), d) & s.passive, d) & empty) return true;
  return false;
}
bool passive_can_capture(const Sides& s) {
  const Bits empty = empty_of(s);
  for (Direction d : kAllDirections)
    if (step(step(passive_movers(s, d), d) & s.active, d) & empty) return true;
  return false;
}

// The squares the active side could move a piece to in the normal fashion (no jumps).
Bits active_targets(const Sides& s) {
  Bits t = 0;
  for (Direction d : kAllDirections) t |= step(active_movers(s, d), d);
  return t & empty_of(s);
}

// The board after the active side moves a piece from `from` to `to` (one step); a man reaching
// the top row is crowned.
Sides after_active_step(const Sides& s, Bits from, Bits to) {
  Sides n = s;
  n.active = (s.active & ~from) | to;
  if (s.kings & from)
    n.kings = (s.kings & ~from) | to;
  else if (to & kTopRow)
    n.kings |= to;
  return n;
}

// Every active normal move into `to`, given to f(next position).
template <class F>
void for_each_step_into(const Sides& s, Bits to, F&& f) {
  for (Direction d : kAllDirections) {
    const Bits from = step(to, reverse(d)) & active_movers(s, d);
    if (from) f(after_active_step(s, from, to));
  }
}

// Every single jump the passive side has, given to f(position after it, square taken).
template <class F>
void for_each_passive_jump(const Sides& s, F&& f) {
  const Bits empty = empty_of(s);
  for (Direction d : kAllDirections) {
    for (Bits j = passive_movers(s, d); j; j &= j - 1) {
      const Bits from = j & (~j + 1);
      const Bits over = step(from, d) & s.active;
      const Bits land = step(over, d) & empty;
      if (!over || !land) continue;
      Sides n = s;
      n.passive = (s.passive & ~from) | land;
      n.active = s.active & ~over;
      n.kings = s.kings & ~over;
      if (s.kings & from)
        n.kings = (n.kings & ~from) | land;
      else if (land & kBottomRow)
        n.kings |= land;
      f(n, over);
    }
  }
}

// Whether the passive side, to move, can take the piece on `square` and then face no capture
// by the active side (a capture "without an exchange"). Single jumps only.
bool taken_without_exchange(const Sides& s, Bits square) {
  bool found = false;
  for_each_passive_jump(s, [&](const Sides& n, Bits over) {
    if (over == square && !active_can_capture(n)) found = true;
  });
  return found;
}

// Whether the passive side, to move, must capture and every capture it has (single jumps) is
// answered by an active capture: an exchange forced on it.
bool exchange_forced(const Sides& s) {
  if (!passive_can_capture(s)) return false;
  bool every = true;
  for_each_passive_jump(s, [&](const Sides& n, Bits) {
    if (!active_can_capture(n)) every = false;
  });
  return every;
}

// Whether the active piece on `square` could jump a passive piece (as if it were its turn).
bool threatens_capture(const Sides& s, Bits square) {
  const Bits empty = empty_of(s);
  for (Direction d : kAllDirections) {
    const Bits movers = active_movers(s, d) & square;
    if (step(step(movers, d) & s.passive, d) & empty) return true;
  }
  return false;
}

// The neighbours of each square along one diagonal axis: (down_left, up_right) or (down_right,
// up_left); a neighbour off the board is none.
constexpr Direction kAxes[2][2] = {{down_left, up_right}, {down_right, up_left}};

int neighbours_in(Bits square, Bits set) {
  int n = 0;
  for (Direction d : kAllDirections) n += (step(square, d) & set) ? 1 : 0;
  return n;
}
int neighbours_on_board(Bits square) {
  int n = 0;
  for (Direction d : kAllDirections) n += step(square, d) ? 1 : 0;
  return n;
}

int mob(const Sides& s) { return count(active_targets(s)); }

int deny(const Sides& s) {
  int n = 0;
  for (Bits t = active_targets(s); t; t &= t - 1) {
    const Bits to = t & (~t + 1);
    bool every = true;
    for_each_step_into(s, to, [&](const Sides& next) {
      if (!taken_without_exchange(next, to)) every = false;
    });
    n += every ? 1 : 0;
  }
  return n;
}

int exch(const Sides& s) {
  int n = 0;
  for (Bits t = active_targets(s); t; t &= t - 1) {
    const Bits to = t & (~t + 1);
    bool any = false;
    for_each_step_into(s, to, [&](const Sides& next) {
      if (exchange_forced(next)) any = true;
    });
    n += any ? 1 : 0;
  }
  return n;
}

int thret(const Sides& s) {
  int n = 0;
  for (Bits t = active_targets(s); t; t &= t - 1) {
    const Bits to = t & (~t + 1);
    bool any = false;
    for_each_step_into(s, to, [&](const Sides& next) {
      if (threatens_capture(next, to)) any = true;
    });
    n += any ? 1 : 0;
  }
  return n;
}

// FORK: two passive pieces side by side in a row (squares n and n + 1 of one of Strachey's rows),
// and three empty squares: the one diagonally between them on the row above or below (M), and the
// two beyond them on the other side (where the two jumps from M would land). The active side must
// be able to step into M with a piece that could make those jumps.
int fork(const Sides& s) {
  const Bits empty = empty_of(s);
  const Bits targets = active_targets(s);
  int n = 0;
  for (Bits p = s.passive & (s.passive >> 1) & 0x77777777u; p; p &= p - 1) {
    const Bits x = p & (~p + 1), y = x << 1;
    // M below the pair (a man of the active side, moving up, jumps from there) or above it (only
    // a king jumps down).
    for (int below = 0; below < 2; ++below) {
      const Bits m = below ? step(x, down_right) : step(x, up_right);
      if (!m || m != (below ? step(y, down_left) : step(y, up_left))) continue;
      const Bits l1 = below ? step(x, up_left) : step(x, down_left);
      const Bits l2 = below ? step(y, up_right) : step(y, down_right);
      if (!(m & empty & targets) || !(l1 & empty) || !(l2 & empty)) continue;
      // Some piece that could jump both ways from M must be able to step into it.
      bool can = false;
      for (Direction d : kAllDirections) {
        const Bits from = step(m, reverse(d)) & active_movers(s, d);
        if (!from) continue;
        const bool king = (from & s.kings) != 0;
        if (king || below) can = true;
      }
      n += can ? 1 : 0;
    }
  }
  return n;
}

int gap(const Sides& s) {
  const Bits empty = empty_of(s);
  int n = 0;
  for (Bits e = empty & 0xFFFFFFFFu; e; e &= e - 1) {
    const Bits sq = e & (~e + 1);
    for (const auto& axis : kAxes) {
      const Bits a = step(sq, axis[0]), b = step(sq, axis[1]);
      if ((a & s.passive) && (b & s.passive))
        ++n;
      else if ((a & s.passive && !b) || (b & s.passive && !a))
        ++n;  // the edge beyond it
    }
  }
  return n;
}

int dyke(const Sides& s) {
  int n = 0;
  for (Direction d : {down_left, down_right}) {
    // x passive with x + d passive, then x + d with x + 2d passive: three in a row.
    const Bits two = s.passive & step(s.passive, reverse(d));
    n += count(two & step(two, reverse(d)));
  }
  return n;
}

int expos(const Sides& s) {
  const Bits empty = empty_of(s);
  int n = 0;
  for (Bits p = s.passive; p; p &= p - 1) {
    const Bits sq = p & (~p + 1);
    bool flanked = false;
    for (const auto& axis : kAxes)
      if ((step(sq, axis[0]) & empty) && (step(sq, axis[1]) & empty)) flanked = true;
    n += flanked ? 1 : 0;
  }
  return n;
}

int hole(const Sides& s) {
  int n = 0;
  for (Bits e = empty_of(s); e; e &= e - 1) n += neighbours_in(e & (~e + 1), s.passive) >= 3;
  return n;
}

int node(const Sides& s) {
  const Bits empty = empty_of(s);
  int n = 0;
  for (Bits p = s.passive; p; p &= p - 1) n += neighbours_in(p & (~p + 1), empty) >= 3;
  return n;
}

int pole(const Sides& s) {
  const Bits empty = empty_of(s);
  int n = 0;
  for (Bits p = s.passive & ~s.kings; p; p &= p - 1) {
    const Bits sq = p & (~p + 1);
    n += neighbours_in(sq, empty) == neighbours_on_board(sq);
  }
  return n;
}

int corn(const Sides& s) {
  const int active = material_credit(s.active, s.kings);
  const int passive = material_credit(s.passive, s.kings);
  return (active <= 6 && passive > active && (active_targets(s) & kDoubleCorners)) ? 1 : 0;
}

int move(const Sides& s) {
  const int active = material_credit(s.active, s.kings);
  const int passive = material_credit(s.passive, s.kings);
  if (active != passive || active + passive >= 24) return 0;
  return (count((s.active | s.passive) & kMoveSystem) % 2 == 1) ? 1 : 0;
}

}  // namespace

std::optional<Term> term_from_name(std::string_view name) {
  for (int i = 0; i < kTermCount; ++i)
    if (kTermNames[static_cast<std::size_t>(i)] == name) return static_cast<Term>(i);
  return std::nullopt;
}

Sides sides_for(Bits black, Bits white, Bits kings, Side passive) {
  if (passive == kBlack) return {black, white, kings};
  // Turned round: square n becomes 31 - n, White's back row becomes 0-3.
  auto turn = [](Bits b) {
    Bits r = 0;
    for (; b; b &= b - 1) r |= bit(31 - lowest_square(b));
    return r;
  };
  return {turn(white), turn(black), turn(kings)};
}

Sides sides_for(const Draughts& position, Side passive) {
  return sides_for(position.black(), position.white(), position.kings(), passive);
}

int term_value(Term t, const Sides& s) {
  const Bits pmen = s.passive & ~s.kings, pkings = s.passive & s.kings;
  switch (t) {
    case ADV:
      return count(pmen & kRows5and6) - count(pmen & kRows3and4);
    case APEX:
      return (!s.kings && (s.active & kApex) && !(s.passive & kApex)) ? -1 : 0;
    case BACK:
      return (!(s.active & s.kings) && (s.passive & kBridge) == kBridge) ? 1 : 0;
    case CENT:
      return count(pmen & kCentre);
    case CNTR:
      return count((s.active | active_targets(s)) & kCentre);
    case CORN:
      return corn(s);
    case CRAMP:
      return ((s.passive & kCrampSquare) && (s.passive & kCrampNearby) &&
              (s.active & kCramped) == kCramped)
                 ? 2
                 : 0;
    case DENY:
      return deny(s);
    case DIA:
      return count(s.passive & kDoubleDiagonal);
    case DIAV:
      return count(s.passive & kTwoRemoved) + 2 * count(s.passive & kOneRemoved) +
             3 * count(s.passive & kDoubleDiagonal);
    case DYKE:
      return dyke(s);
    case EXCH:
      return exch(s);
    case EXPOS:
      return expos(s);
    case FORK:
      return fork(s);
    case GAP:
      return gap(s);
    case GUARD:
      return (!(s.active & s.kings) &&
              ((s.passive & kBridge) == kBridge || (s.passive & kOreo) == kOreo))
                 ? 1
                 : 0;
    case HOLE:
      return hole(s);
    case KCENT:
      return count(pkings & kCentre);
    case MOB:
      return mob(s);
    case MOBIL:
      return mob(s) - deny(s);
    case MOVE:
      return move(s);
    case NODE:
      return node(s);
    case OREO:
      return (!pkings && (s.passive & kOreo) == kOreo) ? 1 : 0;
    case POLE:
      return pole(s);
    case RECAP:
      return exch(s);
    case THRET:
      return thret(s);
    case kTermCount:
      break;
  }
  return 0;
}

std::array<int, kTermCount> features(const Draughts& position) {
  const Sides s = sides_for(position, opposite(position.side_to_move()));
  std::array<int, kTermCount> f{};
  for (int i = 0; i < kTermCount; ++i)
    f[static_cast<std::size_t>(i)] = term_value(static_cast<Term>(i), s);
  return f;
}

}  // namespace minimax::draughts::samuel
