#pragma once
// Perft for draughts: the number of leaves of the legal move tree to a depth, through the rules'
// own generator and play/undo.
//
// Two counts, since the published figures differ on what a move is (docs/draughts-rules.md):
//   perft        a move is its start, its end and the men it takes (the rules' Move), so a capture
//                reachable by two jump orders counts once; 388,617,999 at depth 12 from the start;
//   perft_paths  every jump path counts; 388,623,673 at depth 12.
// Both count the last ply in bulk (the size of the move list), as chess perft does.
#include <cstdint>
#include <utility>
#include <vector>

#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

std::uint64_t perft(Draughts& position, int depth);
std::uint64_t perft_paths(Draughts& position, int depth);
// Per root move (each distinct move once; with `paths`, its count includes every path to it).
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Draughts& position, int depth, bool paths);

}  // namespace minimax::draughts
