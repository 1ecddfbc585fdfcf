// minimax perft: count the legal move tree of a position, or check the published counts of
// every position in an EPD file (a line per position; exit status 1 on any mismatch).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/perft_draughts.hpp"
#include "core/text.hpp"
#include "games/chess/epd.hpp"
#include "games/chess/perft.hpp"
#include "games/chess/position.hpp"

namespace minimax::cli {

namespace {

using chess::Position;

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string rate(std::uint64_t nodes, double seconds) {
  if (seconds <= 0) return "-";
  return fixed(static_cast<double>(nodes) / seconds / 1e6, 1) + " Mnps";
}

struct Options {
  std::vector<std::string> positional;
  std::string epd_file;
  bool divide = false, chess960 = false, quiet = false, by_play = false;
  int depth = 99;
  int jobs = 1;
  std::uint64_t max_nodes = ~std::uint64_t{0};
};

int perft_one(const Options& o, std::ostream& out, std::ostream& err) {
  if (o.positional.size() < 2) {
    err << "minimax perft: give a FEN (or startpos) and a depth\n";
    return 2;
  }
  auto depth = parse_int(o.positional.back(), "minimax perft: depth", 0, 30);
  if (!depth) {
    err << depth.error() << '\n';
    return 2;
  }
  std::vector<std::string> fen_parts(o.positional.begin(), o.positional.end() - 1);
  std::string fen = join(fen_parts, " ");
  if (fen == "startpos") fen = std::string(chess::kStartFen);
  auto pos = Position::from_fen(fen, o.chess960);
  if (!pos) {
    err << "minimax perft: " << pos.error() << '\n';
    return 2;
  }
  const int d = static_cast<int>(*depth);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (o.divide && d >= 1) {
    for (const auto& [m, n] : chess::perft_divide(*pos, d)) {
      out << pos->move_to_string(m) << ": " << n << '\n';
      nodes += n;
    }
    out << '\n';
  } else {
    nodes = o.by_play ? chess::perft_by_play(*pos, d) : pos->perft(d);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "Nodes: " << nodes << '\n' << "Time: " << fixed(s, 6) << " s (" << rate(nodes, s) << ")\n";
  return 0;
}

// One EPD line and, once checked, its result (or why it could not be checked).
struct EpdTask {
  int line_number = 0;
  std::string line;
  std::optional<Expected<chess::PerftRecordResult>> result;
};

Expected<chess::PerftRecordResult> check_line(const std::string& line,
                                              const chess::PerftOptions& po) {
  auto record = chess::parse_epd(line);
  if (!record) return Error{record.error()};
  return chess::check_perft(*record, po);
}

int perft_epd(const Options& o, std::ostream& out, std::ostream& err) {
  std::ifstream in(o.epd_file);
  if (!in) {
    err << "minimax perft: cannot read '" << o.epd_file << "'\n";
    return 2;
  }
  chess::PerftOptions po;
  po.max_depth = o.depth;
  po.max_nodes = o.max_nodes;
  po.force_chess960 = o.chess960;
  std::vector<EpdTask> tasks;
  {
    std::string line;
    int line_number = 0;
    while (std::getline(in, line)) {
      ++line_number;
      if (!chess::epd_is_blank_or_comment(line)) tasks.push_back({line_number, line, std::nullopt});
    }
  }

  // Positions are independent: with --jobs N, N threads take them in turn; results are printed
  // in file order as they become available.
  std::mutex mutex;
  std::condition_variable ready;
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < tasks.size();) {
      auto r = check_line(tasks[i].line, po);
      std::lock_guard lock(mutex);
      tasks[i].result.emplace(std::move(r));
      ready.notify_all();
    }
  };
  std::vector<std::thread> threads;
  const int jobs = std::min<int>(o.jobs, static_cast<int>(std::max<std::size_t>(tasks.size(), 1)));
  // The threads count while this one prints, so a long run shows its progress line by line.
  for (int j = 0; j < jobs; ++j) threads.emplace_back(worker);

  int passed = 0, failed = 0, skipped = 0, errors = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  const auto start = std::chrono::steady_clock::now();
  for (auto& task : tasks) {
    {
      std::unique_lock lock(mutex);
      ready.wait(lock, [&] { return task.result.has_value(); });
    }
    const std::string where = "line " + std::to_string(task.line_number);
    const auto& r = *task.result;
    if (!r) {
      out << "error " << where << ": " << r.error() << '\n';
      ++errors;
      continue;
    }
    nodes += r->nodes;
    seconds += r->seconds;
    if (r->depths.empty()) {
      ++skipped;
      if (!o.quiet)
        out << "skip  " << where << "  (no listed depth within the limits)  " << r->fen << '\n';
      continue;
    }
    if (r->passed()) {
      ++passed;
      if (!o.quiet) {
        const auto& deepest = r->depths.back();
        out << "ok    " << where << "  D" << r->depths.front().depth;
        if (r->depths.size() > 1) out << "-D" << deepest.depth;
        out << "  " << deepest.counted << "  " << fixed(r->seconds, 3) << " s  " << r->fen
            << (r->chess960 ? "  (960)" : "") << '\n';
      }
    } else {
      ++failed;
      for (const auto& d : r->depths)
        if (d.expected != d.counted)
          out << "FAIL  " << where << "  D" << d.depth << " expected " << d.expected << " counted "
              << d.counted << "  " << r->fen << (r->chess960 ? "  (960)" : "") << '\n';
    }
    out.flush();
  }
  for (auto& t : threads) t.join();
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "positions " << tasks.size() << ": " << passed << " passed, " << failed << " failed, "
      << skipped << " skipped, " << errors << " unreadable; " << nodes << " nodes in "
      << fixed(seconds, 2) << " s (" << rate(nodes, seconds) << " per thread";
  if (jobs > 1) out << ", " << fixed(wall, 2) << " s wall with " << jobs << " threads";
  out << ")\n";
  if (failed + errors > 0) {
    err << "minimax perft: " << failed << " mismatches, " << errors << " unreadable lines in "
        << o.epd_file << '\n';
    return 1;
  }
  return 0;
}

}  // namespace

int cmd_perft(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  // Draughts has its own perft (issue 10), with its own flags.
  if (!args.empty() && args[0] == "draughts") return run_draughts_perft(args.subspan(1), out, err);
  Options options;
  Options* o = &options;
  CommandApp app(
      "perft",
      "Counts the leaf nodes of the legal move tree of a position to DEPTH; or, with --epd, "
      "checks every position's listed counts (\"D1 20 ;D2 400\") in an EPD file: a line per "
      "position, then totals; exit status 1 on any mismatch. Shredder-FEN castling letters "
      "or \"c960 true\" mean Chess960.");
  app.footer(
      "forms:\n"
      "  minimax perft FEN|startpos DEPTH [--divide] [--chess960] [--by-play]\n"
      "  minimax perft --epd FILE [--depth N] [--max-nodes N] [--chess960] [--jobs N] [--quiet]\n"
      "  minimax perft draughts [FEN|startpos] DEPTH [--divide] [--paths]   (draughts; see\n"
      "    minimax perft draughts --help)");
  app.add_option("FEN DEPTH", o->positional,
                 "the position (one quoted argument, its fields, or startpos), then the depth");
  app.add_flag("--divide", o->divide, "the count under each root move");
  app.add_flag("--chess960", o->chess960, "the castling field may name rook files (X-FEN)");
  app.add_flag("--by-play", o->by_play,
               "count through the game's move generator and play/undo, as search does");
  app.add_option("--epd", o->epd_file, "check the perft counts listed in this EPD file")
      ->type_name("FILE");
  app.add_option("--depth", o->depth, "with --epd: check listed depths up to N only")
      ->check(whole_number(0, 30));
  app.add_option("--max-nodes", o->max_nodes, "with --epd: check listed counts up to N only")
      ->check(whole_number(0, INT64_MAX));
  app.add_option("--jobs", o->jobs, "with --epd: positions checked at a time (one thread each)")
      ->check(whole_number(1, 1024))
      ->capture_default_str();
  app.add_flag("--quiet", o->quiet, "with --epd: print failures only");
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (!o->epd_file.empty()) {
    if (!o->positional.empty()) {
      err << "minimax perft: unexpected argument '" << o->positional.front() << "' with --epd\n";
      return 2;
    }
    return perft_epd(*o, out, err);
  }
  return perft_one(*o, out, err);
}

}  // namespace minimax::cli
