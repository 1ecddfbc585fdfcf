#include "cli/match_args.hpp"

#include <cmath>

#include "core/atomic_file.hpp"
#include "core/text.hpp"
#include "match/draughts_openings.hpp"

namespace minimax::cli {

MatchFlags::MatchFlags(CLI::App& app, std::string_view command) : app_(app), command_(command) {
  const bool tournament = command == "tournament";
  app.add_option("PLAYERS", players_, tournament ? "the players, two or more" : "the two players");
  app.add_option("--game", game_, "chess (the default) or draughts")->type_name("GAME");
  app.add_option("--games", games_, "games per pairing (default 2); colours alternate")
      ->type_name("N");
  app.add_option("--openings", openings_,
                 "one opening a line (a FEN, or moves), each played twice; draughts: "
                 "also 'ballots', the 156 three-move ballots")
      ->type_name("FILE");
  app.add_option("--depth", depth_,
                 "plies a move (chess's historical machines keep their own; Strachey's take it as "
                 "their stages)")
      ->type_name("N");
  app.add_option("--movetime", movetime_, "milliseconds a move")->type_name("MS");
  app.add_option("--nodes", nodes_,
                 "nodes a move, for machines that count them (the engines): a measure the "
                 "machine's load does not change")
      ->type_name("N");
  app.add_option("--tc", tc_, "a game clock: SECONDS or SECONDS+INCREMENT, e.g. 10+0.1")
      ->type_name("S[+INC]");
  app.add_option("--max-moves", max_moves_, "adjudicate a draw after N moves (default 200)")
      ->type_name("N");
  app.add_option("--seed", seed_,
                 "machine seeds: seed + 2g for the side moving first in game g, + 1 for the other")
      ->type_name("N");
  app.add_option("--pgn", pgn_, "append every game to FILE (PGN; PDN for draughts)")
      ->type_name("FILE");
  if (tournament)
    app.add_option("--svg", svg_, "draw the Elo ratings as an SVG plot")->type_name("FILE");
  app.footer(
      "Players: a machine (random, shannon-a, shannon-b, turochamp, somac, engine, ...), "
      "strongest,\n"
      "NAME:Option=Value,... (e.g. shannon-a:Depth=2; NAME:Book=FILE plays from a Polyglot "
      "book), or uci:/path/to/engine.\n"
      "Draughts players: random, strachey-1, strachey-2, ... (e.g. strachey-1:Stages=4).\n" +
      std::string(
          tournament
              ? "Every pair plays N games; prints the crosstable and Elo ratings (random = 0 "
                "when it plays)."
              : "Prints a line per game, then +W =D -L and the Elo difference with its 95% "
                "error."));
  // Unknown options are reported by values(), naming them as the other errors do.
  app.allow_extras();
}

Expected<MatchArgs> MatchFlags::values() const {
  MatchArgs m;
  const std::string who = "minimax " + command_ + ": ";
  for (const std::string& extra : app_.remaining())
    if (starts_with(extra, "-")) return Error{who + "unknown option '" + extra + "' (try --help)"};
  m.players = players_;
  auto given = [&](const std::string& flag) { return app_.count(flag) > 0; };
  if (given("--game")) {
    if (game_ != "chess" && game_ != "draughts" && game_ != "checkers")
      return Error{who + "unknown game '" + game_ + "' (games: chess, draughts)"};
    m.settings.game_name = game_ == "chess" ? "chess" : "draughts";
  }
  auto number = [&](const std::string& v, const std::string& flag, std::int64_t lo,
                    std::int64_t hi) -> Expected<std::optional<std::int64_t>> {
    if (!given(flag)) return std::optional<std::int64_t>();
    auto n = parse_int(v, flag, lo, hi);
    if (!n) return Error{who + n.error()};
    return std::optional<std::int64_t>(*n);
  };
  auto games = number(games_, "--games", 1, 100000);
  if (!games) return Error{games.error()};
  if (*games) m.settings.games = static_cast<int>(**games);
  auto depth = number(depth_, "--depth", 1, 64);
  if (!depth) return Error{depth.error()};
  if (*depth) m.settings.game.limits.depth = static_cast<int>(**depth);
  auto movetime = number(movetime_, "--movetime", 1, 3600000);
  if (!movetime) return Error{movetime.error()};
  if (*movetime) m.settings.game.limits.movetime_ms = **movetime;
  auto nodes = number(nodes_, "--nodes", 1, 1'000'000'000'000);
  if (!nodes) return Error{nodes.error()};
  if (*nodes) m.settings.game.limits.nodes = static_cast<std::uint64_t>(**nodes);
  auto max_moves = number(max_moves_, "--max-moves", 1, 100000);
  if (!max_moves) return Error{max_moves.error()};
  if (*max_moves) m.settings.game.max_plies = static_cast<int>(2 * **max_moves);
  auto seed = number(seed_, "--seed", 0, 2147483647);
  if (!seed) return Error{seed.error()};
  if (*seed) m.settings.seed = static_cast<std::uint64_t>(**seed);
  if (given("--tc")) {
    const std::string& v = tc_;
    const auto plus = v.find('+');
    auto base = parse_double(v.substr(0, plus));
    auto inc =
        plus == std::string::npos ? std::optional<double>(0.0) : parse_double(v.substr(plus + 1));
    if (!base || !inc || *base <= 0 || *inc < 0)
      return Error{who + "bad time control '" + v +
                   "' (SECONDS or SECONDS+INCREMENT, e.g. 10+0.1)"};
    m.settings.game.clock =
        session::TimeControl{static_cast<std::int64_t>(std::llround(*base * 1000)),
                             static_cast<std::int64_t>(std::llround(*inc * 1000))};
  }
  if (given("--openings") && m.settings.game_name == "draughts") {
    auto o = match::read_draughts_openings(openings_);
    if (!o) return Error{who + o.error()};
    m.settings.draughts_openings = std::move(*o);
  } else if (given("--openings")) {
    auto o = match::read_openings(openings_);
    if (!o) return Error{who + o.error()};
    m.settings.openings = std::move(*o);
  }
  if (!pgn_.empty())
    if (auto w = check_writable(pgn_); !w) return Error{who + w.error()};
  if (!svg_.empty())
    if (auto w = check_writable(svg_); !w) return Error{who + w.error()};
  m.settings.pgn = pgn_;
  m.svg = svg_;
  return m;
}

}  // namespace minimax::cli
