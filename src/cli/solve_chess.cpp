// `minimax solve mate|selfmate|helpmate N FEN [options]`: the chess problem solver (issue 6).
#include "cli/solve_chess.hpp"

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "cli/app.hpp"
#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "games/chess/san.hpp"
#include "machines/chess/mate/notation.hpp"
#include "machines/chess/mate/prinz.hpp"
#include "machines/chess/mate/problem.hpp"
#include "machines/chess/mate/proof_game.hpp"
#include "machines/chess/mate/solution_text.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::cli {

namespace {

constexpr const char* kDescription =
    "The chess problem solver. mate N (#N): the side to move mates in at most N moves against "
    "every defence; selfmate N (s#N): the side to move forces the other side to mate it in at "
    "most N moves; helpmate N (h#N): the side to move starts, both cooperate, the other side "
    "mates on its last move (N may be 2.5 for h#2.5, where the side to move makes a single first "
    "ply; as Popeye, the lines of every length up to N are listed, shortest first); "
    "problem STIPULATION: any of #N, s#N, h#N, h#N.5, h=N (help-stalemate), ser-#N (series "
    "mate), ser-=N (series stalemate), ser-h#N (series helpmate), ser-h=N, as Popeye reads them; "
    "or a proof game: 'spg N' FEN (every game of exactly N moves, N.5 when White moved last, "
    "from the initial position to the diagram's placement) or 'a=>b N' FEN_A FEN_B. "
    "Prints every key (a second key is a cook), the solution (key; threat; each defence with its "
    "continuation, duals marked), whether a shorter solution exists, nodes and time; or 'no "
    "solution', which is then a proof.";

// Numbered moves from `start`: "1.e4 e5 2.Nf3", "1...e5 2.Nf3" when Black begins.
std::string numbered_line(const chess::Position& start, const std::vector<chess::Move>& moves) {
  const std::vector<std::string> sans = chess::to_san_line(start, moves);
  std::string text;
  int number = start.fullmove_number();
  bool white = start.side() == chess::white;
  for (std::size_t i = 0; i < sans.size(); ++i) {
    if (!text.empty()) text += ' ';
    if (white)
      text += std::to_string(number) + "." + sans[i];
    else
      text += (i == 0 ? std::to_string(number) + "..." : std::string()) + sans[i];
    if (!white) ++number;
    white = !white;
  }
  return text;
}

// spg N FEN, or a=>b N FEN_A FEN_B: every play of exactly N moves to the diagram.
int solve_proof_game_command(const std::vector<std::string>& words,
                             const chess::mate::ProofGameOptions& options, bool json,
                             std::ostream& out, std::ostream& err) {
  using namespace minimax::chess;
  using namespace minimax::chess::mate;
  const auto spec = parse_proof_game(words[0]);
  if (!spec) {
    err << "minimax solve problem: " << spec.error() << "\n";
    return 2;
  }
  Position start = Position::start();
  std::string diagram;
  if (spec->from_initial) {
    diagram = join(std::vector<std::string>(words.begin() + 1, words.end()), " ");
  } else {
    if (words.size() != 3) {
      err << "minimax solve problem: a=>b takes two positions, each one quoted FEN: the first "
             "and the one to reach\n";
      return 2;
    }
    auto a = Position::from_fen(words[1]);
    if (!a) {
      err << "minimax solve problem: bad FEN '" << words[1] << "': " << a.error() << "\n";
      return 2;
    }
    start = *a;
    diagram = words[2];
  }
  if (trim(diagram).empty()) {
    err << "minimax solve problem: missing the diagram (a FEN; its placement is what counts)\n";
    return 2;
  }
  // The diagram's placement; the side to move is the one the number of moves leaves.
  const Color to_move = spec->plies % 2 == 0 ? start.side() : Color(1 - start.side());
  const std::string placement = split(std::string(trim(diagram)), ' ')[0];
  auto target = Position::from_fen(placement + (to_move == white ? " w" : " b") + " - - 0 1");
  if (!target) {
    err << "minimax solve problem: bad diagram '" << placement << "': " << target.error() << "\n";
    return 2;
  }
  if (auto st = check_proof_game_target(*target); !st) {
    err << "minimax solve problem: impossible diagram: " << st.error() << "\n";
    return 2;
  }
  const ProofGameResult r = solve_proof_game(start, *target, spec->plies, options);
  const std::string moves = std::to_string(spec->plies / 2) + (spec->plies % 2 ? ".5" : ".0");
  const std::string name = (spec->from_initial ? "spg " : "a=>b ") + moves;
  if (json) {
    nlohmann::json j{{"stipulation", name},
                     {"plies", spec->plies},
                     {"complete", r.complete},
                     {"nodes", r.nodes},
                     {"seconds", r.seconds}};
    // In the problem notation of the solver's other answers ("Sb1-c3 d7-d6"), as help play's.
    const auto texts = [&](const std::vector<std::vector<Move>>& all) {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& line : all) {
        Position p = start;
        std::string text;
        for (const Move m : line) {
          text += (text.empty() ? "" : " ") + problem_move(p, m);
          p.play(m);
        }
        a.push_back(text);
      }
      return a;
    };
    j["solutions"] = texts(r.solutions);
    j["shorter"] = texts(r.shorter);
    out << j.dump(2) << "\n";
  } else {
    out << name << ": ";
    if (r.solutions.empty())
      out << (r.complete
                  ? "no solution (the diagram cannot be reached in exactly " + moves + " moves)"
                  : "no solution found before the limit (nothing proved)");
    else
      out << r.solutions.size() << (r.solutions.size() == 1 ? " solution" : " solutions")
          << (!r.complete ? " at least (the search was cut short)"
              : r.solutions.size() == 1 && r.shorter.empty() ? " (unique: sound)"
              : r.solutions.size() == 1                      ? " (unique, but shorter ones exist)"
                                                             : " (cooked)");
    out << "\n";
    for (const auto& line : r.solutions) out << "  " << numbered_line(start, line) << "\n";
    if (!r.shorter.empty()) {
      out << "shorter (the diagram is reached sooner: not a shortest proof game): "
          << r.shorter.size() << "\n";
      for (const auto& line : r.shorter) out << "  " << numbered_line(start, line) << "\n";
    }
    char tail[96];
    std::snprintf(tail, sizeof tail, "%llu positions, %.2f s\n",
                  static_cast<unsigned long long>(r.nodes), r.seconds);
    out << tail;
  }
  return r.complete ? 0 : 3;
}

}  // namespace

int solve_chess_problem(std::string_view kind, Args args, std::istream&, std::ostream& out,
                        std::ostream& err) {
  using namespace minimax::chess;
  using namespace minimax::chess::mate;
  // solve mate|selfmate|helpmate N: the stipulation by name; solve problem: in the words.
  std::optional<Stipulation> named;
  if (kind == "mate")
    named = Stipulation::direct;
  else if (kind == "selfmate")
    named = Stipulation::self;
  else if (kind == "helpmate")
    named = Stipulation::help;
  else if (kind != "problem") {
    err << "minimax solve: unknown stipulation '" << kind
        << "' (mate, selfmate, helpmate or problem)\n";
    return 2;
  }
  SolveOptions options;
  bool json = false, trace = false, prinz = false;
  double time_limit = 0;
  std::int64_t hash_mb = 0;
  std::vector<std::string> words;
  CommandApp app("solve " + std::string(kind), kDescription);
  app.add_option(kind == "problem" ? "STIPULATION FEN" : "N FEN", words,
                 kind == "problem"
                     ? "the stipulation (h=3, ser-h#7, ...), then the position (one quoted "
                       "argument or its fields)"
                     : "the number of moves, then the position (one quoted argument or its "
                       "fields)");
  app.add_flag("--json", json, "the result as JSON");
  app.add_flag("--prinz", prinz,
               "Prinz's Manchester rules (Bowden 1953): no castling, no double step, no e.p., no "
               "promotion, stalemate counted as mate");
  app.add_flag(
      "--trace", trace,
      "(mate) the first moves in the order the Manchester machine tried them, in its square "
      "numbering (a1 = 11), ending with MATE");
  app.add_option("--variations", options.variation_depth,
                 "attacker moves of the solution tree to spell out")
      ->check(whole_number(1, 8192))
      ->type_name("D")
      ->capture_default_str();
  app.add_option("--time", time_limit,
                 "a limit in seconds; when it runs out the answer says nothing is proved")
      ->check(positive_number())
      ->type_name("SECONDS");
  app.add_option("--nodes", options.node_limit,
                 "a limit in nodes; when it runs out nothing is proved")
      ->check(whole_number(1, std::int64_t(1) << 50))
      ->type_name("N");
  std::string method = "alpha-beta";
  app.add_option("--method", method,
                 "direct mates and selfmates: alpha-beta (the AND/OR search) or proof-number "
                 "(df-pn)")
      ->type_name("M")
      ->capture_default_str();
  app.add_option("--threads", options.threads,
                 "threads sharing the first move's alternatives and the table (not with "
                 "--method proof-number; the answer is the same for any number)")
      ->check(whole_number(1, 64))
      ->type_name("N")
      ->capture_default_str();
  bool plain = false, intelligent = false;
  auto* plain_flag = app.add_flag(
      "--plain", plain,
      "help and series play: search every line (by default the plain search runs first "
      "within a budget, then the search toward each mate or stalemate the material can build; "
      "the same solutions)");
  app.add_flag("--intelligent", intelligent,
               "help and series play: search toward each mate (or stalemate) the material can "
               "build, from the start")
      ->excludes(plain_flag);
  app.add_option("--hash-mb", hash_mb, "the transposition table's size")
      ->check(whole_number(1, 8192))
      ->type_name("MB");
  if (auto status = parse_args(app, args, out, err)) return *status;
  options.help_method = plain         ? HelpMethod::plain
                        : intelligent ? HelpMethod::intelligent
                                      : HelpMethod::automatic;
  if (words.empty()) {
    err << "minimax solve " << kind << ": missing " << (kind == "problem" ? "STIPULATION" : "N")
        << " and FEN\n";
    return 2;
  }
  if (!named && is_proof_game(words[0])) {
    ProofGameOptions o;
    o.time_limit_s = time_limit;
    o.node_limit = options.node_limit;
    return solve_proof_game_command(words, o, json, out, err);
  }
  auto spec = named ? parse_moves(*named, words[0]) : parse_stipulation(words[0]);
  if (!spec) {
    err << "minimax solve " << kind << ": " << spec.error() << "\n";
    return 2;
  }
  if (prinz && goal_is_stalemate(spec->stipulation)) {
    err << "minimax solve: --prinz counts stalemate as mate; it does not go with "
        << stipulation_prefix(spec->stipulation) << "N\n";
    return 2;
  }
  if (prinz) options.rules = Rules::prinz();
  if (method == "proof-number")
    options.method = SearchMethod::proof_number;
  else if (method != "alpha-beta") {
    err << "minimax solve: unknown --method '" << method << "' (alpha-beta or proof-number)\n";
    return 2;
  }
  if (time_limit > 0) options.time_limit_s = time_limit;
  if (hash_mb > 0) {
    int log2 = 10;
    while (log2 < 28 && (std::int64_t(16) << (log2 + 1)) <= hash_mb * 1024 * 1024) ++log2;
    options.tt_log2 = log2;
  }
  const std::vector<std::string> fen_parts(words.begin() + 1, words.end());
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
