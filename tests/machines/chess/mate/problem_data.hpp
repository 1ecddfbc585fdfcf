#pragma once
// Readers for the problem collections in ../shared/data (read in place, never copied):
// vaeth/chessproblem's test set (EPD with stipulation and complete solution sets), matetrack with
// Popeye's keys (JSON lines), and Popeye's own regression inputs (.inp with expected .tst).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "machines/chess/mate/problem.hpp"
#include "machines/chess/mate/problem_rules.hpp"
#include "machines/chess/mate/solution_text.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::test::mate {

using namespace minimax::chess;
using namespace minimax::chess::mate;

// One problem with its expected answer: the key set (direct/self) or the solution lines (help),
// moves in problem notation normalised by normalise_move().
struct ProblemCase {
  std::string source;     // file and title / line number
  std::string fen;
  std::string stipulation;
  std::vector<std::string> expected;  // sorted
  bool expect_illegal = false;        // the reference says the position is illegal
};

// "Se8-c7 # !" / "h5*g6ep" / "1.Nd5-c7+" -> "Nd5-c7" style: no marks, N for the knight.
inline std::string normalise_move(std::string s) {
  // Drop a move number ("1.", "2...") first: castling is written with digits (0-0).
  std::size_t i = s.find_first_not_of(' ');
  if (i == std::string::npos) return "";
  std::size_t j = i;
  while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
  if (j > i && j < s.size() && s[j] == '.') {
    while (j < s.size() && s[j] == '.') ++j;
    i = j;
  }
  std::string o;
  for (char c : s.substr(i)) {
    if (c == ' ' || c == '.' || c == '+' || c == '#' || c == '!' || c == '?') continue;
    o += c == 'S' ? 'N' : c;
  }
  return o;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// What the solver answers, in the same normalised form.
inline std::vector<std::string> solve_normalised(const ProblemCase& c, const SolveOptions& options,
                                                 ProblemResult* out_result = nullptr) {
  auto spec = parse_stipulation(c.stipulation);
  auto pos = Position::from_fen(c.fen);
  if (!spec || !pos) return {"<bad input>"};
  MateSolver solver(options);
  ProblemResult r = solver.solve(*pos, spec->stipulation, spec->n, spec->half_move);
  std::vector<std::string> got;
  if (spec->stipulation == Stipulation::help) {
    for (const std::string& line : help_solution_texts(*pos, r)) {
      std::istringstream in(line);
      std::string mv, joined;
      while (in >> mv) {
        if (mv == "ep.") continue;
        joined += (joined.empty() ? "" : " ") + normalise_move(mv);
      }
      got.push_back(joined);
    }
  } else {
    for (const std::string& k : key_texts(*pos, r)) got.push_back(normalise_move(k));
  }
  if (out_result) *out_result = r;
  return sorted(got);
}

// ---- vaeth/chessproblem ----------------------------------------------------------------------

inline std::vector<ProblemCase> read_vaeth(const std::filesystem::path& file) {
  std::vector<ProblemCase> cases;
  std::ifstream in(file);
  std::string line;
  const std::regex row(R"re((.*?) ; stip "(.*?)" ; solutions "(.*?)".*)re");
  int number = 0;
  while (std::getline(in, line)) {
    std::smatch m;
    if (line.empty() || line[0] == '#' || !std::regex_match(line, m, row)) continue;
    ProblemCase c;
    c.source = file.filename().string() + " #" + std::to_string(++number);
    c.fen = m[1];
    c.stipulation = m[2];
    const std::string sol = m[3];
    if (sol != "No solution exists") {
      if (c.stipulation.rfind("h#", 0) == 0) {
        std::istringstream moves(sol);
        std::string mv, joined;
        while (moves >> mv) joined += (joined.empty() ? "" : " ") + normalise_move(mv);
        c.expected.push_back(joined);
      } else {
        std::istringstream keys(sol);
        std::string k;
        while (std::getline(keys, k, ';')) c.expected.push_back(normalise_move(k));
      }
    }
    c.expected = sorted(c.expected);
    cases.push_back(c);
  }
  return cases;
}

// ---- matetrack with Popeye's keys ------------------------------------------------------------

struct MatetrackCase {
  std::string fen;
  int n = 0;
  std::vector<std::string> keys;  // normalised, sorted
};

inline std::vector<MatetrackCase> read_matetrack_popeye(const std::filesystem::path& file) {
  std::vector<MatetrackCase> cases;
  std::ifstream in(file);
  std::string line;
  const std::regex fen_re(R"re("fen": "([^"]*)")re"), bm_re(R"re("bm": "#(\d+)")re"),
      keys_re(R"re("popeye_keys": \[([^\]]*)\])re"), key_re(R"re("([^"]*)")re");
  while (std::getline(in, line)) {
    std::smatch f, b, k;
    if (!std::regex_search(line, f, fen_re) || !std::regex_search(line, b, bm_re) ||
        !std::regex_search(line, k, keys_re))
      continue;
    MatetrackCase c;
    c.fen = f[1];
    c.n = std::stoi(b[1]);
    const std::string list = k[1];
    for (std::sregex_iterator it(list.begin(), list.end(), key_re), end; it != end; ++it)
      c.keys.push_back(normalise_move((*it)[1]));
    c.keys = sorted(c.keys);
    cases.push_back(c);
  }
  return cases;
}

}  // namespace minimax::test::mate
