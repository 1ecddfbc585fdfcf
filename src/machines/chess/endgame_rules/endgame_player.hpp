#pragma once
// The end-game rule programs as chess machines: `krk` (Torres y Quevedo's KRK machine of 1912, in
// the form of docs/endgame-rules.md) and `kpk` (Turing's "king and pawn against king"). Each plays
// either side of its own ending by rule, looking one move ahead and no further (the position after
// each of its moves judged statically); given any other position it resigns, saying why (Torres's
// machine knew one ending and no other).
#include <memory>
#include <string>

#include "machines/chess/registry.hpp"

namespace minimax::chess {

class EndgameRulesPlayer final : public ChessPlayer {
 public:
  enum class Ending { krk, kpk };
  explicit EndgameRulesPlayer(Ending ending) : ending_(ending) {}
  [[nodiscard]] std::string name() const override { return ending_ == Ending::krk ? "krk" : "kpk"; }
  Thought<Move> choose(const Position& position, const Limits& limits) override;

 private:
  Ending ending_;
};

std::unique_ptr<ChessPlayer> make_krk_rules();
std::unique_ptr<ChessPlayer> make_kpk_rules();

}  // namespace minimax::chess
