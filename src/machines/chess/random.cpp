#include "machines/chess/random.hpp"

namespace minimax::chess {

RandomMachine::RandomMachine(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.seed(seed_, rng_, "seed of the random choice");
}

Thought<Move> RandomMachine::choose(const Position& position, const Limits&) {
  Position::MoveList moves;
  position.generate_moves(moves);
  Thought<Move> t;
  if (moves.empty()) return t;
  const auto i = rng_.below(moves.size());
  t.move = moves[i];
  t.line = {t.move};
  t.explanation = "move " + std::to_string(i + 1) + " of " + std::to_string(moves.size()) +
                  " legal moves, drawn at random (Shannon's strategy (2))";
  return t;
}

std::unique_ptr<ChessPlayer> make_random() { return std::make_unique<RandomMachine>(); }

}  // namespace minimax::chess
