#include "machines/tictactoe/registry.hpp"

#include "machines/tictactoe/perfect.hpp"
#include "search/random_player.hpp"

namespace minimax::tictactoe {

namespace {

std::unique_ptr<Player<TicTacToe>> make_random() {
  return std::make_unique<search::RandomPlayer<TicTacToe>>();
}
std::unique_ptr<Player<TicTacToe>> make_perfect() { return std::make_unique<PerfectPlayer>(); }

}  // namespace

std::vector<MachineRow<TicTacToe>> tictactoe_machines() {
  return {
      {"random", "Shannon (1950): a legal move drawn at random", make_random},
      {"perfect", "the solved game (Michie 1966): a win soonest, else a draw, else the latest loss",
       make_perfect},
  };
}

std::string_view strongest_tictactoe_machine() { return tictactoe_machines().back().name; }

Expected<std::unique_ptr<Player<TicTacToe>>> make_tictactoe_player(std::string_view spec) {
  return player_from_spec<TicTacToe>(
      spec, strongest_tictactoe_machine(), [](std::string_view name) {
        return make_from_rows(tictactoe_machines(), "tictactoe", name);
      });
}

}  // namespace minimax::tictactoe
