#include "machines/draughts/registry.hpp"

#include "core/text.hpp"
#include "machines/draughts/engine/engine_player.hpp"
#include "machines/draughts/hub_engine.hpp"
#include "machines/draughts/random.hpp"
#include "machines/draughts/samuel.hpp"
#include "machines/draughts/strachey.hpp"

namespace minimax::draughts {

namespace {

std::unique_ptr<DraughtsPlayer> make_strachey_1() { return make_strachey(1); }
std::unique_ptr<DraughtsPlayer> make_strachey_2() { return make_strachey(2); }

}  // namespace

// One row per machine, the strongest last; a machine's file provides its factory.
std::vector<MachineInfo> draughts_machines() {
  return {
      {"random", "a legal move drawn at random, every move equally likely", make_random},
      {"strachey-1",
       "Strachey (Bowden 1953) strategy 1: every move to a fixed number of stages, material only",
       make_strachey_1},
      {"strachey-2",
       "Strachey (Bowden 1953) strategy 2: on until two moves without captures, limit 4",
       make_strachey_2},
      {"samuel",
       "Samuel (Samuel 1959; Michie 1966): alpha-beta, captures not counted, scoring polynomial, "
       "rote learning",
       make_samuel},
      {"engine",
       "minimax's draughts engine: PVS, TT, killers, history, LMR; endgame databases by retrograde "
       "analysis",
       make_engine_player},
  };
}

std::string_view strongest_draughts_machine() {
  const auto all = draughts_machines();
  return all.empty() ? std::string_view("random") : all.back().name;
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

Expected<std::unique_ptr<DraughtsPlayer>> make_draughts_player(std::string_view spec) {
  if (starts_with(spec, "hub:")) {
    auto e = HubEngine::start(std::string(spec.substr(4)));
    if (!e) return Error{e.error()};
    return std::unique_ptr<DraughtsPlayer>(std::move(*e));
  }
  return player_from_spec<Draughts>(spec, strongest_draughts_machine(), make_draughts_machine);
}

}  // namespace minimax::draughts
