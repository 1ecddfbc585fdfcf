#pragma once
// A person at the terminal playing chess, as a Player (DESIGN.md): the prompt "White to move> "
// takes a move in SAN (Nf3), UCI (g1f3) or descriptive notation (Kt-KB3, read leniently), or a
// word: undo (Thought::takes_back), resign, draw (Thought::offers_draw), moves, board, help. Bad
// input gets one line saying why (the notation it most looks like gives the message) and a new
// prompt; the end of input leaves the game unfinished (Thought::leaves, "input ended").
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::play {

enum class Notation { san, uci, descriptive };

// A move in the notation asked for.
std::string move_text(const chess::Position& pos, chess::Move m, Notation n);

// A person's move in any of the three notations; the error the most likely notation gives.
Expected<chess::Move> parse_any_notation(const chess::Position& pos, std::string_view text);

class ChessHuman final : public chess::ChessPlayer {
 public:
  // `help` is printed for "help" at the prompt.
  ChessHuman(std::istream& in, std::ostream& out, Notation notation, bool unicode, std::string help)
      : in_(in), out_(out), notation_(notation), unicode_(unicode), help_(std::move(help)) {}
  [[nodiscard]] std::string name() const override { return "human"; }
  Thought<chess::Move> choose(const chess::Position& position, const Limits& limits) override;
  // The answer to a draw offer, asked at the terminal.
  bool accepts_draw(chess::Color side);

 private:
  std::istream& in_;
  std::ostream& out_;
  Notation notation_;
  bool unicode_;
  std::string help_;
};

}  // namespace minimax::play
