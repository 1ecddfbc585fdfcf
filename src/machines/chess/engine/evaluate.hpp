#pragma once
// The engine's static evaluation: a tapered sum of the terms in eval_params.hpp (material,
// piece-square tables, mobility, pawn structure, king safety, rooks on open files and the seventh,
// bishop pair, outposts, threats), in centipawns from the side to move's point of view.
#include <array>
#include <cstdint>

#include "games/chess/position.hpp"
#include "machines/chess/engine/eval_params.hpp"

namespace minimax::chess::engine {

constexpr int kMaxPhase = 24;  // knight, bishop 1; rook 2; queen 4; 24 with all pieces on
constexpr int kScaleNormal = 64;

// How each coefficient entered one evaluation, for the Texel tuner: the evaluation from White's
// side equals sum_i coef[i] * blend(params[i]) where blend tapers mg and eg by phase (the end-game
// half scaled by scale / 64), then adds nothing else: the evaluation is linear in the table.
struct EvalTrace {
  std::array<std::int16_t, kNumParams> coef{};
  int phase = 0;
  int scale = kScaleNormal;
};

// Centipawns from the side to move's point of view (the table is eval_params()).
int evaluate(const Position& pos);
// The same with a given table, from White's point of view, recording the trace.
int evaluate_traced(const Position& pos, const EvalParams& params, EvalTrace& trace);

// The tapered blend used by both.
constexpr int taper(Score s, int phase, int scale) {
  return (mg_value(s) * phase + eg_value(s) * (kMaxPhase - phase) * scale / kScaleNormal) /
         kMaxPhase;
}

}  // namespace minimax::chess::engine
