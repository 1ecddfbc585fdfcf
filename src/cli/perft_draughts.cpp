// minimax perft draughts: the leaves of the draughts move tree from the start or a FEN, with
// --divide (per root move) and --paths (every jump path counted; see games/draughts/perft.hpp).
#include "cli/perft_draughts.hpp"

#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "core/text.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/perft.hpp"

namespace minimax::cli {

int run_draughts_perft(Args args, std::ostream& out, std::ostream& err) {
  bool divide = false, paths = false;
  std::vector<std::string> positional;
  CommandApp app("perft draughts",
                 "The leaves of the English draughts move tree from the start (or a FEN) to "
                 "DEPTH plies, exact against the published counts (docs/draughts-rules.md).");
  app.add_option("ARGS", positional,
                 "[FEN] DEPTH: a FEN (B:W21-32:B1-12) or startpos, then the depth");
  app.add_flag("--divide", divide, "the count below each root move");
  app.add_flag("--paths", paths, "count every jump path of a capture (perft's other convention)");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (positional.empty()) {
    err << "minimax perft draughts: give a depth (and a FEN before it, or the start position)\n";
    return 2;
  }
  auto depth = parse_int(positional.back(), "minimax perft draughts: depth", 0, 40);
  if (!depth) {
    err << depth.error() << '\n';
    return 2;
  }
  positional.pop_back();
  std::string fen = join(positional, " ");
  if (fen.empty() || fen == "startpos") fen = std::string(draughts::kStartFen);
  auto pos = draughts::parse_fen(fen);
  if (!pos) {
    err << "minimax perft draughts: " << pos.error() << '\n';
    return 2;
  }
  const int d = static_cast<int>(*depth);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (divide && d >= 1) {
    for (const auto& [m, n] : draughts::perft_divide(*pos, d, paths)) {
      out << draughts::move_text(*pos, m) << ": " << n << '\n';
      nodes += n;
    }
    out << '\n';
  } else {
    nodes = paths ? draughts::perft_paths(*pos, d) : draughts::perft(*pos, d);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char rate[64] = "-";
  if (s > 0) std::snprintf(rate, sizeof rate, "%.1f Mnps", static_cast<double>(nodes) / s / 1e6);
  char secs[64];
  std::snprintf(secs, sizeof secs, "%.6f", s);
  out << "Nodes: " << nodes << '\n' << "Time: " << secs << " s (" << rate << ")\n";
  return 0;
}

}  // namespace minimax::cli
