#pragma once
// Readers for the problem collections in ../shared/data (read in place, never copied):
// vaeth/chessproblem's test set (EPD with stipulation and complete solution sets), matetrack with
// Popeye's keys (JSON lines), and Popeye's own regression inputs (.inp with expected .tst).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/chess/san.hpp"
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
  std::string source;  // file and title / line number
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

// A composed selfmate of bench/data/selfmates.txt ("FEN | s#N | 1.Key | composer, publication |
// address | ..."): the key as its source prints it (SAN, no check mark; empty where none is
// printed).
struct ComposedSelfmate {
  std::string fen;
  int n = 0;
  std::string printed_key;
  std::string source;
};

inline std::vector<ComposedSelfmate> read_composed_selfmates(const std::filesystem::path& file) {
  std::vector<ComposedSelfmate> out;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::istringstream fields(line);
    for (std::string col; std::getline(fields, col, '|');) {
      col.erase(0, col.find_first_not_of(' '));
      col.erase(col.find_last_not_of(' ') + 1);
      cols.push_back(col);
    }
    if (cols.size() < 4 || cols[1].size() != 3 || cols[1].rfind("s#", 0) != 0) continue;
    ComposedSelfmate c{cols[0], cols[1][2] - '0', "", cols[3]};
    if (cols[2].rfind("1.", 0) == 0) {
      c.printed_key = cols[2].substr(2, cols[2].find(' ') - 2);
      if (!c.printed_key.empty() && c.printed_key.back() == '+') c.printed_key.pop_back();
    }
    out.push_back(c);
  }
  return out;
}

inline std::vector<ComposedSelfmate> read_composed_selfmates() {
  return read_composed_selfmates(std::filesystem::path(MINIMAX_SOURCE_DIR) / "bench" / "data" /
                                 "selfmates.txt");
}

// The selfmate's key in SAN without a check mark, when the solver proves exactly one; otherwise
// what went wrong, in angle brackets.
inline std::string solved_selfmate_key(const ComposedSelfmate& c, const SolveOptions& o,
                                       double* seconds = nullptr) {
  const auto pos = Position::from_fen(c.fen);
  if (!pos) return "<bad FEN>";
  const ProblemResult r = solve_problem(*pos, Stipulation::self, c.n, o);
  if (seconds) *seconds = r.seconds;
  if (!r.complete) return "<not finished>";
  if (r.keys.size() != 1) return "<" + std::to_string(r.keys.size()) + " keys>";
  std::string san = to_san(*pos, r.keys[0].key);
  if (san.back() == '+') san.pop_back();
  return san;
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
  if (solved_by_lines(spec->stipulation)) {
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
  while (std::getline(in, line)) {
    // One JSON object a line: {"fen": ..., "bm": "#3", "popeye_keys": ["1.Rh6 !", ...], ...}.
    const auto j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object() || !j.contains("fen") || !j.contains("bm") || !j.contains("popeye_keys"))
      continue;
    const auto& fen = j["fen"];
    const auto& bm = j["bm"];
    const auto& keys = j["popeye_keys"];
    if (!fen.is_string() || !bm.is_string() || !keys.is_array()) continue;
    const std::string mate = bm.get<std::string>();
    if (mate.size() < 2 || mate[0] != '#') continue;
    MatetrackCase c;
    c.fen = fen.get<std::string>();
    c.n = std::stoi(mate.substr(1));
    for (const auto& key : keys)
      if (key.is_string()) c.keys.push_back(normalise_move(key.get<std::string>()));
    c.keys = sorted(c.keys);
    cases.push_back(c);
  }
  return cases;
}

// ---- Popeye's regression inputs -------------------------------------------------------------
// A .inp file holds problems separated by "next" (keywords may be abbreviated: "stip", "opt");
// its .tst holds Popeye's output for each, in order, each ending with "solution finished.".
// Orthodox direct-mate, selfmate and helpmate problems are kept; the rest is skipped with a reason.

struct PopeyeRead {
  std::vector<ProblemCase> cases;
  std::vector<std::string> skipped;  // "file: title: reason"
};

inline bool keyword_is(const std::string& word, const char* full, std::size_t min_len) {
  std::string w = word;
  for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return w.size() >= min_len && std::string(full).compare(0, w.size(), w) == 0;
}

// "pa7c3" -> pawn on a7 and c3; false for fairy pieces.
inline bool place_pieces(const std::string& token, bool white, char board[64]) {
  static const std::string kOrthodox = "kqrbsp";
  if (token.size() < 3 || kOrthodox.find(char(std::tolower(token[0]))) == std::string::npos ||
      (token.size() - 1) % 2 != 0)
    return false;
  char letter = char(std::tolower(token[0]));
  if (letter == 's') letter = 'n';
  for (std::size_t i = 1; i + 1 < token.size() + 1; i += 2) {
    const char f = token[i], r = token[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return false;
    board[(r - '1') * 8 + (f - 'a')] = white ? char(std::toupper(letter)) : letter;
  }
  return true;
}

inline std::string board_fen(const char board[64], char side) {
  std::string fen;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const char c = board[r * 8 + f];
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  // Popeye allows castling whenever king and rook stand on their home squares.
  std::string castling;
  if (board[4] == 'K' && board[7] == 'R') castling += 'K';
  if (board[4] == 'K' && board[0] == 'R') castling += 'Q';
  if (board[60] == 'k' && board[63] == 'r') castling += 'k';
  if (board[60] == 'k' && board[56] == 'r') castling += 'q';
  return fen + " " + side + " " + (castling.empty() ? "-" : castling) + " - 0 1";
}

inline std::vector<std::string> popeye_sections(const std::filesystem::path& tst) {
  std::ifstream in(tst);
  std::vector<std::string> sections;
  std::string line, cur;
  while (std::getline(in, line)) {
    cur += line + "\n";
    if (line.find("solution finished.") != std::string::npos) {
      sections.push_back(cur);
      cur.clear();
    }
  }
  return sections;
}

inline std::vector<std::string> popeye_expected(const std::string& section, bool help,
                                                bool& illegal) {
  std::vector<std::string> out;
  illegal = section.find("the side to play can capture the king") != std::string::npos;
  std::istringstream in(section);
  std::string line;
  const std::regex key_re(R"re(^   1\.(.*?) !(\s.*)?$)re");
  const std::regex help_re(R"re(^  1\.\.?\.?\S.*$)re");
  while (std::getline(in, line)) {
    std::smatch m;
    if (!help && std::regex_match(line, m, key_re)) {
      out.push_back(normalise_move(m[1]));
    } else if (help && std::regex_match(line, help_re)) {
      std::istringstream moves(line);
      std::string tok, joined;
      while (moves >> tok) {
        const std::string n = normalise_move(tok);
        if (n.empty() || n == "ep" || n == "=" || std::isdigit(static_cast<unsigned char>(n[0])))
          continue;
        joined += (joined.empty() ? "" : " ") + n;
      }
      out.push_back(joined);
    }
  }
  // Popeye says this also when only the set play is impossible; then it goes on to solve.
  illegal = illegal && out.empty();
  return sorted(out);
}

inline PopeyeRead read_popeye(const std::filesystem::path& inp) {
  PopeyeRead result;
  std::ifstream in(inp);
  std::vector<std::string> sections =
      popeye_sections(std::filesystem::path(inp).replace_extension(".tst"));
  std::string line;
  std::size_t index = 0;
  struct Block {
    std::string title, stip, options, conditions;
    std::vector<std::string> piece_tokens;
    bool twin = false;
  } b;
  std::string section;  // the keyword whose lines continue
  auto finish = [&]() {
    const std::string where = inp.filename().string() + ": " + b.title;
    const std::regex orthodox(R"re((#|s#|h#|h=|ser-#|ser-=|ser-h#|ser-h=)(\d+)(\.5)?)re");
    std::string reason;
    char board[64] = {};
    bool white = true, pieces_ok = true;
    for (const std::string& t : b.piece_tokens) {
      if (keyword_is(t, "white", 1) && t.size() >= 4)
        white = true;
      else if (keyword_is(t, "black", 1) && t.size() >= 4)
        white = false;
      else if (keyword_is(t, "neutral", 3))
        pieces_ok = false;
      else if (!place_pieces(t, white, board))
        pieces_ok = false;
    }
    std::smatch m;
    if (!std::regex_match(b.stip, m, orthodox))
      reason = "stipulation " + b.stip +
               " is none of #N, s#N, h#N, h=N, ser-#N, ser-=N, ser-h#N, ser-h=N";
    else if (!b.conditions.empty())
      reason = "fairy condition:" + b.conditions;
    else if (!pieces_ok)
      reason = "fairy pieces";
    else if (b.twin)
      reason = "twin";
    else if (b.options.find("postkey") != std::string::npos ||
             b.options.find("postk") != std::string::npos)
      reason = "option postkey (solves from after the key)";
    else if (b.options.find("nowk") != std::string::npos ||
             b.options.find("nobk") != std::string::npos)
      reason = "no king of one side (option nowk/nobk)";
    else if (m[1] != "#" && m[1] != "s#" && b.options.find("set") != std::string::npos)
      reason = "set play in help or series play (the other side moving first)";
    if (index >= sections.size()) reason = "no expected output";
    if (reason.empty()) {
      ProblemCase c;
      c.source = where;
      c.stipulation = b.stip;
      const std::string kind = m[1];
      const bool help = kind != "#" && kind != "s#";  // answered by solution lines
      // Popeye: in h#N and h=N Black starts, in h#N.5 White does; the series side of ser-h# and
      // ser-h= is Black; #N, s#N, ser-#N and ser-=N are White to play.
      const bool black = kind.rfind("ser-h", 0) == 0 || (kind[0] == 'h' && !m[3].matched);
      const char side = black ? 'b' : 'w';
      c.fen = board_fen(board, side);
      c.expected = popeye_expected(sections[index], help, c.expect_illegal);
      result.cases.push_back(c);
    } else {
      result.skipped.push_back(where + ": " + reason);
    }
    ++index;
    b = Block{};
  };
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first)) continue;
    std::string rest;
    std::getline(words, rest);
    if (keyword_is(first, "begin", 3) || keyword_is(first, "protocol", 4)) {
      section = "";
      continue;
    }
    if (keyword_is(first, "next", 4) || keyword_is(first, "end", 3)) {
      finish();
      section = "";
      continue;
    }
    if (keyword_is(first, "title", 3)) {
      b.title += (b.title.empty() ? "" : " ") + std::string(trim(rest));
      section = "title";
      continue;
    }
    if (keyword_is(first, "remark", 3) || keyword_is(first, "author", 3)) {
      section = "remark";
      continue;
    }
    if (keyword_is(first, "pieces", 3)) {
      section = "pieces";
      line = rest;
    } else if (keyword_is(first, "stipulation", 4)) {
      b.stip = std::string(trim(rest));
      section = "";
      continue;
    } else if (keyword_is(first, "option", 3)) {
      b.options += " " + to_lower(rest);
      section = "option";
      continue;
    } else if (keyword_is(first, "condition", 4)) {
      b.conditions += " " + std::string(trim(rest));
      section = "condition";
      continue;
    } else if (keyword_is(first, "twin", 4)) {
      b.twin = true;
      section = "";
      continue;
    } else if (section == "option") {
      b.options += " " + to_lower(line);
      continue;
    } else if (section == "condition") {
      b.conditions += " " + line;
      continue;
    } else if (section != "pieces")
      continue;
    std::istringstream toks(line);
    std::string t;
    while (toks >> t) b.piece_tokens.push_back(t);
  }
  return result;
}

}  // namespace minimax::test::mate
