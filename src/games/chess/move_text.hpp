#pragma once
// A move typed by a person in any of the notations minimax reads: UCI (e2e4), SAN (Nf3, nf3, O-O)
// or English descriptive (P-K4, Kt x Kt ch.). Used by `minimax legal` and the terminal game.
#include <string_view>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

// The legal move the text names. The Error starts with "illegal:", "ambiguous:" or "malformed"
// and says why in one line.
Expected<Move> parse_move_text(const Position& pos, std::string_view text);

}  // namespace minimax::chess
