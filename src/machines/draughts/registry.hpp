#pragma once
// Every draughts machine minimax has, by name, with a one-line description and a factory.
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
  std::string_view name;         // e.g. "engine"
  std::string_view description;  // one line: who designed it and what it does
  std::unique_ptr<DraughtsPlayer> (*make)();
};

// All machines, the strongest last.
std::vector<MachineInfo> draughts_machines();
// A machine by name (case-insensitive), or an Error listing the names there are.
Expected<std::unique_ptr<DraughtsPlayer>> make_draughts_machine(std::string_view name);

}  // namespace minimax::draughts
