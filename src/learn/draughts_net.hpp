#pragma once
// The draughts engine's network learnt by self-play from the rules alone (`minimax learn
// draughts-net`; docs/learning-draughts.md): learn/net_run.hpp's run with draughts' games. The
// endgame databases (up to `egdb_pieces`) end a game once they hold it; every quiet position (no
// capture to make) is kept with the search's score and the game's result. Generation 0 is a
// network of small random weights: it knows nothing.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "games/draughts/draughts.hpp"
#include "learn/net_run.hpp"
#include "machines/draughts/egdb/egdb.hpp"
#include "nn/network.hpp"

namespace minimax::learn::draughts_net {

using net_run::Generation;
using net_run::kPlaySettings;
using net_run::kWholeRunSettings;
using net_run::load_run;
using net_run::Run;
using net_run::Settings;

// One kept position: Strachey's words, the side to move, the game's result and the search's score
// from the side to move's view.
struct Sample {
  draughts::Bits black = 0, white = 0, kings = 0;
  bool black_to_move = true;
  std::int8_t result = 0;  // +1 won, 0 drawn, -1 lost
  std::int16_t score = 0;
};

struct GameRecord {
  int result = 0;  // for Black: +1, 0, -1
  int plies = 0;
  std::vector<Sample> samples;
};

// Game `index` of generation `generation`, played with `net` (nullptr: the hand-set evaluation).
GameRecord play_game(const Settings& settings, const nn::Network* net,
                     const draughts::egdb::Database* db, int generation, int index);

// draughts' part of a run (net_run::Game).
const net_run::Game& game();

}  // namespace minimax::learn::draughts_net
