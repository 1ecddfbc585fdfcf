#pragma once
// The null search: number the legal moves and play one drawn at random, every move equally likely
// (Shannon 1950, section 3, his strategy (2), a mixed strategy). A Player over the Game concept,
// so every game's `random` machine is this one. Seeded, so a game can be replayed.
#include <cstdint>
#include <string>
#include <utility>

#include "core/game.hpp"
#include "core/player.hpp"
#include "core/rng.hpp"

namespace minimax::search {

template <Game G>
class RandomPlayer final : public Player<G> {
 public:
  using Move = typename G::Move;
  // `source` is added to each explanation, e.g. " (Shannon's strategy (2))".
  explicit RandomPlayer(std::string source = {}, std::uint64_t seed = 1)
      : source_(std::move(source)), seed_(seed), rng_(seed) {
    this->options_.seed(seed_, rng_, "seed of the random choice");
  }
  [[nodiscard]] std::string name() const override { return "random"; }
  void new_game() override { rng_.reseed(seed_); }
  Thought<Move> choose(const G& position, const Limits&) override {
    typename G::MoveList moves;
    position.generate_moves(moves);
    Thought<Move> t;
    if (moves.empty()) return t;
    const auto i = rng_.below(moves.size());
    t.move = moves[i];
    t.line = {t.move};
    t.explanation = "move " + std::to_string(i + 1) + " of " + std::to_string(moves.size()) +
                    " legal moves, drawn at random" + source_;
    return t;
  }

 private:
  std::string source_;
  std::uint64_t seed_;
  Rng rng_;
};

}  // namespace minimax::search
