#include "play/chess_human.hpp"

#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/san.hpp"

namespace minimax::play {

using chess::Move;
using chess::Position;

std::string move_text(const Position& pos, Move m, Notation n) {
  switch (n) {
    case Notation::uci:
      return pos.move_to_string(m);
    case Notation::descriptive:
      return chess::to_descriptive(pos, m);
    default:
      return chess::to_san(pos, m);
  }
}

Expected<Move> parse_any_notation(const Position& pos, std::string_view text) {
  if (auto m = pos.parse_uci(text)) return *m;
  auto san = chess::parse_san(pos, text);
  if (san) return *san;
  auto desc = chess::parse_descriptive(pos, text, chess::DescriptiveMode::lenient);
  if (desc) return *desc;
  const bool looks_uci = text.size() >= 4 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' &&
                         text[1] <= '8' && text[2] >= 'a' && text[2] <= 'h';
  const bool looks_descriptive =
      text.find('-') != std::string_view::npos && text.find("O-O") == std::string_view::npos;
  if (looks_uci) return Error{pos.parse_uci(text).error()};
  if (looks_descriptive) return Error{desc.error()};
  return Error{san.error()};
}

Thought<Move> ChessHuman::choose(const Position& pos, const Limits&) {
  Thought<Move> t;
  for (;;) {
    out_ << (pos.side() == chess::white ? "White" : "Black") << " to move> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
      t.leaves = true;
      t.explanation = "input ended";
      return t;
    }
    const std::string cmd(trim(line));
    if (cmd.empty()) continue;
    if (iequals(cmd, "help")) {
      out_ << help_;
    } else if (iequals(cmd, "board")) {
      out_ << '\n' << pos.to_string(!unicode_) << '\n';
    } else if (iequals(cmd, "moves")) {
      Position::MoveList list;
      pos.generate_moves(list);
      std::vector<std::string> names;
      for (const Move& m : list) names.push_back(move_text(pos, m, notation_));
      out_ << join(names, " ") << '\n';
    } else if (iequals(cmd, "resign")) {
      t.resigns = true;
      return t;
    } else if (iequals(cmd, "draw")) {
      t.offers_draw = true;
      return t;
    } else if (iequals(cmd, "undo")) {
      t.takes_back = true;
      return t;
    } else {
      auto m = parse_any_notation(pos, cmd);
      if (!m) {
        out_ << "not a move here: '" << cmd << "': " << m.error()
             << "\n(type 'moves' for the legal moves)\n";
        continue;
      }
      t.move = *m;
      t.line.push_back(*m);
      return t;
    }
  }
}

bool ChessHuman::accepts_draw(chess::Color side) {
  out_ << (side == chess::white ? "White" : "Black") << ", do you accept a draw? (yes/no)> "
       << std::flush;
  std::string answer;
  if (!std::getline(in_, answer)) return false;
  return iequals(trim(answer), "yes") || iequals(trim(answer), "y");
}

}  // namespace minimax::play
