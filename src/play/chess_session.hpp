#pragma once
// `minimax play chess`: a game at the terminal between any two of a person ("human"), a machine of
// the registry, "strongest", or an external engine ("uci:/path"), played by the one game loop
// (session/game_loop.hpp). The person is a Player (play/chess_human.hpp); the board display and
// the PGN record are observers. The flags are read by src/cli/cmd_play.cpp.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "core/player.hpp"
#include "play/chess_human.hpp"

namespace minimax::play {

struct ChessOptions {
  std::string white = "human", black = "strongest";
  Notation notation = Notation::san;
  bool explain = false, unicode = false;
  std::optional<std::string>
      pgn;  // none: a new file in the data folder (play/records.hpp); "-": none
  std::string fen;
  Limits limits;  // neither depth nor movetime: 2000 ms a move
  std::optional<std::int64_t> seed;
  std::string prompt_help;  // "help" at the prompt prints this
};

// The exit status: 0 for a game played (or left unfinished), 1 when a machine made an illegal
// move, 2 for a bad setup (one line on `err`).
int play_chess(ChessOptions options, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace minimax::play
