#pragma once
// The draughts games of the seeds, as printed (docs/strachey.md, docs/samuel.md):
//   - Strachey's game against his machine (Bowden 1953, ch. 25): the first game played with
//     strategy 2, the machine Black, Strachey White, in his notation (squares 0-31, the men taken
//     in brackets), his marks ("?", " K") kept, until the game was stopped;
//   - Nealey (White) against Samuel's program (Black), Yorktown, 12 July 1962, as far as Michie
//     1966 (section 7) prints it: thirty moves, the Old Fourteenth opening, each move as its start
//     and end squares in the standard numbering, captures included ("19-10" is 19x10). Two slips,
//     resolved by the rules: Black's tenth move is printed "1-19", but the man that takes 6 and 15
//     must go on and take 23 as well (1x10x19x26); White's reply, printed "31-22", must go on from
//     22 and take 18 too (31x22x15), which is why Black's next move, "11-18", is a capture.
#include <cstddef>
#include <string>
#include <vector>

namespace minimax::draughts::records {

const std::vector<std::string>& strachey_game();
const std::vector<std::string>& nealey_game();  // one move a line, Black first

// A printed move that the rules read otherwise: its index in nealey_game(), the printed text and
// the move played.
struct Slip {
  std::size_t index;
  std::string printed, played;
};
const std::vector<Slip>& nealey_slips();

}  // namespace minimax::draughts::records
