#pragma once
// The flags `minimax match` and `minimax tournament` share, declared with CLI11 (cli/app.hpp):
// player names, then --game chess|draughts --games N --openings FILE --depth N --movetime MS
// --nodes N --tc SECONDS[+INC] --max-moves N --seed N --pgn FILE (and, for tournaments, --svg
// FILE). For draughts, --openings also takes `ballots` (the three-move deck) and --pgn writes PDN.
// Every bad value is one line naming it ("minimax match: --games: 'x' is not a number").
//
// API:
//   CommandApp app("match", "...");
//   MatchFlags flags(app, "match");
//   if (auto status = parse_args(app, args, out, err)) return *status;
//   Expected<MatchArgs> m = flags.values();
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "match/match.hpp"

namespace minimax::cli {

struct MatchArgs {
  std::vector<std::string> players;
  match::MatchSettings settings;
  std::string svg;
};

class MatchFlags {
 public:
  // `command` is "match" or "tournament" (which alone has --svg).
  MatchFlags(CLI::App& app, std::string_view command);
  // The values, each checked; the openings file is read here.
  [[nodiscard]] Expected<MatchArgs> values() const;

 private:
  CLI::App& app_;
  std::string command_;
  std::vector<std::string> players_;
  std::string game_, games_, openings_, depth_, movetime_, nodes_, tc_, max_moves_, seed_, pgn_,
      svg_;
};

}  // namespace minimax::cli
