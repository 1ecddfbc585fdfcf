// minimax perft draughts: the leaves of the draughts move tree from the start or a FEN, with
// --divide (per root move) and --paths (every jump path counted; see games/draughts/perft.hpp).
#include "cli/perft_draughts.hpp"

#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/perft.hpp"

namespace minimax::cli {

int run_draughts_perft(Args args, std::ostream& out, std::ostream& err) {
  bool divide = false, paths = false;
  std::vector<std::string> positional;
  for (const std::string& a : args) {
    if (a == "--divide") {
      divide = true;
    } else if (a == "--paths") {
      paths = true;
    } else if (starts_with(a, "--")) {
      err << "minimax perft draughts: unknown option '" << a << "'\n";
      return 2;
    } else {
      positional.push_back(a);
    }
  }
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
