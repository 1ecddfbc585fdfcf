#pragma once
// Draughts notation: the standard numbering, FEN, and Strachey's own (Bowden 1953, ch. 25).
//
// Standard numbering: the dark squares 1-32, Black's men starting on 1-12 (standard = Strachey's
// square + 1). A non-capture is "11-15"; a capture "18x11", its start and end, however many men it
// takes. When two legal captures share start and end but take different men, each is written by
// its whole path, "1x10x19" (every square it lands on); reading "1x19" then is an error that
// names both paths. The whole path is accepted for any capture.
//
// FEN (PDN 3.0): "B:W21,22,K30:B1,2": the side to move (B or W), then each colour's pieces, a K
// before a king; PDN 3.0 also allows ranges, "B:W21-32:B1-12", which are read (never written).
// Fields may come in either order; whitespace is ignored; a trailing '.' is allowed.
//
// Strachey's notation, as in his game (Bowden 1953, ch. 25): his squares 0-31, "12—21(16)" from —
// to, the men taken in brackets (any order when read; written in jump order), an em dash or a
// hyphen between; " K" after a move that crowns. Read and written here.
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

inline constexpr std::string_view kStartFen =
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

// FEN of a position (side to move, White's pieces, Black's pieces; squares ascending).
std::string to_fen(const Draughts& position);
Expected<Draughts> parse_fen(std::string_view fen);

// Standard notation of a legal move in `position` ("11-15", "18x11", or the whole path when
// needed).
std::string move_text(const Draughts& position, Move m);
// The whole path of a move, "1x10x19" ("11-15" for a non-capture).
std::string move_path_text(const Draughts& position, Move m);
// Reads standard notation; the move must be legal in `position`.
Expected<Move> parse_move(const Draughts& position, std::string_view text);

// Strachey's notation of a legal move ("12—21(16)", "6—1 K").
std::string strachey_move_text(const Draughts& position, Move m);
// Reads Strachey's notation (em dash or hyphen; optional " K", '?', '!'); the move must be legal.
Expected<Move> parse_strachey_move(const Draughts& position, std::string_view text);

// A picture of the board for the terminal, Black's side at the top: b and w for men, B and W for
// kings, the number of each empty dark square (standard 1-32, or Strachey's 0-31).
std::string board_picture(const Draughts& position, bool strachey_numbers = false);

}  // namespace minimax::draughts
