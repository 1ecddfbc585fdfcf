#pragma once
// Intelligent help and series play (mate_targets.hpp): the search toward every mate target at once.
// A move is searched while some target's roles, with the moves of the units without a role that
// must clear the way, still fit in the moves left after it; the last move is tried as the plain
// search (help_play.hpp) tries it, so that no line is lost (every mate holds some target's roles).
// A node with no line is stored in the table as the plain search stores one.
#include <memory>
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/mate/help_play.hpp"
#include "machines/chess/mate/mate_targets.hpp"
#include "machines/chess/mate/search_state.hpp"

namespace minimax::chess::mate {

struct TargetsAtOnce;  // each target's state, and the targets alive at each depth

class TargetsSearch {
 public:
  // The targets from `pos`, for lines of `left` plies (help play) or series moves.
  TargetsSearch(SearchState& state, HelpPlay& help, const Position& pos,
                const std::vector<MateTarget>& targets, int left);
  ~TargetsSearch();
  TargetsSearch(const TargetsSearch&) = delete;
  TargetsSearch& operator=(const TargetsSearch&) = delete;

  // The lines that start with the root's move m (`left` plies or series moves with m), into out.
  bool root_move(Position& pos, int left, Move m, std::vector<Move>& line,
                 std::vector<std::vector<Move>>& out);

 private:
  // The node at depth d (its targets still reachable in w) and one move of it; play() plays a
  // move some target survives (false and nothing played if none does) and sets the next depth's
  // targets, unplay() undoes it.
  bool search(Position& pos, int plies, TargetsAtOnce& w, int d, std::vector<Move>& line,
              std::vector<std::vector<Move>>& out);
  bool move(Position& pos, int plies, Move m, TargetsAtOnce& w, int d, std::vector<Move>& line,
            std::vector<std::vector<Move>>& out);
  bool series(Position& pos, int moves, TargetsAtOnce& w, int d, std::vector<Move>& line,
              std::vector<std::vector<Move>>& out);
  bool series_move(Position& pos, int moves, Move m, TargetsAtOnce& w, int d,
                   std::vector<Move>& line, std::vector<std::vector<Move>>& out);
  template <class MoveFn>
  bool node(Position& pos, int left, bool series, MoveFn each);
  bool play(Position& pos, Move m, int left_after, int them_left, bool series, TargetsAtOnce& w,
            int d);
  void unplay(Position& pos, Move m, TargetsAtOnce& w, int d);

  SearchState& s_;
  const Problem& p_;  // s_.problem
  HelpPlay& help_;
  std::unique_ptr<TargetsAtOnce> w_;
};

}  // namespace minimax::chess::mate
