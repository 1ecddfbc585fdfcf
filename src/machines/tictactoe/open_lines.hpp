#pragma once
// An estimate for noughts and crosses, for searches cut off before the end (the tree pictures at a
// small depth, the search tests): lines still open to the side to move (no enemy mark in them)
// minus lines still open to the other side. Score convention of search/score.hpp (side to move).
// Not needed for perfect play (the solver reaches every end); it is Shannon's f(P) idea (Shannon
// 1950) on the smallest board.
#include "games/tictactoe/tictactoe.hpp"

namespace minimax::tictactoe {

struct OpenLines {
  int operator()(const TicTacToe& t) const {
    static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    const Mark mine = t.side_to_move() == Side::first ? Mark::cross : Mark::nought;
    int score = 0;
    for (const auto& l : kLines) {
      bool me = false, them = false;
      for (int s : l) {
        const Mark m = t.at(s);
        if (m == mine)
          me = true;
        else if (m != Mark::empty)
          them = true;
      }
      score += static_cast<int>(!them) - static_cast<int>(!me);
    }
    return score;
  }
};

}  // namespace minimax::tictactoe
