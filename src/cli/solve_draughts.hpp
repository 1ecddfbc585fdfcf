#pragma once
// `minimax solve draughts FEN [--dir DIR] [--depth N | --movetime MS]`: a draughts position's
// value from the endgame databases, or from the engine's search when it has more pieces.
#include "cli/commands.hpp"

namespace minimax::cli {

// args start after the word "draughts".
int solve_draughts(Args args, std::ostream& out, std::ostream& err);

}  // namespace minimax::cli
