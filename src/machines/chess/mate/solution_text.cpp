#include "machines/chess/mate/solution_text.hpp"

#include <cmath>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "machines/chess/mate/notation.hpp"

namespace minimax::chess::mate {

namespace {

std::string numbered(int move_no, bool defender) {
  return std::to_string(move_no) + (defender ? "..." : ".");
}

std::string stip_text(const ProblemResult& r) {
  return std::string(stipulation_prefix(r.stipulation)) + std::to_string(r.n) +
         (r.half_move ? ".5" : "");
}

// ---- text ----

void write_variation_text(std::ostream& out, Position& pos, const Variation& v, int move_no,
                          int indent, const Rules& rules) {
  out << std::string(indent, ' ') << numbered(move_no, true)
      << problem_move_marked(pos, v.defence, rules);
  pos.play(v.defence);
  if (v.ends_play) {
    out << "\n";
  } else if (v.continuations.empty()) {
    out << "  (no continuation found within the limits)\n";
  } else {
    out << "\n" << std::string(indent + 3, ' ');
    for (std::size_t i = 0; i < v.continuations.size(); ++i) {
      if (i == 1) out << "   duals:";
      out << (i ? " " : "") << numbered(move_no + 1, false)
          << problem_move_marked(pos, v.continuations[i], rules);
    }
    out << "\n";
    if (!v.next.empty()) {
      pos.play(v.continuations.front());
      for (const Variation& w : v.next)
        write_variation_text(out, pos, w, move_no + 1, indent + 3, rules);
      pos.undo(v.continuations.front());
    }
  }
  pos.undo(v.defence);
}

// ---- JSON ----

// nlohmann's ordered_json keeps the fields in the order written here.
using Json = nlohmann::ordered_json;

Json moves_json(Position& pos, const std::vector<Move>& moves, const Rules& rules) {
  Json list = Json::array();
  for (const Move& m : moves) list.push_back(problem_move_marked(pos, m, rules));
  return list;
}

Json variation_json(Position& pos, const Variation& v, const Rules& rules) {
  Json j;
  j["defence"] = problem_move_marked(pos, v.defence, rules);
  j["uci"] = pos.move_to_string(v.defence);
  pos.play(v.defence);
  j["ends_play"] = v.ends_play;
  j["length"] = v.length;
  j["continuations"] = moves_json(pos, v.continuations, rules);
  j["duals"] = v.continuations.size() > 1;
  if (!v.next.empty()) {
    Json next = Json::array();
    pos.play(v.continuations.front());
    for (const Variation& w : v.next) next.push_back(variation_json(pos, w, rules));
    pos.undo(v.continuations.front());
    j["next"] = std::move(next);
  }
  pos.undo(v.defence);
  return j;
}

// The number of series moves in a solution line (a series may be shorter than N; in ser-h# and
// ser-h= the other side's move ends the line).
std::size_t series_length(const ProblemResult& r, const std::vector<Move>& line) {
  return line.size() - (ends_with_other_sides_move(r.stipulation) ? 1 : 0);
}

// Plays the i-th move of a solution line; between two moves of a series the other side passes.
void play_line_move(Position& pos, const ProblemResult& r, const std::vector<Move>& line,
                    std::size_t i) {
  pos.play(line[i]);
  if (is_series(r.stipulation) && i + 1 < series_length(r, line)) pos.play_null();
}

}  // namespace

std::vector<std::string> key_texts(const Position& root, const ProblemResult& result) {
  std::vector<std::string> keys;
  for (const KeyMove& k : result.keys) keys.push_back(problem_move(root, k.key));
  return keys;
}

std::vector<std::string> help_solution_texts(const Position& root, const ProblemResult& result) {
  std::vector<std::string> lines;
  for (const auto& line : result.help_solutions) {
    Position pos = root;
    std::string s;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (!s.empty()) s += ' ';
      s += problem_move(pos, line[i]);
      play_line_move(pos, result, line, i);
    }
    lines.push_back(s);
  }
  return lines;
}

void write_solution_text(std::ostream& out, const Position& root, const ProblemResult& r,
                         const Rules& rules) {
  Position pos = root;
  out << stip_text(r) << "  " << root.fen() << (rules.orthodox() ? "" : "  (Prinz's rules)")
      << "\n\n";
  if (is_series(r.stipulation)) {
    // Popeye's form: "1.Rg4 2.Qc3+ Ka2#" (the series numbered, the other side's move after it).
    for (const auto& line : r.help_solutions) {
      Position p = root;
      out << "   ";
      for (std::size_t i = 0; i < line.size(); ++i) {
        if (i < series_length(r, line)) out << i + 1 << ".";
        out << problem_move_marked(p, line[i], rules) << " ";
        play_line_move(p, r, line, i);
      }
      out << "\n";
    }
  } else if (solved_by_lines(r.stipulation)) {
    for (const auto& line : r.help_solutions) {
      Position p = root;
      out << "   ";
      int move_no = 1;
      for (std::size_t i = 0; i < line.size(); ++i) {
        // h#N.5: the first ply stands alone as "1...".
        const bool second = (i % 2 == 1) != r.half_move;
        if (r.half_move && i == 0)
          out << "1...";
        else if (!second)
          out << move_no << ".";
        out << problem_move_marked(p, line[i], rules) << " ";
        p.play(line[i]);
        if (second) ++move_no;
      }
      out << "\n";
    }
  } else {
    for (const KeyMove& k : r.keys) {
      out << "   1." << problem_move_marked(pos, k.key, rules) << " !";
      if (k.length < r.n) out << "   (forces it in " << k.length << ")";
      out << "\n";
      pos.play(k.key);
      if (k.threat_length > 0) {
        out << "      threat:";
        pos.play_null();
        for (const Move t : k.threats) out << " 2." << problem_move_marked(pos, t, rules);
        pos.undo_null();
        if (k.threat_length > 1)
          out << "   (threatens " << stipulation_prefix(r.stipulation) << k.threat_length << ")";
        if (k.threats.size() > 1) out << "   (" << k.threats.size() << " threats)";
        out << "\n";
      } else if (k.check) {
        out << "      (the key checks: no threat)\n";
      }
      for (const Variation& v : k.defences) write_variation_text(out, pos, v, 1, 6, rules);
      pos.undo(k.key);
      out << "\n";
    }
  }
  const std::size_t count =
      solved_by_lines(r.stipulation) ? r.help_solutions.size() : r.keys.size();
  if (!r.complete) {
    out << "not finished: the limit ran out before the search ended (nothing proved)\n";
  } else if (count == 0) {
    out << "no solution (proved: no " << stip_text(r) << ")\n";
  } else if (solved_by_lines(r.stipulation)) {
    out << count << (count == 1 ? " solution" : " solutions") << "\n";
  } else {
    out << count << (count == 1 ? " key" : " keys") << (count > 1 ? " (cooked)" : "");
    if (r.shortest < r.n)
      out << "; a shorter solution exists: " << stipulation_prefix(r.stipulation) << r.shortest
          << "\n";
    else
      out << "; no shorter solution (proved)\n";
  }
  out << "nodes " << r.nodes << "  time " << std::fixed << std::setprecision(3) << r.seconds
      << " s\n";
}

void write_solution_json(std::ostream& out, const Position& root, const ProblemResult& r,
                         const Rules& rules) {
  Position pos = root;
  Json j;
  j["stipulation"] = stip_text(r);
  j["fen"] = root.fen();
  j["rules"] = rules.orthodox() ? "orthodox" : "prinz";
  j["complete"] = r.complete;
  j["solved"] = r.solved();
  if (solved_by_lines(r.stipulation)) {
    j["solutions"] = help_solution_texts(root, r);
  } else {
    j["shortest"] = r.shortest;
    j["shorter_exists"] = r.shortest != 0 && r.shortest < r.n;
    Json keys = Json::array();
    for (const KeyMove& k : r.keys) {
      Json key;
      key["key"] = problem_move(pos, k.key);
      key["uci"] = pos.move_to_string(k.key);
      key["length"] = k.length;
      key["check"] = k.check;
      pos.play(k.key);
      key["threat_length"] = k.threat_length;
      if (k.threat_length > 0) {
        pos.play_null();
        key["threats"] = moves_json(pos, k.threats, rules);
        pos.undo_null();
      } else {
        key["threats"] = Json::array();
      }
      Json defences = Json::array();
      for (const Variation& v : k.defences) defences.push_back(variation_json(pos, v, rules));
      key["defences"] = std::move(defences);
      pos.undo(k.key);
      keys.push_back(std::move(key));
    }
    j["keys"] = std::move(keys);
  }
  j["nodes"] = r.nodes;
  j["seconds"] = std::round(r.seconds * 10000) / 10000;  // to the tenth of a millisecond
  out << j.dump() << '\n';
}

}  // namespace minimax::chess::mate
