#pragma once
// Every coefficient of the engine's evaluation, in ONE flat table that the Texel tuner
// (learn/tuner) reads and writes. Each entry is a pair (middle game, end game) packed into one int
// so that the evaluation adds both halves with one addition; the tapered blend happens once at
// the end (evaluate.cpp). The groups are named so the table can be written and read as text.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string_view>

#include "core/expected.hpp"

namespace minimax::chess::engine {

// A middle-game/end-game pair packed into one 32-bit int: eg in the high half, mg in the low.
using Score = std::int32_t;
constexpr Score S(int mg, int eg) {
  return static_cast<Score>(static_cast<std::uint32_t>(eg) << 16) + mg;
}
constexpr int mg_value(Score s) {
  return static_cast<std::int16_t>(static_cast<std::uint16_t>(static_cast<std::uint32_t>(s)));
}
constexpr int eg_value(Score s) {
  return static_cast<std::int16_t>(
      static_cast<std::uint16_t>((static_cast<std::uint32_t>(s) + 0x8000u) >> 16));
}

// Offsets of each group in the flat table. Squares in the piece-square tables are from White's
// side (a1 = 0); Black's are mirrored by rank.
enum ParamIndex : int {
  kMaterial = 0,                           // pawn, knight, bishop, rook, queen
  kPst = kMaterial + 5,                    // [piece type - 1][square], pawn..king
  kKnightMobility = kPst + 6 * 64,         // by number of safe squares reached, 0..8
  kBishopMobility = kKnightMobility + 9,   // 0..13
  kRookMobility = kBishopMobility + 14,    // 0..14
  kQueenMobility = kRookMobility + 15,     // 0..27
  kPassedPawn = kQueenMobility + 28,       // by relative rank
  kPassedOwnKing = kPassedPawn + 8,        // per square of own king distance x (rank - 1)
  kPassedEnemyKing = kPassedOwnKing + 1,   // per square of enemy king distance x (rank - 1)
  kPassedFreePath = kPassedEnemyKing + 1,  // nothing stands on the path to promotion, by rank
  kConnectedPawn = kPassedFreePath + 8,    // supported or side by side, by relative rank
  kDoubledPawn = kConnectedPawn + 8,
  kIsolatedPawn,
  kBackwardPawn,
  kBishopPair,
  kRookOpenFile,
  kRookSemiOpenFile,
  kRookSeventh,
  kKnightOutpost,
  kBishopOutpost,
  kKingAttack,                        // per king-zone square attacked, by attacker type (6)
  kKingShieldNear = kKingAttack + 6,  // own pawn one rank ahead of the king, on its file or beside
  kKingShieldFar,                     // ... two ranks ahead
  kKingOpenFile,                      // a file beside or at the king with no own pawn
  kThreatByPawn,                      // a pawn attacks an enemy piece
  kThreatByMinor,                     // a knight or bishop attacks a rook or queen
  kThreatByRook,                      // a rook attacks a queen
  kHangingPiece,                      // an enemy piece attacked and not defended
  kTempo,                             // the side to move
  kNumParams
};

using EvalParams = std::array<Score, kNumParams>;

struct ParamGroup {
  std::string_view name;
  int offset;
  int count;
};
// The groups in table order, for text I/O and the tuner's report.
std::span<const ParamGroup> param_groups();

// The starting values: chosen from chess knowledge (see docs/engine.md), before any tuning.
EvalParams default_params();

// The starting values with the entries that `minimax tune` changed on the engine's own self-play
// games (eval_tuned.inc, written by the tuner; docs/engine.md says how it was made).
EvalParams tuned_params();

// The table the engine evaluates with (read-only during a search): tuned_params() at start.
EvalParams& eval_params();

// Text form: one line per entry, "group index mg eg". Reading accepts any subset of entries.
void write_params(std::ostream& out, const EvalParams& params);
Status read_params(std::istream& in, EvalParams& params);

}  // namespace minimax::chess::engine
