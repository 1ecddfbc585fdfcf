#pragma once
// The retrograde solver: label every position reachable from a start win, draw or loss (for the
// side to move) with its distance to the end under best play.
//
// Turing (1953): consider every continuation, "work back from the end", marking a position
// won if some move leads to a position marked won for the mover, drawn failing that if some move
// draws, and lost otherwise; practicable for noughts and crosses, academic for chess. Shannon
// (Shannon 1950) gives the same in-principle method. Michie (1966): a game is a graph of positions,
// its terminal nodes labelled by the rules; backing the labels up makes every game a "foregone
// conclusion". This does exactly that, on the graph rather than the tree, so each position is
// labelled once, and cycles (games with repetitions) are fine: positions never settled by working
// back are draws.
//
//   1. Enumerate: depth-first from the start with play/undo (an explicit stack, not recursion),
//      one node per distinct key, with the list of its successors (no copies of the game are kept).
//   2. Terminal nodes take the rules' outcome, distance 0.
//   3. Work back, in order of distance: a position with a successor lost for the side then to move
//      is won (distance one more than the quickest such loss); a position all of whose successors
//      are won for the opponent is lost (distance one more than the slowest).
//   4. Everything left is a draw; its distance is defined only for terminal draws (0), -1 else.
//
// API:
//   auto solved = RetrogradeSolver<G>::solve(game, max_positions);  // Expected<Solved>
//   solved->root(); solved->label(key) -> std::optional<Label>;
//   solved->positions(); solved->edges(); solved->terminal_positions();
//   solved->count_games();   // number of distinct plays from the start to an end (Michie's tree of
//                            // partial plays has that many leaves); nullopt for cyclic graphs;
//                            // saturates at UINT64_MAX
//   solved->nodes() lists every key with its label (for tests and pictures).
// The game must be small: the graph is held in memory (tic-tac-toe: 5,478 positions).
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/expected.hpp"
#include "core/game.hpp"

namespace minimax::search {

struct Label {
  Outcome value = Outcome::draw;  // for the side to move
  int distance = -1;              // plies to the end with best play (win: fewest, loss: most)
};

class SolvedGraph {
 public:
  struct Node {
    std::uint64_t key = 0;
    Outcome terminal = Outcome::none;
    Label label;
    std::vector<std::uint32_t> successors;
  };

  [[nodiscard]] const Label& root() const { return nodes_.front().label; }
  [[nodiscard]] std::optional<Label> label(std::uint64_t key) const {
    auto it = index_.find(key);
    if (it == index_.end()) return std::nullopt;
    return nodes_[it->second].label;
  }
  [[nodiscard]] std::size_t positions() const { return nodes_.size(); }
  [[nodiscard]] std::size_t edges() const {
    std::size_t n = 0;
    for (const auto& node : nodes_) n += node.successors.size();
    return n;
  }
  [[nodiscard]] std::size_t terminal_positions() const {
    std::size_t n = 0;
    for (const auto& node : nodes_) n += node.terminal != Outcome::none;
    return n;
  }
  [[nodiscard]] const std::vector<Node>& nodes() const { return nodes_; }
  [[nodiscard]] std::optional<std::uint64_t> count_games() const;

  // Used by the solver.
  std::vector<Node> nodes_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
  std::vector<std::uint32_t> post_order_;  // children before parents (when acyclic)
  bool cyclic_ = false;

  void work_back();
};

template <Game G>
class RetrogradeSolver {
 public:
  static Expected<SolvedGraph> solve(G& game, std::size_t max_positions = 20'000'000) {
    RetrogradeSolver s(max_positions);
    s.visit(game);
    if (s.too_big_)
      return Error{"the game has more than " + std::to_string(max_positions) +
                   " positions: too big to solve"};
    s.graph_.work_back();
    return std::move(s.graph_);
  }

 private:
  explicit RetrogradeSolver(std::size_t max_positions) : max_(max_positions) {}

  // Depth first with an explicit stack of frames rather than recursion: a game with long plays
  // (draughts kings wandering for thousands of plies before a position repeats) would otherwise
  // need as many nested calls as the longest path, more than a thread's stack holds.
  struct Frame {
    std::uint32_t idx;
    typename G::MoveList moves;
    std::size_t next = 0;
  };

  // A node for the position on the board; a frame for it when the game goes on from there.
  // Returns true if a frame was pushed (its last move is undone when the frame is done).
  bool open(G& game, std::vector<Frame>& stack, std::uint32_t& idx) {
    idx = static_cast<std::uint32_t>(graph_.nodes_.size());
    graph_.index_.emplace(game.key(), idx);
    graph_.nodes_.push_back({});
    graph_.nodes_[idx].key = game.key();
    on_stack_.push_back(true);
    const Outcome outcome = game.outcome();
    graph_.nodes_[idx].terminal = outcome;
    if (outcome == Outcome::none) {
      stack.push_back(Frame{idx, {}, 0});
      game.generate_moves(stack.back().moves);
      return true;
    }
    close(idx);
    return false;
  }

  void close(std::uint32_t idx) {
    on_stack_[idx] = false;
    graph_.post_order_.push_back(idx);
  }

  void visit(G& game) {
    std::vector<Frame> stack;
    std::uint32_t idx;
    open(game, stack, idx);
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (too_big_ || f.next == f.moves.size()) {
        close(f.idx);
        stack.pop_back();
        if (!stack.empty()) game.undo(stack.back().moves[stack.back().next - 1]);
        continue;
      }
      const std::uint32_t parent = f.idx;
      const auto m = f.moves[f.next++];
      game.play(m);
      auto it = graph_.index_.find(game.key());
      if (it != graph_.index_.end()) {
        if (on_stack_[it->second]) graph_.cyclic_ = true;
        graph_.nodes_[parent].successors.push_back(it->second);
        game.undo(m);
      } else if (graph_.nodes_.size() >= max_) {
        too_big_ = true;
        game.undo(m);
      } else {
        std::uint32_t child;
        const bool pushed = open(game, stack, child);
        graph_.nodes_[parent].successors.push_back(child);
        if (!pushed) game.undo(m);
      }
    }
  }

  std::size_t max_;
  bool too_big_ = false;
  SolvedGraph graph_;
  std::vector<bool> on_stack_;
};

inline void SolvedGraph::work_back() {
  const std::size_t n = nodes_.size();
  // Predecessors, one entry per edge (so a position reached by two moves counts twice, as its
  // counter of unsettled successors does).
  std::vector<std::uint32_t> start(n + 1, 0);
  for (const auto& node : nodes_)
    for (auto s : node.successors) ++start[s + 1];
  for (std::size_t i = 0; i < n; ++i) start[i + 1] += start[i];
  std::vector<std::uint32_t> preds(start[n]);
  {
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::uint32_t i = 0; i < n; ++i)
      for (auto s : nodes_[i].successors) preds[fill[s]++] = i;
  }
  std::vector<std::uint32_t> unsettled(n);
  std::vector<bool> settled(n, false);
  std::deque<std::uint32_t> queue;
  for (std::uint32_t i = 0; i < n; ++i) {
    unsettled[i] = static_cast<std::uint32_t>(nodes_[i].successors.size());
    if (nodes_[i].terminal != Outcome::none) {
      nodes_[i].label = {nodes_[i].terminal, 0};
      settled[i] = true;
      if (nodes_[i].terminal != Outcome::draw) queue.push_back(i);
    } else {
      nodes_[i].label = {Outcome::draw, -1};
    }
  }
  // Breadth-first from the ends: distances come off the queue in non-decreasing order, so the
  // first loss found below a position is its quickest win, and the last win its slowest loss.
  while (!queue.empty()) {
    const std::uint32_t p = queue.front();
    queue.pop_front();
    const Label lp = nodes_[p].label;
    for (std::uint32_t e = start[p]; e < start[p + 1]; ++e) {
      const std::uint32_t q = preds[e];
      if (settled[q]) continue;
      if (lp.value == Outcome::loss) {
        nodes_[q].label = {Outcome::win, lp.distance + 1};
        settled[q] = true;
        queue.push_back(q);
      } else if (--unsettled[q] == 0) {
        nodes_[q].label = {Outcome::loss, lp.distance + 1};
        settled[q] = true;
        queue.push_back(q);
      }
    }
  }
}

inline std::optional<std::uint64_t> SolvedGraph::count_games() const {
  if (cyclic_) return std::nullopt;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint64_t> plays(nodes_.size(), 0);
  for (std::uint32_t i : post_order_) {
    if (nodes_[i].terminal != Outcome::none || nodes_[i].successors.empty()) {
      plays[i] = 1;
      continue;
    }
    std::uint64_t sum = 0;
    for (auto s : nodes_[i].successors) sum = (kMax - sum < plays[s]) ? kMax : sum + plays[s];
    plays[i] = sum;
  }
  return plays.empty() ? 0 : plays[0];
}

}  // namespace minimax::search
