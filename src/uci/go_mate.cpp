#include "uci/go_mate.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "machines/chess/mate/solver.hpp"

namespace minimax::uci {

namespace {

// A bare `go mate N` has no clock: the solver gets this long before the engine's search takes over
// (`stop` ends it sooner: the engine's search then answers at once with its best move so far).
constexpr double kBareGoMateSeconds = 30.0;

}  // namespace

// Issue 6: `go mate N` asks the exact solver first. A proved mate is answered with its score and
// line; a proof that there is none within N hands over to a normal search (the UCI front end then
// prints its bestmove); a solver that runs out of time hands over to the engine's own mate search.
chess::engine::SearchResult go_mate(chess::engine::Engine& engine, const chess::Position& pos,
                                    const chess::engine::SearchLimits& limits,
                                    const chess::engine::SearchCallbacks& callbacks,
                                    const std::atomic<bool>* stop) {
  namespace eng = chess::engine;
  namespace mate = chess::mate;
  if (limits.ponder || !limits.search_moves.empty()) return engine.search(pos, limits, callbacks);

  const int n = std::clamp(*limits.mate, 1, mate::kMaxMoves);
  mate::SolveOptions options;
  options.tt_log2 = 20;
  if (limits.movetime_ms)
    options.time_limit_s = double(*limits.movetime_ms) / 1000.0;
  else if (limits.time_left_ms[pos.side()])
    options.time_limit_s = double(*limits.time_left_ms[pos.side()]) / 20000.0;
  else
    options.time_limit_s = kBareGoMateSeconds;
  if (limits.nodes) options.node_limit = *limits.nodes;
  options.stop = stop;

  const auto start = std::chrono::steady_clock::now();
  const mate::MateLine m = mate::find_mate(pos, n, options);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();

  if (m.complete && m.length > 0 && !m.line.empty()) {
    eng::SearchResult r;
    r.best = m.line[0];
    if (m.line.size() > 1) r.ponder = m.line[1];
    r.score = eng::kMate - (2 * m.length - 1);
    r.depth = 2 * m.length - 1;
    r.nodes = m.nodes;
    r.time_ms = ms;
    r.pv = m.line;
    if (callbacks.on_line) {
      eng::LineReport line;
      line.depth = line.seldepth = r.depth;
      line.score = r.score;
      line.nodes = r.nodes;
      line.time_ms = r.time_ms;
      line.pv = r.pv;
      callbacks.on_line(line);
    }
    return r;
  }
  eng::SearchLimits rest = limits;
  if (m.complete) {
    // Proved: no mate within N. A normal search picks the move; a bare `go mate N` gets a depth.
    rest.mate.reset();
    if (callbacks.on_info)
      callbacks.on_info("no mate in " + std::to_string(n) + (n == 1 ? " move" : " moves") +
                        ": proved by the solver (" + std::to_string(m.nodes) +
                        " nodes); a normal search chooses the move");
    const bool bounded = rest.depth || rest.nodes || rest.movetime_ms || rest.time_left_ms[0] ||
                         rest.time_left_ms[1];
    if (!bounded && !rest.infinite) rest.depth = std::min(12, 2 * n + 2);
  }
  return engine.search(pos, rest, callbacks);
}

}  // namespace minimax::uci
