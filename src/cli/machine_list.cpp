#include "cli/machine_list.hpp"

#include <memory>
#include <vector>

#include "core/options.hpp"
#include "core/text.hpp"
#include "machines/chess/registry.hpp"
#include "machines/draughts/registry.hpp"
#include "machines/nim/registry.hpp"
#include "machines/tictactoe/registry.hpp"

namespace minimax::cli {

namespace {

constexpr std::string_view kIndent = "    ";

std::string machine_block(std::string_view name, std::string_view description,
                          const std::vector<OptionInfo>& options) {
  std::string text = "  " + std::string(name);
  for (std::size_t i = name.size(); i < 12; ++i) text += ' ';
  text += std::string(description) + '\n';
  return text + options_help_text(options, kIndent);
}

std::string chess_text() {
  std::string text = "chess (NAME:Option=Value in play, match and tournament; setoption in UCI):\n";
  for (const auto& m : chess::chess_machines())
    text += machine_block(m.name, m.description, m.make()->options());
  return text;
}

std::string draughts_text() {
  std::string text =
      "draughts (NAME:Option=Value in play, match and tournament --game draughts):\n";
  for (const auto& m : draughts::draughts_machines())
    text += machine_block(m.name, m.description, m.make()->options());
  return text;
}

std::string nim_text() {
  std::string text = "nim:\n";
  for (const auto& m : nim::nim_machines())
    text += machine_block(m.name, m.description, m.make()->options());
  return text;
}

std::string tictactoe_text() {
  std::string text = "tictactoe:\n";
  for (const auto& m : tictactoe::tictactoe_machines())
    text += machine_block(m.name, m.description, m.make()->options());
  return text;
}

}  // namespace

Expected<std::string> machines_text(std::string_view game) {
  if (iequals(game, "chess")) return chess_text();
  if (iequals(game, "draughts") || iequals(game, "checkers")) return draughts_text();
  if (iequals(game, "nim")) return nim_text();
  if (iequals(game, "tictactoe") || iequals(game, "noughts-and-crosses")) return tictactoe_text();
  std::vector<std::string> games(std::begin(kMachineGames), std::end(kMachineGames));
  return Error{"unknown game '" + std::string(game) + "' (games: " + join(games, ", ") + ")"};
}

Expected<std::string> chess_machine_options_text(std::string_view machine) {
  auto m = chess::make_chess_machine(machine);
  if (!m) return Error{m.error()};
  return options_help_text((*m)->options(), "  ");
}

}  // namespace minimax::cli
