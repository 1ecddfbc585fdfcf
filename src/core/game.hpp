#pragma once
// The Game concept (DESIGN.md): what every game's rules offer, so that the generic search, the
// retrograde solver, the random-playout test and the tree pictures serve chess, draughts, Nim and
// noughts and crosses alike.
#include <concepts>
#include <cstdint>
#include <string>

#include "core/side.hpp"

namespace minimax {

template <class G>
concept Game = requires(G g, const G cg, typename G::Move m, typename G::MoveList list) {
  // Side to move.
  { cg.side_to_move() } -> std::convertible_to<Side>;
  // Every legal move, appended to a fixed-capacity list (cleared first).
  { cg.generate_moves(list) } -> std::same_as<void>;
  // Play a legal move; undo the last move played (the game keeps what it needs to undo).
  { g.play(m) } -> std::same_as<void>;
  { g.undo(m) } -> std::same_as<void>;
  // The result if the game is over, from the side to move's point of view; Outcome::none otherwise.
  { cg.outcome() } -> std::convertible_to<Outcome>;
  // A 64-bit key: equal positions (for the purposes of the game) have equal keys.
  { cg.key() } -> std::convertible_to<std::uint64_t>;
  // Text, for pictures, tests and messages.
  { cg.move_to_string(m) } -> std::convertible_to<std::string>;
  { cg.to_string() } -> std::convertible_to<std::string>;
  requires std::equality_comparable<typename G::Move>;
};

}  // namespace minimax
