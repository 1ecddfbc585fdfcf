#pragma once
// `minimax play nim ...` and `minimax play tictactoe ...`: a person against a machine.
#include "cli/commands.hpp"

namespace minimax::play {

int play_nim(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err);
int play_tictactoe(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace minimax::play
