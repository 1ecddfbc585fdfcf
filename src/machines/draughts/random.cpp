#include "machines/draughts/random.hpp"

namespace minimax::draughts {

RandomMachine::RandomMachine(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.seed(seed_, rng_, "seed of the random choice");
}

Thought<Move> RandomMachine::choose(const Draughts& position, const Limits&) {
  Draughts::MoveList moves;
  position.generate_moves(moves);
  Thought<Move> t;
  if (moves.empty()) return t;
  const auto i = rng_.below(moves.size());
  t.move = moves[i];
  t.line = {t.move};
  t.explanation = "move " + std::to_string(i + 1) + " of " + std::to_string(moves.size()) +
                  " legal moves, drawn at random";
  return t;
}

std::unique_ptr<Player<Draughts>> make_random() { return std::make_unique<RandomMachine>(); }

}  // namespace minimax::draughts
