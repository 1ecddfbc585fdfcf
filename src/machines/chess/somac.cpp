#include "machines/chess/somac.hpp"

#include <cmath>
#include <cstdio>

#include "core/text.hpp"
#include "machines/chess/somac_rules.hpp"

namespace minimax::chess {

Somac::Somac(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.seed(seed_, rng_)
      .spin("Lookahead", 1, 1, 3,
            "plies looked at: 1 is the appendix's one-move analyser; 2 looks at every reply and "
            "backs "
            "the appendix's value up by minimax (Michie 1966: 'when allowed a lookahead of 2'); 3 "
            "one "
            "ply more (about 40 times slower)",
            &lookahead_);
}

// Minimax over the plies left: the appendix's value of `us`'s position at the leaves. A leaf is
// valued as the appendix values the position after a move of ours, whoever is to move there
// (docs/somac.md: "Lookahead"); a side left without a move inside the tree is mated (the value is
// the appendix's "5/x = infinity" with its sign) or stalemated (the appendix's value of the
// position, as at one ply).
double Somac::backed_up(Position& pos, Color us, int plies_left, std::uint64_t& nodes) const {
  ++nodes;
  // A side left without a move is mated or stalemated, at a leaf as inside the tree: the
  // appendix's (C) sees only the opponent's mate, so SOMAC's own (after the opponent's reply) is
  // checked here, or the machine would walk into a mate in one.
  Position::MoveList moves;
  pos.generate_moves(moves);
  if (moves.empty()) {
    if (pos.in_check()) return pos.side() == us ? -somac::kMateBonus : somac::kMateBonus;
    return somac::evaluate(pos, us).total();
  }
  // The appendix values a side's position after its own move. A leaf after our move gets our
  // value; a leaf after the opponent's reply gets the opponent's value of its position, negated
  // (each side judged as the appendix judges the mover: docs/somac.md, "Lookahead").
  if (plies_left == 0)
    return pos.side() == us ? -somac::evaluate(pos, ~us).total() : somac::evaluate(pos, us).total();
  const bool ours = pos.side() == us;
  double best = ours ? -1e18 : 1e18;
  for (const Move& m : moves) {
    pos.play(m);
    const double v = backed_up(pos, us, plies_left - 1, nodes);
    pos.undo(m);
    best = ours ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

Thought<Move> Somac::choose(const Position& position, const Limits&) {
  Position pos = position;
  const Color us = pos.side();
  Position::MoveList moves;
  pos.generate_moves(moves);
  Thought<Move> t;
  if (moves.empty()) return t;
  // V1 ... Vn: the value of our position after each move (backed up over the replies when
  // looking further); the maximum; equals at random.
  std::vector<std::pair<Move, double>> values;
  double best = -1e18;
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    pos.play(m);
    // After our move, a mate is the appendix's 5/0 whatever the lookahead.
    const double v = static_cast<int>(lookahead_) == 1 || pos.is_checkmate()
                         ? (++nodes, somac::evaluate(pos, us).total())
                         : backed_up(pos, us, static_cast<int>(lookahead_) - 1, nodes);
    pos.undo(m);
    values.emplace_back(m, v);
    best = std::max(best, v);
  }
  std::vector<std::size_t> equal;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i].second == best) equal.push_back(i);
  const std::size_t pick = equal.size() == 1 ? equal[0] : equal[rng_.below(equal.size())];
  t.move = values[pick].first;
  t.line = {t.move};
  t.nodes = nodes;
  t.depth = static_cast<int>(lookahead_);
  const somac::Terms before = somac::evaluate(position, us);
  t.score = static_cast<int>(std::lround(std::clamp(best, -1e8, 1e8)));
  pos.play(t.move);
  const somac::Terms after = somac::evaluate(pos, us);
  char buf[128];
  std::snprintf(buf, sizeof buf, "V - V0 = %+.2f (%zu equal moves, lookahead %d)",
                best - before.total(), equal.size(), static_cast<int>(lookahead_));
  t.explanation = std::string(buf) + "\n  after: " + after.describe();
  return t;
}

std::unique_ptr<ChessPlayer> make_somac() { return std::make_unique<Somac>(); }

}  // namespace minimax::chess
