#pragma once
// `minimax play draughts ...`: a person against Strachey's machine (or the machine against itself,
// or any two players by name from the draughts registry),
// through the one game loop (session/game_loop.hpp). The flags are read by src/cli/cmd_play.cpp.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace minimax::play {

struct DraughtsOptions {
  std::string fen;  // empty: the initial position
  // The players by name (--black NAME --white NAME): "human" or a machine of
  // machines/draughts/registry.hpp, NAME:Option=Value,... allowed; one given, the other is the
  // person. Both empty: a person against Strachey's machine as the flags below say.
  std::string black, white;
  int strategy = 2;
  int stages = 0;  // 0: the strategy's default
  bool count_last_move = false;
  bool machine_first = false;
  bool machines_only = false;
  bool explain = false;
  bool strachey_notation = false;
  std::uint64_t seed = 1952;
  // The game's PDN file: none, a new file in the data folder (play/records.hpp; none when there
  // is no data folder); "-": no file. The PDN is printed at the end either way.
  std::optional<std::string> record;
};

// 0 for a game played to its end, 1 when it was not finished, 2 for a bad setup (one line on err).
int play_draughts(const DraughtsOptions& options, std::istream& in, std::ostream& out,
                  std::ostream& err);

}  // namespace minimax::play
