#include "machines/chess/turing_games.hpp"

#include <array>

namespace minimax::chess::turing {
namespace {

constexpr std::array<PrintedValue, 16> kPrinted1{{
    {1, "e2e4", 42, true},
    {2, "b1c3", 31, true},
    {3, "d2d4", 31, true},
    {4, "g1f3", 20},
    {4, "c1d2", 36, true},
    {5, "c1d2", 36, true},
    {6, "d4d5", 2},
    {7, "h2h4", 11, true},
    {8, "a2a4", 10, true},
    {10, "f1b5", 24, true},
    {13, "b5a6", -15},
    {14, "d1e2", 6},
    {15, "h1g1", 12, true},
    {17, "a6b5", 4},
    {18, "e1c1", 30, true},
    {21, "b2c3", -7},
}};

// Game 2 as Bowden prints it, asterisks included (note 1's B-Q2 is 3.7*).
constexpr std::array<PrintedValue, 17> kPrinted2{{
    {1, "e2e4", 42, true},
    {2, "b1c3", 31, true},
    {3, "d2d4", 26, true},
    {4, "g1f3", 20},
    {4, "c1d2", 37, true},
    {5, "c1d2", 35, true},
    {6, "d4d5", 2},
    {7, "h2h4", 11, true},
    {8, "a2a4", 10, true},
    {10, "f1b5", 24, true},
    {13, "b5a6", -15},
    {14, "d1e2", 6},
    {15, "h1g1", 12, true},
    {17, "a6b5", 4},
    {18, "e1c1", 32, true},
    {21, "d2c3", 7},
    {23, "g5g4", -3},
}};

// Turing's notes to Game 1 (Turing 1953), as printed; then two on the transcription.
constexpr std::array<Note, 14> kNotes1{{
    {4, false, "Turing's note 1: If B-Q2 3.6* then P x P is foreseen."},
    {7, false, "Turing's note 2: Most inappropriate moves from a positional point of view."},
    {8, false, "Turing's note 2: Most inappropriate moves from a positional point of view."},
    {15, false, "Turing's note 3: If O-O then B x Kt, B x B, Q x P."},
    {15, true, "Turing's note 4: The fork is unforeseen."},
    {16, false, "Turing's note 5: Heads in the sand!"},
    {18, false,
     "Printed O-O, which is illegal here (the king's rook moved at move 15): read as O-O-O, as "
     "Game 2 prints it."},
    {21, false, "Turing's note 2: Most inappropriate moves from a positional point of view."},
    {22, false, "Turing's note 6: Only this or B-K1 can prevent Q-R8 mate."},
    {24, false, "Turing's note 7: Fiddling while Rome burns."},
    {25, false, "Printed P-B4: the pawn from c3 (the only reading that makes 25...Q-B6 check)."},
    {28, false, "Turing's note 5: Heads in the sand!"},
    {29, false, "Turing's note 8: Mate is foreseen, but 'business as usual'."},
    {29, true, "Mate."},
}};

// Bowden's notes to Game 2 (Bowden 1953), as printed; then ours on note 1.
constexpr std::array<Note, 9> kNotes2{{
    {4, false, "Bowden's note 1: If B-Q2 3.7* then P x P is foreseen."},
    {4, false,
     "The value printed for B-Q2 (3.7) is for the move the machine considered, not the one "
     "played (Game 1's note 1)."},
    {7, false, "Bowden's note 2: Most inappropriate moves."},
    {8, false, "Bowden's note 2: Most inappropriate moves."},
    {15, false, "Bowden's note 3: If white castles then B x Kt, B x B, Q x P."},
    {15, true, "Bowden's note 4: The fork is unforeseen at white's last move."},
    {16, false, "Bowden's note 5: Heads in the sand!"},
    {29, false, "Bowden's note 6: Fiddling while Rome burns!"},
    {29, true,
     "Bowden's note 4: The fork is unforeseen at white's last move. 30. White resigns (Bowden's "
     "note 7: On the advice of his trainer)."},
}};

constexpr std::array<Record, 2> kRecords{{
    {"turing-1", "Turing 1953, Game 1: Turing's paper machine v Glennie (Manchester, 1952)", kGame1,
     kPrinted1, kNotes1},
    {"turing-2", "Bowden 1953, Game 2: the same game as printed in Faster than Thought", kGame2,
     kPrinted2, kNotes2},
}};

}  // namespace

std::span<const Record> records() { return kRecords; }

}  // namespace minimax::chess::turing
