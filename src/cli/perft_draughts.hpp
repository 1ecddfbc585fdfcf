#pragma once
// minimax perft draughts [FEN|startpos] DEPTH [--divide] [--paths]: the draughts perft, kept apart
// from cmd_perft.cpp (which only dispatches to it).
#include <iosfwd>

#include "cli/commands.hpp"

namespace minimax::cli {

// `args` are the arguments after "draughts".
int run_draughts_perft(Args args, std::ostream& out, std::ostream& err);

}  // namespace minimax::cli
