#pragma once
// Where `minimax play` and `minimax serve` keep its game records when no --pgn is given: the user's
// data folder, $XDG_DATA_HOME/minimax, else ~/.local/share/minimax (the XDG Base Directory
// convention), never the current directory or the source tree.
//
// API:
//   Expected<std::string> path = new_record_path("chess", "pgn");
// gives DATA/games/chess-20261123-174501.pgn (a new name: -2, -3 ... are added when a file of
// that name exists), creating the folders.
#include <string>
#include <string_view>

#include "core/expected.hpp"

namespace minimax::session {

// $XDG_DATA_HOME/minimax, else $HOME/.local/share/minimax; an Error when neither is set.
Expected<std::string> data_folder();

Expected<std::string> new_record_path(std::string_view game, std::string_view extension);

}  // namespace minimax::session
