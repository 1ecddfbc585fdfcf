#pragma once
// Every chess machine minimax has, by name: the command line (`play`, `match`, `tournament`) and
// UCI's `Machine` option construct players only through this table.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/player.hpp"
#include "games/chess/position.hpp"

namespace minimax::chess {

using ChessPlayer = Player<Position>;

struct MachineInfo {
  std::string_view name;         // e.g. "turochamp"
  std::string_view description;  // one line: who designed it and what it does
  std::unique_ptr<ChessPlayer> (*make)();
};

// All machines, the strongest last.
std::vector<MachineInfo> chess_machines();
// The machine `make play` faces: the strongest there is.
std::string_view strongest_chess_machine();
// A machine by name (case-insensitive), or an Error listing the names there are.
Expected<std::unique_ptr<ChessPlayer>> make_chess_machine(std::string_view name);

}  // namespace minimax::chess
