#pragma once
// The options Shannon's two machines share: every coefficient of f(P) (his "style", Shannon 1950
// section 7) and the tolerance of the random choice among equal moves.
#include "core/options.hpp"
#include "machines/chess/shannon_eval.hpp"

namespace minimax::chess::shannon {

// Declares King, Queen, ..., Mobility in `table`, each setting its coefficient of `w`.
void declare_weight_options(Options& table, Weights& w);
// Tolerance: hundredths of a pawn within which moves count as equal (section 7's random choice).
void declare_tolerance_option(Options& table, int& tolerance);

}  // namespace minimax::chess::shannon
