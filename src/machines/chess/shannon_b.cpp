#include "machines/chess/shannon_b.hpp"

#include <algorithm>
#include <cstdio>

#include "core/text.hpp"
#include "games/chess/attacks.hpp"
#include "machines/chess/shannon_options.hpp"

namespace minimax::chess {

namespace shannon {

namespace {

constexpr int kInf = 1 << 29;

// Shannon's piece values (f(P)'s coefficients) for comparing attackers.
int value(PieceType t) {
  switch (t) {
    case pawn: return 1;
    case knight:
    case bishop: return 3;
    case rook: return 5;
    case queen: return 9;
    case king: return 200;
    default: return 0;
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
    if (t == pawn) hit = pawn_attacks(us, m.to());
    else hit = attacks(t, m.to(), occ);
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

namespace {

struct SearcherB {
  const Weights& w;
  int min_depth, max_depth;
  std::uint64_t nodes = 0;

  int search(Position& pos, int ply, int alpha, int beta, std::vector<Move>& line) {
    ++nodes;
    line.clear();
    Position::MoveList moves;
    pos.generate_moves(moves);
    if (moves.empty()) return pos.in_check() ? evaluate_for_mover(pos, w) + ply : 0;
    if (ply > 0 && (pos.is_fifty_move_draw() || pos.is_insufficient_material() || pos.is_repetition(3))) return 0;
    const bool quiescence = ply >= min_depth;
    if (quiescence && (ply >= max_depth || !unstable(pos))) return evaluate_for_mover(pos, w);
    // The moves h admits at this depth (beyond the minimum: the forceful ones, the side to move
    // being free to stand on the evaluation instead).
    Position::MoveList chosen;
    const int need = quiescence ? 3 : required_grade(ply);
    for (const Move& m : moves) {
      if (need == 0) {
        chosen.push_back(m);
        continue;
      }
      if (quiescence) {
        if (pos.is_capture(m) || m.is_promotion() || pos.gives_check(m)) chosen.push_back(m);
        continue;
      }
      if (selection_grade(pos, m, true) >= need) chosen.push_back(m);
    }
    int best = -kInf;
    if (quiescence || chosen.empty()) {
      best = evaluate_for_mover(pos, w);
      if (best >= beta || chosen.empty()) return best;
      alpha = std::max(alpha, best);
    }
    std::stable_sort(chosen.begin(), chosen.end(),
                     [&](const Move& a, const Move& b) { return pos.is_capture(a) > pos.is_capture(b); });
    std::vector<Move> child;
    for (const Move& m : chosen) {
      pos.play(m);
      const int v = -search(pos, ply + 1, -beta, -alpha, child);
      pos.undo(m);
      if (v > best) {
        best = v;
        line.assign(1, m);
        line.insert(line.end(), child.begin(), child.end());
      }
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
    return best;
  }
};

}  // namespace

}  // namespace shannon

ShannonB::ShannonB(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.spin("MinDepth", 4, 1, 10, "plies always explored (4: two moves each)", &min_depth_)
      .spin("MaxDepth", 20, 1, 40, "plies never exceeded (20: ten moves each)", &max_depth_)
      .seed(seed_, rng_);
  shannon::declare_tolerance_option(options_, tolerance_);
  shannon::declare_weight_options(options_, weights_);
}

Thought<Move> ShannonB::choose(const Position& position, const Limits& limits) {
  Position pos = position;
  Thought<Move> t;
  const int min_depth = std::clamp(limits.depth.value_or(min_depth_), 1, 10);
  shannon::SearcherB s{weights_, min_depth, std::max(min_depth, max_depth_)};
  Position::MoveList moves;
  pos.generate_moves(moves);
  if (moves.empty()) return t;
  // Every first move (h admits all at the root); exact values near the best (as type A).
  int best = -shannon::kInf;
  std::vector<std::pair<Move, int>> values;
  std::vector<Move> line, child;
  for (const Move& m : moves) {
    const int alpha = best == -shannon::kInf ? -shannon::kInf : best - tolerance_ - 1;
    pos.play(m);
    const int v = -s.search(pos, 1, -shannon::kInf, -alpha, child);
    pos.undo(m);
    values.emplace_back(m, v);
    if (v > best) {
      best = v;
      line.assign(1, m);
      line.insert(line.end(), child.begin(), child.end());
    }
  }
  std::vector<Move> equal;
  for (const auto& [m, v] : values)
    if (v >= best - tolerance_) equal.push_back(m);
  t.move = equal.size() == 1 ? equal[0] : equal[rng_.below(equal.size())];
  t.score = best;
  t.nodes = s.nodes;
  t.depth = min_depth;
  t.line = t.move == line.front() ? line : std::vector<Move>{t.move};
  Position end = position;
  for (const Move& m : line) end.play(m);
  char buf[128];
  std::snprintf(buf, sizeof buf, "value %+.2f (f(P) after a %zu-ply selected line, %llu positions, %zu equal moves)",
                best / 100.0, line.size(), static_cast<unsigned long long>(s.nodes), equal.size());
  t.explanation = std::string(buf) + "\n  at the end of the line: " + shannon::terms(end).describe(weights_);
  return t;
}

std::unique_ptr<ChessPlayer> make_shannon_b() { return std::make_unique<ShannonB>(); }

}  // namespace minimax::chess
