#pragma once
// Every tictactoe machine minimax has, by name: the page, `minimax machines` and `minimax play`
// build them only through this table (as machines/chess/registry.hpp does for chess). A name may
// carry options through the machine's options table: "perfect:Seed=7".
#include <memory>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/player.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace minimax::tictactoe {

// All machines, the strongest last.
std::vector<MachineRow<TicTacToe>> tictactoe_machines();
// The strongest there is (the table's last row).
std::string_view strongest_tictactoe_machine();
// A machine by the name a front end gives: NAME or NAME:Option=Value,... ("strongest" is the
// table's last row); an unknown name or a bad option is one line.
Expected<std::unique_ptr<Player<TicTacToe>>> make_tictactoe_player(std::string_view spec);

}  // namespace minimax::tictactoe
