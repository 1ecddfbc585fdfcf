#pragma once
// Positions for the tuner from the engine's own games: short fixed-node games from a few random
// opening moves; quiet positions (not in check, the move chosen not a capture or promotion) are
// kept with the game's final result and the search's score (centipawns, White's view), one
// "FEN result score" line each.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace minimax::learn {

struct SelfPlayOptions {
  int games = 10;
  std::uint64_t nodes = 4000;  // per move
  int random_plies = 8;        // random opening moves, for variety (after the opening, if any)
  std::uint64_t seed = 1;
  // Starting positions (FENs), one chosen at random for each game; empty: the initial position.
  std::vector<std::string> openings;
};

// Writes the positions to `out`; returns how many were written.
int generate_selfplay_positions(const SelfPlayOptions& options, std::ostream& out,
                                std::ostream* progress = nullptr);

}  // namespace minimax::learn
