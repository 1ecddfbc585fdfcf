#pragma once
// A person at the terminal, as a Player (DESIGN.md): asks for a move, reads a line, and asks again
// with a one-line reason when the line is not a legal move. Generic over the Game concept.
//
// API:
//   HumanPlayer<G> human(in, out, parse, hint);
// `parse(const G&, std::string_view) -> Expected<G::Move>` reads a move (default: the text of one
// of the legal moves as move_to_string writes it, case ignored). `hint` is shown in the prompt
// ("a heap and a number, e.g. A2"). At the prompt "help" or "?" lists the legal moves (the first
// 40), "undo" takes back the person's last move (and the reply to it: the loop goes back to this
// person's previous turn), "quit" or "resign" resigns; end of input resigns too (with explanation
// "input ended").
#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

#include "core/expected.hpp"
#include "core/player.hpp"
#include "core/text.hpp"

namespace minimax::play {

template <Game G>
class HumanPlayer final : public Player<G> {
 public:
  using Move = typename G::Move;
  using Parse = std::function<Expected<Move>(const G&, std::string_view)>;

  HumanPlayer(std::istream& in, std::ostream& out, Parse parse = {}, std::string hint = {},
              std::string name = "you")
      : in_(in),
        out_(out),
        parse_(std::move(parse)),
        hint_(std::move(hint)),
        name_(std::move(name)) {}

  [[nodiscard]] std::string name() const override { return name_; }

  Thought<Move> choose(const G& position, const Limits&) override {
    Thought<Move> t;
    for (;;) {
      out_ << "your move" << (hint_.empty() ? "" : " (" + hint_ + ")") << ": " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << '\n';
        t.resigns = true;
        t.explanation = "input ended";
        return t;
      }
      const std::string text(trim(line));
      if (text.empty()) continue;
      if (iequals(text, "quit") || iequals(text, "resign") || iequals(text, "q")) {
        t.resigns = true;
        t.explanation = "resigned";
        return t;
      }
      if (iequals(text, "undo") || iequals(text, "takeback")) {
        t.takes_back = true;
        return t;
      }
      if (iequals(text, "help") || text == "?") {
        list_moves(position);
        continue;
      }
      Expected<Move> m = parse_ ? parse_(position, text) : parse_by_name(position, text);
      if (!m) {
        out_ << m.error() << '\n';
        continue;
      }
      t.move = *m;
      t.line.push_back(t.move);
      return t;
    }
  }

 private:
  static Expected<Move> parse_by_name(const G& position, std::string_view text) {
    typename G::MoveList moves;
    position.generate_moves(moves);
    for (const auto& m : moves)
      if (iequals(position.move_to_string(m), text)) return m;
    return Error{"'" + std::string(text) + "' is not a legal move here (type ? for the list)"};
  }
  void list_moves(const G& position) {
    if constexpr (requires { position.count_moves(); }) {
      if (position.count_moves() > 100'000) {
        out_ << "too many legal moves to list (" << position.count_moves() << ")\n";
        return;
      }
    }
    typename G::MoveList moves;
    position.generate_moves(moves);
    out_ << moves.size() << " legal moves:";
    std::size_t shown = 0;
    for (const auto& m : moves) {
      if (++shown > 40) {
        out_ << " ...";
        break;
      }
      out_ << (shown > 1 ? ", " : " ") << position.move_to_string(m);
    }
    out_ << "\n(undo takes back your last move, quit resigns)\n";
  }

  std::istream& in_;
  std::ostream& out_;
  Parse parse_;
  std::string hint_;
  std::string name_;
};

}  // namespace minimax::play
