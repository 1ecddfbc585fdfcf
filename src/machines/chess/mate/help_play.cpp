#include "machines/chess/mate/help_play.hpp"

#include "machines/chess/mate/problem_rules.hpp"

namespace minimax::chess::mate {

bool HelpPlay::help_search(Position& pos, int plies, bool collect, std::vector<Move>& line,
                           std::vector<std::vector<Move>>& out) {
  ++s_.nodes;
  if (s_.out_of_budget()) return false;
  // The last ply is cheaper to search than to look up: positions one ply from the end are many
  // and rarely met twice, and each probe and store is a miss in a large table.
  const bool use_table = plies > 1;
  const std::uint64_t key = help_key(pos.key(), plies);
  if (use_table && s_.table.probe(key, 1) < 0) return false;
  Position::MoveList list;
  help_moves(pos, plies, list);
  bool found = false;
  for (const Move m : list) {
    const bool ok = help_move(pos, plies, m, collect, line, out);
    if (s_.aborted) return found;
    if (ok) {
      found = true;
      if (!collect) break;
    }
  }
  if (use_table && !found && !s_.aborted) s_.table.store_exact_fail(key, plies);
  return found;
}

void HelpPlay::help_moves(Position& pos, int plies, Position::MoveList& list) {
  if (plies == 1)
    p_.last_move_candidates(pos, goal_is_stalemate(p_.stip), list);
  else
    generate_problem_moves(pos, p_.rules, list);
}

// One move of help play with `plies` plies left (this move counted) and the line it leads to.
bool HelpPlay::help_move(Position& pos, int plies, Move m, bool collect, std::vector<Move>& line,
                         std::vector<std::vector<Move>>& out) {
  if (plies == 1) {
    const bool ok = p_.reaches_goal(pos, m);
    if (ok && collect) {
      line.push_back(m);
      out.push_back(line);
      line.pop_back();
    }
    return ok;
  }
  // A move that ends the play early (the other side has no move) is no part of a solution: the
  // search below finds no move to make and fails.
  pos.play(m);
  line.push_back(m);
  const bool ok = help_search(pos, plies - 1, collect, line, out);
  line.pop_back();
  pos.undo(m);
  return ok;
}

// Series play: the side to move has `moves` moves left of its series. ser-#/ser-=: the last of them
// reaches the goal. ser-h#/ser-h=: after the last (moves == 0) the other side reaches the goal in
// one move. No series move but the last gives check; between series moves the other side passes.
bool HelpPlay::series_search(Position& pos, int moves, bool collect, std::vector<Move>& line,
                             std::vector<std::vector<Move>>& out) {
  ++s_.nodes;
  if (s_.out_of_budget()) return false;
  if (moves == 0)
    return ends_with_other_sides_move(p_.stip) && help_search(pos, 1, collect, line, out);
  const std::uint64_t key = help_key(pos.key(), 64 + moves);
  if (s_.table.probe(key, 1) < 0) return false;
  Position::MoveList list;
  series_moves(pos, moves, list);
  bool found = false;
  for (const Move m : list) {
    const bool ok = series_move(pos, moves, m, collect, line, out);
    if (s_.aborted) return found;
    if (ok) {
      found = true;
      if (!collect) break;
    }
  }
  if (!found && !s_.aborted) s_.table.store_exact_fail(key, moves);
  return found;
}

void HelpPlay::series_moves(Position& pos, int moves, Position::MoveList& list) {
  if (moves == 1 && !ends_with_other_sides_move(p_.stip))
    p_.last_move_candidates(pos, goal_is_stalemate(p_.stip), list);
  else
    generate_problem_moves(pos, p_.rules, list);
}

// One move of the series with `moves` moves left (this one counted) and the lines it leads to.
bool HelpPlay::series_move(Position& pos, int moves, Move m, bool collect, std::vector<Move>& line,
                           std::vector<std::vector<Move>>& out) {
  bool ok = false;
  if (moves == 1 && !ends_with_other_sides_move(p_.stip)) {
    ok = p_.reaches_goal(pos, m);
    if (ok && collect) {
      line.push_back(m);
      out.push_back(line);
      line.pop_back();
    }
  } else if (moves == 1) {  // the series' last move may check: the other side answers it
    pos.play(m);
    line.push_back(m);
    ok = series_search(pos, 0, collect, line, out);
    line.pop_back();
    pos.undo(m);
  } else if (!pos.gives_check(m)) {
    pos.play(m);
    pos.play_null();
    line.push_back(m);
    ok = series_search(pos, moves - 1, collect, line, out);
    line.pop_back();
    pos.undo_null();
    pos.undo(m);
  }
  return ok;
}

}  // namespace minimax::chess::mate
