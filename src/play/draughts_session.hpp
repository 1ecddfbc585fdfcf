#pragma once
// `minimax play draughts ...`: a person against Strachey's machine (or the machine against itself).
#include "cli/commands.hpp"

namespace minimax::play {

int play_draughts(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace minimax::play
