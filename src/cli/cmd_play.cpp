// minimax play chess|draughts|nim|tictactoe [options]: a person (or any machine) against a machine
// at the terminal. The flags are declared here with CLI11 (cli/app.hpp); the games are played by
// src/play/ through the one game loop (src/session/game_loop.hpp).
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "play/chess_session.hpp"
#include "play/draughts_session.hpp"
#include "play/small_games.hpp"

namespace minimax::cli {

namespace {

// "help" at the chess prompt.
constexpr const char* kChessPromptHelp =
    "usage: minimax play chess [--white NAME] [--black NAME] [--notation san|uci|descriptive]\n"
    "                          [--explain] [--pgn FILE] [--fen FEN] [--depth N] [--movetime MS]\n"
    "                          [--seed N] [--unicode]\n"
    "  NAME: human, a machine (random, shannon-a, shannon-b, turochamp, somac, engine, ...),\n"
    "  strongest, or uci:/path/to/engine; options as NAME:Option=Value,Option=Value.\n"
    "  Defaults: --white human --black strongest; the game is saved in the data folder\n"
    "  ($XDG_DATA_HOME/minimax/games, else ~/.local/share/minimax/games) unless --pgn names a "
    "file.\n"
    "  At the prompt: a move (e4, Nf3, e2e4, P-K4, Kt-KB3), or undo, resign, draw, moves, board, "
    "help.\n";

// The last of the words in `on` or `off` given decides (as a command line is read, left to right).
bool last_says(const std::vector<std::string>& words, std::initializer_list<const char*> on,
               std::initializer_list<const char*> off, bool otherwise) {
  for (auto w = words.rbegin(); w != words.rend(); ++w) {
    for (const char* x : on)
      if (*w == x) return true;
    for (const char* x : off)
      if (*w == x) return false;
  }
  return otherwise;
}

// The first word CLI11 did not take: an unknown option, or a word where none belongs.
std::optional<std::string> first_extra(const CLI::App& app) {
  const auto rest = app.remaining();
  if (rest.empty()) return std::nullopt;
  return rest.front();
}

struct SmallGameFlags {
  std::string seed, record;
  bool flag = false;  // CLI11 needs somewhere to put the flags; their order is read from the words
  void declare(CLI::App& app) {
    app.add_flag("--machine-first,--second", flag, "the machine moves first");
    app.add_flag("--human-first,--first", flag, "the person moves first (the default)");
    app.add_flag("--explain", flag, "print the machine's reasoning with its moves");
    app.add_option("--seed", seed, "the machine's seed, for its choice among equal moves")
        ->type_name("N");
    app.add_option("--record", record,
                   "save the game here (- for nowhere); default: the data folder")
        ->type_name("FILE");
    app.allow_extras();
  }
  Expected<play::SmallGameOptions> values(const CLI::App& app,
                                          const std::vector<std::string>& words) const {
    play::SmallGameOptions o;
    o.machine_first =
        last_says(words, {"--machine-first", "--second"}, {"--human-first", "--first"}, false);
    o.explain = app.count("--explain") > 0;
    if (app.count("--seed") > 0) {
      auto s = parse_int(seed, "seed", 0, INT64_MAX);
      if (!s) return Error{s.error()};
      o.seed = static_cast<std::uint64_t>(*s);
    }
    if (app.count("--record") > 0) o.record = record;
    return o;
  }
};

}  // namespace

int cmd_play(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << "minimax play: name a game: chess, draughts, nim or tictactoe\n";
    return 2;
  }
  const std::string& game = args[0];
  if (!starts_with(game, "-") && game != "chess" && game != "draughts" && game != "checkers" &&
      game != "nim" && game != "tictactoe" && game != "noughts-and-crosses") {
    err << "minimax play: unknown game '" << game << "' (games: chess, draughts, nim, tictactoe)\n";
    return 2;
  }
  std::vector<std::string> words(args.begin(), args.end());
  for (auto& w : words)
    if (w == "--misère") w = "--misere";  // CLI11 names are ASCII

  CommandApp app("play",
                 "A game at the terminal: chess between any two of a person and the "
                 "machines, draughts against Strachey's machine, Nim against Nimrod, noughts "
                 "and crosses against the perfect player.");
  app.require_subcommand(1);
  app.footer("minimax play GAME --help lists the flags of each game.");

  // chess
  play::ChessOptions chess_options;
  std::string notation, depth, movetime, seed, pgn;
  CLI::App* chess =
      app.add_subcommand("chess", "a game of chess; a person is the player named 'human'");
  chess->add_option("--white", chess_options.white, "who plays White (default human)")
      ->type_name("NAME");
  chess->add_option("--black", chess_options.black, "who plays Black (default strongest)")
      ->type_name("NAME");
  chess->add_option("--notation", notation, "how moves are printed (default san)")
      ->type_name("san|uci|descriptive");
  chess->add_flag("--explain", chess_options.explain, "print why a machine chose its move");
  chess
      ->add_option("--pgn", pgn,
                   "save the game here (- for nowhere); default: a new file in the data folder")
      ->type_name("FILE");
  chess->add_option("--fen", chess_options.fen, "start from this position")->type_name("FEN");
  chess->add_option("--depth", depth, "plies a move for the machines")->type_name("N");
  chess->add_option("--movetime", movetime, "milliseconds a move (default 2000)")->type_name("MS");
  chess->add_option("--seed", seed, "the machines' seed")->type_name("N");
  chess->add_flag("--unicode", chess_options.unicode, "the board with Unicode pieces");
  chess->footer(
      "NAME: human, a machine (random, shannon-a, shannon-b, turochamp, somac, engine, ...),\n"
      "strongest, or uci:/path/to/engine; options as NAME:Option=Value,Option=Value.\n"
      "At the prompt: a move (e4, Nf3, e2e4, P-K4, Kt-KB3), or undo, resign, draw, moves, board, "
      "help.\n"
      "The game is saved after every move; the data folder is $XDG_DATA_HOME/minimax/games, else\n"
      "~/.local/share/minimax/games (the path is printed at the end).");
  chess->allow_extras();

  // nim
  std::vector<std::string> heaps;
  std::string k;
  SmallGameFlags nim_flags;
  CLI::App* nim = app.add_subcommand("nim", "Nim against Nimrod (1951)");
  nim->add_option("HEAPS", heaps, "the heap sizes: 7 4 5 2 or 7,4,5,2");
  nim->add_option("-k,--k", k, "a move may take from 1 to K heaps (default 1)")->type_name("K");
  nim->add_flag("--misere", nim_flags.flag, "taking the last match loses");
  nim->add_flag("--normal", nim_flags.flag, "taking the last match wins (the default)");
  nim_flags.declare(*nim);

  // noughts and crosses
  std::vector<std::string> positions;
  SmallGameFlags ttt_flags;
  CLI::App* ttt = app.add_subcommand("tictactoe", "noughts and crosses against the perfect player");
  ttt->alias("noughts-and-crosses");
  ttt->add_option("POSITION", positions,
                  "the position to start from, e.g. x.o/.x./..o (X moves first)");
  ttt_flags.declare(*ttt);

  // draughts
  play::DraughtsOptions draughts_options;
  std::vector<std::string> draughts_position;
  std::string strategy, stages, draughts_notation, draughts_seed, draughts_record;
  CLI::App* draughts =
      app.add_subcommand("draughts", "English draughts against Strachey's machine (1952)");
  draughts->alias("checkers");
  draughts->add_option("FEN", draughts_position,
                       "the position to start from (PDN FEN, e.g. B:W18:B14,1)");
  draughts->add_option("--strategy", strategy, "Strachey's strategy 1 or 2 (default 2)")
      ->type_name("1|2");
  draughts->add_option("--stages", stages, "the machine's look-ahead limit, 1-6")->type_name("N");
  draughts->add_flag("--count-last-move", draughts_options.count_last_move,
                     "strategy 2 counts the last move's non-captures from before the root");
  draughts
      ->add_option(
          "--black", draughts_options.black,
          "Black, who moves first: human or a machine (random, strachey-1, strachey-2, ...)")
      ->type_name("NAME");
  draughts->add_option("--white", draughts_options.white, "White: human or a machine")
      ->type_name("NAME");
  draughts->add_flag("--machine-first", draughts_options.machine_first, "the machine plays Black");
  draughts->add_flag("--machines", draughts_options.machines_only, "the machine against itself");
  draughts
      ->add_option("--notation", draughts_notation,
                   "how moves are read and written (default standard)")
      ->type_name("standard|strachey");
  draughts->add_option("--seed", draughts_seed, "the machines' seed (default 1952)")
      ->type_name("N");
  draughts->add_flag("--explain", draughts_options.explain,
                     "print the machine's reasoning with its moves");
  draughts
      ->add_option("--record", draughts_record,
                   "save the game's PDN here (- for nowhere); default: the data folder")
      ->type_name("FILE");
  draughts->allow_extras();

  if (auto status = parse_args(app, words, out, err)) return *status;

  if (draughts->parsed()) {
    const std::string who = "minimax play draughts: ";
    if (auto extra = first_extra(*draughts)) {
      err << who << "unknown option '" << *extra << "'\n";
      return 2;
    }
    for (const auto& [flag, value] : {std::pair<std::string, std::string*>{"--strategy", &strategy},
                                      {"--stages", &stages},
                                      {"--seed", &draughts_seed}}) {
      if (draughts->count(flag) == 0) continue;
      const bool is_seed = flag == "--seed";
      auto n = parse_int(*value, flag, is_seed ? 0 : 1,
                         is_seed                ? 2147483647
                         : flag == "--strategy" ? 2
                                                : 6);
      if (!n) {
        err << who << n.error() << '\n';
        return 2;
      }
      if (flag == "--strategy")
        draughts_options.strategy = static_cast<int>(*n);
      else if (flag == "--stages")
        draughts_options.stages = static_cast<int>(*n);
      else
        draughts_options.seed = static_cast<std::uint64_t>(*n);
    }
    if (draughts->count("--notation") > 0) {
      if (draughts_notation != "standard" && draughts_notation != "strachey") {
        err << who << "--notation '" << draughts_notation << "': standard or strachey\n";
        return 2;
      }
      draughts_options.strachey_notation = draughts_notation == "strachey";
    }
    if (draughts->count("--record") > 0) draughts_options.record = draughts_record;
    draughts_options.fen = join(draughts_position, " ");
    return play::play_draughts(draughts_options, in, out, err);
  }

  if (chess->parsed()) {
    const std::string who = "minimax play chess: ";
    if (auto extra = first_extra(*chess)) {
      err << who << "unknown argument '" << *extra << "' (try --help)\n";
      return 2;
    }
    if (chess->count("--notation") > 0) {
      if (notation == "san")
        chess_options.notation = play::Notation::san;
      else if (notation == "uci")
        chess_options.notation = play::Notation::uci;
      else if (notation == "descriptive")
        chess_options.notation = play::Notation::descriptive;
      else {
        err << who << "unknown notation '" << notation << "' (san, uci, descriptive)\n";
        return 2;
      }
    }
    for (const auto& [flag, value] : {std::pair<std::string, std::string*>{"--depth", &depth},
                                      {"--movetime", &movetime},
                                      {"--seed", &seed}}) {
      if (chess->count(flag) == 0) continue;
      auto n =
          parse_int(*value, flag, flag == "--seed" ? 0 : 1, flag == "--depth" ? 64 : 2147483647);
      if (!n) {
        err << who << n.error() << '\n';
        return 2;
      }
      if (flag == "--depth")
        chess_options.limits.depth = static_cast<int>(*n);
      else if (flag == "--movetime")
        chess_options.limits.movetime_ms = *n;
      else
        chess_options.seed = *n;
    }
    if (chess->count("--pgn") > 0) chess_options.pgn = pgn;
    chess_options.prompt_help = kChessPromptHelp;
    return play::play_chess(std::move(chess_options), in, out, err);
  }

  if (nim->parsed()) {
    const std::string who = "minimax play nim: ";
    if (auto extra = first_extra(*nim)) {
      err << who << "unknown option '" << *extra << "'\n";
      return 2;
    }
    auto options = nim_flags.values(*nim, words);
    if (!options) {
      err << who << options.error() << '\n';
      return 2;
    }
    std::optional<int> heaps_per_move;
    if (nim->count("--k") > 0) {
      auto n = parse_int(k, "k", 1, nim::kMaxHeaps);
      if (!n) {
        err << who << n.error() << '\n';
        return 2;
      }
      heaps_per_move = static_cast<int>(*n);
    }
    const bool misere = last_says(words, {"--misere"}, {"--normal"}, false);
    auto setup = nim::make_nim_setup(heaps, heaps_per_move, misere);
    if (!setup) {
      err << who << setup.error() << '\n';
      return 2;
    }
    return play::play_nim(*setup, *options, in, out, err);
  }

  const std::string who = "minimax play tictactoe: ";
  if (auto extra = first_extra(*ttt)) {
    err << who << "unknown option '" << *extra << "'\n";
    return 2;
  }
  auto options = ttt_flags.values(*ttt, words);
  if (!options) {
    err << who << options.error() << '\n';
    return 2;
  }
  tictactoe::TicTacToe start;
  for (const auto& p : positions) {
    auto t = tictactoe::TicTacToe::from_string(p);
    if (!t) {
      err << who << t.error() << '\n';
      return 2;
    }
    start = *t;
  }
  return play::play_tictactoe(start, *options, in, out, err);
}

}  // namespace minimax::cli
