#pragma once
// Strachey's game against his machine (Bowden 1953, ch. 25), as printed: the record lives in
// src/machines/draughts/records.cpp; the notation test (every move legal in turn) and the
// machine's test (every machine move among its best) read it under this name.
#include <string>
#include <vector>

#include "machines/draughts/records.hpp"

namespace minimax::draughts::test {

inline const std::vector<std::string>& kStracheyGame = records::strachey_game();

}  // namespace minimax::draughts::test
