#include "machines/chess/mate/help_targets.hpp"

#include <algorithm>
#include <bit>

#include "games/chess/attacks.hpp"

namespace minimax::chess::mate {

// (The squares and the sums come first: a move that carries no role reads only them, in one
// cache line.)
struct TargetState {
  Bitboard squares[2] = {};     // where each colour's roles stand
  int need[2] = {};             // the moves each colour's roles still need
  std::uint32_t pawns[2] = {};  // each colour's roles that are pawns now, by index
  int cost[32] = {};            // moves each role still needs
  MateTarget t;

  void start(const Position& pos, const MateTarget& target) {
    t = target;
    need[white] = need[black] = 0;
    squares[white] = squares[black] = 0;
    pawns[white] = pawns[black] = 0;
    for (int j = 0; j < t.n; ++j) {
      const Role& r = t.roles[j];
      cost[j] = moves_needed(pos, r.color, r.type, r.now, r.target_type, r.target);
      need[r.color] += cost[j];
      squares[r.color] |= bb(r.now);
      if (r.type == pawn) pawns[r.color] |= 1u << j;
    }
  }
};

namespace {

// Castling moves the king and a rook in one move, two roles' moves counted as two: a side that
// may still castle gets one move of grace.
int castling_grace(const Position& pos, Color c) {
  return (pos.castling_rights() & castling_rights_of(c)) ? 1 : 0;
}

// The units of colour c without a role that stand where the mate needs the square: each must
// leave by a move of its own side, not counted in the roles' moves, unless the other side, with
// `other_left` moves, takes it. The moves c must spend on them beyond its roles' (at least).
int clearing_moves(const Position& pos, const TargetState& ts, Color c, int other_left) {
  const int standing = popcount(pos.pieces(c) & ~ts.squares[c] & ts.t.vacate);
  return std::max(0, standing - other_left);
}

// A pawn changes file only by taking, and what it takes is a unit of the other side without a role
// (a role stands in the mate), not its king: the captures colour c's pawn roles need (each within
// what its side's moves allow it) ask that many such units. One standing where none of those
// pawns can take on any way forward (capture_cone) must first move there, by a move of its own
// side. The moves the other side must spend so (at least), or kUnreachable when it has too few
// units.
int victim_moves(const Position& pos, const TargetState& ts, Color c, int allowed_c) {
  if (!ts.pawns[c]) return 0;
  int captures = 0;
  Bitboard cone = 0;
  for (std::uint32_t m = ts.pawns[c]; m; m &= m - 1) {
    const int j = std::countr_zero(m);
    const Role& r = ts.t.roles[j];
    const int k = pawn_captures_needed(c, r.now, r.target_type, r.target,
                                       allowed_c - ts.need[c] + ts.cost[j]);
    if (k == 0) continue;
    if (k >= kUnreachable) return kUnreachable;
    captures += k;
    cone |= capture_cone(c, r.now);
  }
  if (captures == 0) return 0;
  const Bitboard victims = pos.pieces(~c) & ~pos.pieces(king) & ~ts.squares[~c];
  if (popcount(victims) < captures) return kUnreachable;
  return std::max(0, captures - popcount(victims & cone));
}

// The moves the mating side needs beyond its roles' because a role that checks where nothing can
// come between stands on its square already (MateTarget::checks_unblockably): it must leave and
// come back, or as a pawn it never can.
int return_moves(const TargetState& ts) {
  const int j = ts.t.checks_unblockably;
  if (j < 0 || ts.cost[j] != 0) return 0;
  return ts.t.roles[j].type == pawn ? kUnreachable : 2;
}

// A target that gives every man of the stalemated side on the board at the end a role
// (MateTarget::every_mated_unit): the others must be taken, each by a move of the other side.
// How many there are now.
int takings_needed(const Position& pos, const TargetState& ts) {
  if (!ts.t.every_mated_unit) return 0;
  const Color c = ts.t.roles[0].color;
  return popcount(pos.pieces(c) & ~ts.squares[c]);
}

// Series play: the other side's men stand still until the series ends. A pawn of colour c (the
// series side) without a role that stands where the mate needs the square must leave it: forward,
// over squares of its file up to the first of the other side's men (a promotion lets it go
// anywhere), or by taking one of the other side's men that stands diagonally ahead of it on that
// way now. When every square it could stop on is one the mate needs and it can take nothing, it
// is stuck. Is the target out of reach so? A pawn stuck on the square of the king of its own side
// to be mated always; the others only when they are more than the other side's moves after the
// series (its last move might take one).
bool pawns_stuck(const Position& pos, const TargetState& ts, Color c, int them_left) {
  const Bitboard vacate = ts.t.vacate;
  Bitboard pawns = pos.pieces(c, pawn) & ~ts.squares[c] & vacate;
  if (!pawns) return false;
  const Bitboard prey = pos.pieces(~c) & ~pos.pieces(king);
  const int step = c == white ? 8 : -8;
  const Role& k = ts.t.roles[0];
  int stuck = 0;
  while (pawns) {
    const Square s = pop_lsb(pawns);
    bool exit = false;
    for (Square at = s;;) {
      if (pawn_attacks(c, at) & prey) {
        exit = true;
        break;
      }
      const Square ahead = Square(at + step);
      if (pos.pieces(~c) & bb(ahead)) break;  // blocked for good
      if (relative_rank(c, ahead) == 7 || !(vacate & bb(ahead))) {
        exit = true;
        break;
      }
      at = ahead;
    }
    if (exit) continue;
    if (k.color == c && k.target == s) return true;
    ++stuck;
  }
  return stuck > them_left;
}

}  // namespace

// (RoleStep and TargetsAtOnce have the namespace's linkage, not an anonymous one: TargetsSearch,
// declared in help_targets.hpp, holds them.)
// One move's effect on the roles: which it carries (a castling king and its rook), whether it
// takes one of the other side's (then it is never played toward this target), and the roles'
// squares, types and moves needed after it, undone by restore().
class RoleStep {
 public:
  // Before the move.
  bool prepare(const TargetState& ts, Move m, Color us) {
    us_ = us;
    const Square from = m.from();
    to_ = m.to();
    Square rook_from = no_square;
    if (m.is_castling()) {
      const bool king_side = to_ > from;
      rook_from = to_;
      rook_to_ = make_square(king_side ? 5 : 3, rank_of(from));
      to_ = make_square(king_side ? 6 : 2, rank_of(from));
    }
    const Square taken = m.is_en_passant() ? make_square(file_of(m.to()), rank_of(from))
                         : m.is_castling() ? no_square
                                           : m.to();
    moved_ = moved_rook_ = -1;
    promotion_ = no_piece_type;
    const Bitboard ours = bb(from) | (rook_from != no_square ? bb(rook_from) : 0);
    const Bitboard theirs = taken != no_square ? bb(taken) : 0;
    if (!(ours & ts.squares[us]) && !(theirs & ts.squares[~us])) return true;  // free, takes none
    for (int i = 0; i < ts.t.n; ++i) {
      const Role& r = ts.t.roles[i];
      if (r.color == us && r.now == from) moved_ = i;
      if (r.color == us && r.now == rook_from) moved_rook_ = i;
      if (r.color != us && r.now == taken) return false;
    }
    promotion_ = m.is_promotion() ? m.promotion_piece() : no_piece_type;
    return true;
  }
  [[nodiscard]] bool carries_a_role() const { return moved_ >= 0 || moved_rook_ >= 0; }
  // After pos.play(m): the moves its side's roles need now.
  int apply(const Position& pos, TargetState& ts) {
    saved_need_ = ts.need[us_];
    saved_squares_ = ts.squares[us_];
    saved_pawns_ = ts.pawns[us_];
    if (moved_ >= 0) {
      saved_ = ts.t.roles[moved_], saved_cost_ = ts.cost[moved_];
      update(pos, ts, moved_, to_, promotion_ != no_piece_type ? promotion_ : saved_.type);
    }
    if (moved_rook_ >= 0) {
      saved_rook_ = ts.t.roles[moved_rook_], saved_rook_cost_ = ts.cost[moved_rook_];
      update(pos, ts, moved_rook_, rook_to_, rook);
    }
    return ts.need[us_];
  }
  void restore(TargetState& ts) const {
    ts.need[us_] = saved_need_;
    ts.squares[us_] = saved_squares_;
    ts.pawns[us_] = saved_pawns_;
    if (moved_ >= 0) ts.t.roles[moved_] = saved_, ts.cost[moved_] = saved_cost_;
    if (moved_rook_ >= 0)
      ts.t.roles[moved_rook_] = saved_rook_, ts.cost[moved_rook_] = saved_rook_cost_;
  }

 private:
  void update(const Position& pos, TargetState& ts, int i, Square now, PieceType type) const {
    Role& r = ts.t.roles[i];
    ts.squares[us_] ^= bb(r.now) | bb(now);
    r.now = now;
    r.type = type;
    if (type != pawn) ts.pawns[us_] &= ~(1u << i);
    const int c = moves_needed(pos, r.color, r.type, r.now, r.target_type, r.target);
    ts.need[us_] += c - ts.cost[i];
    ts.cost[i] = c;
  }

  Color us_ = white;
  Square to_ = no_square, rook_to_ = no_square;
  PieceType promotion_ = no_piece_type;
  int moved_ = -1, moved_rook_ = -1;
  Role saved_, saved_rook_;
  int saved_need_ = 0, saved_cost_ = 0, saved_rook_cost_ = 0;
  Bitboard saved_squares_ = 0;
  std::uint32_t saved_pawns_ = 0;
};

// The search toward every target at once (help and series play): each target's state, and for each
// depth the targets still reachable there and the steps their roles took.
struct TargetsAtOnce {
  struct Frame {
    std::vector<int> alive;
    std::vector<RoleStep> steps;  // by index into alive
    std::vector<int> stepped;     // the indices whose roles the move carried
  };
  std::vector<TargetState> ts;
  std::vector<Frame> frames;

  TargetsAtOnce(const Position& pos, const std::vector<MateTarget>& targets, int plies)
      : ts(targets.size()), frames(plies + 2) {
    for (std::size_t i = 0; i < targets.size(); ++i) {
      ts[i].start(pos, targets[i]);
      frames[0].alive.push_back(static_cast<int>(i));
    }
  }
};

// One node of the search toward every target, help play (`left` plies) or series play (`left`
// series moves): counted, looked up in the table under the plain search's key, every move's lines
// searched by `move`; a node with no line is stored as a plain fail, `left` its weight.
TargetsSearch::TargetsSearch(SearchState& state, HelpPlay& help, const Position& pos,
                             const std::vector<MateTarget>& targets, int left)
    : s_(state),
      p_(state.problem),
      help_(help),
      w_(std::make_unique<TargetsAtOnce>(pos, targets, left)) {}

TargetsSearch::~TargetsSearch() = default;

bool TargetsSearch::root_move(Position& pos, int left, Move m, std::vector<Move>& line,
                              std::vector<std::vector<Move>>& out) {
  return is_series(p_.stip) ? series_move(pos, left, m, *w_, 0, line, out)
                            : move(pos, left, m, *w_, 0, line, out);
}

template <class MoveFn>
bool TargetsSearch::node(Position& pos, int left, bool series, MoveFn each) {
  ++s_.nodes;
  if (s_.out_of_budget()) return false;
  const std::uint64_t key = help_key(pos.key(), series ? 64 + left : left);
  if (s_.table.probe(key, 1) < 0) return false;
  Position::MoveList list;
  series ? help_.series_moves(pos, left, list) : help_.help_moves(pos, left, list);
  bool found = false;
  for (const Move m : list) {
    const bool ok = each(m);
    if (s_.aborted) return found;
    found = found || ok;
  }
  if (!found && !s_.aborted) s_.table.store_exact_fail(key, left);
  return found;
}

// Help play toward every target at once. A move is searched while some target stays within the
// moves left after it; the last move is tried as the plain search tries it (every mate holds some
// target's roles, so nothing is lost). Targets left out of a node are unreachable from its
// position, so a node with no line is a plain fail, stored as help_search stores one.
bool TargetsSearch::search(Position& pos, int plies, TargetsAtOnce& w, int d,
                           std::vector<Move>& line, std::vector<std::vector<Move>>& out) {
  if (plies == 1) return help_.help_search(pos, 1, true, line, out);
  return node(pos, plies, false, [&](Move m) { return move(pos, plies, m, w, d, line, out); });
}

bool TargetsSearch::move(Position& pos, int plies, Move m, TargetsAtOnce& w, int d,
                         std::vector<Move>& line, std::vector<std::vector<Move>>& out) {
  if (plies == 1) return help_.help_move(pos, 1, m, true, line, out);
  if (!play(pos, m, (plies - 1) / 2, plies - 1 - (plies - 1) / 2, false, w, d)) return false;
  line.push_back(m);
  const bool ok = search(pos, plies - 1, w, d + 1, line, out);
  line.pop_back();
  unplay(pos, m, w, d);
  return ok;
}

// Series play toward every target at once (series_search's rules: no series move but the last
// gives check; between series moves the other side passes; ser-h#: after the last, the other side
// mates in one, tried as the plain search tries it).
bool TargetsSearch::series(Position& pos, int moves, TargetsAtOnce& w, int d,
                           std::vector<Move>& line, std::vector<std::vector<Move>>& out) {
  if (moves == 0) return help_.series_search(pos, 0, true, line, out);
  return node(pos, moves, true,
              [&](Move m) { return series_move(pos, moves, m, w, d, line, out); });
}

bool TargetsSearch::series_move(Position& pos, int moves, Move m, TargetsAtOnce& w, int d,
                                std::vector<Move>& line, std::vector<std::vector<Move>>& out) {
  if (moves == 1 && !ends_with_other_sides_move(p_.stip))
    return help_.series_move(pos, 1, m, true, line, out);  // the series' last move reaches the goal
  if (moves > 1 && pos.gives_check(m)) return false;
  if (!play(pos, m, moves - 1, ends_with_other_sides_move(p_.stip) ? 1 : 0, true, w, d))
    return false;
  line.push_back(m);
  bool ok;
  if (moves == 1) {
    ok = series(pos, 0, w, d + 1, line, out);
  } else {
    pos.play_null();
    ok = series(pos, moves - 1, w, d + 1, line, out);
    pos.undo_null();
  }
  line.pop_back();
  unplay(pos, m, w, d);
  return ok;
}

// Plays m, unless no target at depth d can survive it (then false, nothing played): a target
// survives when m takes none of its roles and each side's roles, with the moves of units without a
// role that clear the squares its mate needs or bring what the pawn roles must take
// (clearing_moves, victim_moves) and a checking role's way back (return_moves), still fit in that
// side's moves left (`left_after` for the side moving, `them_left` for the other) and its castling
// grace; in `series` play, no pawn of the side moving is stuck (pawns_stuck). The survivors are
// the next depth's targets.
bool TargetsSearch::play(Position& pos, Move m, int left_after, int them_left, bool series,
                         TargetsAtOnce& w, int d) {
  TargetsAtOnce::Frame& f = w.frames[d];
  std::vector<int>& child = w.frames[d + 1].alive;
  if (f.steps.size() < f.alive.size()) f.steps.resize(f.alive.size());
  const Color us = to_color(pos.side_to_move());
  // Before the move is played: does any target possibly survive it? (The grace can only shrink
  // with the move, so a target that does not fit with today's grace does not fit after it.)
  const int allowed_before = left_after + castling_grace(pos, us);
  bool possible = false;
  for (std::size_t i = 0; i < f.alive.size() && !possible; ++i) {
    TargetState& ts = w.ts[f.alive[i]];
    RoleStep& step = f.steps[i];
    if (!step.prepare(ts, m, us)) continue;
    possible = step.carries_a_role() || ts.need[us] <= allowed_before;
  }
  if (!possible) return false;
  child.clear();
  f.stepped.clear();
  pos.play(m);
  const Color them = ~us;
  const int allowed = left_after + castling_grace(pos, us);
  const int allowed_them = them_left + castling_grace(pos, them);
  // Both sides' roles fit, with the moves that clear the squares the mate needs or that bring the
  // units the other side's pawns must take (either is a bound on the moves of units without a
  // role; their sum is not: one move may do both).
  auto fits = [&](const TargetState& ts, int need_us) {
    if (series && pawns_stuck(pos, ts, us, them_left)) return false;
    const int back = return_moves(ts);
    const bool mating = ts.t.roles[0].color != us;
    if (takings_needed(pos, ts) > (mating ? allowed : allowed_them)) return false;
    return need_us + (mating ? back : 0) +
                   std::max(clearing_moves(pos, ts, us, them_left),
                            victim_moves(pos, ts, them, allowed_them)) <=
               allowed &&
           ts.need[them] + (mating ? 0 : back) +
                   std::max(clearing_moves(pos, ts, them, left_after),
                            victim_moves(pos, ts, us, allowed)) <=
               allowed_them;
  };
  for (std::size_t i = 0; i < f.alive.size(); ++i) {
    TargetState& ts = w.ts[f.alive[i]];
    RoleStep& step = f.steps[i];
    if (!step.prepare(ts, m, us)) continue;  // it takes a role of the other side
    if (!step.carries_a_role()) {
      if (fits(ts, ts.need[us])) child.push_back(f.alive[i]);
      continue;
    }
    f.stepped.push_back(static_cast<int>(i));
    if (fits(ts, step.apply(pos, ts))) child.push_back(f.alive[i]);
  }
  if (child.empty()) {
    unplay(pos, m, w, d);
    return false;
  }
  return true;
}

void TargetsSearch::unplay(Position& pos, Move m, TargetsAtOnce& w, int d) {
  TargetsAtOnce::Frame& f = w.frames[d];
  for (const int i : f.stepped) f.steps[i].restore(w.ts[f.alive[i]]);
  pos.undo(m);
}

}  // namespace minimax::chess::mate
