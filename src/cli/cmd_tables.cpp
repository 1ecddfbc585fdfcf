// minimax tables build|probe|info: minimax's own chess endgame tables, with distance to mate
// (docs/chess-tables.md).
//   minimax tables build [ENDING...] [--dir DIR]   load or build each ending and what it needs
//   minimax tables probe FEN [--dir DIR]           win, draw or loss, the distance to mate, and
//                                                  the best moves (the table is built if missing)
//   minimax tables info [--dir DIR]                the tables in the cache: sizes, build times,
//                                                  memory, speed, the longest mate
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/chess_args.hpp"
#include "cli/commands.hpp"
#include "games/chess/san.hpp"
#include "machines/chess/endgame/tables.hpp"

namespace minimax::cli {

namespace {

using namespace chess;

std::string moves_text(int plies) {
  // A win in p plies is mate on the winner's ((p + 1) / 2)th move.
  return std::to_string((plies + 1) / 2) + " moves (" + std::to_string(plies) + " plies)";
}

void print_reports(const std::vector<endgame::TableReport>& reports, std::ostream& out) {
  out << "table      indices  positions       wins     losses      draws  longest mate        "
         "seconds  memory MB   positions/s\n";
  for (const auto& r : reports) {
    std::ostringstream longest;
    if (r.longest >= 0)
      longest << moves_text(r.longest);
    else
      longest << "none";
    out << std::left << std::setw(6) << r.name << std::right << std::setw(13) << r.indices
        << std::setw(11) << r.positions << std::setw(11) << r.wins << std::setw(11) << r.losses
        << std::setw(11) << r.draws << "  " << std::left << std::setw(20) << longest.str()
        << std::right << std::fixed << std::setprecision(2) << std::setw(7) << r.seconds
        << std::setw(11) << std::setprecision(1) << static_cast<double>(r.memory) / 1e6
        << std::setw(14) << std::setprecision(0)
        << (r.seconds > 0 ? static_cast<double>(r.positions) / r.seconds : 0.0)
        << (r.built ? "" : "  (cache)") << '\n';
  }
  for (const auto& r : reports)
    if (r.longest >= 0) out << r.name << " longest mate: " << r.longest_fen << '\n';
}

int tables_build(std::vector<std::string> endings, const std::string& dir, bool quiet,
                 std::ostream& out, std::ostream& err) {
  if (endings.empty()) endings = endgame::standard_endings();
  for (const auto& e : endings)
    if (auto m = endgame::Material::parse(e); !m) {
      err << "minimax tables build: " << m.error() << '\n';
      return 2;
    }
  endgame::Tables tables(dir);
  const auto started = std::chrono::steady_clock::now();
  auto last = started - std::chrono::seconds(1);
  auto progress = [&](const std::string& name, int phase, std::uint64_t done, std::uint64_t total) {
    const auto t = std::chrono::steady_clock::now();
    if (quiet || t - last < std::chrono::milliseconds(250)) return;
    last = t;
    err << "\rtables: " << name << (phase == 0 ? " scanning " : " working back ")
        << (total ? 100 * done / total : 100) << "%   " << std::flush;
  };
  auto log = [&](const std::string& line) {
    if (quiet && line.rfind("built ", 0) == 0) return;
    err << (quiet ? "" : "\r") << "minimax tables: " << line << '\n';
  };
  std::vector<endgame::TableReport> reports;
  for (const auto& e : endings) {
    auto r = tables.ensure(e, log, progress);
    if (!r) {
      err << "minimax tables build: " << r.error() << '\n';
      return 1;
    }
    reports.insert(reports.end(), r->begin(), r->end());
  }
  print_reports(reports, out);
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out << reports.size() << " tables in " << dir << " (" << std::fixed << std::setprecision(1)
      << secs << " s)\n";
  return 0;
}

int tables_probe(const std::vector<std::string>& words, const std::string& dir, std::ostream& out,
                 std::ostream& err) {
  auto fen = read_whole_fen(words, false);
  if (!fen) {
    err << "minimax tables probe: " << fen.error() << '\n';
    return 2;
  }
  const Position& pos = *fen;
  endgame::Tables tables(dir);
  auto built = tables.ensure_for(
      pos, [&](const std::string& line) { err << "minimax tables: " << line << '\n'; });
  if (!built) {
    err << "minimax tables probe: " << built.error() << '\n';
    return 1;
  }
  const auto r = tables.probe(pos);
  if (!r) {
    err << "minimax tables probe: " << pos.fen() << " is not in the tables\n";
    return 1;
  }
  const std::string side = pos.side() == white ? "White" : "Black";
  out << pos.fen() << ": " << to_string(r->wdl) << " for " << side;
  if (r->wdl == Outcome::win) out << ", mate in " << moves_text(r->dtm);
  if (r->wdl == Outcome::loss)
    out << (r->dtm == 0 ? ", checkmated" : ", mated in " + std::to_string(r->dtm) + " plies");
  out << " (the fifty-move rule ignored)\n";
  const auto best = tables.best_moves(pos);
  if (!best.empty()) {
    out << "best moves:";
    for (const Move m : best) out << ' ' << to_san(pos, m) << " (" << pos.move_to_string(m) << ')';
    out << '\n';
  }
  return 0;
}

int tables_info(const std::string& dir, std::ostream& out, std::ostream& err) {
  namespace fs = std::filesystem;
  endgame::Tables tables(dir);
  std::vector<std::string> names;
  std::error_code ec;
  if (fs::is_directory(dir, ec))
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.path().extension() == ".mmtb") names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  std::vector<endgame::TableReport> reports;
  std::uint64_t bytes = 0;
  for (const auto& n : names) {
    auto r = tables.load_cached(
        n, [&](const std::string& line) { err << "minimax tables: " << line << '\n'; });
    if (!r || !*r) continue;
    bytes += (*r)->file_bytes;
    reports.push_back(**r);
  }
  if (reports.empty()) {
    out << "no tables in " << dir << " (build them with minimax tables build)\n";
    return 0;
  }
  print_reports(reports, out);
  out << reports.size() << " tables in " << dir << ", " << bytes << " bytes on disk\n";
  return 0;
}

}  // namespace

int cmd_tables(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  CommandApp app("tables",
                 "minimax's own chess endgame tables (every 3- and 4-man ending asked for), "
                 "with distance to mate, built by retrograde analysis (docs/chess-tables.md).");
  app.require_subcommand(1);
  std::string dir = endgame::default_directory();
  bool quiet = false;
  std::vector<std::string> endings, fen;
  const std::string dir_help =
      "the cache folder (default: $XDG_CACHE_HOME/minimax/chess-tables or "
      "~/.cache/minimax/chess-tables)";
  auto* build = app.add_subcommand(
      "build",
      "load or build the endings (default: the 3-man endings and KQKR KRKB KRKN KBNK "
      "KBBK KPKP) and every ending they lead to");
  build->add_option("ENDING", endings, "e.g. KQK KRKN KPKP");
  build->add_option("--dir", dir, dir_help);
  build->add_flag("--quiet", quiet, "no progress on standard error");
  auto* probe = app.add_subcommand(
      "probe", "win, draw or loss for the side to move, the distance to mate and the best moves");
  probe->add_option("FEN", fen, "the position, e.g. 8/8/8/4k3/8/8/8/KQ6 w - - 0 1")->required();
  probe->add_option("--dir", dir, dir_help);
  auto* info = app.add_subcommand(
      "info",
      "the tables in the cache: sizes, build times, memory, positions per second and "
      "the longest mate with an example");
  info->add_option("--dir", dir, dir_help);
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (build->parsed()) return tables_build(endings, dir, quiet, out, err);
  if (probe->parsed()) return tables_probe(fen, dir, out, err);
  return tables_info(dir, out, err);
}

}  // namespace minimax::cli
