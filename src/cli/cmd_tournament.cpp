// minimax tournament A B C ... [options]: a round robin, the crosstable and Elo ratings.
#include <fstream>
#include <ostream>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/match_args.hpp"
#include "core/atomic_file.hpp"

namespace minimax::cli {

int cmd_tournament(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app("tournament",
                 "A round robin: every pair plays, then the crosstable and Elo ratings.");
  MatchFlags flags(app, "tournament");
  if (auto status = parse_args(app, args, out, err)) return *status;
  auto m = flags.values();
  if (!m) {
    err << m.error() << '\n';
    return 2;
  }
  if (m->players.size() < 2) {
    err << "minimax tournament: name at least two players\n";
    return 2;
  }
  auto r = match::run_tournament(m->players, m->settings, out);
  if (!r) {
    err << "minimax tournament: " << r.error() << '\n';
    return 2;
  }
  out << '\n';
  match::print_crosstable(*r, out);
  if (!m->svg.empty()) {
    if (auto w = write_file_atomically(m->svg, match::ratings_svg(*r)); !w) {
      err << "minimax tournament: " << w.error() << '\n';
      return 1;
    }
  }
  return 0;
}

}  // namespace minimax::cli
