#pragma once
// Side and Outcome: the two words every game in minimax shares.
#include <cstdint>
#include <string_view>

namespace minimax {

// The player to move. `first` is the side that starts: White in chess, Black in draughts (whose
// men on 1-12 move first), the player who starts in Nim and noughts and crosses.
enum class Side : std::uint8_t { first = 0, second = 1 };

constexpr Side opposite(Side s) { return s == Side::first ? Side::second : Side::first; }
constexpr int index(Side s) { return static_cast<int>(s); }

// The result of a finished game, always from the point of view of the side to move in the
// terminal position (Michie 1966: a terminal node is labelled won, drawn or lost).
enum class Outcome : std::uint8_t { none, win, draw, loss };

constexpr Outcome flip(Outcome o) {
  return o == Outcome::win ? Outcome::loss : o == Outcome::loss ? Outcome::win : o;
}

constexpr std::string_view to_string(Outcome o) {
  switch (o) {
    case Outcome::win:
      return "win";
    case Outcome::draw:
      return "draw";
    case Outcome::loss:
      return "loss";
    default:
      return "none";
  }
}

}  // namespace minimax
