#pragma once
// The openings of a draughts match or tournament (`--game draughts --openings ballots|FILE`):
// the published three-move ballots of English draughts (the ACF/EDA deck of 156), or a file of
// one opening a line, a FEN ("B:W21-32:B1-12") or moves in standard notation from the initial
// position ("11-15 23-19 8-11", move numbers "1." allowed); blank lines and lines starting with #
// are skipped. Every opening is played out and checked legal when it is loaded; an error names
// the line and the bad token.
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::match {

// An opening: the position a game starts from and, when it was given as moves, those moves from
// the initial position (so that the game's record starts there).
struct DraughtsOpening {
  draughts::Draughts position;
  std::vector<draughts::Move> moves;  // empty for a FEN
};

// The 156 ballots as move text ("9-13 21-17 5-9"), in ACF order (draughts_ballots.cpp).
const std::vector<std::string_view>& three_move_ballots();

// One opening: a FEN or moves from the initial position.
Expected<DraughtsOpening> draughts_opening(std::string_view text);
// The ballots, played out (each checked legal).
Expected<std::vector<DraughtsOpening>> ballot_openings();
// "ballots", or a file as above.
Expected<std::vector<DraughtsOpening>> read_draughts_openings(const std::string& path);

}  // namespace minimax::match
