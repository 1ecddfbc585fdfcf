#pragma once
// `minimax play chess --white NAME --black NAME ...`: a game of chess at the terminal.
#include "cli/commands.hpp"

namespace minimax::play {

int play_chess(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace minimax::play
