// minimax match A B [options]: games between two Players, colours alternating, with the score and
// an Elo estimate.
#include <ostream>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/match_args.hpp"

namespace minimax::cli {

int cmd_match(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app(
      "match",
      "Games between two players, colours alternating, with the score and an Elo estimate.");
  MatchFlags flags(app, "match");
  if (auto status = parse_args(app, args, out, err)) return *status;
  auto m = flags.values();
  if (!m) {
    err << m.error() << '\n';
    return 2;
  }
  if (m->players.size() != 2) {
    err << "minimax match: name two players, e.g. minimax match turochamp shannon-a (got "
        << m->players.size() << ")\n";
    return 2;
  }
  auto r = match::run_match(m->players[0], m->players[1], m->settings, out);
  if (!r) {
    err << "minimax match: " << r.error() << '\n';
    return 2;
  }
  return 0;
}

}  // namespace minimax::cli
