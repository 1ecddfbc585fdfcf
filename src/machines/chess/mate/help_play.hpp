#pragma once
// Help and series play by the plain search: every line of exactly the length asked for whose last
// move reaches the goal (mate, or stalemate for h=, ser-=, ser-h=), each move of each side tried.
// A position from which no line of the length exists is stored in the table as a fail under the
// plies (or series moves) left; the last ply is searched, not looked up.
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/mate/search_state.hpp"

namespace minimax::chess::mate {

class HelpPlay {
 public:
  explicit HelpPlay(SearchState& state) : s_(state), p_(state.problem) {}

  // Help play: every line of `plies` plies (collect: every one into out, else the first found).
  bool help_search(Position& pos, int plies, bool collect, std::vector<Move>& line,
                   std::vector<std::vector<Move>>& out);
  // Series play: every series of `moves` moves (and for ser-h# the other side's last move). No
  // series move but the last gives check; between series moves the other side passes.
  bool series_search(Position& pos, int moves, bool collect, std::vector<Move>& line,
                     std::vector<std::vector<Move>>& out);
  // A node's moves and one move's subtree (the loops' bodies, for the solver's threads and the
  // search toward mate targets).
  void help_moves(Position& pos, int plies, Position::MoveList& list);
  bool help_move(Position& pos, int plies, Move m, bool collect, std::vector<Move>& line,
                 std::vector<std::vector<Move>>& out);
  void series_moves(Position& pos, int moves, Position::MoveList& list);
  bool series_move(Position& pos, int moves, Move m, bool collect, std::vector<Move>& line,
                   std::vector<std::vector<Move>>& out);

 private:
  SearchState& s_;
  const Problem& p_;  // s_.problem
};

}  // namespace minimax::chess::mate
