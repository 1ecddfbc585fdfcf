#pragma once
// The command line `minimax match` and `minimax tournament` share: player names, then
// --games N --openings FILE --depth N --movetime MS --tc SECONDS[+INC] --max-moves N --seed N
// --pgn FILE (and, for tournaments, --svg FILE). Every bad token is an Error naming it.
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "match/match.hpp"

namespace minimax::match {

struct MatchArgs {
  std::vector<std::string> players;
  MatchSettings settings;
  std::string svg;
};

Expected<MatchArgs> parse_match_args(cli::Args args, std::string_view command);

}  // namespace minimax::match
