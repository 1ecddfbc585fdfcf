#pragma once
// Every nim machine minimax has, by name: the page, `minimax machines` and `minimax play` build
// them only through this table (as machines/chess/registry.hpp does for chess). A name may carry
// options through the machine's options table: "nimrod:Seed=7".
#include <memory>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/player.hpp"
#include "games/nim/nim.hpp"

namespace minimax::nim {

// All machines, the strongest last.
std::vector<MachineRow<Nim>> nim_machines();
// The strongest there is (the table's last row).
std::string_view strongest_nim_machine();
// A machine by the name a front end gives: NAME or NAME:Option=Value,... ("strongest" is the
// table's last row); an unknown name or a bad option is one line.
Expected<std::unique_ptr<Player<Nim>>> make_nim_player(std::string_view spec);

}  // namespace minimax::nim
