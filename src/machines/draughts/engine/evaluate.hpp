#pragma once
// The engine's evaluation: a sum of named terms, each a weight times a feature counted for Black
// less the same feature for White, in hundredths of a man, from the side to move's view. The
// weights are a table (kWeightNames) so that they can be set as options ("Eval <name>") and tuned
// by self-play.
//
//   man, king      material (Samuel and Strachey valued a king at about 1.5 and 3 men; the
//                  endgame databases say a king is worth much more than a man when men are few)
//   trade          when ahead, a bonus growing as pieces come off (simplify when winning)
//   back_rank      men still on their own back row while the opponent has men (the guard that
//                  stops crowning; Samuel's "back")
//   centre         men and kings on the eight central squares (Samuel's "cent", "kcent")
//   mobility       non-capture moves available (Samuel's "mob")
//   advance        rows advanced by men (tempo)
//   runaway        a man with no enemy piece in the cone before it: it will crown; more the nearer
//   king_edge      a king on the edge of the board (kings belong in the centre)
#include <array>
#include <string_view>

#include "games/draughts/draughts.hpp"

namespace minimax::draughts::engine {

struct EvalWeights {
  int man = 100;
  int king = 140;
  int trade = 60;
  int back_rank = 8;
  int centre = 4;
  int mobility = 2;
  int advance = 2;
  int runaway = 12;
  int king_edge = 6;
};

struct WeightName {
  std::string_view name;
  int EvalWeights::*field;
};
inline constexpr std::array<WeightName, 9> kWeightNames = {{
    {"man", &EvalWeights::man},
    {"king", &EvalWeights::king},
    {"trade", &EvalWeights::trade},
    {"back_rank", &EvalWeights::back_rank},
    {"centre", &EvalWeights::centre},
    {"mobility", &EvalWeights::mobility},
    {"advance", &EvalWeights::advance},
    {"runaway", &EvalWeights::runaway},
    {"king_edge", &EvalWeights::king_edge},
}};

// From the side to move's view.
int evaluate(const Draughts& position, const EvalWeights& w);

}  // namespace minimax::draughts::engine
