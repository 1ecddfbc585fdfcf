#pragma once
// `minimax play nim ...` and `minimax play tictactoe ...`: a person against a machine. The flags
// are read by src/cli/cmd_play.cpp.
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "games/nim/nim.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace minimax::play {

struct SmallGameOptions {
  bool machine_first = false;
  bool explain = false;
  std::optional<std::uint64_t>
      seed;  // none: the machine's own (Nimrod 1951, the perfect player 1966)
  // The game's record (session/text_record.hpp): none, a new file in the data folder
  // (play/records.hpp; none when there is no data folder); "-": no record.
  std::optional<std::string> record;
};

// 0 for a game played, 2 for a game already over (one line on `err`).
int play_nim(const nim::Nim& game, const SmallGameOptions& options, std::istream& in,
             std::ostream& out, std::ostream& err);
int play_tictactoe(const tictactoe::TicTacToe& game, const SmallGameOptions& options,
                   std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace minimax::play
