#pragma once
// The chess engine's network learnt by self-play (`minimax learn chess-net`;
// docs/learning-chess.md): learn/net_run.hpp's run with chess games. Generation 1 is played by the
// engine with its hand-crafted evaluation (the engine as it stands: the network learns first what
// that search finds, then from its own play); every later generation with the network of the one
// before. A game starts from a few random moves from the initial position; the engine searches a
// fixed number of nodes a move; a game ends by the rules, by adjudication (a score of 20 pawns or
// more for the same side on 6 plies in a row: that side wins), or at `max_plies` (a draw). Kept:
// every position not in check whose chosen move is quiet (neither capture nor promotion) and whose
// score is not a mate, with the search's score and the game's result.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "learn/net_run.hpp"
#include "nn/network.hpp"

namespace minimax::learn::chess_net {

using net_run::Settings;

// The settings a chess run starts from unless told otherwise.
Settings default_settings();

// chess' part of a run (net_run::Game). A sample is 28 bytes: the occupied squares (u64), the
// piece on each in square order (4 bits each, 16 bytes), the side to move, the result and the
// score.
const net_run::Game& game();

}  // namespace minimax::learn::chess_net
