// `minimax solve mate|selfmate|helpmate N FEN [options]`: the chess problem solver (issue 6).
#include "cli/solve_chess.hpp"

#include <ostream>
#include <string>

#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/mate/prinz.hpp"
#include "machines/chess/mate/problem.hpp"
#include "machines/chess/mate/solution_text.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: minimax solve mate|selfmate|helpmate N FEN [--json] [--prinz] [--trace]\n"
    "                     [--variations D] [--time SECONDS] [--nodes N] [--hash-mb MB]\n"
    "  mate N       #N: the side to move mates in at most N moves against every defence\n"
    "  selfmate N   s#N: the side to move forces the other side to mate it in at most N moves\n"
    "  helpmate N   h#N: the side to move starts, both cooperate, the other side mates on move N\n"
    "               (N may be 2.5 for h#2.5, where the side to move makes a single first ply)\n"
    "  Prints every key (a second key is a cook), the solution (key; threat; each defence with its\n"
    "  continuation, duals marked), whether a shorter solution exists, nodes and time; or 'no\n"
    "  solution', which is then a proof.\n"
    "  --prinz        Prinz's Manchester rules (seed 002): no castling, no double step, no e.p.,\n"
    "                 no promotion, stalemate counted as mate\n"
    "  --trace        (mate) the first moves in the order the Manchester machine tried them,\n"
    "                 in its square numbering (a1 = 11), ending with MATE.\n"
    "  --variations D attacker moves of the solution tree to spell out (default 3)\n"
    "  --time S, --nodes N   limits; when one runs out the answer says nothing is proved\n";

}  // namespace

int solve_chess_problem(std::string_view kind, Args args, std::istream&, std::ostream& out,
                        std::ostream& err) {
  using namespace minimax::chess;
  using namespace minimax::chess::mate;
  if (wants_help(args)) {
    out << kUsage;
    return 0;
  }
  std::string prefix;
  if (kind == "mate")
    prefix = "#";
  else if (kind == "selfmate")
    prefix = "s#";
  else if (kind == "helpmate")
    prefix = "h#";
  else {
    err << "minimax solve: unknown stipulation '" << kind << "' (mate, selfmate or helpmate)\n";
    return 2;
  }
  if (args.empty()) {
    err << "minimax solve " << kind << ": missing N and FEN\n";
    return 2;
  }
  auto spec = parse_stipulation(prefix + args[0]);
  if (!spec) {
    err << "minimax solve " << kind << ": " << spec.error() << "\n";
    return 2;
  }

  SolveOptions options;
  bool json = false, trace = false;
  std::vector<std::string> fen_parts;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string_view what) -> const std::string* {
      if (i + 1 >= args.size()) {
        err << "minimax solve: " << what << " needs a value\n";
        return nullptr;
      }
      return &args[++i];
    };
    if (a == "--json") {
      json = true;
    } else if (a == "--prinz") {
      options.rules = Rules::prinz();
    } else if (a == "--trace") {
      trace = true;
    } else if (a == "--variations" || a == "--nodes" || a == "--hash-mb") {
      const std::string* v = value(a);
      if (!v) return 2;
      auto n = parse_int(*v, a, a == "--variations" ? 1 : 1, a == "--nodes" ? std::int64_t(1) << 50 : 8192);
      if (!n) {
        err << "minimax solve: " << n.error() << "\n";
        return 2;
      }
      if (a == "--variations") options.variation_depth = static_cast<int>(*n);
      if (a == "--nodes") options.node_limit = static_cast<std::uint64_t>(*n);
      if (a == "--hash-mb") {
        int log2 = 10;
        while (log2 < 28 && (std::int64_t(16) << (log2 + 1)) <= *n * 1024 * 1024) ++log2;
        options.tt_log2 = log2;
      }
    } else if (a == "--time") {
      const std::string* v = value(a);
      if (!v) return 2;
      auto t = parse_double(*v);
      if (!t || *t <= 0) {
        err << "minimax solve: --time: '" << *v << "' is not a positive number of seconds\n";
        return 2;
      }
      options.time_limit_s = *t;
    } else if (starts_with(a, "--")) {
      err << "minimax solve: unknown option '" << a << "'\n";
      return 2;
    } else {
      fen_parts.push_back(a);
    }
  }
  if (fen_parts.empty()) {
    err << "minimax solve " << kind << ": missing FEN\n";
    return 2;
  }
  const std::string fen = join(fen_parts, " ");
  auto pos = Position::from_fen(fen);
  if (!pos) {
    err << "minimax solve: bad FEN '" << fen << "': " << pos.error() << "\n";
    return 2;
  }

  if (trace) {
    if (spec->stipulation != Stipulation::direct) {
      err << "minimax solve: --trace is for mate problems only\n";
      return 2;
    }
    const PrinzTrace t = prinz_trace(*pos, spec->n, options.rules);
    for (const std::string& line : t.lines) out << line << "\n";
    if (!t.key) out << "no key: no mate in " << spec->n << "\n";
    return 0;
  }

  MateSolver solver(options);
  const ProblemResult result = solver.solve(*pos, spec->stipulation, spec->n, spec->half_move);
  if (json)
    write_solution_json(out, *pos, result, options.rules);
  else
    write_solution_text(out, *pos, result, options.rules);
  return result.complete ? 0 : 3;
}

}  // namespace minimax::cli
