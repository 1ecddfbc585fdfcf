#pragma once
// Every machine of a game with its one-line description and its options, read from each
// machine's option table (core/options.hpp): `minimax machines [GAME]` prints it, and the help of
// play, match and tournament can show it.
#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace minimax::cli {

// The games that have machines, in the order `minimax machines` lists them.
inline constexpr std::string_view kMachineGames[] = {"chess", "draughts", "nim", "tictactoe"};

// For one game ("chess", "draughts", "nim", "tictactoe"; "noughts-and-crosses" too), or an Error
// naming the games there are. A block per machine:
//   shannon-a   Shannon (1950) type A: all moves to a fixed depth, f(P), minimax
//     Depth (an integer 1..8, default 4): plies searched full width (4: two moves each)
Expected<std::string> machines_text(std::string_view game);

// The options of one chess machine, a line each ("  Depth (an integer 1..8, default 4): ...");
// an Error naming the machines there are when `machine` is not one.
Expected<std::string> chess_machine_options_text(std::string_view machine);

}  // namespace minimax::cli
