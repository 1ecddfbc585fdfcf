#pragma once
// English descriptive notation, as the seeds print their games (Turing 1953; Bowden 1953):
// P-K4, Kt-QB3 (Kt or N), KR-Kt1, P x P, B x RP, Kt x Kt ch., O-O, O-O-O, R-R8 mate, P-Q8=Q or
// P-Q8 (Q), P x P e.p. Files are named after the pieces that start on them (QR QKt QB Q K KB KKt
// KR = a..h for both sides); ranks are counted from the mover's own side (White's K4 is e4,
// Black's K4 is e5).
//
// Reading returns every legal move that fits the text. A qualifier the text leaves out ("R-Kt5"
// for either Kt file) widens the fit; one it gives narrows it: "KR"/"QKt" is the rook or knight now
// standing on that half of the board, "KB"/"QB" the bishop on the squares of that colour; "RP" a
// pawn on a rook's file; "(KR1)" after a piece names the square it stands on. "ch."/"mate" must be
// true when written (an unmarked check is fine: the seeds leave some out); "-" is a move to an
// empty square, "x" a capture.
//
// The lenient reading resolves slips of a printed record the way a careful reader would: when no
// legal move fits the text exactly, it relaxes one thing at a time (the castling side, a check
// mark, "-" for a capture, a wing qualifier, a pawn's file) and says which slip it took.
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

enum class DescriptiveMode { strict, lenient };

struct DescriptiveReading {
  std::vector<Move> moves;  // every legal move that fits (after the slip, if one was taken)
  std::string slip;         // empty for an exact fit; else the slip resolved, in words
};

// Every legal move that fits; Error when the text is not descriptive notation. An empty list
// (strict, or nothing fits even leniently) is not an error here.
Expected<DescriptiveReading> read_descriptive(const Position& pos, std::string_view text,
                                              DescriptiveMode mode = DescriptiveMode::strict);

// The one legal move the text names: the Error says malformed, ambiguous (naming the candidates
// in SAN), or why no move fits. In lenient mode a resolved slip goes to *slip when given.
Expected<Move> parse_descriptive(const Position& pos, std::string_view text,
                                 DescriptiveMode mode = DescriptiveMode::strict,
                                 std::string* slip = nullptr);

// The shortest text that names m unambiguously, in the seeds' style ("Kt-QB3", "P x P",
// "Kt x Kt ch.", "R-R8 mate", "O-O-O", "P-Q8=Q").
std::string to_descriptive(const Position& pos, Move m);

}  // namespace minimax::chess
