#pragma once
// Standard Algebraic Notation (the PGN standard's SAN), read and written.
//
// Writing: piece letter, disambiguation by file, else rank, else both; "x" for captures; "=Q" for
// promotions; O-O / O-O-O (also in Chess960, where castling is king-takes-rook); "+" check, "#"
// mate. Reading forgives the usual sloppiness: UCI "e2e4", a lowercase piece letter ("nf3") where
// it cannot be a pawn's file, a missing or extra "x", a missing "=", 0-0 for O-O, and trailing
// annotations (+ # ! ? e.p.). Errors name the token and say why: malformed, ambiguous (naming the
// candidates), or no legal move fits (and why not).
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

// SAN of a legal move (with its check or mate mark).
std::string to_san(const Position& pos, Move m);

// The legal move the text names.
Expected<Move> parse_san(const Position& pos, std::string_view text);

// Plays a list of SAN moves from pos; the Error names the first bad one and its ply.
Expected<std::vector<Move>> play_san_line(Position& pos, const std::vector<std::string>& sans);

// The moves in SAN, played from pos (pos is left unchanged).
std::vector<std::string> to_san_line(const Position& pos, const std::vector<Move>& moves);

}  // namespace minimax::chess
