// `minimax play draughts [FEN] [options]`: a person against Strachey's machine (Bowden 1953),
// through the generic game loop and the terminal Player; the game is printed as PDN at the end.
#include "play/draughts_session.hpp"

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/pdn.hpp"
#include "machines/draughts/strachey.hpp"
#include "play/game_loop.hpp"
#include "play/human_player.hpp"

namespace minimax::play {

namespace {

struct Options {
  std::string fen;
  int strategy = 2;
  int stages = 0;  // 0: the strategy's default
  bool count_last_move = false;
  bool machine_first = false;
  bool machines_only = false;
  bool explain = false;
  bool strachey_notation = false;
  std::uint64_t seed = 1952;
};

Expected<Options> read_options(cli::Args args) {
  Options o;
  std::vector<std::string> position;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string_view what, std::int64_t lo,
                     std::int64_t hi) -> Expected<std::int64_t> {
      if (i + 1 >= args.size()) return Error{std::string(what) + " needs a number"};
      return parse_int(args[++i], what, lo, hi);
    };
    if (a == "--machine-first") {
      o.machine_first = true;
    } else if (a == "--machines") {
      o.machines_only = true;
    } else if (a == "--explain") {
      o.explain = true;
    } else if (a == "--count-last-move") {
      o.count_last_move = true;
    } else if (a == "--notation") {
      if (i + 1 >= args.size()) return Error{"--notation needs standard or strachey"};
      const std::string& n = args[++i];
      if (n != "standard" && n != "strachey")
        return Error{"--notation '" + n + "': standard or strachey"};
      o.strachey_notation = n == "strachey";
    } else if (a == "--strategy" || a == "--stages" || a == "--seed") {
      const bool seed = a == "--seed";
      auto v = value(a, seed ? 0 : 1, seed ? 2147483647 : a == "--strategy" ? 2 : 6);
      if (!v) return Error{v.error()};
      if (a == "--strategy") o.strategy = static_cast<int>(*v);
      if (a == "--stages") o.stages = static_cast<int>(*v);
      if (seed) o.seed = static_cast<std::uint64_t>(*v);
    } else if (starts_with(a, "--")) {
      return Error{"unknown option '" + a + "'"};
    } else {
      position.push_back(a);
    }
  }
  o.fen = join(position, " ");
  return o;
}

}  // namespace

int play_draughts(cli::Args args, std::istream& in, std::ostream& out, std::ostream& err) {
  auto options = read_options(args);
  if (!options) {
    err << "minimax play draughts: " << options.error() << '\n';
    return 2;
  }
  const Options& o = *options;
  draughts::Draughts game;
  if (!o.fen.empty()) {
    auto p = draughts::parse_fen(o.fen);
    if (!p) {
      err << "minimax play draughts: " << p.error() << '\n';
      return 2;
    }
    game = *p;
  }
  if (game.outcome() != Outcome::none) {
    err << "minimax play draughts: the game in " << game.to_string() << " is already over\n";
    return 2;
  }
  const draughts::Draughts start = game;
  auto machine = [&](std::uint64_t seed) {
    auto m = std::make_unique<draughts::StracheyMachine>(o.strategy, seed);
    if (o.stages)
      (void)m->set_option(o.strategy == 1 ? "Stages" : "Limit", std::to_string(o.stages));
    if (o.count_last_move) (void)m->set_option("CountLastMove", "true");
    return m;
  };
  const auto read_move = [&](const draughts::Draughts& p, std::string_view t) {
    return o.strachey_notation ? draughts::parse_strachey_move(p, t) : draughts::parse_move(p, t);
  };
  const auto write_move = [&](const draughts::Draughts& p, draughts::Move m) {
    return o.strachey_notation ? draughts::strachey_move_text(p, m) : draughts::move_text(p, m);
  };
  out << "English draughts against Strachey's machine, strategy " << o.strategy
      << " (Bowden 1953).\n"
      << (o.strachey_notation ? "Moves in Strachey's numbers 0-31: 10-14, 12-21(16).\n"
                              : "Moves in standard numbers: 11-15, a capture 18x11 (or 1x10x19).\n")
      << "? lists the moves, quit resigns.\n";
  auto black_machine = machine(o.seed);
  auto white_machine = machine(o.seed + 1);
  HumanPlayer<draughts::Draughts> human(in, out, read_move,
                                        o.strachey_notation ? "e.g. 10-14" : "e.g. 11-15");
  Player<draughts::Draughts>* players[2] = {&human, white_machine.get()};
  if (o.machines_only) {
    players[0] = black_machine.get();
  } else if (o.machine_first) {
    players[0] = black_machine.get();
    players[1] = &human;
  }
  GameHooks<draughts::Draughts> hooks;
  hooks.before_move = [&](const draughts::Draughts& p) {
    out << '\n' << draughts::board_picture(p, o.strachey_notation);
  };
  hooks.after_move = [&](const draughts::Draughts& p, Side side, const Thought<draughts::Move>& t,
                         const std::string&) {
    if (t.explanation.empty()) return;  // the person's own move
    out << "the machine (" << (side == draughts::kBlack ? "Black" : "White") << ") plays "
        << write_move(p, t.move);
    if (o.explain) out << ": " << t.explanation;
    out << '\n';
  };
  const auto result = play_game(game, *players[0], *players[1], Limits{}, hooks, 2000);
  out << '\n' << draughts::board_picture(game, o.strachey_notation);
  std::string result_text = "*";
  if (result.for_first == Outcome::draw) {
    out << "A draw ("
        << (game.repetitions() >= 3 ? "the same position a third time"
                                    : "40 moves each without a man moved or a capture")
        << ").\n";
    result_text = "1/2-1/2";
  } else if (result.for_first != Outcome::none) {
    const bool black_won = result.winner_side == draughts::kBlack;
    const bool person_black = !o.machine_first;
    if (o.machines_only)
      out << (black_won ? "Black" : "White") << " wins (" << result.reason << ").\n";
    else
      out << (black_won == person_black ? "You win" : "The machine wins") << " (" << result.reason
          << ").\n";
    // PDN 3.0: the result is given from the first side to move's view, Black's in this game.
    result_text = black_won ? "1-0" : "0-1";
  } else {
    out << "the game was not finished: " << result.reason << '\n';
  }
  draughts::PdnGame pdn;
  pdn.start = start;
  pdn.tags = {{"Event", "minimax play draughts"},
              {"Black", o.machine_first || o.machines_only ? "Strachey's machine" : "human"},
              {"White", o.machines_only || !o.machine_first ? "Strachey's machine" : "human"},
              {"Result", result_text},
              {"GameType", "21"}};
  for (const auto& m : result.moves) pdn.moves.push_back({m, ""});
  pdn.result = result_text;
  out << '\n' << draughts::write_pdn(pdn);
  return result.for_first == Outcome::none ? 1 : 0;
}

}  // namespace minimax::play
