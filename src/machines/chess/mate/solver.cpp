#include "machines/chess/mate/solver.hpp"

#include <algorithm>
#include <thread>
#include <utility>

#include "machines/chess/mate/problem_rules.hpp"

namespace minimax::chess::mate {

MateSolver::MateSolver(SolveOptions options)
    : problem_{options, options.rules, Stipulation::direct},
      own_table_(std::clamp(options.tt_log2, 10, 28)),
      state_(problem_, own_table_),
      pn_(state_, and_or_, std::clamp(options.tt_log2, 10, 28)) {}

MateSolver::MateSolver(const MateSolver& main, MateTable& shared)
    : problem_(main.problem_), own_table_(10), state_(problem_, shared), pn_(state_, and_or_, 10) {
  problem_.options.threads = 1;
  state_.start = main.state_.start;
}

bool MateSolver::use_proof_numbers() const {
  return problem_.options.method == SearchMethod::proof_number &&
         (problem_.stip == Stipulation::direct || problem_.stip == Stipulation::self);
}

bool MateSolver::wins(Position& pos, int n) {
  if (n < 1) return false;
  return use_proof_numbers() ? pn_.prove(pos, n, true) : and_or_.attacker_wins(pos, n);
}

bool MateSolver::loses(Position& pos, int n) {
  return use_proof_numbers() ? pn_.prove(pos, n, false) : and_or_.defender_loses(pos, n);
}

// Help play (`left` plies) or series play (`left` moves): every line of exactly that length.
void MateSolver::lines_of_length(Position& pos, int left, std::vector<std::vector<Move>>& out) {
  if (help_intelligent_applies(problem_.stip))
    help_lines_intelligent(pos, left, out);
  else
    plain_lines(pos, left, out);
}

// The same by the plain search, on the threads there are.
void MateSolver::plain_lines(Position& pos, int left, std::vector<std::vector<Move>>& out) {
  const bool series = is_series(problem_.stip);
  if (!helpers_.empty()) {
    lines_parallel(pos, left, series, out);
    return;
  }
  std::vector<Move> line;
  series ? help_.series_search(pos, left, true, line, out)
         : help_.help_search(pos, left, true, line, out);
}

// ---- the public calls ------------------------------------------------------------------------

bool MateSolver::forces(Position& pos, Stipulation stipulation, int n) {
  if (stipulation != problem_.stip) clear_tables();
  problem_.stip = stipulation;
  return wins(pos, n);
}

int MateSolver::shortest(Position& pos, Stipulation stipulation, int max_n) {
  for (int k = 1; k <= max_n; ++k) {
    if (forces(pos, stipulation, k)) return k;
    if (state_.aborted) return 0;
  }
  return 0;
}

std::vector<Move> MateSolver::winning_moves(Position& pos, Stipulation stipulation, int n) {
  if (stipulation != problem_.stip) clear_tables();
  problem_.stip = stipulation;
  std::vector<Move> moves;
  Position::MoveList list;
  generate_problem_moves(pos, problem_.rules, list);
  for (const Move m : list) {
    pos.play(m);
    const bool ok = loses(pos, n);
    pos.undo(m);
    if (state_.aborted) break;
    if (ok) moves.push_back(m);
  }
  return moves;
}

bool MateSolver::is_key(Position& pos, Move m, Stipulation stipulation, int n) {
  if (stipulation != problem_.stip) clear_tables();
  problem_.stip = stipulation;
  pos.play(m);
  const bool ok = loses(pos, n);
  pos.undo(m);
  return ok;
}

ProblemResult MateSolver::solve(const Position& root, Stipulation stipulation, int n,
                                bool half_move) {
  state_.start = std::chrono::steady_clock::now();
  state_.nodes = 0;
  state_.aborted = false;
  clear_tables();
  problem_.stip = stipulation;
  ProblemResult r;
  r.stipulation = stipulation;
  r.n = n;
  r.half_move = half_move && allows_half_move(stipulation);
  Position pos = root;

  if (problem_.options.threads > 1 && !use_proof_numbers()) {
    helpers_.clear();
    for (int i = 1; i < problem_.options.threads; ++i)
      helpers_.push_back(std::unique_ptr<MateSolver>(new MateSolver(*this, state_.table)));
  }
  if (is_series(stipulation)) {
    // Popeye's series play: every series of at most N moves that reaches the goal, shortest first.
    for (int k = 1; k <= n && !state_.aborted; ++k) lines_of_length(pos, k, r.help_solutions);
  } else if (solved_by_lines(stipulation)) {
    // Popeye's help play: the solutions of every length up to N with the same first mover (h#3
    // also answers with h#2 and h#1 lines, h#2.5 with h#1.5 and h#0.5), shortest first.
    const int last = 2 * n + (r.half_move ? 1 : 0);
    for (int plies = r.half_move ? 1 : 2; plies <= last && !state_.aborted; plies += 2)
      lines_of_length(pos, plies, r.help_solutions);
  } else {
    const bool parallel = !helpers_.empty();
    if (parallel) {
      // The short lengths alone (little to share), then the root's moves among the threads.
      for (int k = 1; k <= n && !state_.aborted && r.shortest == 0; ++k)
        if (k <= 2 ? wins(pos, k) : shortest_parallel(pos, k)) r.shortest = k;
      if (state_.aborted) r.shortest = 0;
    } else {
      r.shortest = shortest(pos, stipulation, n);
    }
    if (r.shortest != 0) {
      if (parallel) {
        keys_parallel(pos, n, r.shortest, r.keys);
      } else {
        Position::MoveList list;
        generate_problem_moves(pos, problem_.rules, list);
        for (const Move m : list) {
          pos.play(m);
          if (loses(pos, n)) {
            KeyMove km;
            km.key = m;
            for (int k = r.shortest; k <= n; ++k)
              if (loses(pos, k)) {
                km.length = k;
                break;
              }
            r.keys.push_back(km);
          }
          pos.undo(m);
          if (state_.aborted) break;
        }
      }
      // The proof is done here; a limit that runs out while spelling out the tree leaves it short
      // but the keys proved.
      r.complete = !state_.aborted;
      for (KeyMove& km : r.keys) {
        if (state_.aborted) break;
        explain_key(pos, km, n);
      }
      r.nodes = state_.nodes;
      r.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - state_.start).count();
      return r;
    }
  }
  r.complete = !state_.aborted;
  r.nodes = state_.nodes;
  r.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - state_.start).count();
  return r;
}

// ---- threads --------------------------------------------------------------------------------

template <class Work>
void MateSolver::on_threads(const Position& pos, Work work) {
  std::vector<std::thread> threads;
  for (auto& h : helpers_) {
    h->problem_.stip = problem_.stip;
    h->state_.aborted = h->state_.cancelled = false;
    h->state_.nodes = 0;
    threads.emplace_back([&work, &pos, helper = h.get()] {
      Position p = pos;
      work(*helper, p);
    });
  }
  {
    Position p = pos;
    work(*this, p);
  }
  for (auto& t : threads) t.join();
  for (auto& h : helpers_) {
    state_.nodes += h->state_.nodes;
    if (h->state_.aborted && !h->state_.cancelled)
      state_.aborted = true;  // out of time, nodes, or stopped
  }
  if (state_.cancelled) state_.aborted = state_.cancelled = false;
}

void MateSolver::on_threads_fn(const Position& pos,
                               const std::function<void(MateSolver&, Position&)>& work) {
  on_threads(pos, work);
}

bool MateSolver::shortest_parallel(Position& pos, int n) {
  if (int hit = state_.table.probe(pos.key(), n)) return hit > 0;
  Position::MoveList list;
  generate_problem_moves(pos, problem_.rules, list);
  and_or_.order_attacker_moves(pos, list);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> found{false};
  on_threads(pos, [&](MateSolver& s, Position& p) {
    s.state_.cancel = &found;
    while (!found.load(std::memory_order_relaxed)) {
      const std::size_t i = next.fetch_add(1);
      if (i >= list.size()) break;
      p.play(list[i]);
      s.state_.ply = 1;
      const bool ok = s.loses(p, n);
      s.state_.ply = 0;
      p.undo(list[i]);
      if (s.state_.aborted) break;
      if (ok) found.store(true);
    }
    s.state_.cancel = nullptr;
  });
  if (state_.aborted) return false;
  const bool win = found.load();
  win ? state_.table.store_win(pos.key(), n) : state_.table.store_fail(pos.key(), n);
  return win;
}

void MateSolver::lines_parallel(Position& pos, int left, bool series,
                                std::vector<std::vector<Move>>& out) {
  Position::MoveList list;
  if (series ? left == 0 : left < 1) return;
  series ? help_.series_moves(pos, left, list) : help_.help_moves(pos, left, list);
  // Each root move's lines in their own list, joined in the root's order: the same lines in the
  // same order as one thread finds them.
  std::vector<std::vector<std::vector<Move>>> found(list.size());
  std::atomic<std::size_t> next{0};
  on_threads(pos, [&](MateSolver& s, Position& p) {
    std::vector<Move> line;
    for (std::size_t i; (i = next.fetch_add(1)) < list.size();) {
      series ? s.help_.series_move(p, left, list[i], true, line, found[i])
             : s.help_.help_move(p, left, list[i], true, line, found[i]);
      if (s.state_.aborted) break;
    }
  });
  bool any = false;
  for (auto& lines : found) {
    any = any || !lines.empty();
    for (auto& l : lines) out.push_back(std::move(l));
  }
  if (!any && !state_.aborted && (series || left > 1))
    state_.table.store_exact_fail(help_key(pos.key(), series ? 64 + left : left), left);
}

void MateSolver::keys_parallel(Position& pos, int n, int shortest, std::vector<KeyMove>& keys) {
  Position::MoveList list;
  generate_problem_moves(pos, problem_.rules, list);
  std::vector<int> length(list.size(), 0);  // 0: not a key
  std::atomic<std::size_t> next{0};
  on_threads(pos, [&](MateSolver& s, Position& p) {
    for (std::size_t i; (i = next.fetch_add(1)) < list.size();) {
      p.play(list[i]);
      s.state_.ply = 1;
      if (s.loses(p, n))
        for (int k = shortest; k <= n; ++k)
          if (s.loses(p, k)) {
            length[i] = k;
            break;
          }
      s.state_.ply = 0;
      p.undo(list[i]);
      if (s.state_.aborted) break;
    }
  });
  for (std::size_t i = 0; i < list.size(); ++i)
    if (length[i] != 0) {
      KeyMove km;
      km.key = list[i];
      km.length = length[i];
      keys.push_back(km);
    }
}

MateLine find_mate(const Position& root, int max_n, const SolveOptions& options) {
  MateSolver solver(options);
  MateLine result;
  Position pos = root;
  result.length = solver.shortest(pos, Stipulation::direct, max_n);
  const Rules& rules = options.rules;
  for (int k = result.length; k > 0 && !solver.aborted();) {
    Position::MoveList list;
    generate_problem_moves(pos, rules, list);
    Move key;
    for (const Move m : list)
      if (solver.is_key(pos, m, Stipulation::direct, k)) {
        key = m;
        break;
      }
    if (!key) break;  // only after an abort
    result.line.push_back(key);
    pos.play(key);
    Position::MoveList replies;
    generate_problem_moves(pos, rules, replies);
    if (replies.empty()) break;  // mate
    // The defence that resists longest.
    Move best;
    int best_k = 0;
    for (const Move r : replies) {
      pos.play(r);
      const int need = solver.shortest(pos, Stipulation::direct, k - 1);
      pos.undo(r);
      if (need > best_k) {
        best_k = need;
        best = r;
      }
    }
    if (!best) break;
    result.line.push_back(best);
    pos.play(best);
    k = best_k;
  }
  result.complete = !solver.aborted();
  result.nodes = solver.nodes();
  return result;
}

ProblemResult solve_problem(const Position& root, Stipulation stipulation, int n,
                            const SolveOptions& options, bool half_move) {
  MateSolver solver(options);
  return solver.solve(root, stipulation, n, half_move);
}

}  // namespace minimax::chess::mate
