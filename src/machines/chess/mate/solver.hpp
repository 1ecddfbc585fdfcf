#pragma once
// The problem solver: an exact AND/OR search over the number of moves (issue 6, item 5).
//
//   attacker_wins(n): some attacker move leaves a position where every defence loses in n
//   defender_loses(n): every defence leads to a position the attacker wins in n - 1
//
// Iterative deepening on n gives the shortest length first; the table (mate_tt.hpp) keeps every
// proof for the next iteration. Prunings are exact only: at the attacker's last move of a direct
// mate only checking moves can mate; at the last move of a selfmate a single non-checking defence
// refutes. Move ordering never drops a move: checks first, then moves that leave the defender's
// king fewest squares and the defender fewest moves.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/mate/dfpn_table.hpp"
#include "machines/chess/mate/mate_tt.hpp"
#include "machines/chess/mate/problem.hpp"

namespace minimax::chess::mate {

struct TargetsAtOnce;  // solver_intelligent.cpp

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

  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  [[nodiscard]] bool aborted() const { return aborted_; }
  [[nodiscard]] const SolveOptions& options() const { return options_; }

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
  // their nodes; a helper stopped by `cancel_` is not aborted, one out of time aborts this solver.
  template <class Work>
  void on_threads(const Position& pos, Work work);
  void on_threads_fn(const Position& pos, const std::function<void(MateSolver&, Position&)>& work);

  // The searches chosen by options().method: does the attacker to move force the goal in n (wins),
  // does every defence lose in n (loses)?
  bool wins(Position& pos, int n);
  bool loses(Position& pos, int n);
  [[nodiscard]] bool use_proof_numbers() const;

  // The AND/OR search over the moves.
  bool attacker_wins(Position& pos, int n);
  bool defender_loses(Position& pos, int n);
  bool defence_loses(Position& pos, Move r, int n);
  bool attacker_last_move(Position& pos);
  void order_attacker_moves(Position& pos, Position::MoveList& list);
  void order_checks_first(Position& pos, Position::MoveList& list);
  void order_defences(Position& pos, Position::MoveList& list, int ply);
  bool out_of_budget();
  void clear_tables() {
    table_.clear();
    pn_table_.clear();
  }

  // The proof-number search (dfpn.cpp): the root's answer, Nagai's MID under one node, and the
  // numbers of a node not yet searched.
  bool proof_number_search(Position& pos, int n, bool attacker);
  void pn_search(Position& pos, int n, bool attacker, std::uint32_t th_pn, std::uint32_t th_dn);
  void pn_leaf(Position& pos, std::uint64_t key, int n, bool attacker, std::uint32_t& pn,
               std::uint32_t& dn);

  // Help play: every line of `plies` plies whose last move reaches the goal (mate, or stalemate
  // for h=).
  bool help_search(Position& pos, int plies, bool collect, std::vector<Move>& line,
                   std::vector<std::vector<Move>>& out);
  // Series play: every series of `moves` moves (and for ser-h# the other side's last move).
  bool series_search(Position& pos, int moves, bool collect, std::vector<Move>& line,
                     std::vector<std::vector<Move>>& out);
  // A node's moves and one move's subtree (the loops' bodies, shared with lines_parallel).
  void help_moves(Position& pos, int plies, Position::MoveList& list);
  bool help_move(Position& pos, int plies, Move m, bool collect, std::vector<Move>& line,
                 std::vector<std::vector<Move>>& out);
  void series_moves(Position& pos, int moves, Position::MoveList& list);
  bool series_move(Position& pos, int moves, Move m, bool collect, std::vector<Move>& line,
                   std::vector<std::vector<Move>>& out);
  // Help or series play: every line of exactly `left` plies or series moves, by the search that
  // applies (lines_of_length), or by the plain search on the threads there are (plain_lines).
  void lines_of_length(Position& pos, int left, std::vector<std::vector<Move>>& out);
  void plain_lines(Position& pos, int left, std::vector<std::vector<Move>>& out);
  // Intelligent help and series play toward mate or stalemate (solver_intelligent.cpp): the lines
  // of exactly `left` plies (help) or series moves, found by searching toward each mate the
  // material can build (mate_targets.hpp).
  [[nodiscard]] bool help_intelligent_applies(Stipulation s) const;
  void help_lines_intelligent(Position& pos, int left, std::vector<std::vector<Move>>& out);
  // Help and series play toward every target at once: the node at depth d (its targets still
  // reachable in w) and one move of it; targets_play plays a move some target survives (false
  // and nothing played if none does) and sets the next depth's targets, targets_unplay undoes it.
  bool targets_search(Position& pos, int plies, TargetsAtOnce& w, int d, std::vector<Move>& line,
                      std::vector<std::vector<Move>>& out);
  bool targets_move(Position& pos, int plies, Move m, TargetsAtOnce& w, int d,
                    std::vector<Move>& line, std::vector<std::vector<Move>>& out);
  bool targets_series(Position& pos, int moves, TargetsAtOnce& w, int d, std::vector<Move>& line,
                      std::vector<std::vector<Move>>& out);
  bool targets_series_move(Position& pos, int moves, Move m, TargetsAtOnce& w, int d,
                           std::vector<Move>& line, std::vector<std::vector<Move>>& out);
  template <class MoveFn>
  bool targets_node(Position& pos, int left, bool series, MoveFn move);
  bool targets_play(Position& pos, Move m, int left_after, int them_left, bool series,
                    TargetsAtOnce& w, int d);
  void targets_unplay(Position& pos, Move m, TargetsAtOnce& w, int d);
  void last_move_candidates(Position& pos, bool stalemate, Position::MoveList& list);
  bool reaches_goal(Position& pos, Move m);
  [[nodiscard]] bool goal_reached(const Position& pos) const;  // after the last move

  // Solution trees.
  Variation explain_defence(Position& pos, Move defence, int budget, int depth);
  void explain_key(Position& pos, KeyMove& key, int n);

  SolveOptions options_;
  Rules rules_;
  Stipulation stip_ = Stipulation::direct;
  MateTable own_table_;
  MateTable& table_;  // own_table_, or for a helper the main solver's
  std::vector<std::unique_ptr<MateSolver>> helpers_;
  const std::atomic<bool>* cancel_ = nullptr;  // set: the helper's work is no longer needed
  bool cancelled_ = false;
  std::uint64_t trial_limit_ = 0;  // set: a trial search that stops (cancelled) at this many nodes
  DfpnTable pn_table_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::chrono::steady_clock::time_point start_;
  int ply_ = 0;
  Move killers_[64][2] = {};
  Move attack_killers_[64] = {};
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
