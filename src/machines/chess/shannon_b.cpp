#include "machines/chess/shannon_b.hpp"

#include <algorithm>
#include <cstdio>

#include "core/text.hpp"
#include "games/chess/attacks.hpp"
#include "machines/chess/move_deadline.hpp"
#include "machines/chess/shannon_options.hpp"
#include "search/alpha_beta.hpp"

namespace minimax::chess {

namespace shannon {

namespace {

// Shannon's piece values (f(P)'s coefficients) for comparing attackers.
int value(PieceType t) {
  switch (t) {
    case pawn:
      return 1;
    case knight:
    case bishop:
      return 3;
    case rook:
      return 5;
    case queen:
      return 9;
    case king:
      return 200;
    default:
      return 0;
  }
}

Bitboard attacks_of(const Position& pos, Square s, Bitboard occ) {
  const Piece p = pos.piece_on(s);
  const PieceType t = type_of(p);
  if (t == pawn) return pawn_attacks(color_of(p), s);
  return attacks(t, s, occ);
}

bool threatens_mate(Position& pos, Move m) {
  const Color us = pos.side();
  pos.play(m);
  bool threat = false;
  if (!pos.in_check() && pos.has_legal_move()) {
    pos.play_null();
    Position::MoveList moves;
    pos.generate_moves(moves);
    const Square their_king = pos.king_square(~us);
    for (const Move& x : moves) {
      if (x.to() == their_king || !pos.gives_check(x)) continue;
      pos.play(x);
      threat = !pos.has_legal_move();
      pos.undo(x);
      if (threat) break;
    }
    pos.undo_null();
  }
  pos.undo(m);
  return threat;
}

}  // namespace

bool unstable(const Position& pos) {
  const Bitboard occ = pos.pieces();
  for (Color c : {white, black}) {
    Bitboard b = pos.pieces(c) & ~pos.pieces(king);
    while (b) {
      const Square s = pop_lsb(b);
      const Bitboard attackers = pos.attackers_to(s) & pos.pieces(~c);
      if (!attackers) continue;
      const int v = value(type_of(pos.piece_on(s)));
      for (Bitboard a = attackers; a;)
        if (value(type_of(pos.piece_on(pop_lsb(a)))) < v) return true;
      const Bitboard defenders = pos.attackers_to(s) & pos.pieces(c);
      if (popcount(attackers) > popcount(defenders)) return true;
    }
  }
  // A check on a square the opponent controls.
  Position::MoveList moves;
  pos.generate_moves(moves);
  const Color them = ~pos.side();
  for (const Move& m : moves)
    if (pos.gives_check(m) && pos.attacked_by(them, m.to())) return true;
  (void)occ;
  return false;
}

int selection_grade(Position& pos, Move m, bool mate_threats) {
  const Color us = pos.side();
  const PieceType t = type_of(pos.moved_piece(m));
  if (pos.is_capture(m) || m.is_promotion() || pos.gives_check(m)) return 3;
  if (!m.is_castling()) {
    // An attack on a queen or rook from the square moved to.
    const Bitboard occ = (pos.pieces() & ~bb(m.from())) | bb(m.to());
    Bitboard hit = 0;
    if (t == pawn)
      hit = pawn_attacks(us, m.to());
    else
      hit = attacks(t, m.to(), occ);
    const Bitboard before = attacks_of(pos, m.from(), pos.pieces());
    const Bitboard majors = pos.pieces(~us) & (pos.pieces(queen) | pos.pieces(rook));
    if (hit & majors & ~before) return 3;
  }
  if (mate_threats && threatens_mate(pos, m)) return 3;
  // Developing.
  if (m.is_castling()) return 2;
  const int from_rank = relative_rank(us, m.from());
  if ((t == knight || t == bishop) && from_rank == 0) return 2;
  if (t == pawn && from_rank == 1 && (file_of(m.from()) == 3 || file_of(m.from()) == 4)) return 2;
  // Defensive: the piece moved is attacked.
  if (pos.attackers_to(m.from()) & pos.pieces(~us)) return 1;
  return 0;
}

int required_grade(int ply) { return std::min(ply, 3); }

bool TypeBRules::horizon(Position& pos, int depth, int ply) const {
  return depth <= 0 && (ply >= max_depth || !unstable(pos));
}

bool TypeBRules::select(Position& pos, Position::MoveList& moves, int depth, int ply,
                        const Move*) const {
  // Before MinDepth the moves h rates high enough for their ply; past it the forceful ones
  // (captures, promotions, checks).
  const bool quiescence = depth <= 0;
  // Before MinDepth, in check, every legal reply: a check is the most forceful move and its
  // replies are "highly limited" (Shannon 1950), so all of them are examined and the side to move
  // may not stand on f. Otherwise h(P,M) chooses which variations are explored, not which moves
  // the side to move may make: a move h passes over still exists, and the side to move keeps it,
  // valued as f of the position it stands on (the quiet move it was not asked to name). Without
  // that a forceful line would be answered only by the forceful moves h admits, and a quiet
  // defence (...h6 against a back-rank mate) would be lost: a mate that is not there. Past
  // MinDepth the side to move may always stand on f, in check or not (every reply to every check
  // of a 20-ply chain of checks is more than any search can follow), so a mate is reported only
  // where every defence the machine knows of has been examined.
  if (!quiescence && pos.in_check()) return false;
  const int need = quiescence ? 3 : required_grade(ply);
  if (need == 0) return false;  // the machine's own move: every move, and it must move
  Position::MoveList chosen;
  for (const Move& m : moves) {
    if (quiescence) {
      if (pos.is_capture(m) || m.is_promotion() || pos.gives_check(m)) chosen.push_back(m);
      continue;
    }
    if (selection_grade(pos, m, true) >= need) chosen.push_back(m);
  }
  // Before MinDepth the stand is the moves h passed over, so there must be one; past it the
  // side to move may always stop the exchanges on f (as before this change).
  const bool passed_over = chosen.size() < moves.size();
  moves = chosen;
  return quiescence || passed_over;
}

void CapturesFirst::operator()(const Position& pos, Position::MoveList& moves, int) const {
  std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
    return pos.is_capture(a) > pos.is_capture(b);
  });
}

}  // namespace shannon

ShannonB::ShannonB(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.spin("MinDepth", 4, 1, 10, "plies always explored (4: two moves each)", &min_depth_)
      .spin("MaxDepth", 20, 1, 40, "plies never exceeded (20: ten moves each)", &max_depth_)
      .check("Deepen", false,
             "with a time per move: MinDepth 1, 2, ... 10 while it lasts (off: MinDepth, "
             "whatever the time)",
             &deepen_)
      .seed(seed_, rng_);
  shannon::declare_tolerance_option(options_, tolerance_);
  shannon::declare_weight_options(options_, weights_);
}

Thought<Move> ShannonB::choose(const Position& position, const Limits& limits) {
  Position pos = position;
  Thought<Move> t;
  Position::MoveList moves;
  pos.generate_moves(moves);
  if (moves.empty()) return t;
  int min_depth = std::clamp(limits.depth.value_or(min_depth_), 1, 10);
  // Every first move (h admits all at the root); exact values near the best (as type A).
  auto search_to = [&](int depth, const std::atomic<bool>* stop, std::vector<int>& values) {
    shannon::TypeB search(shannon::LeafValue{&weights_}, shannon::CapturesFirst{}, nullptr,
                          shannon::TypeBRules{{&weights_}, std::max(depth, max_depth_)});
    search.set_max_ply(std::max(depth, max_depth_));
    search.set_stop(stop);
    return search.root_values(pos, depth, moves, tolerance_, values);
  };
  // Iterative deepening of MinDepth against the clock, with Deepen: the first search, at MinDepth
  // 1, always finishes; the deepest search finished in time decides.
  const bool deepen = deepen_ && limits.movetime_ms && !limits.depth;
  if (deepen) min_depth = 1;
  std::vector<int> values;
  auto found = search_to(min_depth, nullptr, values);
  // The positions below the root (type B has always counted them so; the core counts the root).
  std::uint64_t nodes = found.nodes - 1;
  if (deepen) {
    const MoveDeadline deadline(*limits.movetime_ms);
    for (int d = 2; d <= 10; ++d) {
      std::vector<int> next_values;
      auto next = search_to(d, deadline.flag(), next_values);
      nodes += next.nodes - 1;
      if (next.stopped) break;
      found = std::move(next);
      values = std::move(next_values);
      min_depth = d;
      report_progress(found.line, found.score, nodes, d);
    }
  }
  const int best = found.score;
  const std::vector<Move>& line = found.line;
  std::vector<Move> equal;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (values[i] >= best - tolerance_) equal.push_back(moves[i]);
  t.move = equal.size() == 1 ? equal[0] : equal[rng_.below(equal.size())];
  t.score = best;
  t.nodes = nodes;
  t.depth = min_depth;
  t.line = t.move == line.front() ? line : std::vector<Move>{t.move};
  Position end = position;
  for (const Move& m : line) end.play(m);
  char buf[128];
  std::snprintf(buf, sizeof buf,
                "value %+.2f (f(P) after a %zu-ply selected line, %llu positions, %zu equal moves)",
                best / 100.0, line.size(), static_cast<unsigned long long>(nodes), equal.size());
  t.explanation =
      std::string(buf) + "\n  at the end of the line: " + shannon::terms(end).describe(weights_);
  return t;
}

std::unique_ptr<ChessPlayer> make_shannon_b() { return std::make_unique<ShannonB>(); }

}  // namespace minimax::chess
