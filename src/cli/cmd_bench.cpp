// minimax bench [DEPTH]: the engine's fixed-depth search over the bench positions. The total node
// count is a signature: it changes only when the search or the evaluation changes (Stockfish's
// practice), so a commit that means to change neither can be checked with it.
#include <ostream>
#include <string>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/clock.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/bench_positions.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::cli {

int cmd_bench(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  int depth = 11;
  CommandApp app(
      "bench",
      "Searches the fixed bench positions to DEPTH with one thread and 16 MB hash; prints "
      "the total nodes (a signature of the search), the time and nodes/second.");
  app.add_option("DEPTH", depth, "plies searched in each position")
      ->check(whole_number(1, 40))
      ->capture_default_str();
  if (auto status = parse_args(app, args, out, err)) return *status;
  chess::engine::Engine engine;
  engine.set_hash(16);
  engine.set_threads(1);
  engine.new_game();
  std::uint64_t total = 0;
  const auto start = now();
  const auto positions = chess::engine::bench_positions();
  int index = 0;
  for (std::string_view fen : positions) {
    ++index;
    auto pos = chess::Position::from_fen(fen);
    if (!pos) {
      err << "minimax bench: bad bench position '" << fen << "': " << pos.error() << '\n';
      return 1;
    }
    chess::engine::SearchLimits limits;
    limits.depth = depth;
    const auto r = engine.search(*pos, limits);
    total += r.nodes;
    out << "position " << index << '/' << positions.size() << "  bestmove "
        << pos->move_to_string(r.best) << "  nodes " << r.nodes << '\n';
  }
  const std::int64_t ms = std::max<std::int64_t>(1, elapsed_ms(start));
  out << "===========================\n"
      << "Total time (ms) : " << ms << '\n'
      << "Nodes searched  : " << total << '\n'
      << "Nodes/second    : " << total * 1000 / static_cast<std::uint64_t>(ms) << '\n';
  return 0;
}

}  // namespace minimax::cli
