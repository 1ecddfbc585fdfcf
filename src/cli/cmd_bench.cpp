// minimax bench [DEPTH]: the engine's fixed-depth search over the bench positions. The total node
// count is a signature: it changes only when the search or the evaluation changes (Stockfish's
// practice), so a commit that means to change neither can be checked with it.
// minimax bench --game draughts [--eval net|hand] [DEPTH]: the draughts engine the same way over
// the positions after the first 24 three-move ballots, without databases (the network's speed
// against the hand-set evaluation's on the same positions).
#include <chrono>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/clock.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/bench_positions.hpp"
#include "machines/chess/engine/engine.hpp"
#include "machines/chess/engine/nnue.hpp"
#include "machines/draughts/engine/nnue.hpp"
#include "machines/draughts/engine/search.hpp"
#include "match/draughts_openings.hpp"

namespace minimax::cli {

namespace {

int bench_draughts(int depth, const std::string& eval, const std::string& eval_file,
                   std::ostream& out, std::ostream& err) {
  namespace de = draughts::engine;
  de::Engine engine;
  engine.set_hash(16);
  std::shared_ptr<const nn::Network> net;
  if (eval == "net") {
    auto n = eval_file.empty() ? de::embedded_network() : de::load_network(eval_file);
    if (!n) {
      err << "minimax bench: " << n.error() << '\n';
      return 1;
    }
    net = *n;
    engine.set_network(net.get());
  }
  auto openings = match::ballot_openings();
  if (!openings) {
    err << "minimax bench: " << openings.error() << '\n';
    return 1;
  }
  std::uint64_t total = 0;
  const auto start = now();
  const int count = 24;
  for (int i = 0; i < count; ++i) {
    const auto& p = (*openings)[static_cast<std::size_t>(i)].position;
    Limits limits;
    limits.depth = depth;
    const auto r = engine.search(p, limits);
    total += r.nodes;
    out << "position " << i + 1 << '/' << count << "  bestmove " << p.move_to_string(r.best)
        << "  score " << r.score << "  nodes " << r.nodes << '\n';
  }
  const std::int64_t ms = std::max<std::int64_t>(1, elapsed_ms(start));
  out << "===========================\n"
      << "Evaluation      : " << eval << '\n'
      << "Total time (ms) : " << ms << '\n'
      << "Nodes searched  : " << total << '\n'
      << "Nodes/second    : " << total * 1000 / static_cast<std::uint64_t>(ms) << '\n';
  return 0;
}

// The time of one accumulator update (both perspectives, as the search makes it for a move): every
// legal move of every bench position applied to its parent's accumulators, many times over.
double accumulator_update_ns(const nn::Network& net, std::span<const std::string_view> fens) {
  namespace ce = chess::engine;
  struct Update {
    ce::NetChange change;
    std::size_t parent;
  };
  std::vector<nn::Accumulator> parents;
  std::vector<Update> updates;
  for (std::string_view fen : fens) {
    auto pos = chess::Position::from_fen(fen);
    if (!pos) continue;
    parents.emplace_back();
    ce::net_refresh(net, *pos, parents.back());
    chess::Position::MoveList moves;
    pos->generate_moves(moves);
    for (const chess::Move m : moves)
      updates.push_back({ce::net_change(*pos, m), parents.size() - 1});
  }
  if (updates.empty()) return 0;
  nn::Accumulator child;
  [[maybe_unused]] volatile std::int16_t sink = 0;  // each result read: no update optimised away
  const int rounds = 2000;
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < rounds; ++r)
    for (const Update& u : updates) {
      ce::net_apply(net, u.change, parents[u.parent], child);
      sink = child.v[0][static_cast<std::size_t>(r) % 8];
    }
  const double ns = static_cast<double>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start)
          .count());
  return ns / (static_cast<double>(rounds) * static_cast<double>(updates.size()));
}

}  // namespace

int cmd_bench(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  int depth = 11;
  CommandApp app(
      "bench",
      "Searches the fixed bench positions to DEPTH with one thread and 16 MB hash; prints "
      "the total nodes (a signature of the search), the time and nodes/second.");
  app.add_option("DEPTH", depth, "plies searched in each position (chess 11, draughts 15)")
      ->check(whole_number(1, 40));
  std::string game = "chess", eval = "net", eval_file;
  app.add_option("--game", game, "chess (the default) or draughts")
      ->check(CLI::IsMember({"chess", "draughts"}));
  app.add_option("--eval", eval,
                 "net (the built-in network, or --eval-file; with the time of one accumulator "
                 "update for chess) or hand (the hand-set evaluation); default net where the "
                 "build has a network")
      ->check(CLI::IsMember({"net", "hand"}));
  app.add_option("--eval-file", eval_file, "a network file instead of the built-in one");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (game == "draughts")
    return bench_draughts(app.count("DEPTH") ? depth : 15, eval, eval_file, out, err);
  chess::engine::Engine engine;
  engine.set_hash(16);
  engine.set_threads(1);
  // The network asked for (--eval-file, else the built-in one where this build has one: without
  // one the hand-crafted evaluation searches, as the engine plays); none with --eval hand.
  std::shared_ptr<const nn::Network> net;
  if (eval == "net" && !eval_file.empty()) {
    auto n = chess::engine::load_network(eval_file);
    if (!n) {
      err << "minimax bench: " << n.error() << '\n';
      return 1;
    }
    net = *n;
  } else if (eval == "net") {
    if (auto n = chess::engine::embedded_network()) net = *n;
  }
  engine.set_network(net);
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
  if (net) out << "Update (ns)     : " << accumulator_update_ns(*net, positions) << '\n';
  return 0;
}

}  // namespace minimax::cli
