// Intelligent help play (mate_targets.hpp): the search toward each target, every move dropped
// after which the target's roles no longer fit in the moves left; the lines of every target
// joined, each once, in the order the plain search finds them.
#include <algorithm>
#include <atomic>

#include "machines/chess/mate/mate_targets.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::chess::mate {

struct TargetState {
  MateTarget t;
  int cost[32] = {};  // moves each role still needs
  int need[2] = {};   // their sum per colour
};

namespace {

constexpr std::size_t kMaxTargets = 20000;
constexpr std::uint64_t kTrialNodes = 4096;
constexpr std::uint64_t kTrialNodesPerTarget = 2;

// Castling moves the king and a rook in one move, two roles' moves counted as two: a side that
// may still castle gets one move of grace.
int castling_grace(const Position& pos, Color c) {
  return pos.castling_rights() & (c == white ? (white_oo | white_ooo) : (black_oo | black_ooo)) ? 1
                                                                                                : 0;
}

}  // namespace

bool MateSolver::help_intelligent_applies(Stipulation s) const {
  return options_.help_method != HelpMethod::plain && s == Stipulation::help && rules_.orthodox();
}

void MateSolver::help_lines_intelligent(Position& pos, int plies,
                                        std::vector<std::vector<Move>>& out) {
  const Color to_move = to_color(pos.side_to_move());
  const Color mated = plies % 2 == 1 ? ~to_move : to_move;
  std::vector<Move> line;
  // The plain search is the cheaper one where the lines are few or the mates to build are many (a
  // king walled in by its own men): it runs first within kTrialNodes nodes, then (the targets
  // counted) within about the nodes the targets would cost; past kMaxTargets targets it alone
  // runs. The table keeps what a trial proved.
  auto trial = [&](std::uint64_t budget) {
    std::vector<std::vector<Move>> lines;
    trial_limit_ = budget == 0 ? 0 : nodes_ + budget;
    help_search(pos, plies, true, line, lines);
    trial_limit_ = 0;
    line.clear();
    if (!aborted_) {
      for (auto& l : lines) out.push_back(std::move(l));
      return true;
    }
    if (!cancelled_) return true;  // out of time or stopped: nothing more to do
    aborted_ = cancelled_ = false;
    return false;
  };
  const bool automatic = options_.help_method == HelpMethod::automatic;
  if (automatic && trial(kTrialNodes)) return;
  std::vector<MateTarget> targets;
  if (!mate_targets(pos, mated, (plies + 1) / 2, plies / 2,
                    automatic ? kMaxTargets : std::size_t(-1), targets)) {
    if (helpers_.empty())
      trial(0);
    else
      lines_parallel(pos, plies, false, out);
    return;
  }
  if (automatic && kTrialNodesPerTarget * targets.size() > kTrialNodes &&
      trial(kTrialNodesPerTarget * targets.size()))
    return;
  // The targets shared among the threads (each takes the next), each target's lines kept apart.
  std::vector<std::vector<std::vector<Move>>> per_target(targets.size());
  std::atomic<std::size_t> next{0};
  auto work = [&](MateSolver& s, Position& p) {
    TargetState ts;
    std::vector<Move> l;
    for (std::size_t i; (i = next.fetch_add(1)) < targets.size();) {
      const MateTarget& t = targets[i];
      ts.t = t;
      ts.need[white] = ts.need[black] = 0;
      for (int j = 0; j < t.n; ++j) {
        const Role& r = t.roles[j];
        ts.cost[j] = moves_needed(p, r.color, r.type, r.now, r.target_type, r.target);
        ts.need[r.color] += ts.cost[j];
      }
      s.target_search(p, plies, ts, l, per_target[i]);
      if (s.aborted_) break;
    }
  };
  if (helpers_.empty())
    work(*this, pos);
  else
    on_threads_fn(pos, work);
  if (aborted_) return;
  std::vector<std::vector<Move>> found;
  for (auto& lines : per_target)
    for (auto& l : lines) found.push_back(std::move(l));
  // Each line once, in the plain search's order: by the index of each of its moves in the list
  // that search would have generated at that point.
  std::vector<std::pair<std::vector<int>, std::size_t>> order;
  for (std::size_t i = 0; i < found.size(); ++i) {
    std::vector<int> key;
    Position p = pos;
    for (std::size_t ply = 0; ply < found[i].size(); ++ply) {
      Position::MoveList list;
      help_moves(p, plies - int(ply), list);
      key.push_back(int(std::find(list.begin(), list.end(), found[i][ply]) - list.begin()));
      p.play(found[i][ply]);
    }
    order.emplace_back(std::move(key), i);
  }
  std::sort(order.begin(), order.end());
  for (std::size_t i = 0; i < order.size(); ++i)
    if (i == 0 || order[i].first != order[i - 1].first) out.push_back(found[order[i].second]);
}

bool MateSolver::target_search(Position& pos, int plies, TargetState& ts, std::vector<Move>& line,
                               std::vector<std::vector<Move>>& out) {
  ++nodes_;
  if (out_of_budget()) return false;
  const bool use_table = plies > 1;
  // The roles' squares belong to the key: two like units can reach one position with their roles
  // swapped, and the answer differs.
  std::uint64_t roles = ts.t.hash;
  for (int i = 0; i < ts.t.n; ++i)
    roles = (roles ^ ts.t.roles[i].now ^ (std::uint64_t(ts.t.roles[i].type) << 6)) *
            0x9fb21c651e98df25ull;
  const std::uint64_t key = help_key(pos.key() ^ roles ^ (roles >> 29), plies);
  if (use_table && table_.probe(key, 1) < 0) return false;
  Position::MoveList list;
  help_moves(pos, plies, list);
  const Color us = to_color(pos.side_to_move());
  // The moves this side has after this one: the mating side moves on odd plies left.
  const int left_after = plies % 2 == 1 ? plies / 2 : (plies - 1) / 2;
  bool found = false;
  for (const Move m : list) {
    // The roles this move carries (a castling king and its rook), and whether it takes one.
    const Square from = m.from();
    Square to = m.to(), rook_from = no_square, rook_to = no_square;
    if (m.is_castling()) {
      const bool king_side = to > from;
      rook_from = to;
      rook_to = make_square(king_side ? 5 : 3, rank_of(from));
      to = make_square(king_side ? 6 : 2, rank_of(from));
    }
    const Square taken = m.is_en_passant() ? make_square(file_of(m.to()), rank_of(from))
                         : m.is_castling() ? no_square
                                           : m.to();
    int moved = -1, moved_rook = -1;
    bool takes_role = false;
    for (int i = 0; i < ts.t.n; ++i) {
      const Role& r = ts.t.roles[i];
      if (r.color == us && r.now == from) moved = i;
      if (r.color == us && r.now == rook_from) moved_rook = i;
      if (r.color != us && r.now == taken) takes_role = true;
    }
    if (takes_role) continue;
    if (moved < 0 && moved_rook < 0 && ts.need[us] > left_after + castling_grace(pos, us))
      continue;  // a free unit's move, and the roles need every move left
    pos.play(m);
    const Role saved = moved >= 0 ? ts.t.roles[moved] : Role{};
    const Role saved_rook = moved_rook >= 0 ? ts.t.roles[moved_rook] : Role{};
    const int saved_need = ts.need[us];
    const int saved_cost = moved >= 0 ? ts.cost[moved] : 0;
    const int saved_rook_cost = moved_rook >= 0 ? ts.cost[moved_rook] : 0;
    auto update = [&](int i, Square now, PieceType type) {
      Role& r = ts.t.roles[i];
      r.now = now;
      r.type = type;
      const int c = moves_needed(pos, r.color, r.type, r.now, r.target_type, r.target);
      ts.need[us] += c - ts.cost[i];
      ts.cost[i] = c;
    };
    if (moved >= 0)
      update(moved, to, m.is_promotion() ? m.promotion_piece() : ts.t.roles[moved].type);
    if (moved_rook >= 0) update(moved_rook, rook_to, rook);
    bool ok = false;
    if (ts.need[us] <= left_after + castling_grace(pos, us)) {
      line.push_back(m);
      if (plies == 1) {
        pos.undo(m);
        ok = reaches_goal(pos, m);
        pos.play(m);
        if (ok) out.push_back(line);
      } else {
        ok = target_search(pos, plies - 1, ts, line, out);
      }
      line.pop_back();
    }
    ts.need[us] = saved_need;
    if (moved >= 0) ts.t.roles[moved] = saved, ts.cost[moved] = saved_cost;
    if (moved_rook >= 0) ts.t.roles[moved_rook] = saved_rook, ts.cost[moved_rook] = saved_rook_cost;
    pos.undo(m);
    if (aborted_) return found;
    found = found || ok;
  }
  if (use_table && !found && !aborted_) table_.store_fail(key, 1);
  return found;
}

}  // namespace minimax::chess::mate
