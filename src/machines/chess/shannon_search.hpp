#pragma once
// What Shannon's type A and type B machines (Shannon 1950) tell the search core
// (src/search/hooks.hpp): f(P) where a variation stops, and the ends of the game as his machines
// score them. Type B adds g(P) and h(P,M) on top (shannon_b.hpp).
#include <optional>

#include "games/chess/position.hpp"
#include "machines/chess/shannon_eval.hpp"

namespace minimax::chess::shannon {

// f(P) in hundredths from the side to move, where a variation stops (the core's leaf evaluation).
struct LeafValue {
  const Weights* weights;
  int operator()(Position& pos, int /*ply*/) const { return evaluate_for_mover(pos, *weights); }
};

// The ends of the game (the core's terminal hook). A mated side scores f with its king counted 0
// (Shannon: mate enters f through the king's 200), plus the ply: a mate nearer the root is a
// hundredth better for the winner, so the machine mates rather than postponing (not in Shannon's
// f). Stalemate is 0; below the root, fifty moves, threefold repetition and bare material are 0
// (at the root the machine still has to move).
struct GameEnds {
  const Weights* weights;
  std::optional<int> terminal(Position& pos, int ply) const;
};

}  // namespace minimax::chess::shannon
