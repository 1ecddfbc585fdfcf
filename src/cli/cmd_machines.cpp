// minimax machines [GAME]: every machine, its one-line description and its options (type, default,
// range, help), read from the machines' own option tables.
#include <ostream>
#include <string>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/machine_list.hpp"

namespace minimax::cli {

int cmd_machines(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  std::string game;
  CommandApp app(
      "machines",
      "Every machine of each game (or of GAME), its one-line description and its options "
      "with their type, default, range and help. Set an option with NAME:Option=Value in "
      "play, match and tournament, or with setoption in UCI.");
  app.add_option("GAME", game, "chess, draughts, nim or tictactoe (default: every game)");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (!game.empty()) {
    auto text = machines_text(game);
    if (!text) {
      err << "minimax machines: " << text.error() << '\n';
      return 2;
    }
    out << *text;
    return 0;
  }
  bool first = true;
  for (auto g : kMachineGames) {
    if (!first) out << '\n';
    first = false;
    out << *machines_text(g);
  }
  return 0;
}

}  // namespace minimax::cli
