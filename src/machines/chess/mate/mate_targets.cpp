#include "machines/chess/mate/mate_targets.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <string>
#include <unordered_map>

#include "games/chess/attacks.hpp"

namespace minimax::chess::mate {

namespace {

constexpr int kFar = kUnreachable;

int pawn_steps(Color c, Square from, Square to);

// Moves of each piece (knight to king) from a to b on an empty board, by breadth-first search;
// and a pawn's moves of each colour to stand on b as a pawn or as the piece it promotes to.
struct Distances {
  std::uint8_t d[7][64][64];
  std::uint8_t pawn_to[2][7][64][64];
  Distances() {
    for (int t = knight; t <= king; ++t)
      for (int a = 0; a < 64; ++a) {
        auto& row = d[t][a];
        std::fill(std::begin(row), std::end(row), std::uint8_t(kFar));
        row[a] = 0;
        Bitboard frontier = bb(Square(a)), seen = frontier;
        for (int depth = 1; frontier; ++depth) {
          Bitboard next = 0;
          while (frontier) next |= attacks(PieceType(t), pop_lsb(frontier), 0);
          next &= ~seen;
          seen |= next;
          frontier = next;
          for (Bitboard n = next; n;) row[pop_lsb(n)] = std::uint8_t(depth);
        }
      }
    for (int c = 0; c < 2; ++c)
      for (int t = pawn; t <= king; ++t)
        for (int a = 0; a < 64; ++a)
          for (int b = 0; b < 64; ++b) {
            const Color col = Color(c);
            int best = kFar;
            if (t == pawn) {
              if (relative_rank(col, Square(b)) != 7) best = pawn_steps(col, Square(a), Square(b));
            } else if (t != king) {
              for (int f = 0; f < 8; ++f) {
                const Square p = make_square(f, col == white ? 7 : 0);
                const int to_p = pawn_steps(col, Square(a), p);
                if (to_p < kFar) best = std::min(best, to_p + d[t][p][b]);
              }
            }
            pawn_to[c][t][a][b] = std::uint8_t(std::min(best, kFar));
          }
  }
};

const Distances& distances() {
  static const Distances d;
  return d;
}

int king_distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// A pawn's moves as a pawn (captures allowed anywhere: a file aside for a rank ahead), the double
// step from its first rank counted as one move.
int pawn_steps(Color c, Square from, Square to) {
  const int r0 = relative_rank(c, from), r1 = relative_rank(c, to);
  if (r0 == 0 || r0 == 7) return kFar;
  const int dr = r1 - r0, df = std::abs(file_of(to) - file_of(from));
  if (dr < 0 || df > dr) return kFar;
  return dr - (r0 == 1 && dr - df >= 2 ? 1 : 0);
}

// Squares from which a unit of colour c and type t attacks s on an empty board.
Bitboard attackers_of(Color c, PieceType t, Square s) {
  return t == pawn ? pawn_attacks(~c, s) : attacks(t, s, 0);
}

// Squares a unit of colour c and type t on s attacks on an empty board.
Bitboard attacks_from(Color c, PieceType t, Square s) {
  return t == pawn ? pawn_attacks(c, s) : attacks(t, s, 0);
}

// SplitMix64's finaliser: a target's hash must not be a simple function of its parts, which the
// search's table keys (themselves salted by the plies left) could cancel.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

class Builder {
 public:
  Builder(const Position& pos, Color mated, int mater_moves, int mated_moves, std::size_t limit,
          std::vector<MateTarget>& out)
      : pos_(pos), mated_(mated), mater_(~mated), out_(out), limit_(limit) {
    left_[mater_] = mater_moves;
    left_[mated_] = mated_moves;
    // Castling moves a king and a rook in one move: a side that may castle gets a move of grace.
    for (const Color c : {white, black})
      if (pos.castling_rights() & castling_rights_of(c)) ++left_[c];
    for (Bitboard b = pos.pieces(); b;) {
      const Square s = pop_lsb(b);
      const Piece p = pos.piece_on(s);
      if (s == pos.king_square(mated)) continue;
      units_[n_++] = {s, type_of(p), color_of(p)};
    }
    for (int i = 0; i < n_; ++i)
      for (int t = pawn; t <= king; ++t)
        for (int s = 0; s < 64; ++s)
          cost_[i][t][s] = std::uint8_t(moves_needed(pos, units_[i].color, units_[i].type,
                                                     units_[i].sq, PieceType(t), Square(s)));
  }

  [[nodiscard]] bool over() const { return overflow_ || out_.size() > limit_; }

  void run(bool stalemate) {
    stalemate_ = stalemate;
    const Square bk = pos_.king_square(mated_);
    for (int s = 0; s < 64; ++s) {
      const Square k = Square(s);
      const int d = moves_needed(pos_, mated_, king, bk, king, k);
      if (d > left_[mated_]) continue;
      k_ = k;
      used_[mated_] = d;
      used_[mater_] = 0;
      if (stalemate)
        flights(king_attacks(k_));
      else
        place_checker();
    }
  }

 private:
  struct Unit {
    Square sq;
    PieceType type;
    Color color;
    bool placed = false;
    Square at = no_square;
    PieceType as = no_piece_type;
    bool taken = false;  // stalemate: a man of the stalemated side taken before the end
    Bitboard pin = 0;    // stalemate: the line it is pinned on, if a pin is one of its roles
  };

  // The types a unit can have in the mate: its own, or for a pawn any it promotes to within the
  // moves its side has left.
  int types_of(const Unit& u, PieceType* out) const {
    out[0] = u.type;
    if (u.type != pawn) return 1;
    const int r = relative_rank(u.color, u.sq);
    if ((7 - r) - (r == 1 ? 1 : 0) > left_[u.color] - used_[u.color]) return 1;
    out[1] = queen, out[2] = rook, out[3] = bishop, out[4] = knight;
    return 5;
  }

  void place(int i, Square at, PieceType as, int cost) {
    units_[i].placed = true;
    units_[i].at = at;
    units_[i].as = as;
    used_[units_[i].color] += cost;
    occupied_ |= bb(at);
  }
  void unplace(int i, int cost) {
    occupied_ &= ~bb(units_[i].at);
    used_[units_[i].color] -= cost;
    units_[i].placed = false;
  }

  void place_checker() {
    for (int i = 0; i < n_; ++i) {
      const Unit u = units_[i];
      if (u.color != mater_ || u.type == king) continue;
      PieceType types[5];
      const int nt = types_of(u, types);
      for (int ti = 0; ti < nt; ++ti)
        for (Bitboard b = attackers_of(mater_, types[ti], k_); b;) {
          const Square s = pop_lsb(b);
          const int cost = cost_[i][types[ti]][s];
          if (used_[mater_] + cost > left_[mater_]) continue;
          // The line of the check stays empty.
          const Bitboard saved = empty_;
          empty_ |= between(s, k_);
          place(i, s, types[ti], cost);
          flights(king_attacks(k_));
          unplace(i, cost);
          empty_ = saved;
        }
    }
  }

  // Does a placed unit of the mating side, other than one standing on f, attack f?
  bool guarded(Square f) const {
    for (int i = 0; i < n_; ++i) {
      const Unit& u = units_[i];
      if (u.placed && u.color == mater_ && u.at != f && (attacks_from(mater_, u.as, u.at) & bb(f)))
        return true;
    }
    return false;
  }
  bool blocked(Square f) const {
    for (int i = 0; i < n_; ++i)
      if (units_[i].placed && units_[i].color == mated_ && units_[i].at == f) return true;
    return false;
  }

  void flights(Bitboard left) {
    if (over()) return;
    if (!left) {
      stalemate_ ? immobilise() : emit();
      return;
    }
    const Square f = lsb(left);
    const Bitboard rest = left & (left - 1);
    if (blocked(f) || guarded(f)) {
      flights(rest);
      return;
    }
    // A block: a man of the mated side on f (not where a unit of the mating side stands).
    if (!((occupied_ | empty_) & bb(f)))
      for (int i = 0; i < n_; ++i) {
        const Unit u = units_[i];
        if (u.placed || u.color != mated_) continue;
        PieceType types[5];
        const int nt = types_of(u, types);
        for (int ti = 0; ti < nt; ++ti) {
          const int cost = cost_[i][types[ti]][f];
          if (used_[mated_] + cost > left_[mated_]) continue;
          place(i, f, types[ti], cost);
          flights(rest);
          unplace(i, cost);
        }
      }
    // A guard: a unit of the mating side on a square attacking f (its king not beside K).
    for (int i = 0; i < n_; ++i) {
      const Unit u = units_[i];
      if (u.placed || u.color != mater_) continue;
      PieceType types[5];
      const int nt = types_of(u, types);
      for (int ti = 0; ti < nt; ++ti)
        for (Bitboard b = attackers_of(mater_, types[ti], f) & ~occupied_ & ~empty_ & ~bb(k_); b;) {
          const Square s = pop_lsb(b);
          if (types[ti] == king && king_distance(s, k_) < 2) continue;
          // The guard's line to the flight stays empty (but for the mated king on it: a flight
          // behind the king is guarded through it).
          const Bitboard keep = between(s, f) & ~bb(k_);
          if (keep & occupied_) continue;
          const int cost = cost_[i][types[ti]][s];
          if (used_[mater_] + cost > left_[mater_]) continue;
          const Bitboard saved = empty_;
          empty_ |= keep;
          place(i, s, types[ti], cost);
          flights(rest);
          unplace(i, cost);
          empty_ = saved;
        }
    }
  }

  // Stalemate: every man of the stalemated side other than its king is unable to move too
  // (Popeye's intelligent stalemate: immobilise the "trouble makers", then deal with the men left
  // over). The placed units are where they stand in the stalemate, so a move one of the
  // stalemated side's placed men has among them must be taken away in the stalemate by a unit not
  // placed yet: for a move to a square (the next square of a line piece's line; a pawn's step) a
  // man of its own side on that square, for a pawn's step a man of the other side there too, or
  // for any move a pin on a line the move leaves. Each way that fits in the moves is tried, the
  // first such move fixed first, until none is left; then each man of the stalemated side not
  // placed yet is either taken (by a move of the other side: no more of them than it has moves)
  // or stands, immobile, on some square it can reach.
  struct Trouble {
    int unit;
    Square to;
    bool step;  // a pawn's step forward
  };
  bool trouble(Trouble& tr) const {
    Bitboard own = bb(k_), theirs = 0;
    for (int i = 0; i < n_; ++i)
      if (units_[i].placed) (units_[i].color == mated_ ? own : theirs) |= bb(units_[i].at);
    const Bitboard occupied = own | theirs;
    for (int i = 0; i < n_; ++i) {
      const Unit& u = units_[i];
      if (!u.placed || u.color != mated_) continue;
      const Bitboard allowed = u.pin ? u.pin : ~Bitboard(0);
      Bitboard to;
      if (u.as == pawn) {
        const Square ahead = Square(u.at + (mated_ == white ? 8 : -8));
        if (!(occupied & bb(ahead)) && (allowed & bb(ahead))) {
          tr = {i, ahead, true};
          return true;
        }
        to = pawn_attacks(mated_, u.at) & theirs;
      } else if (u.as == knight) {
        to = knight_attacks(u.at) & ~own;
      } else {
        to = attacks(u.as, u.at, occupied) & king_attacks(u.at) & ~own;
      }
      to &= allowed;
      if (to) {
        tr = {i, lsb(to), false};
        return true;
      }
    }
    return false;
  }

  [[nodiscard]] bool can_stand(int i, PieceType as, Square s) const {
    return !((occupied_ | empty_ | bb(k_)) & bb(s)) &&
           !(units_[i].color == mater_ && as == king && king_distance(s, k_) < 2);
  }

  // Each unit of colour c not placed yet (nor taken), in each type it can have, on s, then `next`.
  template <class Next>
  void each_on(Color c, Square s, Next next) {
    for (int i = 0; i < n_; ++i) {
      const Unit u = units_[i];
      if (u.placed || u.taken || u.color != c) continue;
      PieceType types[5];
      const int nt = types_of(u, types);
      for (int ti = 0; ti < nt; ++ti) {
        if (!can_stand(i, types[ti], s)) continue;
        const int cost = cost_[i][types[ti]][s];
        if (used_[c] + cost > left_[c]) continue;
        place(i, s, types[ti], cost);
        next(i, types[ti]);
        unplace(i, cost);
      }
    }
  }

  void immobilise() {
    if (over()) return;
    if (++steps_ > max_steps_) {
      overflow_ = true;
      return;
    }
    Trouble tr;
    if (!trouble(tr)) {
      unused();
      return;
    }
    const Square at = units_[tr.unit].at;
    const Square to = tr.to;
    // A man of its own side on the square (for a line piece, the next square of its line).
    if (!((occupied_ | empty_) & bb(to))) {
      each_on(mated_, to, [&](int, PieceType) { immobilise(); });
      if (tr.step) each_on(mater_, to, [&](int, PieceType) { immobilise(); });
    }
    // A pin: the line from K through the man, on which the move does not stay, empty from K to
    // it and from it to a line piece of the other side beyond it.
    const Bitboard l = line(k_, at);
    if (units_[tr.unit].pin || !l || (l & bb(to))) return;
    const Bitboard taken_squares = occupied_ | bb(k_);
    if (between(k_, at) & taken_squares) return;
    const int df = (file_of(at) > file_of(k_)) - (file_of(at) < file_of(k_));
    const int dr = (rank_of(at) > rank_of(k_)) - (rank_of(at) < rank_of(k_));
    const bool diagonal = df != 0 && dr != 0;
    auto pins = [&](PieceType t) { return t == queen || t == (diagonal ? bishop : rook); };
    for (int f = file_of(at) + df, r = rank_of(at) + dr; f >= 0 && f < 8 && r >= 0 && r < 8;
         f += df, r += dr) {
      const Square p = make_square(f, r);
      const Bitboard keep = between(k_, at) | between(at, p);
      auto pinned = [&] {
        const Bitboard saved = empty_;
        empty_ |= keep;
        units_[tr.unit].pin = l;
        immobilise();
        units_[tr.unit].pin = 0;
        empty_ = saved;
      };
      if (taken_squares & bb(p)) {
        for (int i = 0; i < n_; ++i)
          if (units_[i].placed && units_[i].at == p && units_[i].color == mater_ &&
              pins(units_[i].as))
            pinned();
        break;
      }
      if (empty_ & bb(p)) continue;
      each_on(mater_, p, [&](int, PieceType t) {
        if (pins(t)) pinned();
      });
    }
  }

  void unused() {
    if (over()) return;
    int i = 0;
    while (i < n_ && (units_[i].placed || units_[i].taken || units_[i].color != mated_)) ++i;
    if (i == n_) {
      emit();
      return;
    }
    if (taken_ < left_[mater_]) {
      units_[i].taken = true;
      ++taken_;
      unused();
      --taken_;
      units_[i].taken = false;
    }
    const Unit u = units_[i];
    PieceType types[5];
    const int nt = types_of(u, types);
    for (int ti = 0; ti < nt; ++ti)
      for (int s = 0; s < 64; ++s) {
        if (!can_stand(i, types[ti], Square(s))) continue;
        const int cost = cost_[i][types[ti]][s];
        if (used_[mated_] + cost > left_[mated_]) continue;
        place(i, Square(s), types[ti], cost);
        immobilise();
        unplace(i, cost);
      }
  }

  // Does a unit of the mating side, `type` on s, attack K where no unit can come between?
  [[nodiscard]] bool unblockable_check(PieceType type, Square s) const {
    if (type == king) return false;
    if (!(attacks_from(mater_, type, s) & bb(k_))) return false;
    return type == knight || type == pawn || king_distance(s, k_) == 1;
  }

  void emit() {
    MateTarget t;
    t.roles[t.n++] = {pos_.king_square(mated_), king, mated_, k_, king};
    std::uint64_t h = mix(0x51ed27e1ull + k_);
    for (int i = 0; i < n_; ++i) {
      const Unit& u = units_[i];
      if (!u.placed) continue;
      if (u.color == mater_ && unblockable_check(u.as, u.at)) {
        // A stalemate with the king in check, or a double check nothing could have come between.
        if (stalemate_ || t.checks_unblockably >= 0) return;
        t.checks_unblockably = t.n;
      }
      t.roles[t.n++] = {u.sq, u.type, u.color, u.at, u.as};
      h = mix(h ^ ((std::uint64_t(u.sq) << 16) | (std::uint64_t(u.at) << 8) | u.as));
    }
    t.hash = h | 1;
    t.vacate = bb(k_) | occupied_ | empty_;
    t.every_mated_unit = stalemate_;
    const auto [it, added] = seen_.try_emplace(t.hash, out_.size());
    if (added)
      out_.push_back(t);
    else
      out_[it->second].vacate &= t.vacate;
  }

  const Position& pos_;
  Color mated_, mater_;
  std::vector<MateTarget>& out_;
  std::size_t limit_;
  Unit units_[32];
  std::uint8_t cost_[32][7][64];  // moves_needed of each unit to each type and square
  int n_ = 0;
  int left_[2] = {0, 0};
  int used_[2] = {0, 0};
  Square k_ = no_square;
  bool stalemate_ = false;
  // Stalemate: the positions immobilise() may try, 250 a target kept (about 0.1 us each): 5
  // million (about half a second) for the automatic driver's 20,000 targets, at most 20 million.
  std::uint64_t max_steps_ = std::min<std::uint64_t>(250 * std::uint64_t(limit_), 20'000'000);
  std::uint64_t steps_ = 0;  // positions tried in immobilise()
  bool overflow_ = false;    // more than max_steps_: no target set
  int taken_ = 0;            // stalemate: men of the stalemated side taken
  Bitboard occupied_ = 0;    // the squares placed units stand on in the mate
  Bitboard empty_ = 0;       // squares the mate needs empty: the lines of the check and the guards
  std::unordered_map<std::uint64_t, std::size_t> seen_;  // a target's hash: its index in out_
};

}  // namespace

int moves_needed(const Position& pos, Color c, PieceType type, Square from, PieceType target_type,
                 Square to) {
  static const Distances& dist = distances();
  if (type == pawn) return dist.pawn_to[c][target_type][from][to];
  if (type != target_type) return kFar;
  if (type != king) return dist.d[type][from][to];
  int d = king_distance(from, to);
  const int rights = pos.castling_rights() & castling_rights_of(c);
  if (rights == 0) return d;
  const int rank = c == white ? 0 : 7;
  if (rights & (white_oo | black_oo)) d = std::min(d, 1 + king_distance(make_square(6, rank), to));
  if (rights & (white_ooo | black_ooo))
    d = std::min(d, 1 + king_distance(make_square(2, rank), to));
  return d;
}

int pawn_captures_needed(Color c, Square from, PieceType target_type, Square to, int budget) {
  static const Distances& dist = distances();
  if (target_type == pawn) {
    const int steps = pawn_steps(c, from, to);
    return steps <= budget ? std::abs(file_of(to) - file_of(from)) : kFar;
  }
  if (target_type == king) return kFar;
  int best = kFar;
  for (int f = 0; f < 8; ++f) {
    const Square p = make_square(f, c == white ? 7 : 0);
    const int steps = pawn_steps(c, from, p);
    if (steps < kFar && steps + dist.d[target_type][p][to] <= budget)
      best = std::min(best, std::abs(f - file_of(from)));
  }
  return best;
}

Bitboard capture_cone(Color c, Square from) {
  static const auto cones = [] {
    std::array<std::array<Bitboard, 64>, 2> t{};
    for (int col = 0; col < 2; ++col)
      for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
          const int dr =
              relative_rank(Color(col), Square(b)) - relative_rank(Color(col), Square(a));
          if (dr > 0 && std::abs(file_of(Square(b)) - file_of(Square(a))) <= dr)
            t[col][a] |= bb(Square(b));
        }
    return t;
  }();
  return cones[c][from];
}

namespace {

// The roles on their squares in the mate, and a king of the mating side on `extra` if given, as
// a position with the mated side to move (no castling, no en passant); empty when there is none.
std::optional<Position> roles_position(const MateTarget& t, Color mated, Square extra) {
  Piece board[64] = {};
  if (extra != no_square) board[extra] = make_piece(~mated, king);
  for (int i = 0; i < t.n; ++i)
    board[t.roles[i].target] = make_piece(t.roles[i].color, t.roles[i].target_type);
  std::string fen = placement_fen(board);
  fen += mated == white ? " w - - 0 1" : " b - - 0 1";
  auto p = Position::from_fen(fen);
  if (!p) return std::nullopt;
  return std::move(*p);
}

// The fewest moves a unit of colour c without a role, standing in `pos` (off `roles_now`), needs to
// stand on one of `squares` (a pawn as a pawn or promoted); kUnreachable when none can.
int fewest_to_reach(const Position& pos, Color c, Bitboard roles_now, Bitboard squares) {
  int best = kUnreachable;
  for (Bitboard units = pos.pieces(c) & ~roles_now & ~pos.pieces(king); units;) {
    const Square from = pop_lsb(units);
    const PieceType type = type_of(pos.piece_on(from));
    for (Bitboard to = squares; to && best > 0;) {
      const Square sq = pop_lsb(to);
      if (type != pawn) {
        best = std::min(best, moves_needed(pos, c, type, from, type, sq));
        continue;
      }
      for (const PieceType tt : {pawn, knight, bishop, rook, queen})
        best = std::min(best, moves_needed(pos, c, pawn, from, tt, sq));
    }
  }
  return best;
}

// In P (roles_position), every unit of the mating side there is: what the mated side must add for
// a mate to look like P. `cost` is kUnreachable (no mate can) when a mated unit attacks the mating
// king from where nothing can come between (or at all, when the mated side has no unit left either:
// `both`), or when the mated side has a move that stays legal in the mate whatever it adds. Nothing
// can pin a mated unit or guard a square more than in P, so each of its moves in P stays legal
// unless a unit of its own without a role stands on a square the move needs empty (its way, and
// its square when it takes nothing): none can when `both`, none on a vacate square in any case.
// Each such move asks one unit there: at least the fewest moves any unit without a role (`pos`'s
// units off the roles) needs to reach one of its squares, and `cost` is the largest of those over
// the moves (one unit may stop several). `first` holds the squares that would stop the first such
// move (none when P is a mate, or no position at all).
struct Escapes {
  int cost = 0;
  Bitboard first = 0;
};

Escapes escapes(const Position& pos, const MateTarget& t, Color mated, Square extra, bool both) {
  const Color mater = ~mated;
  Bitboard occupied = extra != no_square ? bb(extra) : 0;
  Bitboard mated_now = 0;
  Square mk = extra;
  for (int i = 0; i < t.n; ++i) {
    occupied |= bb(t.roles[i].target);
    if (t.roles[i].color == mater && t.roles[i].target_type == king) mk = t.roles[i].target;
    if (t.roles[i].color == mated) mated_now |= bb(t.roles[i].now);
  }
  Escapes e;
  // One more thing a unit without a role must stop, standing on one of `stops`: false when none
  // can (e is then kUnreachable).
  auto ask = [&](Bitboard stops) {
    if (!stops) {
      e = {kUnreachable, 0};
      return false;
    }
    if (!e.first) e.first = stops;
    e.cost = std::max(e.cost, fewest_to_reach(pos, mated, mated_now, stops));
    if (e.cost < kUnreachable) return true;
    e = {kUnreachable, 0};
    return false;
  };
  // A mated unit that attacks the mating king: something must come between (P is no position),
  // a unit of the mated side without a role off the vacate squares.
  for (int i = 0; i < t.n; ++i) {
    const Role& r = t.roles[i];
    if (r.color != mated) continue;
    const Bitboard a = r.target_type == pawn ? pawn_attacks(mated, r.target)
                                             : attacks(r.target_type, r.target, occupied);
    if ((a & bb(mk)) && !ask(both ? 0 : between(r.target, mk) & ~t.vacate)) return e;
  }
  if (e.first) return e;
  const auto p = roles_position(t, mated, extra);
  if (!p || !p->in_check() || p->king_square(mated) != t.roles[0].target) return e;
  Position::MoveList list;
  p->generate_moves(list);
  if (both) return list.empty() ? e : Escapes{kUnreachable, 0};
  for (const Move m : list) {
    Bitboard needs_empty = between(m.from(), m.to());
    if (!p->is_capture(m)) needs_empty |= bb(m.to());
    if (!ask(needs_empty & ~t.vacate)) return e;
  }
  return e;
}

// Does a unit of the mated side with a role stop the check in every mate holding the roles, by
// taking the checking unit or coming between, wherever the mating king stands? True when the
// mating side has no unit without a role but its king (which pins nothing, and stands on no vacate
// square): a single check, and a mated unit, pinned by no role of the mating side, that can take
// the checking unit or step onto the check's line with every square of its way (and its square when
// it takes nothing) a vacate square, where nothing else can stand.
bool check_always_stopped(const MateTarget& t, Color mated) {
  const Color mater = ~mated;
  const Square k = t.roles[0].target;
  Bitboard occupied = 0;
  for (int i = 0; i < t.n; ++i) occupied |= bb(t.roles[i].target);
  Square checker = no_square;
  Bitboard pinned = 0;  // units with a line piece of the mating side behind them, alone on its line
  for (int i = 0; i < t.n; ++i) {
    const Role& r = t.roles[i];
    if (r.color != mater || r.target_type == king) continue;
    if (r.target_type != pawn && r.target_type != knight &&
        (attacks(r.target_type, r.target, 0) & bb(k))) {
      const Bitboard way = between(r.target, k) & occupied;
      if (popcount(way) == 1) pinned |= way;
    }
    const Bitboard a = r.target_type == pawn ? pawn_attacks(mater, r.target)
                                             : attacks(r.target_type, r.target, occupied);
    if (!(a & bb(k))) continue;
    if (checker != no_square) return false;  // a double check: nothing stops both
    checker = r.target;
  }
  if (checker == no_square) return false;
  const Bitboard line = between(checker, k);
  for (int i = 1; i < t.n; ++i) {
    const Role& r = t.roles[i];
    if (r.color != mated || r.target_type == king || (pinned & bb(r.target))) continue;
    const Square from = r.target;
    Bitboard reach;
    if (r.target_type == pawn) {
      const Square one = Square(mated == white ? from + 8 : from - 8);
      reach = pawn_attacks(mated, from) & bb(checker);
      if (relative_rank(mated, from) < 7 && !(occupied & bb(one))) {
        reach |= bb(one) & line;
        const Square two = Square(mated == white ? from + 16 : from - 16);
        if (relative_rank(mated, from) == 1 && !(occupied & bb(two))) reach |= bb(two) & line;
      }
    } else {
      reach = attacks(r.target_type, from, occupied) & (line | bb(checker));
    }
    for (; reach;) {
      const Square to = pop_lsb(reach);
      Bitboard needs_empty = between(from, to);
      if (to != checker) needs_empty |= bb(to);
      if (!(needs_empty & ~t.vacate)) return true;
    }
  }
  return false;
}

// What the roles of a target ask of each side before anything else stands on the board: the moves
// left to spare, and whether a side is exact. Every unit without a role is either taken before the
// end or stands off the target's vacate squares, and each side's pawn roles must take at least as
// many units of the other side as they need captures: a side with no more units without a role
// than that has none left in the mate ("exact").
struct Tally {
  bool known = true;     // false: a pawn role cannot take what it must (not this test's business)
  bool possible = true;  // false: the pawn roles need more captures than there are units to take
  bool king_role = false;
  bool exact[2] = {false, false};
  int spare[2] = {0, 0};
  int units_left[2] = {0, 0};  // units without a role, less those the other side's pawns take
};

Tally tally(const Position& pos, const MateTarget& t, Color mated, int mater_moves,
            int mated_moves) {
  const Color mater = ~mated;
  Tally y;
  int captures[2] = {0, 0};
  y.spare[mater] = mater_moves;
  y.spare[mated] = mated_moves;
  y.units_left[white] = popcount(pos.pieces(white));
  y.units_left[black] = popcount(pos.pieces(black));
  for (int i = 0; i < t.n; ++i) {
    const Role& r = t.roles[i];
    --y.units_left[r.color];
    if (r.color == mater && r.type == king) y.king_role = true;
    y.spare[r.color] -= moves_needed(pos, r.color, r.type, r.now, r.target_type, r.target);
    if (r.type == pawn) {
      const int need = pawn_captures_needed(r.color, r.now, r.target_type, r.target,
                                            r.color == mated ? mated_moves : mater_moves);
      if (need >= kUnreachable) y.known = false;
      captures[r.color] += need;
    }
  }
  for (const Color c : {white, black}) {
    // The units of c the other side's pawn roles must take: never its king, nor a role.
    const int victims = y.units_left[c] - (y.king_role || c == mated ? 0 : 1);
    if (captures[~c] > victims) y.possible = false;
    y.units_left[c] -= captures[~c];
    y.exact[c] = y.units_left[c] <= 0;
  }
  return y;
}

// Is the target no mate whatever else stands on the board? When the mating side is exact, the
// escapes of P decide on its roles alone. When only its king has no role, the king stands in the
// mate within its spare moves (those its roles leave) of where it stands now, off the vacate
// squares: the target is no mate when it is none with the king on each such square (tried for up
// to two spare moves, 25 squares).
bool no_mate_whatever_else(const Position& pos, const MateTarget& t, Color mated, const Tally& y) {
  const Color mater = ~mated;
  if (!y.known) return false;
  auto refuted_in = [&](Square extra) {
    return escapes(pos, t, mated, extra, y.exact[mated]).cost > y.spare[mated];
  };
  if (y.king_role) return y.exact[mater] && refuted_in(no_square);
  // The king without a role is a unit the others' count holds but no capture removes.
  if (y.units_left[mater] - 1 > 0) return false;
  if (check_always_stopped(t, mated)) return true;
  if (y.spare[mater] > 2 || (pos.castling_rights() & castling_rights_of(mater))) return false;
  const Square from = pos.king_square(mater);
  for (int s = 0; s < 64; ++s) {
    const Square sq = Square(s);
    if (king_distance(from, sq) > y.spare[mater] || (t.vacate & bb(sq))) continue;
    if (!refuted_in(sq)) return false;
  }
  return true;
}

// The targets made whole mates where the roles say enough (after Popeye's interception of a black
// move). When every unit of the mating side, its king included, has a role and the mated side has
// units without one, a move of the mated side that is legal in P is stopped in the mate only by
// one of those units standing on its way (escapes): the target is replaced by one target for each
// unit, square of that way and type (a pawn may promote) within the mated side's spare moves, the
// unit given a role there, and each is completed again until P is a mate. Every mate holding the
// first target's roles holds one of these, so no solution is lost; the search then holds each
// unit that stops an escape to its square, where before any unit anywhere off the vacate squares
// kept the target alive. Other targets are kept as they are, less those no mate can hold. Targets
// with the same roles are one, needing the squares both need.
class Completion {
 public:
  Completion(const Position& pos, Color mated, int mater_moves, int mated_moves, std::size_t limit)
      : pos_(pos),
        mated_(mated),
        mater_moves_(mater_moves),
        mated_moves_(mated_moves),
        limit_(limit) {}

  void add(const MateTarget& t) {
    const Tally y = tally(pos_, t, mated_, mater_moves_, mated_moves_);
    if (!y.possible) return;
    if (y.known && y.king_role && y.exact[~mated_] && !y.exact[mated_]) {
      Bitboard now = 0;
      for (int i = 0; i < t.n; ++i)
        if (t.roles[i].color == mated_) now |= bb(t.roles[i].now);
      complete(t, y.spare[mated_], now);
    } else if (!no_mate_whatever_else(pos_, t, mated_, y)) {
      keep(t);
    }
  }
  [[nodiscard]] bool over() const { return over_; }
  std::vector<MateTarget>& targets() { return out_; }

 private:
  void complete(const MateTarget& t, int spare, Bitboard mated_now) {
    const Escapes e = escapes(pos_, t, mated_, no_square, false);
    if (e.cost > spare) return;
    if (!e.first || t.n == 32) {
      keep(t);
      return;
    }
    for (Bitboard units = pos_.pieces(mated_) & ~mated_now & ~pos_.pieces(king); units;) {
      const Square from = pop_lsb(units);
      const PieceType type = type_of(pos_.piece_on(from));
      for (Bitboard to = e.first; to;) {
        const Square sq = pop_lsb(to);
        for (const PieceType as : {pawn, knight, bishop, rook, queen}) {
          if (type != pawn && as != type) continue;
          const int cost = moves_needed(pos_, mated_, type, from, as, sq);
          if (cost > spare) continue;
          if (type == pawn &&
              pawn_captures_needed(mated_, from, as, sq, mated_moves_) >= kUnreachable)
            continue;
          MateTarget n = t;
          n.roles[n.n++] = {from, type, mated_, sq, as};
          n.vacate |= bb(sq);
          complete(n, spare - cost, mated_now | bb(from));
          if (over_) return;
        }
      }
    }
  }

  // The roles as a set (the order they were placed in does not matter).
  static std::uint64_t set_hash(const MateTarget& t) {
    std::uint64_t h = 0;
    for (int i = 0; i < t.n; ++i) {
      const Role& r = t.roles[i];
      h ^= mix((std::uint64_t(r.color) << 32) | (std::uint64_t(r.now) << 16) |
               (std::uint64_t(r.target) << 8) | std::uint64_t(r.target_type));
    }
    return h | 1;
  }

  void keep(MateTarget t) {
    t.hash = set_hash(t);
    const auto [it, added] = seen_.try_emplace(t.hash, out_.size());
    if (!added) {
      out_[it->second].vacate &= t.vacate;
      return;
    }
    out_.push_back(t);
    if (out_.size() > limit_) over_ = true;
  }

  const Position& pos_;
  Color mated_;
  int mater_moves_, mated_moves_;
  std::size_t limit_;
  bool over_ = false;
  std::vector<MateTarget> out_;
  std::unordered_map<std::uint64_t, std::size_t> seen_;
};

}  // namespace

bool mate_targets(const Position& pos, Color mated, int mater_moves, int mated_moves,
                  std::size_t limit, std::vector<MateTarget>& out, bool stalemate) {
  out.clear();
  if (mater_moves < 1) return true;
  Builder b(pos, mated, mater_moves, mated_moves, limit, out);
  b.run(stalemate);
  if (b.over()) return false;
  if (stalemate) return true;
  Completion c(pos, mated, mater_moves, mated_moves, limit);
  for (const MateTarget& t : out) {
    c.add(t);
    if (c.over()) return false;
  }
  out = std::move(c.targets());
  return true;
}

}  // namespace minimax::chess::mate
