#include "cli/solve_chess.hpp"

#include <ostream>

namespace minimax::cli {

// Placeholder until the problem solver lands (issue 6); says so plainly.
int solve_chess_problem(std::string_view kind, Args, std::istream&, std::ostream&, std::ostream& err) {
  err << "minimax solve: '" << kind << "' problems are not built yet\n";
  return 2;
}

}  // namespace minimax::cli
