#pragma once
// Every draughts machine minimax has, by name: `minimax match --game draughts`, `minimax
// tournament --game draughts` and `minimax play draughts` construct players only through this
// table (as machines/chess/registry.hpp does for chess). A name may carry options through the
// machine's options table: "strachey-1:Stages=4,Seed=7".
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/player.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

using DraughtsPlayer = Player<Draughts>;

struct MachineInfo {
  std::string_view name;         // e.g. "strachey-2"
  std::string_view description;  // one line: who designed it and what it does
  std::unique_ptr<DraughtsPlayer> (*make)();
};

// All machines, the strongest last.
std::vector<MachineInfo> draughts_machines();
// The strongest there is (the table's last row).
std::string_view strongest_draughts_machine();
// A machine by name (case-insensitive), or an Error listing the names there are.
Expected<std::unique_ptr<DraughtsPlayer>> make_draughts_machine(std::string_view name);
// A machine by the name a front end gives: NAME or NAME:Option=Value,... ("strongest" is the
// table's last row), or hub:COMMAND, an external engine speaking the Hub protocol
// (hub_engine.hpp); a bad option value is the options table's one-line Error.
Expected<std::unique_ptr<DraughtsPlayer>> make_draughts_player(std::string_view spec);

}  // namespace minimax::draughts
