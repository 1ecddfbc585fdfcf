#pragma once
// The problem solver (issue 6, item 5): a problem's position, stipulation and number of moves in,
// its keys with their defences and threats (direct mates, selfmates) or every solution line (help
// and series play) out. The methods, each in its own file, share a SearchState
// (search_state.hpp):
//
//   and_or.hpp         direct mates and selfmates: the exact AND/OR search over the moves
//   dfpn.hpp           the same questions by depth-first proof-number search (SearchMethod)
//   help_play.hpp      help and series play: every line, each move of each side tried
//   help_targets.hpp   help and series play toward the mates the material can build
//   help_intelligent.cpp  which of the two runs (HelpMethod), and the targets' driver
//   solution_tree.cpp  the keys' defences, threats and continuations
//
// This class chooses among them, deepens the number of moves (the shortest length first; the
// table keeps every proof for the next iteration) and shares the root's moves among threads.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/mate/and_or.hpp"
#include "machines/chess/mate/dfpn.hpp"
#include "machines/chess/mate/help_play.hpp"
#include "machines/chess/mate/mate_tt.hpp"
#include "machines/chess/mate/problem.hpp"
#include "machines/chess/mate/search_state.hpp"

namespace minimax::chess::mate {

class MateSolver {
 public:
  explicit MateSolver(SolveOptions options = {});

  // Solves the problem from `root` (the side to move is the attacker; for helpmates, the side that
  // starts). n: moves (helpmates: full moves, plus one ply if half_move).
  ProblemResult solve(const Position& root, Stipulation stipulation, int n, bool half_move = false);

  // The building blocks, for the engine's `go mate N` and the tests. The side to move attacks.
  // Does it force the goal in at most n moves? (No limit checks: callers set limits in options.)
  bool forces(Position& pos, Stipulation stipulation, int n);
  // The fewest moves (1..max_n) that force the goal, or 0 if none does.
  int shortest(Position& pos, Stipulation stipulation, int max_n);
  // Every attacker move that forces the goal in at most n moves.
  std::vector<Move> winning_moves(Position& pos, Stipulation stipulation, int n);
  // Does attacker move m force the goal in at most n moves (m counted)?
  bool is_key(Position& pos, Move m, Stipulation stipulation, int n);

  [[nodiscard]] std::uint64_t nodes() const { return state_.nodes; }
  [[nodiscard]] bool aborted() const { return state_.aborted; }
  [[nodiscard]] const SolveOptions& options() const { return problem_.options; }

 private:
  // A helper thread's solver: its own counters and killers, the main solver's table.
  MateSolver(const MateSolver& main, MateTable& shared);

  // The root's moves shared among options().threads threads (this solver and helpers sharing its
  // table). shortest_parallel: does some move force the goal in n (the others stop at the first
  // that does)? keys_parallel: every key in n, with its shortest length from `shortest` on.
  bool shortest_parallel(Position& pos, int n);
  // Help play (`left` plies) or series play (`left` moves): every line, the root's moves shared.
  void lines_parallel(Position& pos, int left, bool series, std::vector<std::vector<Move>>& out);
  void keys_parallel(Position& pos, int n, int shortest, std::vector<KeyMove>& keys);
  // Runs work(solver, position) on this solver and on each helper, one thread each, and gathers
  // their nodes; a helper stopped by its state's `cancel` is not aborted, one out of time aborts
  // this solver.
  template <class Work>
  void on_threads(const Position& pos, Work work);
  void on_threads_fn(const Position& pos, const std::function<void(MateSolver&, Position&)>& work);

  // The searches chosen by options().method: does the attacker to move force the goal in n (wins),
  // does every defence lose in n (loses)?
  bool wins(Position& pos, int n);
  bool loses(Position& pos, int n);
  [[nodiscard]] bool use_proof_numbers() const;
  void clear_tables() {
    state_.table.clear();
    pn_.clear();
  }

  // Help or series play: every line of exactly `left` plies or series moves, by the search that
  // applies (lines_of_length), or by the plain search on the threads there are (plain_lines).
  void lines_of_length(Position& pos, int left, std::vector<std::vector<Move>>& out);
  void plain_lines(Position& pos, int left, std::vector<std::vector<Move>>& out);
  // Intelligent help and series play toward mate or stalemate (help_intelligent.cpp): the lines
  // of exactly `left` plies (help) or series moves, found by searching toward each mate the
  // material can build (mate_targets.hpp).
  [[nodiscard]] bool help_intelligent_applies(Stipulation s) const;
  void help_lines_intelligent(Position& pos, int left, std::vector<std::vector<Move>>& out);
  // Solution trees.
  Variation explain_defence(Position& pos, Move defence, int budget, int depth);
  void explain_key(Position& pos, KeyMove& key, int n);

  Problem problem_;      // set between searches; the methods read it only
  MateTable own_table_;  // a helper thread's is a token one: it uses the main solver's
  SearchState state_;
  AndOrSearch and_or_{state_};
  ProofNumberSearch pn_;
  HelpPlay help_{state_};
  std::vector<std::unique_ptr<MateSolver>> helpers_;
};

// For an engine's `go mate N`: the shortest forced direct mate within max_n, proved, with a line in
// which the defender always picks a reply that puts the mate off longest. length 0 with complete
// means proved: no mate in max_n.
struct MateLine {
  bool complete = true;
  int length = 0;          // moves of the side to move to mate (0: none)
  std::vector<Move> line;  // key, reply, ..., mating move
  std::uint64_t nodes = 0;
};
MateLine find_mate(const Position& root, int max_n, const SolveOptions& options = {});

// One-call convenience: solve with fresh tables.
ProblemResult solve_problem(const Position& root, Stipulation stipulation, int n,
                            const SolveOptions& options = {}, bool half_move = false);

}  // namespace minimax::chess::mate
