#pragma once
// A game record as the seeds print it (descriptive notation, a move pair a line, Turing's
// position-play numbers after White's moves), and its replay by a careful reader: each move is read
// from the position; where the printed text fits no legal move, or more than one, the reader
// resolves the slip as a person would (read_descriptive's lenient mode; for an ambiguity, the
// candidate after which the rest of the record still reads) and lists each slip it resolved.
//
// Record format (tests/data/games/*.txt, docs/notation.md): '#' comment lines; "Key: value" tag
// lines; move lines "N | White [note] | value | Black [note]" with empty fields allowed.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

struct DescriptiveRow {
  int number = 0;
  std::string white, white_note;  // the move as printed; the footnote mark, if any
  std::string value;              // the printed position-play increase ("4.2*", "-1.5"), or empty
  std::string black, black_note;
};

struct DescriptiveRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<DescriptiveRow> rows;
  [[nodiscard]] std::optional<std::string> tag(std::string_view key) const;
  // The moves as printed, ply by ply.
  [[nodiscard]] std::vector<std::string> plies() const;
};

// Parses the record format; the Error names the line.
Expected<DescriptiveRecord> parse_descriptive_record(std::string_view text);

// The printed position-play value as a number and whether it carries the asterisk.
struct PositionPlayValue {
  double increase = 0;
  bool best = false;  // '*': every other move had a lower position-play value
};
std::optional<PositionPlayValue> parse_position_play_value(std::string_view text);

struct ResolvedSlip {
  int ply = 0;          // 1-based
  std::string printed;  // "18. O-O" / "25... Q - B6ch."
  std::string san;      // the move taken, in SAN
  std::string why;      // what the slip was
  [[nodiscard]] std::string to_string() const { return printed + " -> " + san + ": " + why; }
};

struct ReplayedGame {
  std::vector<Move> moves;
  std::vector<ResolvedSlip> slips;
  Position final_position;
};

// Writes a game in the record format, each move by to_descriptive() (the inverse of
// parse_descriptive_record + replay_descriptive, with no slips). `values` (optional) are the
// position-play strings for White's moves, by move number from 1.
std::string write_descriptive_record(const Position& start, const std::vector<Move>& moves,
                                     const std::vector<std::pair<std::string, std::string>>& tags,
                                     const std::vector<std::string>& values = {});

// Reads the plies from start; with strict, any slip is an Error instead.
Expected<ReplayedGame> replay_descriptive(const Position& start,
                                          const std::vector<std::string>& plies,
                                          bool lenient = true);

}  // namespace minimax::chess
