// minimax match A B [options]: games between two Players, colours alternating, with the score and
// an Elo estimate.
#include <ostream>

#include "cli/commands.hpp"
#include "match/match_args.hpp"

namespace minimax::cli {

int cmd_match(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  auto m = match::parse_match_args(args, "match");
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
