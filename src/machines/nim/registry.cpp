#include "machines/nim/registry.hpp"

#include "machines/nim/nimrod.hpp"
#include "search/random_player.hpp"

namespace minimax::nim {

namespace {

std::unique_ptr<Player<Nim>> make_random() { return std::make_unique<search::RandomPlayer<Nim>>(); }
std::unique_ptr<Player<Nim>> make_nimrod() { return std::make_unique<NimrodPlayer>(); }

}  // namespace

std::vector<MachineRow<Nim>> nim_machines() {
  return {
      {"random", "Shannon (1950): a legal move drawn at random", make_random},
      {"nimrod",
       "Nimrod (Ferranti, 1951; Bowden 1953): Moore's rule, the misere ending, a random move when "
       "lost",
       make_nimrod},
  };
}

std::string_view strongest_nim_machine() { return nim_machines().back().name; }

Expected<std::unique_ptr<Player<Nim>>> make_nim_player(std::string_view spec) {
  return player_from_spec<Nim>(spec, strongest_nim_machine(), [](std::string_view name) {
    return make_from_rows(nim_machines(), "nim", name);
  });
}

}  // namespace minimax::nim
