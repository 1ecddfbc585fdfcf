#include "machines/chess/somac.hpp"

#include <cmath>
#include <cstdio>

#include "core/text.hpp"
#include "machines/chess/somac_rules.hpp"

namespace minimax::chess {

Somac::Somac(std::uint64_t seed) : seed_(seed), rng_(seed) { options_.seed(seed_, rng_); }

Thought<Move> Somac::choose(const Position& position, const Limits&) {
  Position pos = position;
  const Color us = pos.side();
  Position::MoveList moves;
  pos.generate_moves(moves);
  Thought<Move> t;
  if (moves.empty()) return t;
  // V1 ... Vn: the value of our position after each move; the maximum; equals at random.
  std::vector<std::pair<Move, somac::Terms>> values;
  double best = -1e18;
  for (const Move& m : moves) {
    pos.play(m);
    const somac::Terms v = somac::evaluate(pos, us);
    pos.undo(m);
    values.emplace_back(m, v);
    best = std::max(best, v.total());
  }
  std::vector<std::size_t> equal;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i].second.total() == best) equal.push_back(i);
  const std::size_t pick = equal.size() == 1 ? equal[0] : equal[rng_.below(equal.size())];
  t.move = values[pick].first;
  t.line = {t.move};
  t.nodes = moves.size();
  t.depth = 1;
  const somac::Terms before = somac::evaluate(position, us);
  t.score = static_cast<int>(std::lround(std::min(best, 1e8)));
  char buf[96];
  std::snprintf(buf, sizeof buf, "V - V0 = %+.2f (%zu equal moves)", best - before.total(),
                equal.size());
  t.explanation = std::string(buf) + "\n  after: " + values[pick].second.describe();
  return t;
}

std::unique_ptr<ChessPlayer> make_somac() { return std::make_unique<Somac>(); }

}  // namespace minimax::chess
