#pragma once
// `minimax solve mate|selfmate|helpmate N FEN ...`: the chess problem solver's command line.
#include "cli/commands.hpp"

namespace minimax::cli {

// args start after the stipulation word; kind is "mate", "selfmate" or "helpmate".
int solve_chess_problem(std::string_view kind, Args args, std::istream& in, std::ostream& out,
                        std::ostream& err);

}  // namespace minimax::cli
