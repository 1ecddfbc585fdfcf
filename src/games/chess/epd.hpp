#pragma once
// EPD (Extended Position Description): a position's first four FEN fields followed by
// operations "opcode operand...;" (bm, am, id, dm, c0-c9, perft counts D1..Dn, ...).
//
// The reader is forgiving about the spellings found in real files:
//   "FEN4 bm e4; id \"WAC.001\";"          standard EPD
//   "FEN4 ;D1 20 ;D2 400"                  perft files with a leading ';' before each operation
//   "FEN4 0 1; D1 27; D2 820"              full FEN with move counters before the operations
//   double spaces, '\r' line ends, ";c960 true", and '#' comment lines (see
//   epd_is_blank_or_comment).
// It knows nothing of chess rules: the FEN is handed on as text (Position::from_fen validates it).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.hpp"

namespace minimax::chess {

struct EpdOperation {
  std::string opcode;   // as written, e.g. "bm", "id", "D3", "c960"
  std::string operand;  // the operand tokens joined by one space; a quoted string unquoted
  bool quoted = false;  // the operand was a "quoted string" (written back quoted)
};

struct EpdRecord {
  std::string placement, side, castling, en_passant;  // the four FEN fields
  std::optional<int> halfmove, fullmove;              // counters, when the line had them
  std::vector<EpdOperation> operations;               // in the order written

  // The six-field FEN: counters from the line, else from hmvc/fmvn operations, else "0 1".
  [[nodiscard]] std::string fen() const;
  // The first operation with this opcode (case-sensitive), or nullptr.
  [[nodiscard]] const EpdOperation* find(std::string_view opcode) const;
  // Its operand, or nullopt when absent.
  [[nodiscard]] std::optional<std::string> operand(std::string_view opcode) const;
  // Sets (replaces, or appends) an operation.
  void set(std::string_view opcode, std::string operand, bool quoted = false);
  // The perft counts "Dn count" as (depth, count), sorted by depth. Errors name a bad count.
  [[nodiscard]] Expected<std::vector<std::pair<int, std::uint64_t>>> perft_counts() const;
  // Chess960: a "c960 true" (or "1") operation, or a Shredder-FEN castling field (rook files).
  [[nodiscard]] bool chess960() const;
};

// True for lines an EPD file reader skips: empty, whitespace only, or starting with '#'.
bool epd_is_blank_or_comment(std::string_view line);

// Parses one EPD line. Errors name the fault (too few FEN fields, unterminated quote, ...).
Expected<EpdRecord> parse_epd(std::string_view line);

// Writes a record as standard EPD: "FEN4 [h f] op operand; op \"string\"; ..." (the counters only
// when the record has them, as the perft files write them).
std::string write_epd(const EpdRecord& record);

}  // namespace minimax::chess
