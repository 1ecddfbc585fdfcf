#pragma once
// SOMAC as a Player (Michie 1966, appendix): value the position after each legal move by
// somac_rules.hpp, play the greatest, choose at random among equals (seeded). With the option
// Lookahead 2 (Michie 1966: "when allowed a lookahead of 2") each move's value is the least the
// appendix's value can be after any reply (minimax over two plies); 3 looks one ply more.
#include <memory>

#include "core/rng.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::chess {

class Somac final : public ChessPlayer {
 public:
  explicit Somac(std::uint64_t seed = 1);
  [[nodiscard]] std::string name() const override { return "somac"; }
  void new_game() override { rng_.reseed(seed_); }
  // Limits are not used: SOMAC looks Lookahead plies ahead, every move.
  Thought<Move> choose(const Position& position, const Limits& limits) override;

 private:
  double backed_up(Position& pos, Color us, int plies_left, std::uint64_t& nodes) const;

  std::uint64_t seed_;
  Rng rng_;
  std::int64_t lookahead_ = 1;
};

std::unique_ptr<ChessPlayer> make_somac();

}  // namespace minimax::chess
