#pragma once
// Portable Game Notation, read and written: tag pairs (the Seven Tag Roster first), movetext in
// SAN with move numbers, comments {...} and ; to the end of the line, NAGs ($n, and the glyphs
// ! ? !! ?? !? ?! after a move), nested variations (...), a result, several games a file.
// Every move is checked against the position (the FEN tag's, if any); a variation is an
// alternative to the move before it. Errors name the bad token and its line and column.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

struct PgnMove {
  Move move;
  std::string san;                               // as the writer writes it (to_san)
  std::vector<int> nags;                         // $n, glyphs converted
  std::vector<std::string> comments;             // after the move
  std::vector<std::vector<PgnMove>> variations;  // alternatives to this move
};

struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<std::string> comments_before;               // before the first move
  std::vector<PgnMove> moves;                             // the main line
  std::string result = "*";                               // 1-0, 0-1, 1/2-1/2 or *

  [[nodiscard]] std::optional<std::string> tag(std::string_view key) const;
  void set_tag(std::string_view key, std::string value);
  // The start position: the FEN tag's (SetUp 1), else the initial position.
  [[nodiscard]] Expected<Position> start_position() const;
  // The main line's moves.
  [[nodiscard]] std::vector<Move> main_line() const;
};

// Every game in the text.
Expected<std::vector<PgnGame>> parse_pgn(std::string_view text);

// A game from a start position and its moves (SAN filled in); result as in PGN.
PgnGame make_pgn_game(const Position& start, const std::vector<Move>& moves, std::string result,
                      std::vector<std::pair<std::string, std::string>> tags = {});

// PGN export form: the Seven Tag Roster first (Event Site Date Round White Black Result, "?" where
// unknown), then the other tags; movetext wrapped so that no line passes 80 characters.
std::string write_pgn(const PgnGame& game);

}  // namespace minimax::chess
