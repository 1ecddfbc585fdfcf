#include "machines/draughts/registry.hpp"

#include "core/text.hpp"
#include "machines/draughts/engine/engine_player.hpp"
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
  std::string_view name = spec, opts;
  if (const auto colon = spec.find(':'); colon != std::string_view::npos) {
    name = spec.substr(0, colon);
    opts = spec.substr(colon + 1);
  }
  if (iequals(name, "strongest")) name = strongest_draughts_machine();
  auto p = make_draughts_machine(name);
  if (!p) return Error{p.error()};
  if (!opts.empty()) {
    for (const auto& kv : split(opts, ',')) {
      const auto eq = kv.find('=');
      if (eq == std::string::npos)
        return Error{"bad option '" + kv + "' for " + std::string(name) + " (NAME=VALUE)"};
      auto st = (*p)->set_option(kv.substr(0, eq), kv.substr(eq + 1));
      if (!st) return Error{st.error()};
    }
  }
  return std::move(*p);
}

}  // namespace minimax::draughts
