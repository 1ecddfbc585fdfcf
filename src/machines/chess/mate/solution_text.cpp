#include "machines/chess/mate/solution_text.hpp"

#include <iomanip>
#include <ostream>
#include <sstream>

#include "machines/chess/mate/notation.hpp"

namespace minimax::chess::mate {

namespace {

std::string numbered(int move_no, bool defender) {
  return std::to_string(move_no) + (defender ? "..." : ".");
}

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o;
}

std::string stip_text(const ProblemResult& r) {
  return std::string(stipulation_prefix(r.stipulation)) + std::to_string(r.n) +
         (r.half_move ? ".5" : "");
}

// ---- text ----

void write_variation_text(std::ostream& out, Position& pos, const Variation& v, int move_no,
                          int indent, const Rules& rules) {
  out << std::string(indent, ' ') << numbered(move_no, true) << problem_move_marked(pos, v.defence, rules);
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
      for (const Variation& w : v.next) write_variation_text(out, pos, w, move_no + 1, indent + 3, rules);
      pos.undo(v.continuations.front());
    }
  }
  pos.undo(v.defence);
}

// ---- JSON ----

void write_moves_json(std::ostream& out, Position& pos, const std::vector<Move>& moves, const Rules& rules) {
  out << "[";
  for (std::size_t i = 0; i < moves.size(); ++i)
    out << (i ? "," : "") << "\"" << json_escape(problem_move_marked(pos, moves[i], rules)) << "\"";
  out << "]";
}

void write_variation_json(std::ostream& out, Position& pos, const Variation& v, const Rules& rules) {
  out << "{\"defence\":\"" << json_escape(problem_move_marked(pos, v.defence, rules)) << "\",\"uci\":\""
      << pos.move_to_string(v.defence) << "\"";
  pos.play(v.defence);
  out << ",\"ends_play\":" << (v.ends_play ? "true" : "false") << ",\"length\":" << v.length
      << ",\"continuations\":";
  write_moves_json(out, pos, v.continuations, rules);
  out << ",\"duals\":" << (v.continuations.size() > 1 ? "true" : "false");
  if (!v.next.empty()) {
    out << ",\"next\":[";
    pos.play(v.continuations.front());
    for (std::size_t i = 0; i < v.next.size(); ++i) {
      if (i) out << ",";
      write_variation_json(out, pos, v.next[i], rules);
    }
    pos.undo(v.continuations.front());
    out << "]";
  }
  pos.undo(v.defence);
  out << "}";
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
    for (const Move m : line) {
      if (!s.empty()) s += ' ';
      s += problem_move(pos, m);
      pos.play(m);
    }
    lines.push_back(s);
  }
  return lines;
}

void write_solution_text(std::ostream& out, const Position& root, const ProblemResult& r,
                         const Rules& rules) {
  Position pos = root;
  out << stip_text(r) << "  " << root.fen() << (rules.orthodox() ? "" : "  (Prinz's rules)") << "\n\n";
  if (r.stipulation == Stipulation::help) {
    for (const auto& line : r.help_solutions) {
      Position p = root;
      out << "   ";
      int move_no = 1;
      for (std::size_t i = 0; i < line.size(); ++i) {
        // h#N.5: the first ply stands alone as "1...".
        const bool second = (i % 2 == 1) != r.half_move;
        if (r.half_move && i == 0) out << "1...";
        else if (!second) out << move_no << ".";
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
        if (k.threat_length > 1) out << "   (threatens " << stipulation_prefix(r.stipulation) << k.threat_length << ")";
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
  const std::size_t count = r.stipulation == Stipulation::help ? r.help_solutions.size() : r.keys.size();
  if (!r.complete) {
    out << "not finished: the limit ran out before the search ended (nothing proved)\n";
  } else if (count == 0) {
    out << "no solution (proved: no " << stip_text(r) << ")\n";
  } else if (r.stipulation == Stipulation::help) {
    out << count << (count == 1 ? " solution" : " solutions") << "\n";
  } else {
    out << count << (count == 1 ? " key" : " keys") << (count > 1 ? " (cooked)" : "");
    if (r.shortest < r.n)
      out << "; a shorter solution exists: " << stipulation_prefix(r.stipulation) << r.shortest << "\n";
    else
      out << "; no shorter solution (proved)\n";
  }
  out << "nodes " << r.nodes << "  time " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
}

void write_solution_json(std::ostream& out, const Position& root, const ProblemResult& r,
                         const Rules& rules) {
  Position pos = root;
  out << "{\"stipulation\":\"" << stip_text(r) << "\",\"fen\":\"" << root.fen()
      << "\",\"rules\":\"" << (rules.orthodox() ? "orthodox" : "prinz") << "\",\"complete\":"
      << (r.complete ? "true" : "false") << ",\"solved\":" << (r.solved() ? "true" : "false");
  if (r.stipulation == Stipulation::help) {
    out << ",\"solutions\":[";
    const auto lines = help_solution_texts(root, r);
    for (std::size_t i = 0; i < lines.size(); ++i) out << (i ? "," : "") << "\"" << lines[i] << "\"";
    out << "]";
  } else {
    out << ",\"shortest\":" << r.shortest << ",\"shorter_exists\":"
        << (r.shortest != 0 && r.shortest < r.n ? "true" : "false") << ",\"keys\":[";
    for (std::size_t i = 0; i < r.keys.size(); ++i) {
      const KeyMove& k = r.keys[i];
      out << (i ? "," : "") << "{\"key\":\"" << problem_move(pos, k.key) << "\",\"uci\":\""
          << pos.move_to_string(k.key) << "\",\"length\":" << k.length
          << ",\"check\":" << (k.check ? "true" : "false");
      pos.play(k.key);
      out << ",\"threat_length\":" << k.threat_length << ",\"threats\":";
      if (k.threat_length > 0) {
        pos.play_null();
        write_moves_json(out, pos, k.threats, rules);
        pos.undo_null();
      } else {
        out << "[]";
      }
      out << ",\"defences\":[";
      for (std::size_t j = 0; j < k.defences.size(); ++j) {
        if (j) out << ",";
        write_variation_json(out, pos, k.defences[j], rules);
      }
      out << "]}";
      pos.undo(k.key);
    }
    out << "]";
  }
  out << ",\"nodes\":" << r.nodes << ",\"seconds\":" << std::fixed << std::setprecision(4) << r.seconds
      << "}\n";
}

}  // namespace minimax::chess::mate
