#include "cli/commands.hpp"

#include <algorithm>
#include <iostream>
#include <ostream>
#include <string>
#include <vector>

namespace minimax::cli {

// One declaration and one table row per subcommand.
int cmd_bench(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_egdb(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_help(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_legal(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_match(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_perft(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_play(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_solve(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tree(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_show(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tune(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_uci(Args, std::istream&, std::ostream&, std::ostream&);
int cmd_tournament(Args, std::istream&, std::ostream&, std::ostream&);

namespace {

constexpr Command kCommands[] = {
    {"bench", "the engine's node-count signature and speed: minimax bench [DEPTH]",
     "minimax bench [DEPTH]\n  Searches the fixed bench positions to DEPTH (default 11) with one thread and\n"
     "  16 MB hash; prints the total nodes (a signature of the search), the time and nodes/second.\n", cmd_bench},
    {"egdb", "draughts endgame databases: minimax egdb build [--pieces N] | probe FEN", "", cmd_egdb},
    {"help", "list the commands, or explain one: minimax help [COMMAND]",
     "minimax help [COMMAND]\n  Lists every command, or prints the usage of one.\n", cmd_help},
    {"legal", "is a move legal, and if not why: minimax legal FEN MOVE",
     "minimax legal FEN MOVE [--chess960]\n"
     "  FEN is one quoted argument, its fields, or startpos; MOVE is UCI (e2e4), SAN (Nf3) or\n"
     "  descriptive (P-K4). Prints 'legal: <SAN>' (exit 0) or why not (exit 1).\n", cmd_legal},
    {"match", "games between two players, with the score and an Elo estimate",
     "minimax match A B [--games N] [--openings FILE] [--depth N | --movetime MS | --tc S[+INC]]\n"
     "                  [--max-moves N] [--seed N] [--pgn FILE]\n"
     "  A and B: a machine (random, shannon-a, turochamp, ...), strongest, NAME:Option=Value,...,\n"
     "  or uci:/path/to/engine. Colours alternate; each opening (a FEN or moves a line) is played\n"
     "  twice. Prints a line per game, then +W =D -L and the Elo difference with its 95% error.\n",
     cmd_match},
    {"perft", "count the legal move tree, or check an EPD file of perft counts",
     "minimax perft FEN|startpos DEPTH [--divide] [--chess960] [--by-play]\n"
     "       minimax perft --epd FILE [--depth N] [--max-nodes N] [--chess960] [--jobs N]\n"
     "                                 [--quiet]\n"
     "       minimax perft draughts [FEN|startpos] DEPTH [--divide] [--paths]\n"
     "  Counts the leaf nodes of the legal move tree to DEPTH (--divide: per root move;\n"
     "  --by-play: through the game's move generator and play/undo, as search does).\n"
     "  With --epd, checks every position's listed counts (\"D1 20 ;D2 400\"), up to depth N\n"
     "  and expected count N if given: a line per position, then totals; exit status 1 on any\n"
     "  mismatch. Shredder-FEN castling letters or \"c960 true\" mean Chess960.\n"
     "  --jobs N checks N positions at a time (one thread each); --quiet prints failures only.\n", cmd_perft},
    {"play", "play a game at the terminal: minimax play chess|nim|tictactoe [options]",
     "minimax play chess [--white NAME] [--black NAME] [options]\n"
     "       minimax play nim HEAPS... [--k K] [--misere] [--machine-first] [--explain]\n"
     "       minimax play tictactoe [POSITION] [--machine-first] [--explain]\n"
     "  A game at the terminal; a person is the player named 'human'.\n", cmd_play},
    {"show", "show a chess position: minimax show FEN [--ascii]", "", cmd_show},
    {"solve", "solve a position: minimax solve nim|tictactoe|mate|selfmate|helpmate ...",
     "minimax solve nim HEAPS... [--k K] [--misere]\n"
     "       minimax solve tictactoe [POSITION] [--stats]\n"
     "       minimax solve mate|selfmate|helpmate N FEN ...\n"
     "       minimax solve draughts FEN [--dir DIR] [--depth N | --movetime MS]\n"
     "  nim: the value for the player to move, every winning move, Nimrod's choice.\n"
     "  tictactoe: POSITION as x.o/.x./..o (X moves first); --stats counts the nodes searched by\n"
     "  minimax, alpha-beta and alpha-beta with a table to the end of the game.\n"
     "  draughts: the endgame databases' value (minimax egdb build), else the engine's search.\n", cmd_solve},
    {"tournament", "a round robin between machines: crosstable and Elo ratings",
     "minimax tournament A B C ... [--games N] [--openings FILE] [--depth N | --movetime MS |\n"
     "                              --tc S[+INC]] [--max-moves N] [--seed N] [--pgn FILE] [--svg FILE]\n"
     "  Every pair plays N games (default 2), colours alternating; prints the crosstable and Elo\n"
     "  ratings (random = 0 when it plays) and draws them as an SVG plot with --svg.\n",
     cmd_tournament},
    {"tree", "draw a game tree as SVG or dot: minimax tree FILE|nim ...|tictactoe ...",
     "minimax tree FILE [--alphabeta] [--dot|--text] [-o OUT]\n"
     "       minimax tree nim HEAPS... [--k K] [--misere] [--depth D] [--alphabeta] [--dot|--text]\n"
     "       minimax tree tictactoe [POSITION] [--depth D] [--alphabeta] [--dot|--text]\n"
     "  Every node shows its backed-up value (root player's view), the principal line is red, and\n"
     "  with --alphabeta the pruned moves are dashed. FILE holds nested leaf values, e.g.\n"
     "  ((3 1 4) (2 -7 5) (-6 4 0)) for Shannon's fig. 2 (tests/data/trees). --max-nodes N (5000).\n",
     cmd_tree},
    {"tune", "Texel-tune the engine's evaluation table: minimax tune POSITIONS [--out FILE]",
     "minimax tune POSITIONS [--epochs N] [--lr X] [--k K] [--validation F] [--l2 X]\n"
     "                       [--lambda L] [--optimizer adam|gd] [--params FILE] [--out FILE]\n"
     "       minimax tune --selfplay GAMES --out FILE [--nodes N] [--seed S] [--openings FILE]\n"
     "                    [--random-plies N]\n"
     "  Fits the evaluation table to game results (one 'FEN result [score]' per line); or plays the\n"
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
    if (c->usage.empty()) return c->run(std::vector<std::string>{"--help"}, std::cin, out, err);
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
  // A command whose usage is empty declares its flags with CLI11 (cli/app.hpp) and answers --help
  // itself from those declarations.
  if (c->name != "help" && !c->usage.empty() && wants_help(rest)) {
    out << "usage: " << c->usage;
    return 0;
  }
  return c->run(rest, in, out, err);
}

}  // namespace minimax::cli
