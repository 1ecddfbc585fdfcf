// `minimax play nim ...` and `minimax play tictactoe ...`: a person against Nimrod or the perfect
// noughts-and-crosses player, through the generic game loop and the terminal Player.
#include "play/small_games.hpp"

#include <ostream>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/nim/nimrod.hpp"
#include "machines/tictactoe/perfect.hpp"
#include "play/game_loop.hpp"
#include "play/human_player.hpp"

namespace minimax::play {

namespace {

// Bowden's way of looking at the heaps: each in binary, one under the other, with the column sums.
void show_heaps(const nim::Nim& n, std::ostream& out) {
  int bits = 1;
  for (int h : n.heaps())
    while ((1 << bits) <= h) ++bits;
  out << "\n      ";
  for (int b = bits - 1; b >= 0; --b) out << ' ' << (1 << b);
  out << '\n';
  for (int i = 0; i < n.heap_count(); ++i) {
    out << "  " << nim::heap_name(i) << "   ";
    for (int b = bits - 1; b >= 0; --b)
      out << std::string(std::to_string(1 << b).size(), ' ') << ((n.heap(i) >> b) & 1);
    out << "  (" << n.heap(i) << ") " << std::string(static_cast<std::size_t>(std::min(n.heap(i), 40)), '|')
        << '\n';
  }
}

struct Options {
  bool machine_first = false;
  bool explain = false;
  std::uint64_t seed = 0;
  bool seed_given = false;
  std::vector<std::string> rest;
};

// Takes the options every small game shares; the rest are the game's own.
Expected<Options> read_options(cli::Args args) {
  Options o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--machine-first" || a == "--second") {
      o.machine_first = true;
    } else if (a == "--human-first" || a == "--first") {
      o.machine_first = false;
    } else if (a == "--explain") {
      o.explain = true;
    } else if (a == "--seed") {
      if (i + 1 >= args.size()) return Error{"--seed needs a number"};
      auto s = parse_int(args[++i], "seed", 0, INT64_MAX);
      if (!s) return Error{s.error()};
      o.seed = static_cast<std::uint64_t>(*s);
      o.seed_given = true;
    } else {
      o.rest.push_back(a);
    }
  }
  return o;
}

}  // namespace

int play_nim(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  auto options = read_options(args);
  if (!options) {
    err << "minimax play nim: " << options.error() << '\n';
    return 2;
  }
  auto setup = nim::parse_nim_setup(options->rest);
  if (!setup) {
    err << "minimax play nim: " << setup.error() << '\n';
    return 2;
  }
  nim::Nim game = *setup;
  if (game.outcome() != Outcome::none) {
    err << "minimax play nim: all heaps are empty, there is nothing to play\n";
    return 2;
  }
  out << "Nim: heaps " << nim::describe(game) << ".\n"
      << "A move takes matches from 1 to " << game.rules().k << " heap" << (game.rules().k > 1 ? "s" : "")
      << ": type the heap and how many, e.g. A2" << (game.rules().k > 1 ? " or A2 D1" : "")
      << ". ? lists the moves, quit resigns.\n";
  nim::NimrodPlayer nimrod(options->seed_given ? options->seed : 1951);
  HumanPlayer<nim::Nim> human(
      in, out, [](const nim::Nim& n, std::string_view t) { return n.parse_move(t); }, "e.g. A2");
  const bool explain = options->explain;
  GameHooks<nim::Nim> hooks;
  hooks.before_move = [&](const nim::Nim& n) { show_heaps(n, out); };
  hooks.after_move = [&](const nim::Nim& n, Side, const Thought<nim::Move>& t, const std::string& text) {
    if (!t.explanation.empty()) {
      out << "Nimrod takes " << text << ", leaving ";
      const auto after = n.after(t.move);
      for (std::size_t i = 0; i < after.size(); ++i) out << (i ? " " : "") << after[i];
      out << '\n';
      if (explain) out << t.explanation;
    }
  };
  Player<nim::Nim>& first = options->machine_first ? static_cast<Player<nim::Nim>&>(nimrod) : human;
  Player<nim::Nim>& second = options->machine_first ? static_cast<Player<nim::Nim>&>(human) : nimrod;
  const auto result = play_game(game, first, second, Limits{}, hooks);
  show_heaps(game, out);
  if (result.for_first == Outcome::none) {
    out << "the game was not finished: " << result.reason << '\n';
    return 1;
  }
  const bool human_won = (result.winner_side == Side::first) != options->machine_first;
  out << (human_won ? "You win" : "Nimrod wins") << " (" << result.reason << ", "
      << (game.rules().misere ? "taking the last match loses" : "taking the last match wins") << ").\n";
  return 0;
}

int play_tictactoe(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  auto options = read_options(args);
  if (!options) {
    err << "minimax play tictactoe: " << options.error() << '\n';
    return 2;
  }
  tictactoe::TicTacToe game;
  for (const auto& a : options->rest) {
    if (starts_with(a, "-")) {
      err << "minimax play tictactoe: unknown option '" << a << "'\n";
      return 2;
    }
    auto t = tictactoe::TicTacToe::from_string(a);
    if (!t) {
      err << "minimax play tictactoe: " << t.error() << '\n';
      return 2;
    }
    game = *t;
  }
  if (game.outcome() != Outcome::none) {
    err << "minimax play tictactoe: the game in " << game.to_string() << " is already over\n";
    return 2;
  }
  out << "Noughts and crosses against the perfect player (Michie's exhaustive list of positions).\n"
      << "Type the number of a free square; ? lists them, quit resigns.\n";
  tictactoe::PerfectPlayer machine(options->seed_given ? options->seed : 1966);
  HumanPlayer<tictactoe::TicTacToe> human(
      in, out, [](const tictactoe::TicTacToe& t, std::string_view s) { return t.parse_move(s); }, "1-9");
  GameHooks<tictactoe::TicTacToe> hooks;
  hooks.before_move = [&](const tictactoe::TicTacToe& t) { out << '\n' << t.to_board(); };
  hooks.after_move = [&](const tictactoe::TicTacToe&, Side side, const Thought<tictactoe::Move>& t,
                         const std::string& text) {
    if (t.explanation.empty()) return;  // the person's own move
    out << "the machine (" << (side == Side::first ? 'X' : 'O') << ") plays " << text;
    if (options->explain) out << ": " << t.explanation;
    out << '\n';
  };
  // The person plays X (the first player) unless --machine-first; from a given position with O to
  // move, the machine as O moves first.
  Player<tictactoe::TicTacToe>& first =
      options->machine_first ? static_cast<Player<tictactoe::TicTacToe>&>(machine) : human;
  Player<tictactoe::TicTacToe>& second =
      options->machine_first ? static_cast<Player<tictactoe::TicTacToe>&>(human) : machine;
  const auto result = play_game(game, first, second, Limits{}, hooks);
  out << '\n' << game.to_board();
  if (result.for_first == Outcome::none) {
    out << "the game was not finished: " << result.reason << '\n';
    return 1;
  }
  if (result.for_first == Outcome::draw) {
    out << "A draw.\n";
    return 0;
  }
  const bool person_is_x = !options->machine_first;
  const bool x_won = result.winner_side == Side::first;
  const bool line = game.winner() != tictactoe::Mark::empty;
  out << (x_won == person_is_x ? "You win" : "The machine wins") << " ("
      << (line ? std::string("three in a row") : result.reason) << ").\n";
  return 0;
}

}  // namespace minimax::play
