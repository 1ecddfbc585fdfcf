#pragma once
// The options Shannon's two machines share: every coefficient of f(P) (his "style", seed 001
// section 7) and the seed of the random choice among equal moves.
#include <vector>

#include "core/player.hpp"
#include "machines/chess/shannon_eval.hpp"

namespace minimax::chess::shannon {

std::vector<OptionInfo> weight_options();
// Sets a coefficient if `option` names one; nullopt-like: returns false when the name is not a
// coefficient, an Error when the value is bad.
Expected<bool> set_weight_option(Weights& w, std::string_view option, std::string_view value);

}  // namespace minimax::chess::shannon
