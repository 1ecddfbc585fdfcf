// minimax egdb build|probe: the draughts endgame databases (docs/draughts-engine.md).
//   minimax egdb build [--pieces N] [--dir DIR]   every position of up to N pieces, by retrograde
//                                                 analysis; a progress bar on standard error
//   minimax egdb probe FEN [--dir DIR]            a position's value and each move's
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "games/draughts/notation.hpp"
#include "machines/draughts/egdb/build.hpp"
#include "machines/draughts/egdb/egdb.hpp"

namespace minimax::cli {

namespace {

using namespace draughts;

std::string with_commas(std::uint64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

int egdb_build(int pieces, const std::string& dir, bool quiet, std::ostream& out,
               std::ostream& err) {
  egdb::Database db;
  const auto started = std::chrono::steady_clock::now();
  auto last = started - std::chrono::seconds(1);
  auto bar = [&](const egdb::Progress& p) {
    const auto t = std::chrono::steady_clock::now();
    if (quiet || (t - last < std::chrono::milliseconds(250) && p.done < p.total)) return;
    last = t;
    const double f = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1.0;
    const int filled = static_cast<int>(f * 30);
    const double secs = std::chrono::duration<double>(t - started).count();
    err << "\regdb [" << std::string(static_cast<std::size_t>(filled), '#')
        << std::string(static_cast<std::size_t>(30 - filled), '.') << "] " << std::setw(3)
        << static_cast<int>(f * 100) << "% " << std::fixed << std::setprecision(0) << secs << " s  "
        << std::left << std::setw(10) << p.slice << std::right << std::flush;
  };
  auto reports = egdb::build(dir, pieces, db, bar);
  if (!quiet) err << '\n';
  if (!reports) {
    err << "minimax egdb build: " << reports.error() << '\n';
    return 1;
  }
  out << "slice       positions       wins     losses      draws  longest     bytes   seconds\n";
  struct Total {
    std::uint64_t positions = 0, bytes = 0;
    double seconds = 0;
    int slices = 0, longest = 0;
  };
  std::map<int, Total> totals;
  for (const auto& r : *reports) {
    out << std::left << std::setw(9) << r.slice.name() << std::right << std::setw(12) << r.positions
        << std::setw(11) << r.wins << std::setw(11) << r.losses << std::setw(11) << r.draws
        << std::setw(9) << r.longest << std::setw(10) << r.bytes << std::setw(10) << std::fixed
        << std::setprecision(2) << r.seconds << (r.built ? "" : "  (on disk)") << '\n';
    Total& t = totals[r.slice.pieces()];
    t.positions += r.positions;
    t.bytes += r.bytes;
    t.seconds += r.seconds;
    t.longest = std::max(t.longest, r.longest);
    ++t.slices;
  }
  for (const auto& [n, t] : totals)
    out << n << " pieces: " << t.slices << " slices, " << with_commas(t.positions)
        << " positions (Black to move; as many with White to move by symmetry), "
        << with_commas(t.bytes) << " bytes, " << std::setprecision(1) << t.seconds
        << " s, longest conversion " << t.longest << " plies\n";
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out << "databases of up to " << db.pieces() << " pieces in " << dir << " ("
      << std::setprecision(1) << secs << " s)\n";
  return 0;
}

int egdb_probe(const std::vector<std::string>& fen_words, const std::string& dir, std::ostream& out,
               std::ostream& err) {
  std::string fen;
  for (const auto& w : fen_words) fen += w;
  auto position = parse_fen(fen);
  if (!position) {
    err << "minimax egdb probe: " << position.error() << '\n';
    return 2;
  }
  egdb::Database db;
  // Only the slices the position and its moves can reach: as many pieces or fewer.
  if (auto st = db.load(dir, count(position->black() | position->white())); !st) {
    err << "minimax egdb probe: " << st.error() << '\n';
    return 1;
  }
  const auto v = db.probe(*position);
  if (!v) {
    err << "minimax egdb probe: " << to_fen(*position) << " has "
        << count(position->black() | position->white()) << " pieces; the databases in " << dir
        << " hold up to " << db.pieces() << " (build them with minimax egdb build --pieces N)\n";
    return 1;
  }
  out << to_fen(*position) << ": " << egdb::to_string(*v) << " for "
      << (position->side_to_move() == kBlack ? "Black" : "White");
  if (auto d = db.conversion_distance(*position); d && *v != egdb::Value::draw)
    out << ", conversion in " << *d << " plies";
  out << " (game-theoretic value: no repetition or 40-move draws)\n";
  Draughts p = *position;
  Draughts::MoveList moves;
  p.generate_moves(moves);
  for (const Move& m : moves) {
    const std::string text = move_text(p, m);
    p.play(m);
    const auto mv = db.probe(p);
    const auto md = db.conversion_distance(p);
    p.undo(m);
    out << "  " << std::left << std::setw(10) << text << std::right;
    if (!mv) {
      out << "?\n";
      continue;
    }
    // The value after the move is the opponent's: a loss for them is a win for the mover.
    const egdb::Value mine = *mv == egdb::Value::win    ? egdb::Value::loss
                             : *mv == egdb::Value::loss ? egdb::Value::win
                                                        : egdb::Value::draw;
    out << egdb::to_string(mine);
    if (md && *mv != egdb::Value::draw) out << " (then " << *md << " plies to conversion)";
    out << '\n';
  }
  return 0;
}

}  // namespace

int cmd_egdb(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app("egdb",
                 "English draughts endgame databases: win, draw or loss for every position "
                 "of up to N pieces, built by retrograde analysis (docs/draughts-engine.md).");
  app.require_subcommand(1);
  int pieces = 5;
  std::string dir = egdb::default_directory();
  bool quiet = false;
  std::vector<std::string> fen;
  auto* build = app.add_subcommand(
      "build", "build every slice of up to N pieces (slices already on disk are kept)");
  build->add_option("--pieces", pieces, "the most pieces on the board (default 5)")
      ->check(CLI::Range(2, 7));
  build->add_option("--dir", dir,
                    "the folder (default: $XDG_CACHE_HOME/minimax/egdb or ~/.cache/minimax/egdb)");
  build->add_flag("--quiet", quiet, "no progress bar");
  auto* probe = app.add_subcommand("probe", "a position's value, and each of its moves'");
  probe->add_option("FEN", fen, "the position, e.g. B:WK32:BK1,K6")->required();
  probe->add_option("--dir", dir, "the folder");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (build->parsed()) return egdb_build(pieces, dir, quiet, out, err);
  return egdb_probe(fen, dir, out, err);
}

}  // namespace minimax::cli
