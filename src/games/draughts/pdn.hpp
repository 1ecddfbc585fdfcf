#pragma once
// PDN 3.0 games of English draughts, read and written.
//
// A game is its tag pairs ([Event "..."], [FEN "..."], ...), then the movetext: move numbers
// ("1.", "1..." before a White move), moves in standard notation (notation.hpp), comments in
// braces, and a result: 1-0, 0-1, 1/2-1/2, 0-0 or * (the international 2-0, 0-2 and 1-1 are read
// as 1-0, 0-1 and 1/2-1/2). PDN 3.0 (pdn.fmjd.org, the Result tag) gives results from the first
// side to move's view, so in English draughts "1-0" is a win for Black; some older files use the
// chess convention (White first), so the result is kept as written and not checked against the
// moves. A [FEN] tag sets up the start; a [GameType] tag, if present, must be 21 (English
// draughts). Move marks (!, ?) are dropped; variations in brackets are skipped.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

struct PdnMove {
  Move move;
  std::string comment;  // the comment after it, without braces; empty if none
};

struct PdnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order, the FEN tag included
  Draughts start;
  std::string opening_comment;  // a comment before the first move
  std::vector<PdnMove> moves;
  std::string result = "*";

  // The position after every move.
  [[nodiscard]] Draughts final_position() const;
  [[nodiscard]] std::string tag(std::string_view name) const;  // "" if absent
};

// Every game in a PDN text (at least one); an error names the game, the move and the bad token.
Expected<std::vector<PdnGame>> read_pdn(std::string_view text);
// The first game of a PDN text.
Expected<PdnGame> read_pdn_game(std::string_view text);
// The game in PDN: its tags (a FEN tag is written when the start is not the usual one), a blank
// line, the movetext in lines of at most 80 characters, the result.
std::string write_pdn(const PdnGame& game);

}  // namespace minimax::draughts
