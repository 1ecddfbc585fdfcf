#include "games/tictactoe/tictactoe.hpp"

#include <cctype>

namespace minimax::tictactoe {

namespace {

constexpr std::uint64_t kPow3[9] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561};
constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                              {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

Mark mark_of(Side s) { return s == Side::first ? Mark::cross : Mark::nought; }
char char_of(Mark m) { return m == Mark::cross ? 'x' : m == Mark::nought ? 'o' : '.'; }

}  // namespace

Expected<TicTacToe> TicTacToe::from_string(std::string_view text) {
  TicTacToe t;
  int square = 0, crosses = 0, noughts = 0;
  for (char c : text) {
    if (c == '/' || c == ' ') continue;
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    Mark m;
    if (l == 'x')
      m = Mark::cross, ++crosses;
    else if (l == 'o' || l == '0')
      m = Mark::nought, ++noughts;
    else if (l == '.' || l == '-' || l == '_')
      m = Mark::empty;
    else
      return Error{std::string("position '") + std::string(text) + "': bad character '" + c +
                   "' (use x, o and .)"};
    if (square == 9) return Error{"position '" + std::string(text) + "': more than nine squares"};
    t.board_[square] = m;
    t.key_ += kPow3[square] * static_cast<std::uint64_t>(m);
    ++square;
  }
  if (square != 9)
    return Error{"position '" + std::string(text) + "': " + std::to_string(square) +
                 " squares, need nine"};
  if (crosses != noughts && crosses != noughts + 1)
    return Error{"position '" + std::string(text) + "': " + std::to_string(crosses) +
                 " crosses and " + std::to_string(noughts) +
                 " noughts cannot happen (X moves first)"};
  t.marks_ = crosses + noughts;
  t.side_ = crosses == noughts ? Side::first : Side::second;
  // Both sides with a line, or a line made by the side that is not the last to have moved.
  bool x_line = false, o_line = false;
  for (const auto& l : kLines) {
    if (t.board_[l[0]] != Mark::empty && t.board_[l[0]] == t.board_[l[1]] &&
        t.board_[l[1]] == t.board_[l[2]])
      (t.board_[l[0]] == Mark::cross ? x_line : o_line) = true;
  }
  if ((x_line && o_line) || (x_line && crosses == noughts) || (o_line && crosses != noughts))
    return Error{"position '" + std::string(text) + "': the game would have ended before this"};
  return t;
}

void TicTacToe::generate_moves(MoveList& list) const {
  list.clear();
  if (winner() != Mark::empty) return;
  for (std::uint8_t s = 0; s < 9; ++s)
    if (board_[s] == Mark::empty) list.push_back(Move{s});
}

void TicTacToe::play(Move m) {
  const Mark mark = mark_of(side_);
  board_[m.square] = mark;
  key_ += kPow3[m.square] * static_cast<std::uint64_t>(mark);
  ++marks_;
  side_ = opposite(side_);
}

void TicTacToe::undo(Move m) {
  side_ = opposite(side_);
  --marks_;
  key_ -= kPow3[m.square] * static_cast<std::uint64_t>(board_[m.square]);
  board_[m.square] = Mark::empty;
}

Mark TicTacToe::winner() const {
  for (const auto& l : kLines) {
    const Mark a = board_[l[0]];
    if (a != Mark::empty && a == board_[l[1]] && a == board_[l[2]]) return a;
  }
  return Mark::empty;
}

Outcome TicTacToe::outcome() const {
  // Only the player who just moved can have completed a line.
  if (winner() != Mark::empty) return Outcome::loss;
  return marks_ == 9 ? Outcome::draw : Outcome::none;
}

std::string TicTacToe::to_string() const {
  std::string s;
  for (int i = 0; i < 9; ++i) {
    if (i == 3 || i == 6) s += '/';
    s += char_of(board_[i]);
  }
  return s;
}

std::string TicTacToe::to_board() const {
  std::string s;
  for (int r = 0; r < 3; ++r) {
    s += ' ';
    for (int c = 0; c < 3; ++c) {
      const int i = 3 * r + c;
      s += board_[i] == Mark::empty ? char('1' + i) : board_[i] == Mark::cross ? 'X' : 'O';
      if (c < 2) s += " | ";
    }
    s += '\n';
    if (r < 2) s += "---+---+---\n";
  }
  return s;
}

Expected<Move> TicTacToe::parse_move(std::string_view text) const {
  const std::string t(text);
  if (t.size() != 1 || t[0] < '1' || t[0] > '9')
    return Error{"'" + t + "' is not a square: type a number from 1 to 9"};
  const auto square = static_cast<std::uint8_t>(t[0] - '1');
  if (outcome() != Outcome::none) return Error{"the game is over"};
  if (board_[square] != Mark::empty) return Error{"square " + t + " is taken"};
  return Move{square};
}

}  // namespace minimax::tictactoe
