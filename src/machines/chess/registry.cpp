#include "machines/chess/registry.hpp"

#include "core/text.hpp"
#include "machines/chess/endgame_rules/endgame_player.hpp"
#include "machines/chess/engine_player.hpp"

namespace minimax::chess {

// Each machine's file provides its factory; one declaration and one row per machine.
// (Rows are added as the machines are built.)
std::unique_ptr<ChessPlayer> make_random();
std::unique_ptr<ChessPlayer> make_shannon_a();
std::unique_ptr<ChessPlayer> make_shannon_b();
std::unique_ptr<ChessPlayer> make_turochamp();
std::unique_ptr<ChessPlayer> make_somac();

std::vector<MachineInfo> chess_machines() {
  return {
      {"random", "Shannon (1950): a legal move drawn at random", make_random},
      {"shannon-a", "Shannon (1950) type A: all moves to a fixed depth, f(P), minimax",
       make_shannon_a},
      {"shannon-b", "Shannon (1950) type B: selected variations to quiet positions, f(P)",
       make_shannon_b},
      {"somac", "Maynard Smith (1961): one-move analyser with swap-off and exchange values",
       make_somac},
      {"turochamp", "Turing (1953): considerable moves, W/B, position-play value", make_turochamp},
      {"krk", "Torres y Quevedo (1912): king and rook mate king by rule (KRK only)",
       make_krk_rules},
      {"kpk", "Turing (1953)'s end-game programme: king and pawn against king by rule (KPK only)",
       make_kpk_rules},
      {"engine",
       "minimax's modern UCI engine: PVS, TT, null move, LMR, Lazy SMP; evaluation table for Texel "
       "tuning",
       make_engine_player},
  };
}

std::string_view strongest_chess_machine() {
  auto all = chess_machines();
  return all.empty() ? std::string_view("random") : all.back().name;
}

Expected<std::unique_ptr<ChessPlayer>> make_chess_machine(std::string_view name) {
  std::vector<std::string> names;
  for (const auto& m : chess_machines()) {
    if (iequals(m.name, name)) return m.make();
    names.emplace_back(m.name);
  }
  return Error{"unknown chess machine '" + std::string(name) + "' (machines: " + join(names, ", ") +
               ")"};
}

}  // namespace minimax::chess
