#pragma once
// Noughts and crosses (tic-tac-toe): the rules only. Crosses (X, Side::first) move first.
//
// Squares are numbered 1-9 as a telephone keypad reads, top row 1 2 3, middle 4 5 6, bottom 7 8 9;
// a move is the number of the square. A position is written as nine characters x, o or . (empty),
// row by row, optionally with '/' between rows: "x.o/.x./..o". The side to move follows from the
// counts (X moves first). The key is the board read as a base-3 number, so equal boards have equal
// keys and the side to move is implied.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/expected.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"
#include "core/side.hpp"

namespace minimax::tictactoe {

enum class Mark : std::uint8_t { empty, cross, nought };

struct Move {
  std::uint8_t square = 0;  // 0-8, row by row from the top left
  bool operator==(const Move&) const = default;
};

class TicTacToe {
 public:
  using Move = tictactoe::Move;
  using MoveList = minimax::MoveList<Move, 9>;

  TicTacToe() = default;
  // Parses a position as described above; names the bad character or the impossible count.
  static Expected<TicTacToe> from_string(std::string_view text);

  [[nodiscard]] Side side_to_move() const { return side_; }
  void generate_moves(MoveList& list) const;
  void play(Move m);
  void undo(Move m);
  [[nodiscard]] Outcome outcome() const;
  [[nodiscard]] std::uint64_t key() const { return key_; }
  [[nodiscard]] std::string move_to_string(Move m) const {
    return std::string(1, char('1' + m.square));
  }
  // "x.o/.x./..o"
  [[nodiscard]] std::string to_string() const;
  // A 3x3 picture with the free squares numbered, for the terminal.
  [[nodiscard]] std::string to_board() const;
  // Parses "1".."9"; the square must be free.
  [[nodiscard]] Expected<Move> parse_move(std::string_view text) const;

  [[nodiscard]] Mark at(int square) const { return board_[static_cast<std::size_t>(square)]; }
  // The mark with three in a row, or empty.
  [[nodiscard]] Mark winner() const;
  [[nodiscard]] int marks() const { return marks_; }

 private:
  std::array<Mark, 9> board_{};
  Side side_ = Side::first;
  int marks_ = 0;
  std::uint64_t key_ = 0;
};

static_assert(Game<TicTacToe>);

}  // namespace minimax::tictactoe
