#include "machines/chess/shannon_a.hpp"

#include <algorithm>
#include <cstdio>

#include "core/text.hpp"
#include "machines/chess/move_deadline.hpp"
#include "machines/chess/shannon_options.hpp"
#include "machines/chess/shannon_search.hpp"
#include "search/alpha_beta.hpp"

namespace minimax::chess {

namespace shannon {

namespace {

// Captures first (the most valuable victim first): the same value, fewer positions.
struct MostValuableVictimFirst {
  void operator()(const Position& pos, Position::MoveList& moves, int /*ply*/) const {
    auto key = [&](const Move& m) {
      if (!pos.is_capture(m)) return 0;
      const PieceType victim = m.is_en_passant() ? pawn : type_of(pos.piece_on(m.to()));
      return 100 + 10 * victim - type_of(pos.moved_piece(m));
    };
    std::stable_sort(moves.begin(), moves.end(),
                     [&](const Move& a, const Move& b) { return key(a) > key(b); });
  }
};

// Type A on the search core: every move to the depth (the default horizon and selection), f(P)
// at the leaves, Shannon's ends of the game.
using TypeA = search::AlphaBeta<Position, LeafValue, MostValuableVictimFirst, GameEnds>;

TypeA type_a(const Weights& w) {
  return TypeA(LeafValue{&w}, MostValuableVictimFirst{}, nullptr, GameEnds{&w});
}

}  // namespace

int type_a_value(Position& pos, int depth, const Weights& w, std::uint64_t& nodes) {
  TypeA search = type_a(w);
  const auto r = search.search(pos, depth);
  nodes += r.nodes;
  return r.score;
}

RootResult type_a_root(Position& pos, int depth, const Weights& w, int tolerance,
                       const std::atomic<bool>* stop) {
  TypeA search = type_a(w);
  search.set_stop(stop);
  Position::MoveList moves;
  pos.generate_moves(moves);
  MostValuableVictimFirst{}(pos, moves, 0);
  // Every move that may come within `tolerance` of the best gets its exact value.
  std::vector<int> values;
  const auto found = search.root_values(pos, depth, moves, tolerance, values);
  RootResult r;
  for (std::size_t i = 0; i < moves.size(); ++i) r.moves.emplace_back(moves[i], values[i]);
  r.best = found.score;
  r.line = found.line;
  r.nodes = found.nodes;
  r.stopped = found.stopped;
  return r;
}

}  // namespace shannon

ShannonA::ShannonA(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.spin("Depth", 4, 1, 8, "plies searched full width (4: two moves each)", &depth_)
      .check("Deepen", false,
             "with a time per move: depths 1, 2, ... 8 while it lasts (off: Depth, whatever "
             "the time)",
             &deepen_)
      .seed(seed_, rng_);
  shannon::declare_tolerance_option(options_, tolerance_);
  shannon::declare_weight_options(options_, weights_);
}

Thought<Move> ShannonA::choose(const Position& position, const Limits& limits) {
  Position pos = position;
  Thought<Move> t;
  int depth = std::clamp(limits.depth.value_or(depth_), 1, 8);
  shannon::RootResult r;
  if (deepen_ && limits.movetime_ms && !limits.depth) {
    // Iterative deepening against the clock: the deepest search finished in time decides (depth
    // 1 always finishes).
    const MoveDeadline deadline(*limits.movetime_ms);
    std::uint64_t nodes = 0;
    for (int d = 1; d <= 8; ++d) {
      auto next =
          shannon::type_a_root(pos, d, weights_, tolerance_, d == 1 ? nullptr : deadline.flag());
      nodes += next.nodes;
      if (next.stopped) break;
      r = std::move(next);
      depth = d;
      report_progress(r.line, r.best, nodes, d);
    }
    r.nodes = nodes;
  } else {
    r = shannon::type_a_root(pos, depth, weights_, tolerance_);
  }
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
  std::snprintf(buf, sizeof buf,
                "value %+.2f (f(P) backed up %d plies, %llu positions, %zu equal moves)",
                r.best / 100.0, depth, static_cast<unsigned long long>(r.nodes), equal.size());
  t.explanation =
      std::string(buf) + "\n  at the end of the line: " + shannon::terms(end).describe(weights_);
  return t;
}

std::unique_ptr<ChessPlayer> make_shannon_a() { return std::make_unique<ShannonA>(); }

}  // namespace minimax::chess
