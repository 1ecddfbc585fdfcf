#include "match/match_args.hpp"

#include <cmath>

#include "core/text.hpp"

namespace minimax::match {

Expected<MatchArgs> parse_match_args(cli::Args args, std::string_view command) {
  MatchArgs m;
  const std::string who = "minimax " + std::string(command) + ": ";
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (!starts_with(a, "--")) {
      m.players.push_back(a);
      continue;
    }
    if (i + 1 >= args.size()) return Error{who + a + " needs a value"};
    const std::string& v = args[++i];
    auto number = [&](std::int64_t lo, std::int64_t hi) -> Expected<std::int64_t> {
      auto n = parse_int(v, a, lo, hi);
      if (!n) return Error{who + n.error()};
      return *n;
    };
    if (a == "--games") {
      auto n = number(1, 100000);
      if (!n) return Error{n.error()};
      m.settings.games = static_cast<int>(*n);
    } else if (a == "--depth") {
      auto n = number(1, 64);
      if (!n) return Error{n.error()};
      m.settings.game.limits.depth = static_cast<int>(*n);
    } else if (a == "--movetime") {
      auto n = number(1, 3600000);
      if (!n) return Error{n.error()};
      m.settings.game.limits.movetime_ms = *n;
    } else if (a == "--max-moves") {
      auto n = number(1, 100000);
      if (!n) return Error{n.error()};
      m.settings.game.max_plies = static_cast<int>(2 * *n);
    } else if (a == "--seed") {
      auto n = number(0, 2147483647);
      if (!n) return Error{n.error()};
      m.settings.seed = static_cast<std::uint64_t>(*n);
    } else if (a == "--tc") {
      const auto plus = v.find('+');
      auto base = parse_double(v.substr(0, plus));
      auto inc = plus == std::string::npos ? std::optional<double>(0.0) : parse_double(v.substr(plus + 1));
      if (!base || !inc || *base <= 0 || *inc < 0)
        return Error{who + "bad time control '" + v + "' (SECONDS or SECONDS+INCREMENT, e.g. 10+0.1)"};
      m.settings.game.clock = TimeControl{static_cast<std::int64_t>(std::llround(*base * 1000)),
                                         static_cast<std::int64_t>(std::llround(*inc * 1000))};
    } else if (a == "--openings") {
      auto o = read_openings(v);
      if (!o) return Error{who + o.error()};
      m.settings.openings = std::move(*o);
    } else if (a == "--pgn") {
      m.settings.pgn = v;
    } else if (a == "--svg") {
      m.svg = v;
    } else {
      return Error{who + "unknown option '" + a + "' (try --help)"};
    }
  }
  return m;
}

}  // namespace minimax::match
