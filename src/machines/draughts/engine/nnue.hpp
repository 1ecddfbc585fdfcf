#pragma once
// The draughts engine's learned evaluation: the network of nn/network.hpp over the board's 128
// inputs, and how a move changes them.
//
// Inputs, seen from one side (the perspective): its own men, its own kings, the other side's men,
// the other side's kings, each on 32 squares (4 x 32 = 128). Black sees the board as Strachey
// numbered it; White sees it turned half round (square s -> 31 - s), so both see their men moving
// towards higher numbers and one set of weights serves both. The side to move comes in as which
// perspective's hidden vector goes first.
//
// Patterns (the network's direct inputs, nn/network.hpp, when it has them): the board seen from a
// perspective as above, cut into 7 bands of two rows (Strachey's squares 4k to 4k + 7, k = 0 to
// 6, overlapping by a row), each band's 8 squares in one of 3^8 = 6,561 states (empty, a piece of
// the perspective's side, a piece of the other side; a king counts as a piece). Each band's state
// is one input, its weight learnt for the side to move's view and for the other side's: so a
// formation of several men has a value of its own, which the sum over single squares cannot give.
//
// The network's output is the logit of the side to move's expected score; the engine's score is
// that times kEvalScale (so one unit of score is a hundredth of the logit's 1/1.5: about a
// hundredth of a man, as the hand-set evaluation counts).
#include <memory>
#include <string>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"
#include "nn/network.hpp"

namespace minimax::draughts::engine {

inline constexpr int kNetInputs = 128;
inline constexpr std::string_view kNetTag = "draughts-128";
inline constexpr int kEvalScale = 150;
inline constexpr int kNetBands = 7;
inline constexpr int kNetBandStates = 6561;  // 3^8
inline constexpr int kNetPatternInputs = kNetBands * kNetBandStates;

// The input of a piece of `colour` (0 Black, 1 White), king or man, on Strachey's square `sq`, seen
// from `perspective` (0 Black, 1 White).
constexpr int net_input(int perspective, int colour, bool king, int sq) {
  const int s = perspective == 0 ? sq : 31 - sq;
  return ((colour == perspective ? 0 : 2) + (king ? 1 : 0)) * 32 + s;
}

// The output bucket (nn/network.hpp) of a position of `pieces` pieces (1 to 24) for a network of
// `buckets` buckets: the counts cut into equal bands, the most pieces in the last.
constexpr int net_bucket(int pieces, int buckets) {
  const int b = (pieces - 1) * buckets / 24;
  return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
}

// The active inputs of the position given by Strachey's words, from `perspective`; returns how
// many were written (at most 32).
int net_inputs(Bits black, Bits white, Bits kings, int perspective, int* out);

// The pattern inputs (0 to kNetPatternInputs - 1) of the position from `perspective`: kNetBands.
int net_patterns(Bits black, Bits white, int perspective, int* out);

// acc = the accumulators of `position`, both perspectives.
void net_refresh(const nn::Network& net, const Draughts& position, nn::Accumulator& acc);
// child = parent changed by `m`, played from `before` (not yet played).
void net_play(const nn::Network& net, const Draughts& before, Move m, const nn::Accumulator& parent,
              nn::Accumulator& child);
// The same from what the move needs of the position before it: its kings and the side moving.
void net_play(const nn::Network& net, Bits kings_before, Side mover, Move m,
              const nn::Accumulator& parent, nn::Accumulator& child);
// The score of `position`, whose accumulators are `acc`, for its side to move, in the engine's
// units (with the patterns' weights when the network has them).
int net_score(const nn::Network& net, const nn::Accumulator& acc, const Draughts& position);

// The network built into minimax (trained by `minimax learn draughts-net`;
// docs/draughts-engine.md), or an Error if this build has none.
Expected<std::shared_ptr<const nn::Network>> embedded_network();
// A network file, read and checked (tag, shape, size, hash, no direct inputs or the patterns).
Expected<std::shared_ptr<const nn::Network>> load_network(const std::string& path);

}  // namespace minimax::draughts::engine
