#include "cli/commands.hpp"

#include <algorithm>
#include <iostream>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"

namespace minimax::cli {

// One declaration and one table row per subcommand.
int cmd_bandit(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_bench(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_book(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_egdb(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_endgame(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_help(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_learn(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_legal(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_machines(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_match(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_perft(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_play(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_serve(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_solve(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tables(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tree(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_show(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tune(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_uci(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_hub(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tournament(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tb(Args, std::istream&, std::ostream&, std::ostream&);

namespace {

constexpr Command kCommands[] = {
    {"bandit", "Michie's two-armed bandit: minimax bandit optimal|gittins|michie|regret|game",
     cmd_bandit},
    {"bench", "the engine's node-count signature and speed: minimax bench [DEPTH]", cmd_bench},
    {"book",
     "Polyglot opening books: minimax book probe FILE [FEN] | make GAMES.pgn -o FILE | dump",
     cmd_book},
    {"egdb", "draughts endgame databases: minimax egdb build [--pieces N] | probe FEN", cmd_egdb},
    {"endgame", "Turing's end-game rule programs against Syzygy: minimax endgame check krk|kpk",
     cmd_endgame},
    {"help", "list the commands, or explain one: minimax help [COMMAND]", cmd_help},
    {"learn", "learning machines: minimax learn samuel|samuel-match|chess|chess-elo ...",
     cmd_learn},
    {"legal", "is a move legal, and if not why: minimax legal FEN MOVE", cmd_legal},
    {"machines", "every machine, its description and its options: minimax machines [GAME]",
     cmd_machines},
    {"match", "games between two players, with the score and an Elo estimate", cmd_match},
    {"perft", "count the legal move tree, or check an EPD file of perft counts", cmd_perft},
    {"play", "play a game at the terminal: minimax play chess|draughts|nim|tictactoe [options]",
     cmd_play},
    {"serve",
     "the page: play and watch the machines in a browser: minimax serve [--port N] [--open]",
     cmd_serve},
    {"show", "show a chess position: minimax show FEN [--ascii]", cmd_show},
    {"solve", "solve a position: minimax solve nim|tictactoe|mate|selfmate|helpmate ...",
     cmd_solve},
    {"tb", "Syzygy endgame tablebases: minimax tb probe PATH FEN", cmd_tb},
    {"tables", "chess endgame tables with distance to mate: minimax tables build|probe|info",
     cmd_tables},
    {"tournament", "a round robin between machines: crosstable and Elo ratings", cmd_tournament},
    {"tree", "draw a game tree as SVG or dot: minimax tree FILE|nim ...|tictactoe ...", cmd_tree},
    {"tune", "Texel-tune the engine's evaluation table: minimax tune POSITIONS [--out FILE]",
     cmd_tune},
    {"uci", "serve the Universal Chess Interface (for GUIs and match tools): minimax uci", cmd_uci},
    {"hub", "serve the Hub protocol for draughts (for draughts GUIs and match tools): minimax hub",
     cmd_hub},
};

}  // namespace

std::span<const Command> commands() { return kCommands; }

const Command* find_command(std::string_view name) {
  for (const auto& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

int cmd_help(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  std::string name;
  CommandApp app("help", "Lists every command, or prints the usage of one.");
  app.add_option("COMMAND", name, "the command to explain");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (!name.empty()) {
    const Command* c = find_command(name);
    if (!c) {
      err << "minimax: unknown command '" << name << "' (try 'minimax help')\n";
      return 2;
    }
    return c->run(std::vector<std::string>{"--help"}, std::cin, out, err);
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
  // Each command declares its flags with CLI11 (cli/app.hpp) and answers --help from them.
  return c->run(rest, in, out, err);
}

}  // namespace minimax::cli
