#pragma once
// Writing a solved problem: the solution in problem notation (key; threat; each defence with its
// continuation, duals marked) or JSON for scripts.
#include <iosfwd>
#include <string>
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/mate/problem.hpp"

namespace minimax::chess::mate {

void write_solution_text(std::ostream& out, const Position& root, const ProblemResult& result,
                         const Rules& rules);
void write_solution_json(std::ostream& out, const Position& root, const ProblemResult& result,
                         const Rules& rules);

// The keys in problem notation without marks ("Rh1-h6"), for tests and scripts.
std::vector<std::string> key_texts(const Position& root, const ProblemResult& result);
// Helpmate lines as space-separated problem notation ("Qc6*a8 Kb8-c7 ...").
std::vector<std::string> help_solution_texts(const Position& root, const ProblemResult& result);

}  // namespace minimax::chess::mate
