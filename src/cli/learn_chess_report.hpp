#pragma once
// The report of `minimax learn chess-elo`: the measurement of learn/chess_elo.hpp as Elo with its
// 95% error (match/elo.hpp), in a table and as a curve against self-play games (SVG).
#include <string>

#include "learn/chess_elo.hpp"

namespace minimax::cli {

// One row per checkpoint: iteration, self-play games, the Elo against each opponent (Markdown).
std::string chess_elo_table(const learn::chess_elo::Measurement& m);
// Elo against self-play games, one line per opponent, with 95% error bars.
std::string chess_elo_svg(const learn::chess_elo::Measurement& m);

}  // namespace minimax::cli
