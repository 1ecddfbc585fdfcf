// The driver of intelligent help and series play: the plain search on a small budget first (it is
// the cheaper one where the lines are few or the mates to build are many), then the mate targets
// counted, and the search toward all of them at once (help_targets.hpp) on the solver's threads.
#include <atomic>

#include "machines/chess/mate/help_targets.hpp"
#include "machines/chess/mate/mate_targets.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::chess::mate {

namespace {

// The automatic driver's most mate targets; past this the plain search runs alone. Garai's h#3
// `2rR2BK/p1n1q1pp/1nPrb3/3kb3/8/1p1p4/3PP3/8 b` has 60,847, and the search toward them takes about
// three times the plain search's time; Geissler's h#7 `8/8/8/8/2p1K3/5p2/ppP2k2/8 b` has 7,188,
// searched in 3,217 nodes where the plain search is open after 20 s.
constexpr std::size_t kMaxTargets = 100000;
// Stalemate targets cost more to build (about 6 us each, ten times a mate target): the automatic
// driver keeps at most this many.
constexpr std::size_t kMaxStalemateTargets = 20000;
// With --intelligent, the most targets kept (about 600 bytes each, with their states): past this
// the plain search runs (the same lines). A position rich in pawns that may promote has tens of
// millions (Popeye's h#7 `Bk6/bP1p1pPP/1n1P1P2/5p2/6p1/6pb/6p1/6K1 b` filled 24 GB).
constexpr std::size_t kMaxTargetsAsked = 200000;
constexpr std::uint64_t kTrialNodes = 4096;
constexpr std::uint64_t kTrialNodesPerTarget = 2;

}  // namespace

bool MateSolver::help_intelligent_applies(Stipulation s) const {
  if (problem_.options.help_method == HelpMethod::plain || !problem_.rules.orthodox()) return false;
  return solved_by_lines(s);
}

void MateSolver::help_lines_intelligent(Position& pos, int left,
                                        std::vector<std::vector<Move>>& out) {
  // Help play: `left` plies, the mating side moving last. Series play: `left` moves of the side to
  // move; ser-h#: then the other side mates (the series side is mated); ser-#: the last mates.
  const bool series = is_series(problem_.stip);
  const Color to_move = to_color(pos.side_to_move());
  Color mated;
  int mater_moves, mated_moves;
  if (!series) {
    mated = left % 2 == 1 ? ~to_move : to_move;
    mater_moves = (left + 1) / 2;
    mated_moves = left / 2;
  } else if (ends_with_other_sides_move(problem_.stip)) {
    mated = to_move;
    mater_moves = 1;
    mated_moves = left;
  } else {
    mated = ~to_move;
    mater_moves = left;
    mated_moves = 0;
  }
  std::vector<Move> line;
  // The plain search is the cheaper one where the lines are few or the mates to build are many (a
  // king walled in by its own men): it runs first within kTrialNodes nodes, then (the targets
  // counted) within about the nodes the targets would cost; past kMaxTargets targets it alone
  // runs. The table keeps what a trial proved.
  auto trial = [&](std::uint64_t budget) {
    std::vector<std::vector<Move>> lines;
    state_.trial_limit = budget == 0 ? 0 : state_.nodes + budget;
    series ? help_.series_search(pos, left, true, line, lines)
           : help_.help_search(pos, left, true, line, lines);
    state_.trial_limit = 0;
    line.clear();
    if (!state_.aborted) {
      for (auto& l : lines) out.push_back(std::move(l));
      return true;
    }
    if (!state_.cancelled) return true;  // out of time or stopped: nothing more to do
    state_.aborted = state_.cancelled = false;
    return false;
  };
  const bool automatic = problem_.options.help_method == HelpMethod::automatic;
  if (automatic && trial(kTrialNodes)) return;
  std::vector<MateTarget> targets;
  if (!mate_targets(pos, mated, mater_moves, mated_moves,
                    !automatic                         ? kMaxTargetsAsked
                    : goal_is_stalemate(problem_.stip) ? kMaxStalemateTargets
                                                       : kMaxTargets,
                    targets, goal_is_stalemate(problem_.stip))) {
    plain_lines(pos, left, out);
    return;
  }
  if (automatic && kTrialNodesPerTarget * targets.size() > kTrialNodes &&
      trial(kTrialNodesPerTarget * targets.size()))
    return;
  // Every target at once: the root's moves shared among the threads, each with its own copy of
  // the targets' states; each root move's lines kept apart and joined in the root's order.
  Position::MoveList list;
  series ? help_.series_moves(pos, left, list) : help_.help_moves(pos, left, list);
  std::vector<std::vector<std::vector<Move>>> found(list.size());
  std::atomic<std::size_t> next{0};
  auto work = [&](MateSolver& s, Position& p) {
    TargetsSearch search(s.state_, s.help_, p, targets, left);
    std::vector<Move> l;
    for (std::size_t i; (i = next.fetch_add(1)) < list.size();) {
      search.root_move(p, left, list[i], l, found[i]);
      if (s.state_.aborted) break;
    }
  };
  if (helpers_.empty())
    work(*this, pos);
  else
    on_threads_fn(pos, work);
  if (state_.aborted) return;
  bool any = false;
  for (auto& lines : found) {
    any = any || !lines.empty();
    for (auto& l : lines) out.push_back(std::move(l));
  }
  if (!any && (series || left > 1))
    state_.table.store_exact_fail(help_key(pos.key(), series ? 64 + left : left), left);
}

}  // namespace minimax::chess::mate
