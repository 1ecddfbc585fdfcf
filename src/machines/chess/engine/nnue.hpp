#pragma once
// The chess engine's learned evaluation: the network of nn/network.hpp over the board's 768
// inputs, and how a move changes them.
//
// Inputs, seen from one side (the perspective): its own pawns, knights, bishops, rooks, queens and
// king, then the other side's, each on 64 squares (12 x 64 = 768). White sees the board as it is;
// Black sees it turned upside down (square s -> s ^ 56: a8 becomes a1), so both see their pawns
// going up the board and one set of weights serves both. The side to move comes in as which
// perspective's hidden vector goes first.
//
// The network's output is the logit of the side to move's expected score; the engine's score, in
// centipawns, is that times kEvalScale (a logit of 1, an expected score of 73%, is two pawns).
// Output buckets, where a network has them, go by the number of pieces on the board.
#include <memory>
#include <string>

#include "core/expected.hpp"
#include "games/chess/position.hpp"
#include "nn/network.hpp"

namespace minimax::chess::engine {

inline constexpr int kNetInputs = 768;
inline constexpr std::string_view kNetTag = "chess-768";
inline constexpr int kEvalScale = 200;

// The input of piece `p` on square `s`, seen from `perspective`.
constexpr int net_input(Color perspective, Piece p, Square s) {
  const int sq = perspective == white ? static_cast<int>(s) : static_cast<int>(s) ^ 56;
  return ((color_of(p) == perspective ? 0 : 6) + (type_of(p) - 1)) * 64 + sq;
}

// The output bucket of a position of `pieces` pieces (2 to 32) for a network of `buckets`.
constexpr int net_bucket(int pieces, int buckets) {
  const int b = (pieces - 2) * buckets / 31;
  return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
}

// The active inputs of `pos` from `perspective`; returns how many were written (at most 32).
int net_inputs(const Position& pos, Color perspective, int* out);

// What a move changes on the board: up to three pieces leave a square (the mover, a captured piece,
// the castling rook) and up to two arrive (the mover or its promotion, the rook).
struct NetChange {
  int removed_count = 0, added_count = 0;
  Piece removed_piece[3];
  Square removed_square[3];
  Piece added_piece[2];
  Square added_square[2];
};

// The change made by `m`, legal in `before` (not yet played).
NetChange net_change(const Position& before, Move m);

// acc = the accumulators of `pos`, both perspectives.
void net_refresh(const nn::Network& net, const Position& pos, nn::Accumulator& acc);
// child = parent changed by `change`.
void net_apply(const nn::Network& net, const NetChange& change, const nn::Accumulator& parent,
               nn::Accumulator& child);
// The score of the accumulated position of `pieces` pieces for `to_move`, in centipawns.
int net_score(const nn::Network& net, const nn::Accumulator& acc, Color to_move, int pieces);

// The network built into minimax, or an Error if this build has none.
Expected<std::shared_ptr<const nn::Network>> embedded_network();
// A network file, read and checked (tag, shape, size, hash).
Expected<std::shared_ptr<const nn::Network>> load_network(const std::string& path);

}  // namespace minimax::chess::engine
