// minimax solve nim|tictactoe|mate|selfmate|helpmate ...: settle a position by working back from
// the end (Michie 1966: every game is a foregone conclusion).
#include <algorithm>
#include <climits>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/solve_chess.hpp"
#include "cli/solve_draughts.hpp"
#include "core/text.hpp"
#include "games/nim/moore.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/nim/nimrod.hpp"
#include "machines/tictactoe/perfect.hpp"
#include "search/alpha_beta.hpp"
#include "search/iterative_deepening.hpp"
#include "search/minimax.hpp"
#include "search/retrograde.hpp"

namespace minimax::cli {

namespace {

std::string join_ints(const std::vector<int>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + std::to_string(v[i]);
  return s;
}

int solve_nim(Args args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> heap_words;
  int k = 1;
  bool misere = false, normal = false;
  CommandApp app("solve nim",
                 "The value of a Nim position for the player to move (Moore's rule), every winning "
                 "move, and Nimrod's choice.");
  app.add_option("HEAPS", heap_words, "heap sizes: 7 4 5 2 or 7,4,5,2")->required();
  auto* k_option =
      app.add_option("--k", k, "at most k heaps may be taken from in one move (Moore's game)")
          ->check(whole_number(INT32_MIN, INT32_MAX));
  auto* misere_flag = app.add_flag("--misere", misere, "whoever takes the last match loses");
  app.add_flag("--normal", normal, "whoever takes the last match wins (the default)")
      ->excludes(misere_flag);
  if (auto status = parse_args(app, args, out, err)) return *status;
  auto setup = nim::make_nim_setup(
      heap_words, k_option->count() ? std::optional<int>(k) : std::nullopt, misere);
  if (!setup) {
    err << "minimax solve nim: " << setup.error() << '\n';
    return 2;
  }
  nim::Nim game = *setup;
  const auto heaps = game.heaps();
  const nim::Rules rules = game.rules();
  out << "nim " << nim::describe(game) << '\n';
  if (game.outcome() != Outcome::none) {
    out << "value: the game is over; the player to move has "
        << (game.outcome() == Outcome::win ? "won" : "lost") << '\n';
    return 0;
  }
  const bool mover_loses = nim::is_losing_for_mover(heaps, rules);
  const auto sums = nim::column_sums(heaps);
  out << "value: " << (mover_loses ? "loss" : "win")
      << " for the player to move (Moore's rule: column sums";
  for (std::size_t i = sums.size(); i-- > 0;) out << ' ' << sums[i];
  out << (mover_loses ? ", all" : ", not all") << " divisible by " << rules.k + 1 << ")\n";

  // Working back from the end, when the graph is small enough to hold.
  double positions = 1;
  for (int h : heaps) positions *= h + 1;
  const double moves = game.count_moves();
  if (positions * std::min(moves, 1e9) <= 3e7) {
    auto solved = search::RetrogradeSolver<nim::Nim>::solve(game);
    if (solved) {
      const auto& root = solved->root();
      out << "solver: " << to_string(root.value) << " in " << root.distance
          << " plies with best play (" << solved->positions()
          << " positions worked back from the end)\n";
    }
  } else {
    out << "solver: not run (about " << positions << " positions); Moore's rule decides\n";
  }
  if (moves > 2e6) {
    out << "winning moves: too many moves to list (" << moves << ")\n";
  } else {
    nim::Nim::MoveList list;
    game.generate_moves(list);
    std::vector<std::string> winning;
    for (const auto& m : list)
      if (nim::is_losing_for_mover(game.after(m), rules))
        winning.push_back(game.move_to_string(m) + " (leaves " + join_ints(game.after(m)) + ")");
    out << "winning moves (" << winning.size() << " of " << list.size() << "):";
    if (winning.empty()) out << " none";
    for (const auto& w : winning) out << "\n  " << w;
    out << '\n';
  }
  Rng rng(1951);
  const auto d = nim::nimrod_move(game, rng);
  out << "Nimrod: case (" << nim::case_letter(d.kase) << "), ";
  if (d.winning)
    out << "plays " << game.move_to_string(*d.move) << ", leaving "
        << join_ints(game.after(*d.move)) << '\n';
  else
    out << "faced with a winning position, makes a random move\n";
  return 0;
}

int solve_tictactoe(Args args, std::ostream& out, std::ostream& err) {
  tictactoe::TicTacToe game;
  bool stats = false;
  std::string position;
  CommandApp app(
      "solve tictactoe",
      "The value of a noughts-and-crosses position with best play and the value after each "
      "move, by working back from the end of the game.");
  app.add_option("POSITION", position,
                 "rows top to bottom, x.o/.x./..o (X moves first; default: empty)");
  app.add_flag(
      "--stats", stats,
      "count the nodes searched by minimax, alpha-beta and alpha-beta with a table to the end "
      "of the game");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (!position.empty()) {
    auto t = tictactoe::TicTacToe::from_string(position);
    if (!t) {
      err << "minimax solve tictactoe: " << t.error() << '\n';
      return 2;
    }
    game = *t;
  }
  const char mover = game.side_to_move() == Side::first ? 'X' : 'O';
  out << "tictactoe " << game.to_string() << ", " << mover << " to move\n" << game.to_board();
  auto solved = search::RetrogradeSolver<tictactoe::TicTacToe>::solve(game);
  if (!solved) {
    err << "minimax solve tictactoe: " << solved.error() << '\n';
    return 1;
  }
  const auto root = solved->root();
  if (game.outcome() != Outcome::none) {
    out << "value: the game is over (" << to_string(game.outcome()) << " for " << mover << ")\n";
  } else {
    out << "value: " << to_string(root.value) << " for " << mover;
    if (root.value != Outcome::draw) out << " in " << root.distance << " plies";
    out << " with best play\n";
    out << "moves:";
    tictactoe::TicTacToe::MoveList moves;
    game.generate_moves(moves);
    const auto best = tictactoe::best_moves(game);
    for (auto m : moves) {
      game.play(m);
      const auto l = *solved->label(game.key());
      game.undo(m);
      out << ' ' << game.move_to_string(m) << '=';
      out << (l.value == Outcome::loss ? "win" : l.value == Outcome::win ? "loss" : "draw");
      if (l.value != Outcome::draw) out << l.distance + 1;
      if (std::find(best.begin(), best.end(), m) != best.end()) out << '*';
    }
    out << "\n(value after each move for " << mover << ", with plies to the end; * best)\n";
  }
  if (stats) {
    auto none = [](const tictactoe::TicTacToe&) { return 0; };
    const int depth = 9 - game.marks();
    auto mm = search::minimax(game, depth, none);
    auto ab = search::alpha_beta(game, depth, none);
    search::TranspositionTable<tictactoe::Move> tt(1 << 14);
    auto abt = search::alpha_beta(game, depth, none, search::NoOrdering{}, &tt);
    auto id = search::iterative_deepening(game, depth, none);
    out << "positions reachable: " << solved->positions() << '\n'
        << "possible games: " << solved->count_games().value_or(0) << '\n'
        << "nodes searched to the end of the game (squares in order 1-9):\n"
        << "  minimax               " << mm.nodes << '\n'
        << "  alpha-beta            " << ab.nodes << '\n'
        << "  alpha-beta with table " << abt.nodes << '\n'
        << "  iterative deepening   " << id.nodes << " (depths 1-" << id.depth
        << ", root re-ordered)\n"
        << "  retrograde solver     " << solved->positions() << " positions, " << solved->edges()
        << " moves\n";
  }
  return 0;
}

}  // namespace

int cmd_solve(Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << "minimax solve: name a game: nim, tictactoe, draughts, mate, selfmate, helpmate or "
           "problem\n";
    return 2;
  }
  if (args[0] == "--help" || args[0] == "-h") {
    // Each game declares its own flags (minimax solve GAME --help); this lists the games.
    std::string game;
    CommandApp app(
        "solve",
        "Settles a position by working back from the end (Michie: every game is a foregone "
        "conclusion).");
    app.add_option("GAME ARGS", game,
                   "nim, tictactoe, draughts, mate, selfmate, helpmate or problem, then its "
                   "arguments");
    app.footer(
        "forms (minimax solve GAME --help for each):\n"
        "  minimax solve nim HEAPS... [--k K] [--misere]\n"
        "  minimax solve tictactoe [POSITION] [--stats]\n"
        "  minimax solve draughts FEN [--dir DIR] [--depth N | --movetime MS]\n"
        "  minimax solve mate|selfmate|helpmate N FEN ...\n"
        "  minimax solve problem STIPULATION FEN ...   (#N s#N h#N h#N.5 h=N ser-#N ser-=N "
        "ser-h#N ser-h=N)");
    return parse_args(app, args, out, err).value_or(0);
  }
  const std::string& what = args[0];
  Args rest = args.subspan(1);
  if (what == "nim") return solve_nim(rest, out, err);
  if (what == "draughts" || what == "checkers") return solve_draughts(rest, out, err);
  if (what == "tictactoe" || what == "noughts-and-crosses") return solve_tictactoe(rest, out, err);
  if (what == "mate" || what == "selfmate" || what == "helpmate" || what == "problem")
    return solve_chess_problem(what, rest, in, out, err);
  err << "minimax solve: unknown game '" << what
      << "' (nim, tictactoe, draughts, mate, selfmate, helpmate, problem)\n";
  return 2;
}

}  // namespace minimax::cli
