#pragma once
// English draughts in the Hub protocol's notation (Letouzey's Scan 3.1 and its protocol text,
// written for 10x10; the same forms with English draughts' colours and numbering; docs/hub.md):
//
// A position is the side to move, "B" or "W" (Black moves first in English draughts), then one
// letter for each of the standard squares 1-32 in order: b or w a man, B or W a king, e empty.
// The start is "B" + 12 b + 8 e + 12 w.
//
// A move is its start and end in standard numbering, "11-15"; a capture is "fromxto" followed by
// the squares of every piece it takes, ascending: "18x11x15" (from 18 to 11, taking 15),
// "1x19x6x15" (from 1 to 19 taking 6 and 15). Start, end and the men taken name an English draughts
// move exactly. Read: also a capture written "fromxto" alone when only one capture joins them, and
// the standard notation's whole path ("1x10x19").
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

std::string hub_position(const Draughts& position);
Expected<Draughts> parse_hub_position(std::string_view text);

// The Hub text of a legal move of `position`.
std::string hub_move(const Draughts& position, Move m);
// Reads a move in the Hub's notation; it must be legal in `position`.
Expected<Move> parse_hub_move(const Draughts& position, std::string_view text);

}  // namespace minimax::draughts
