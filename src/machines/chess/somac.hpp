#pragma once
// SOMAC as a Player (Michie 1966, appendix): value the position after each legal move by
// somac_rules.hpp, play the greatest, choose at random among equals (seeded).
#include <memory>

#include "core/rng.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::chess {

class Somac final : public ChessPlayer {
 public:
  explicit Somac(std::uint64_t seed = 1);
  [[nodiscard]] std::string name() const override { return "somac"; }
  void new_game() override { rng_.reseed(seed_); }
  // Limits are not used: SOMAC looks one move ahead.
  Thought<Move> choose(const Position& position, const Limits& limits) override;

 private:
  std::uint64_t seed_;
  Rng rng_;
};

std::unique_ptr<ChessPlayer> make_somac();

}  // namespace minimax::chess
