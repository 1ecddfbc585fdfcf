#pragma once
// A draughts machine that plays a legal move drawn at random, every move equally likely (the
// baseline of the draughts tournament, as Shannon's strategy (2) is of the chess one). Seeded, so
// a game can be replayed.
#include <cstdint>
#include <memory>
#include <string>

#include "core/player.hpp"
#include "core/rng.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

class RandomMachine final : public Player<Draughts> {
 public:
  explicit RandomMachine(std::uint64_t seed = 1);
  [[nodiscard]] std::string name() const override { return "random"; }
  void new_game() override { rng_.reseed(seed_); }
  Thought<Move> choose(const Draughts& position, const Limits& limits) override;

 private:
  std::uint64_t seed_;
  Rng rng_;
};

std::unique_ptr<Player<Draughts>> make_random();

}  // namespace minimax::draughts
