#pragma once
// TUROCHAMP: Turing's paper machine (seeds 000 and 002) as a Player. The rules themselves are in
// turochamp_rules.hpp; this file is the rule of play: the greatest value, then the greatest
// position-play value, then a seeded random choice (Turing: "a choice may be made at random").
#include <memory>

#include "core/rng.hpp"
#include "machines/chess/registry.hpp"
#include "machines/chess/turochamp_rules.hpp"

namespace minimax::chess {

class Turochamp final : public ChessPlayer {
 public:
  explicit Turochamp(std::uint64_t seed = 1);
  [[nodiscard]] std::string name() const override { return "turochamp"; }
  void new_game() override { rng_.reseed(seed_); }
  // Limits are not used: Turing's rule fixes how far the machine looks.
  Thought<Move> choose(const Position& position, const Limits& limits) override;

  [[nodiscard]] const turochamp::TurochampRules& rules() const { return rules_; }

 private:
  turochamp::TurochampRules rules_;
  bool endgame_rules_ = false;  // Endgame=rules: KRK and KPK go to the rule programs
  std::uint64_t seed_;
  Rng rng_;
};

std::unique_ptr<ChessPlayer> make_turochamp();

}  // namespace minimax::chess
