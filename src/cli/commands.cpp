#include "cli/commands.hpp"

#include <algorithm>
#include <ostream>

namespace minimax::cli {

// One declaration and one table row per subcommand.
int cmd_bench(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_help(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_play(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tune(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_uci(Args, std::istream&, std::ostream&, std::ostream&);

namespace {

constexpr Command kCommands[] = {
    {"bench", "the engine's node-count signature and speed: minimax bench [DEPTH]",
     "minimax bench [DEPTH]\n  Searches the fixed bench positions to DEPTH (default 11) with one thread and\n"
     "  16 MB hash; prints the total nodes (a signature of the search), the time and nodes/second.\n", cmd_bench},
    {"help", "list the commands, or explain one: minimax help [COMMAND]",
     "minimax help [COMMAND]\n  Lists every command, or prints the usage of one.\n", cmd_help},
    {"play", "play a game at the terminal: minimax play chess|nim|tictactoe [options]",
     "minimax play chess [--white NAME] [--black NAME] [options]\n"
     "       minimax play nim HEAPS... [--k K] [--misere]\n"
     "       minimax play tictactoe\n"
     "  A game at the terminal; a person is the player named 'human'.\n", cmd_play},
    {"tune", "Texel-tune the engine's evaluation table: minimax tune POSITIONS [--out FILE]",
     "minimax tune POSITIONS [--epochs N] [--lr X] [--k K] [--validation F] [--params FILE] [--out FILE]\n"
     "       minimax tune --selfplay GAMES --out FILE [--nodes N] [--seed S]\n"
     "  Fits the evaluation table to game results (one 'FEN result' per line); or plays the\n"
     "  engine's own games and writes their quiet positions with results. See docs/engine.md.\n", cmd_tune},
    {"uci", "serve the Universal Chess Interface (for GUIs and match tools): minimax uci",
     "minimax uci\n  Speaks UCI on standard input and output; the option Machine chooses which chess\n"
     "  machine answers (the engine by default). See docs/uci.md.\n", cmd_uci},
};

}  // namespace

std::span<const Command> commands() { return kCommands; }

const Command* find_command(std::string_view name) {
  for (const auto& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

bool wants_help(Args args) {
  return std::any_of(args.begin(), args.end(),
                     [](const std::string& a) { return a == "--help" || a == "-h"; });
}

int cmd_help(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  if (!args.empty() && args[0] != "--help" && args[0] != "-h") {
    const Command* c = find_command(args[0]);
    if (!c) {
      err << "minimax: unknown command '" << args[0] << "' (try 'minimax help')\n";
      return 2;
    }
    out << "usage: " << c->usage;
    return 0;
  }
  out << "minimax: machines that play games, from the 1948-1966 papers to a modern engine.\n\n"
         "usage: minimax COMMAND [ARGS...]   (minimax COMMAND --help for details)\n\n";
  for (const auto& c : kCommands) {
    out << "  " << c.name;
    for (std::size_t i = c.name.size(); i < 12; ++i) out << ' ';
    out << c.summary << '\n';
  }
  return 0;
}

int run_main(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") return cmd_help({}, in, out, err);
  const Command* c = find_command(args[0]);
  if (!c) {
    err << "minimax: unknown command '" << args[0] << "' (try 'minimax help')\n";
    return 2;
  }
  Args rest = args.subspan(1);
  if (c->name != "help" && wants_help(rest)) {
    out << "usage: " << c->usage;
    return 0;
  }
  return c->run(rest, in, out, err);
}

}  // namespace minimax::cli
