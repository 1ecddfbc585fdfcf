#include "machines/draughts/registry.hpp"

#include "core/text.hpp"
#include "machines/draughts/engine/engine_player.hpp"

namespace minimax::draughts {

// One row per machine (each machine's file provides its factory).
std::vector<MachineInfo> draughts_machines() {
  return {
      {"engine",
       "minimax's draughts engine: PVS, TT, killers, history, LMR; endgame databases by retrograde "
       "analysis",
       make_engine_player},
  };
}

Expected<std::unique_ptr<DraughtsPlayer>> make_draughts_machine(std::string_view name) {
  std::vector<std::string> names;
  for (const auto& m : draughts_machines()) {
    if (iequals(m.name, name)) return m.make();
    names.emplace_back(m.name);
  }
  return Error{"unknown draughts machine '" + std::string(name) +
               "' (machines: " + join(names, ", ") + ")"};
}

}  // namespace minimax::draughts
