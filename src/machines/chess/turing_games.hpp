#pragma once
// Turing's two games against Glennie, as printed with the paper machine's position-play values:
// Game 1 in the typescript (Turing 1953), Game 2 in Bowden's "Faster than Thought" (Bowden 1953).
// Transcribed from the descriptive notation into UCI moves (Black's ranks counted from Black's
// side: Black's Q-R6 is a3). The two games are one game until White's 21st move. Game 1 prints
// 18.O-O, but the king's rook had moved at move 15, so only O-O-O is legal (Game 2 prints O-O-O);
// Game 1's 25.P-B4 is c3-c4 (the only reading that makes 25...Q-B6 check). docs/turochamp.md.
#include <span>
#include <string_view>

namespace minimax::chess::turing {

inline constexpr std::string_view kGame1 =
    "e2e4 e7e5 b1c3 g8f6 d2d4 f8b4 g1f3 d7d6 c1d2 b8c6 d4d5 c6d4 h2h4 c8g4 a2a4 d4f3 g2f3 g4h5 "
    "f1b5 c7c6 d5c6 e8g8 c6b7 a8b8 b5a6 d8a5 d1e2 f6d7 h1g1 d7c5 g1g5 h5g6 a6b5 c5b7 e1c1 b7c5 "
    "b5c6 f8c8 c6d5 b4c3 b2c3 a5a4 d2e3 a4a3 c1d2 c5a4 e3a7 b8b2 c3c4 a3c3 d2c1 b2a2 d5f7 g6f7 "
    "g5g7 g8g7 a7e3 a2a1";

inline constexpr std::string_view kGame2 =
    "e2e4 e7e5 b1c3 g8f6 d2d4 f8b4 g1f3 d7d6 c1d2 b8c6 d4d5 c6d4 h2h4 c8g4 a2a4 d4f3 g2f3 g4h5 "
    "f1b5 c7c6 d5c6 e8g8 c6b7 a8b8 b5a6 d8a5 d1e2 f6d7 h1g1 d7c5 g1g5 h5g6 a6b5 c5b7 e1c1 b7c5 "
    "b5c6 f8c8 c6d5 b4c3 d2c3 a5a4 c1d2 c5e6 g5g4 e6d4 e2d3 d4b5 d5b3 a4a6 b3c4 g6h5 g4g3 a6a4 "
    "c4b5 a4b5 d3d6 c8d8";

// A position-play value printed beside a White move: the increase Turing's rules give the move,
// in tenths.
struct PrintedValue {
  int move_no;           // White's move number
  std::string_view uci;  // the move it was printed for (the move played, or note 1's B-Q2)
  int tenths;
  bool asterisk = false;  // "every other move had a lower position-play value"
};

// A note of the record, after a move.
struct Note {
  int move_no;
  bool black;  // after Black's move of that number
  std::string_view text;
};

struct Record {
  std::string_view id;     // "turing-1", "turing-2"
  std::string_view title;  // for a person
  std::string_view moves;  // UCI, from the initial position
  std::span<const PrintedValue> printed;
  std::span<const Note> notes;  // the printed notes (Turing's, Bowden's), then ours
};

// Both games, Game 1 first.
std::span<const Record> records();

}  // namespace minimax::chess::turing
