#pragma once
// Reading a position from command-line arguments: a FEN given as one quoted argument or as its
// separate fields, or "startpos". Shared by the commands that take a position.
#include <cstddef>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::cli {

struct FenArgs {
  chess::Position position;
  std::size_t used = 0;  // how many arguments the FEN took
};

// The position at the front of args, leaving at least `keep` arguments after it. With chess960
// the castling field may name rook files (Shredder-FEN / X-FEN).
Expected<FenArgs> read_fen_args(const std::vector<std::string>& args, std::size_t keep,
                                bool chess960);

// The position that all of args spell, nothing after it ("unexpected argument 'x' after the FEN").
Expected<chess::Position> read_whole_fen(const std::vector<std::string>& args, bool chess960);

}  // namespace minimax::cli
