#include "machines/chess/shannon_a.hpp"

#include <algorithm>
#include <cstdio>

#include "core/text.hpp"
#include "machines/chess/shannon_options.hpp"

namespace minimax::chess {

namespace shannon {

namespace {

constexpr int kInf = 1 << 29;

// Captures first (the most valuable victim first): the same value, fewer positions.
void order_moves(const Position& pos, Position::MoveList& moves) {
  auto key = [&](const Move& m) {
    if (!pos.is_capture(m)) return 0;
    const PieceType victim = m.is_en_passant() ? pawn : type_of(pos.piece_on(m.to()));
    return 100 + 10 * victim - type_of(pos.moved_piece(m));
  };
  std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) { return key(a) > key(b); });
}

bool drawn_by_rule(const Position& pos) {
  return pos.is_fifty_move_draw() || pos.is_insufficient_material() || pos.is_repetition(3);
}

struct Searcher {
  const Weights& w;
  std::uint64_t nodes = 0;

  int negamax(Position& pos, int depth, int ply, int alpha, int beta, std::vector<Move>& line) {
    ++nodes;
    line.clear();
    Position::MoveList moves;
    pos.generate_moves(moves);
    if (moves.empty()) {
      if (!pos.in_check()) return 0;  // stalemate
      // f with the mated king counted 0; a mate nearer the root is a hundredth better for the
      // winner, so the machine mates rather than postponing (not in Shannon's f).
      return evaluate_for_mover(pos, w) + ply;
    }
    if (ply > 0 && drawn_by_rule(pos)) return 0;
    if (depth <= 0) return evaluate_for_mover(pos, w);
    order_moves(pos, moves);
    int best = -kInf;
    std::vector<Move> child;
    for (const Move& m : moves) {
      pos.play(m);
      const int v = -negamax(pos, depth - 1, ply + 1, -beta, -alpha, child);
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

int type_a_value(Position& pos, int depth, const Weights& w, std::uint64_t& nodes) {
  Searcher s{w};
  std::vector<Move> line;
  const int v = s.negamax(pos, depth, 0, -kInf, kInf, line);
  nodes += s.nodes;
  return v;
}

RootResult type_a_root(Position& pos, int depth, const Weights& w, int tolerance) {
  RootResult r;
  Searcher s{w};
  Position::MoveList moves;
  pos.generate_moves(moves);
  order_moves(pos, moves);
  r.best = -kInf;
  std::vector<Move> child;
  for (const Move& m : moves) {
    // Every move that may come within `tolerance` of the best gets its exact value: the window
    // opens just below (best - tolerance).
    const int alpha = r.best == -kInf ? -kInf : r.best - tolerance - 1;
    pos.play(m);
    const int v = -s.negamax(pos, depth - 1, 1, -kInf, -alpha, child);
    pos.undo(m);
    r.moves.emplace_back(m, v);
    if (v > r.best) {
      r.best = v;
      r.line.assign(1, m);
      r.line.insert(r.line.end(), child.begin(), child.end());
    }
  }
  r.nodes = s.nodes + 1;
  return r;
}

}  // namespace shannon

ShannonA::ShannonA(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.spin("Depth", 4, 1, 8, "plies searched full width (4: two moves each)", &depth_)
      .seed(seed_, rng_);
  shannon::declare_tolerance_option(options_, tolerance_);
  shannon::declare_weight_options(options_, weights_);
}

Thought<Move> ShannonA::choose(const Position& position, const Limits& limits) {
  Position pos = position;
  Thought<Move> t;
  const int depth = std::clamp(limits.depth.value_or(depth_), 1, 8);
  auto r = shannon::type_a_root(pos, depth, weights_, tolerance_);
  if (r.moves.empty()) return t;
  std::vector<Move> equal;
  for (const auto& [m, v] : r.moves)
    if (v >= r.best - tolerance_) equal.push_back(m);
  t.move = equal.size() == 1 ? equal[0] : equal[rng_.below(equal.size())];
  t.score = r.best;
  t.depth = depth;
  t.nodes = r.nodes;
  t.line = t.move == r.line.front() ? r.line : std::vector<Move>{t.move};
  // The f(P) terms at the end of the principal variation.
  Position end = position;
  for (const Move& m : r.line) end.play(m);
  char buf[128];
  std::snprintf(buf, sizeof buf, "value %+.2f (f(P) backed up %d plies, %llu positions, %zu equal moves)",
                r.best / 100.0, depth, static_cast<unsigned long long>(r.nodes), equal.size());
  t.explanation = std::string(buf) + "\n  at the end of the line: " + shannon::terms(end).describe(weights_);
  return t;
}

std::unique_ptr<ChessPlayer> make_shannon_a() { return std::make_unique<ShannonA>(); }

}  // namespace minimax::chess
