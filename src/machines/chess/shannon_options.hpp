#pragma once
// The options Shannon's two machines share: every coefficient of f(P) (his "style", seed 001
// section 7).
#include "core/options.hpp"
#include "machines/chess/shannon_eval.hpp"

namespace minimax::chess::shannon {

// Declares King, Queen, ..., Mobility in `table`, each setting its coefficient of `w`.
void declare_weight_options(Options& table, Weights& w);

}  // namespace minimax::chess::shannon
