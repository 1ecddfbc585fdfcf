#pragma once
// Shannon's strategy (2) (Shannon 1950, section 3): number the legal moves and choose one at
// random, a mixed strategy. Seeded, so a game can be replayed.
#include <memory>

#include "core/rng.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::chess {

class RandomMachine final : public ChessPlayer {
 public:
  explicit RandomMachine(std::uint64_t seed = 1);
  [[nodiscard]] std::string name() const override { return "random"; }
  void new_game() override { rng_.reseed(seed_); }
  Thought<Move> choose(const Position& position, const Limits& limits) override;

 private:
  std::uint64_t seed_;
  Rng rng_;
};

std::unique_ptr<ChessPlayer> make_random();

}  // namespace minimax::chess
