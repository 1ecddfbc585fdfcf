#include "cli/solve_draughts.hpp"

#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "games/draughts/notation.hpp"
#include "machines/draughts/egdb/egdb.hpp"
#include "machines/draughts/engine/search.hpp"

namespace minimax::cli {

int solve_draughts(Args args, std::ostream& out, std::ostream& err) {
  using namespace draughts;
  namespace engine =
      draughts::engine;  // not chess::engine, whatever another file of a unity batch uses
  using draughts::Move;
  std::vector<std::string> words;
  std::string dir = egdb::default_directory();
  int depth = 0;
  std::int64_t movetime = 0;
  CommandApp app(
      "solve draughts",
      "The value of an English draughts position: from the endgame databases when they hold "
      "it (the game-theoretic value: no repetition or 40-move draws), else from the "
      "engine's search (a proof only when the score is decisive).");
  app.add_option("FEN", words, "the position, e.g. B:WK32:BK1,K6")->required();
  app.add_option(
      "--dir", dir,
      "the databases' folder (default: $XDG_CACHE_HOME/minimax/egdb or ~/.cache/minimax/egdb)");
  app.add_option("--depth", depth, "search depth when the databases do not hold the position")
      ->check(CLI::Range(1, 100));
  app.add_option("--movetime", movetime, "search time in ms (default 5000 when no depth is given)")
      ->check(CLI::Range(1, 3'600'000));
  if (auto status = parse_args(app, args, out, err)) return *status;
  std::string fen;
  for (const auto& w : words) fen += w;
  auto position = parse_fen(fen);
  if (!position) {
    err << "minimax solve draughts: " << position.error() << '\n';
    return 2;
  }
  egdb::Database db;
  // No slice with more pieces than the position can be reached from it.
  if (auto st = db.load(dir, count(position->black() | position->white())); !st)
    err << "minimax solve draughts: " << st.error() << " (databases not used)\n";
  const char* mover = position->side_to_move() == kBlack ? "Black" : "White";
  out << "draughts " << to_fen(*position) << ", " << mover << " to move\n";
  if (const auto v = db.probe(*position)) {
    out << "value: " << egdb::to_string(*v) << " for " << mover << " (endgame database, "
        << count(position->black() | position->white()) << " pieces";
    if (const auto d = db.conversion_distance(*position); d && *v != egdb::Value::draw)
      out << "; conversion in " << *d << " plies";
    out << ")\n";
    engine::Engine e;
    e.set_database(&db);
    if (auto r = e.database_move(*position))
      out << "best move: " << move_text(*position, r->best) << '\n';
    return 0;
  }
  engine::Engine e;
  e.set_hash(64);
  if (db.pieces() > 0) e.set_database(&db);
  Limits limits;
  if (depth)
    limits.depth = depth;
  else
    limits.movetime_ms = movetime ? movetime : 5000;
  if (depth && movetime) limits.movetime_ms = movetime;
  const auto r = e.search(*position, limits);
  if (!r.has_move) {
    out << "value: " << (r.score < 0 ? "loss" : "draw") << " for " << mover
        << " (the game is over)\n";
    return 0;
  }
  std::string line;
  Draughts p = *position;
  for (const Move& m : r.pv) {
    line += (line.empty() ? "" : " ") + move_text(p, m);
    p.play(m);
  }
  out << "search: depth " << r.depth << ", score " << r.score << ", " << r.nodes << " nodes, "
      << r.time_ms << " ms (databases of up to " << db.pieces() << " pieces)\n";
  if (r.score >= engine::kMate - engine::kMaxPly)
    out << "value: win for " << mover << " in " << engine::kMate - r.score
        << " plies (proved by search)\n";
  else if (r.score <= -(engine::kMate - engine::kMaxPly))
    out << "value: loss for " << mover << " in " << engine::kMate + r.score
        << " plies (proved by search)\n";
  else if (engine::is_decisive(r.score))
    out << "value: " << (r.score > 0 ? "win" : "loss") << " for " << mover
        << " (search into the endgame databases)\n";
  else
    out << "value: not proved (the search's estimate, hundredths of a man: " << r.score << ")\n";
  out << "best move: " << move_text(*position, r.best) << "\nline: " << line << '\n';
  return 0;
}

}  // namespace minimax::cli
