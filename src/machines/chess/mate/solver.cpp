#include "machines/chess/mate/solver.hpp"

#include <algorithm>
#include <thread>
#include <utility>

#include "games/chess/attacks.hpp"
#include "machines/chess/mate/problem_rules.hpp"

namespace minimax::chess::mate {

namespace {

using Clock = std::chrono::steady_clock;

// Sorts moves by ascending score; lists are short, so insertion sort.
template <class List>
void sort_by_score(List& list, int* score) {
  for (std::size_t i = 1; i < list.size(); ++i) {
    const Move m = list[i];
    const int s = score[i];
    std::size_t j = i;
    for (; j > 0 && score[j - 1] > s; --j) {
      list[j] = list[j - 1];
      score[j] = score[j - 1];
    }
    list[j] = m;
    score[j] = s;
  }
}

// Does the other side's king keep a square to step to after the side to move plays m (legal, not
// yet played)? Then m cannot mate. The squares next to the king that hold none of its own men are
// tested against the attackers as they stand after m (the king itself taken off the board, so that
// a slider's line runs on through its square). Castling, en passant and promotions are not judged
// (false): the caller plays them out. A false answer proves nothing.
bool king_keeps_flight(const Position& pos, Move m) {
  if (m.is_castling() || m.is_en_passant() || m.is_promotion()) return false;
  const Color us = pos.side(), them = ~us;
  const Square ksq = pos.king_square(them);
  Bitboard flights = king_attacks(ksq) & ~pos.pieces(them);
  if (!flights) return false;
  const Square from = m.from(), to = m.to();
  const PieceType moved = type_of(pos.moved_piece(m));
  const Bitboard occupied = ((pos.pieces() ^ bb(from)) | bb(to)) & ~bb(ksq);
  auto after = [&](PieceType t) {
    const Bitboard b = pos.pieces(us, t) & ~bb(from);
    return t == moved ? b | bb(to) : b;
  };
  const Bitboard pawns = after(pawn), knights = after(knight), kings = after(king);
  const Bitboard diagonal = after(bishop) | after(queen), straight = after(rook) | after(queen);
  while (flights) {
    const Square f = pop_lsb(flights);
    if ((pawn_attacks(them, f) & pawns) || (knight_attacks(f) & knights) ||
        (king_attacks(f) & kings) || (bishop_attacks(f, occupied) & diagonal) ||
        (rook_attacks(f, occupied) & straight))
      continue;
    return true;
  }
  return false;
}

}  // namespace

std::string_view stipulation_prefix(Stipulation s) {
  switch (s) {
    case Stipulation::direct:
      return "#";
    case Stipulation::self:
      return "s#";
    case Stipulation::help:
      return "h#";
    case Stipulation::help_stalemate:
      return "h=";
    case Stipulation::series_mate:
      return "ser-#";
    case Stipulation::series_stalemate:
      return "ser-=";
    case Stipulation::series_help:
      return "ser-h#";
    case Stipulation::series_help_stalemate:
      return "ser-h=";
  }
  return "#";
}

MateSolver::MateSolver(SolveOptions options)
    : options_(options),
      rules_(options.rules),
      own_table_(std::clamp(options.tt_log2, 10, 28)),
      table_(own_table_),
      pn_table_(std::clamp(options.tt_log2, 10, 28)) {}

MateSolver::MateSolver(const MateSolver& main, MateTable& shared)
    : options_(main.options_),
      rules_(main.rules_),
      stip_(main.stip_),
      own_table_(10),
      table_(shared),
      pn_table_(10),
      start_(main.start_) {
  options_.threads = 1;
}

bool MateSolver::out_of_budget() {
  if (aborted_) return true;
  if ((nodes_ & 1023) != 0) return false;
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) {
    cancelled_ = true;
    return aborted_ = true;
  }
  if (trial_limit_ != 0 && nodes_ >= trial_limit_) {
    cancelled_ = true;
    return aborted_ = true;
  }
  if (options_.node_limit != 0 && nodes_ >= options_.node_limit) aborted_ = true;
  if (options_.stop && options_.stop->load(std::memory_order_relaxed)) aborted_ = true;
  if (options_.time_limit_s > 0 &&
      std::chrono::duration<double>(Clock::now() - start_).count() > options_.time_limit_s)
    aborted_ = true;
  return aborted_;
}

// ---- direct mate and selfmate: the AND/OR search ---------------------------------------------

bool MateSolver::attacker_wins(Position& pos, int n) {
  ++nodes_;
  if (out_of_budget()) return false;
  // The last move of a direct mate is cheaper to search (the checks, each tried) than to look
  // up: such positions are the most numerous, and a probe or a store is a miss in a large table.
  if (n == 1 && stip_ == Stipulation::direct) return attacker_last_move(pos);
  const std::uint64_t key = pos.key();
  if (int hit = table_.probe(key, n)) return hit > 0;

  bool win = false;
  Position::MoveList list;
  // The move that won at this ply in a sibling line is tried before any ordering work: after
  // different defences the same continuation often wins again. Under orthodox rules its legality
  // is tested alone, so that when it wins again no move is generated at all.
  const Move killer = ply_ < 64 ? attack_killers_[ply_] : Move::none();
  bool generated = false, tried_killer = false;
  if (killer) {
    bool legal;
    if (rules_.orthodox()) {
      legal = pos.is_legal(killer);
    } else {
      generate_problem_moves(pos, rules_, list);
      generated = true;
      legal = list.contains(killer);
    }
    if (legal) {
      tried_killer = true;
      pos.play(killer);
      ++ply_;
      win = defender_loses(pos, n);
      --ply_;
      pos.undo(killer);
      if (aborted_) return false;
    }
  }
  if (!win) {
    if (!generated) generate_problem_moves(pos, rules_, list);
    if (n >= 3 || stip_ != Stipulation::direct)
      order_attacker_moves(pos, list);
    else
      order_checks_first(pos, list);
    for (const Move m : list) {
      if (tried_killer && m == killer) continue;
      pos.play(m);
      ++ply_;
      const bool ok = defender_loses(pos, n);
      --ply_;
      pos.undo(m);
      if (aborted_) return false;
      if (ok) {
        win = true;
        if (ply_ < 64) attack_killers_[ply_] = m;
        break;
      }
    }
  }
  if (aborted_) return false;
  if (win)
    table_.store_win(key, n);
  else
    table_.store_fail(key, n);
  return win;
}

// The moves that may reach the goal in one: only a check can mate and only a move that gives no
// check can stalemate; under Prinz's rules (stalemate counts as mate) any move may.
void MateSolver::last_move_candidates(Position& pos, bool stalemate, Position::MoveList& list) {
  if (rules_.orthodox() && !stalemate) {
    pos.generate_checks(list);
    return;
  }
  generate_problem_moves(pos, rules_, list);
  if (rules_.stalemate_is_mate) return;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (pos.gives_check(list[i]) != stalemate) list[kept++] = list[i];
  list.resize(kept);
}

// The attacker's last move in a direct mate.
bool MateSolver::attacker_last_move(Position& pos) {
  Position::MoveList list;
  last_move_candidates(pos, false, list);
  const bool orthodox = rules_.orthodox();
  for (const Move m : list) {
    if (orthodox && king_keeps_flight(pos, m)) continue;
    pos.play(m);
    ++nodes_;
    const bool mated = is_mated(pos, rules_, has_problem_move(pos, rules_));
    pos.undo(m);
    if (mated) return true;
  }
  return false;
}

bool MateSolver::defender_loses(Position& pos, int n) {
  ++nodes_;
  const bool direct = stip_ == Stipulation::direct;
  // Direct, the attacker's last move made: mate is the goal, stalemate ends the play undecided,
  // and any other position has a defence that refutes.
  if (direct && n == 1) return is_mated(pos, rules_, has_problem_move(pos, rules_));
  // The defences at this ply start with the two that refuted last (order_defences puts them
  // first). Under orthodox rules they are tested for legality alone and tried before the defences
  // are generated: most such nodes end on the first refutation, with no list made.
  Move tried[2];
  int n_tried = 0;
  if (rules_.orthodox() && ply_ < 64) {
    const Move k0 = killers_[ply_][0], k1 = killers_[ply_][1];
    for (const Move k : {k0, k1}) {
      if (!k || !pos.is_legal(k)) continue;
      if (!defence_loses(pos, k, n)) return false;
      if (aborted_) return false;
      tried[n_tried++] = k;
    }
  }
  Position::MoveList list;
  generate_problem_moves(pos, rules_, list);
  if (list.empty()) {
    // Direct: mate is the goal, stalemate ends the play undecided. Selfmate: the attacker ended the
    // play by itself, which is never the goal.
    return direct && is_mated(pos, rules_, false);
  }
  if (n == 1 && stip_ == Stipulation::self) {
    // Selfmate, last move: one defence that gives no check cannot mate, and refutes.
    for (const Move r : list)
      if (!pos.gives_check(r)) return false;
  }
  if (n_tried != 0) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list[i] != tried[0] && (n_tried < 2 || list[i] != tried[1])) list[kept++] = list[i];
    list.resize(kept);
  }
  order_defences(pos, list, ply_);
  for (const Move r : list)
    if (!defence_loses(pos, r, n) || aborted_) return false;
  return true;
}

// Defence r, not yet played: does the attacker still reach the goal in n - 1 after it? When it
// does not, r refutes, and it becomes this ply's first killer.
bool MateSolver::defence_loses(Position& pos, Move r, int n) {
  pos.play(r);
  ++ply_;
  bool ok;
  if (stip_ == Stipulation::direct) {
    ok = attacker_wins(pos, n - 1);
  } else {
    const bool has = has_problem_move(pos, rules_);
    if (!has)
      ok = pos.in_check();  // the defender mated the attacker: the selfmate's goal
    else
      ok = n > 1 && attacker_wins(pos, n - 1);
  }
  --ply_;
  pos.undo(r);
  if (aborted_) return false;
  if (!ok && ply_ < 64 && killers_[ply_][0] != r) {
    killers_[ply_][1] = killers_[ply_][0];
    killers_[ply_][0] = r;
  }
  return ok;
}

// Checks first, then the moves that leave the defender's king the fewest squares and the defender
// the fewest moves: those are where a proof is shortest. Only the order changes, never the set.
void MateSolver::order_attacker_moves(Position& pos, Position::MoveList& list) {
  int score[256];
  const Color them = ~pos.side();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    const bool check = pos.gives_check(m);
    pos.play(m);
    Position::MoveList replies;
    generate_problem_moves(pos, rules_, replies);
    const Square ksq = pos.king_square(them);
    int king_moves = 0;
    for (const Move r : replies) king_moves += r.from() == ksq;
    pos.undo(m);
    int s = king_moves * 64 + int(replies.size());
    if (!check) s += 1 << 16;
    if (replies.empty()) s = check ? -1 : (1 << 20);  // mate (or a stalemate that ends nothing)
    if (stip_ == Stipulation::self && replies.empty()) s = 1 << 20;
    score[i] = s;
  }
  sort_by_score(list, score);
}

// Mate in two: checks first, then captures; the mobility count costs more than it saves here.
void MateSolver::order_checks_first(Position& pos, Position::MoveList& list) {
  int score[256];
  for (std::size_t i = 0; i < list.size(); ++i)
    score[i] = pos.gives_check(list[i]) ? 0 : pos.is_capture(list[i]) ? 1 : 2;
  sort_by_score(list, score);
}

// The refutation that worked before at this ply first, then checks (the attacker must answer them,
// so a refutation by check is the cheapest to prove), then captures, then king moves.
void MateSolver::order_defences(Position& pos, Position::MoveList& list, int ply) {
  int score[256];
  const Move k0 = ply < 64 ? killers_[ply][0] : Move::none();
  const Move k1 = ply < 64 ? killers_[ply][1] : Move::none();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    int s = 100;
    if (m == k0)
      s = 0;
    else if (m == k1)
      s = 1;
    else if (pos.gives_check(m))
      s = 5;
    else if (pos.is_capture(m))
      s = 10;
    else if (type_of(pos.moved_piece(m)) == king)
      s = 20;
    score[i] = s;
  }
  sort_by_score(list, score);
}

// ---- helpmates -------------------------------------------------------------------------------

// The last move of help or series play: does m, one of last_move_candidates (not yet played),
// reach the goal? The position is left as it was.
bool MateSolver::reaches_goal(Position& pos, Move m) {
  if (!goal_is_stalemate(stip_) && rules_.orthodox() && king_keeps_flight(pos, m)) return false;
  pos.play(m);
  const bool ok = goal_reached(pos);
  pos.undo(m);
  return ok;
}

bool MateSolver::goal_reached(const Position& pos) const {
  const bool has = has_problem_move(pos, rules_);
  return goal_is_stalemate(stip_) ? !has && !pos.in_check() : is_mated(pos, rules_, has);
}

bool MateSolver::help_search(Position& pos, int plies, bool collect, std::vector<Move>& line,
                             std::vector<std::vector<Move>>& out) {
  ++nodes_;
  if (out_of_budget()) return false;
  // The last ply is cheaper to search than to look up: positions one ply from the end are many
  // and rarely met twice, and each probe and store is a miss in a large table.
  const bool use_table = plies > 1;
  const std::uint64_t key = help_key(pos.key(), plies);
  if (use_table && table_.probe(key, 1) < 0) return false;
  Position::MoveList list;
  help_moves(pos, plies, list);
  bool found = false;
  for (const Move m : list) {
    const bool ok = help_move(pos, plies, m, collect, line, out);
    if (aborted_) return found;
    if (ok) {
      found = true;
      if (!collect) break;
    }
  }
  if (use_table && !found && !aborted_) table_.store_exact_fail(key, plies);
  return found;
}

void MateSolver::help_moves(Position& pos, int plies, Position::MoveList& list) {
  if (plies == 1)
    last_move_candidates(pos, goal_is_stalemate(stip_), list);
  else
    generate_problem_moves(pos, rules_, list);
}

// One move of help play with `plies` plies left (this move counted) and the line it leads to.
bool MateSolver::help_move(Position& pos, int plies, Move m, bool collect, std::vector<Move>& line,
                           std::vector<std::vector<Move>>& out) {
  if (plies == 1) {
    const bool ok = reaches_goal(pos, m);
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
bool MateSolver::series_search(Position& pos, int moves, bool collect, std::vector<Move>& line,
                               std::vector<std::vector<Move>>& out) {
  ++nodes_;
  if (out_of_budget()) return false;
  if (moves == 0)
    return ends_with_other_sides_move(stip_) && help_search(pos, 1, collect, line, out);
  const std::uint64_t key = help_key(pos.key(), 64 + moves);
  if (table_.probe(key, 1) < 0) return false;
  Position::MoveList list;
  series_moves(pos, moves, list);
  bool found = false;
  for (const Move m : list) {
    const bool ok = series_move(pos, moves, m, collect, line, out);
    if (aborted_) return found;
    if (ok) {
      found = true;
      if (!collect) break;
    }
  }
  if (!found && !aborted_) table_.store_exact_fail(key, moves);
  return found;
}

void MateSolver::series_moves(Position& pos, int moves, Position::MoveList& list) {
  if (moves == 1 && !ends_with_other_sides_move(stip_))
    last_move_candidates(pos, goal_is_stalemate(stip_), list);
  else
    generate_problem_moves(pos, rules_, list);
}

// One move of the series with `moves` moves left (this one counted) and the lines it leads to.
bool MateSolver::series_move(Position& pos, int moves, Move m, bool collect,
                             std::vector<Move>& line, std::vector<std::vector<Move>>& out) {
  bool ok = false;
  if (moves == 1 && !ends_with_other_sides_move(stip_)) {
    ok = reaches_goal(pos, m);
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

// Help play (`left` plies) or series play (`left` moves): every line of exactly that length.
void MateSolver::lines_of_length(Position& pos, int left, std::vector<std::vector<Move>>& out) {
  if (help_intelligent_applies(stip_))
    help_lines_intelligent(pos, left, out);
  else
    plain_lines(pos, left, out);
}

// The same by the plain search, on the threads there are.
void MateSolver::plain_lines(Position& pos, int left, std::vector<std::vector<Move>>& out) {
  const bool series = is_series(stip_);
  if (!helpers_.empty()) {
    lines_parallel(pos, left, series, out);
    return;
  }
  std::vector<Move> line;
  series ? series_search(pos, left, true, line, out) : help_search(pos, left, true, line, out);
}

// ---- the public calls ------------------------------------------------------------------------

bool MateSolver::forces(Position& pos, Stipulation stipulation, int n) {
  if (stipulation != stip_) clear_tables();
  stip_ = stipulation;
  return wins(pos, n);
}

int MateSolver::shortest(Position& pos, Stipulation stipulation, int max_n) {
  for (int k = 1; k <= max_n; ++k) {
    if (forces(pos, stipulation, k)) return k;
    if (aborted_) return 0;
  }
  return 0;
}

std::vector<Move> MateSolver::winning_moves(Position& pos, Stipulation stipulation, int n) {
  if (stipulation != stip_) clear_tables();
  stip_ = stipulation;
  std::vector<Move> moves;
  Position::MoveList list;
  generate_problem_moves(pos, rules_, list);
  for (const Move m : list) {
    pos.play(m);
    const bool ok = loses(pos, n);
    pos.undo(m);
    if (aborted_) break;
    if (ok) moves.push_back(m);
  }
  return moves;
}

bool MateSolver::is_key(Position& pos, Move m, Stipulation stipulation, int n) {
  if (stipulation != stip_) clear_tables();
  stip_ = stipulation;
  pos.play(m);
  const bool ok = loses(pos, n);
  pos.undo(m);
  return ok;
}

// ---- solution trees --------------------------------------------------------------------------

Variation MateSolver::explain_defence(Position& pos, Move defence, int budget, int depth) {
  Variation v;
  v.defence = defence;
  pos.play(defence);
  if (!has_problem_move(pos, rules_)) {
    v.ends_play = true;  // selfmate: the defence mates
  } else {
    for (int k = 1; k <= budget && !aborted_; ++k) {
      if (wins(pos, k)) {
        v.length = k;
        v.continuations = winning_moves(pos, stip_, k);
        break;
      }
    }
    if (!v.continuations.empty() && depth > 1 && (v.length >= 2 || stip_ == Stipulation::self)) {
      const Move m = v.continuations.front();
      pos.play(m);
      Position::MoveList list;
      generate_problem_moves(pos, rules_, list);
      for (const Move e : list) v.next.push_back(explain_defence(pos, e, v.length - 1, depth - 1));
      pos.undo(m);
    }
  }
  pos.undo(defence);
  return v;
}

void MateSolver::explain_key(Position& pos, KeyMove& key, int n) {
  pos.play(key.key);
  key.check = pos.in_check();
  if (!key.check && n >= 2 && has_problem_move(pos, rules_)) {
    pos.play_null();
    for (int k = 1; k <= n - 1 && !aborted_; ++k) {
      if (wins(pos, k)) {
        key.threat_length = k;
        key.threats = winning_moves(pos, stip_, k);
        break;
      }
    }
    pos.undo_null();
  }
  Position::MoveList list;
  generate_problem_moves(pos, rules_, list);
  const int depth = std::max(1, options_.variation_depth);
  for (const Move d : list) key.defences.push_back(explain_defence(pos, d, key.length - 1, depth));
  pos.undo(key.key);
}

ProblemResult MateSolver::solve(const Position& root, Stipulation stipulation, int n,
                                bool half_move) {
  start_ = Clock::now();
  nodes_ = 0;
  aborted_ = false;
  clear_tables();
  stip_ = stipulation;
  ProblemResult r;
  r.stipulation = stipulation;
  r.n = n;
  r.half_move = half_move && allows_half_move(stipulation);
  Position pos = root;

  if (options_.threads > 1 && !use_proof_numbers()) {
    helpers_.clear();
    for (int i = 1; i < options_.threads; ++i)
      helpers_.push_back(std::unique_ptr<MateSolver>(new MateSolver(*this, table_)));
  }
  if (is_series(stipulation)) {
    // Popeye's series play: every series of at most N moves that reaches the goal, shortest first.
    for (int k = 1; k <= n && !aborted_; ++k) lines_of_length(pos, k, r.help_solutions);
  } else if (solved_by_lines(stipulation)) {
    // Popeye's help play: the solutions of every length up to N with the same first mover (h#3
    // also answers with h#2 and h#1 lines, h#2.5 with h#1.5 and h#0.5), shortest first.
    const int last = 2 * n + (r.half_move ? 1 : 0);
    for (int plies = r.half_move ? 1 : 2; plies <= last && !aborted_; plies += 2)
      lines_of_length(pos, plies, r.help_solutions);
  } else {
    const bool parallel = !helpers_.empty();
    if (parallel) {
      // The short lengths alone (little to share), then the root's moves among the threads.
      for (int k = 1; k <= n && !aborted_ && r.shortest == 0; ++k)
        if (k <= 2 ? wins(pos, k) : shortest_parallel(pos, k)) r.shortest = k;
      if (aborted_) r.shortest = 0;
    } else {
      r.shortest = shortest(pos, stipulation, n);
    }
    if (r.shortest != 0) {
      if (parallel) {
        keys_parallel(pos, n, r.shortest, r.keys);
      } else {
        Position::MoveList list;
        generate_problem_moves(pos, rules_, list);
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
          if (aborted_) break;
        }
      }
      // The proof is done here; a limit that runs out while spelling out the tree leaves it short
      // but the keys proved.
      r.complete = !aborted_;
      for (KeyMove& km : r.keys) {
        if (aborted_) break;
        explain_key(pos, km, n);
      }
      r.nodes = nodes_;
      r.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
      return r;
    }
  }
  r.complete = !aborted_;
  r.nodes = nodes_;
  r.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return r;
}

// ---- threads --------------------------------------------------------------------------------

template <class Work>
void MateSolver::on_threads(const Position& pos, Work work) {
  std::vector<std::thread> threads;
  for (auto& h : helpers_) {
    h->stip_ = stip_;
    h->aborted_ = h->cancelled_ = false;
    h->nodes_ = 0;
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
    nodes_ += h->nodes_;
    if (h->aborted_ && !h->cancelled_) aborted_ = true;  // out of time, nodes, or stopped
  }
  if (cancelled_) aborted_ = cancelled_ = false;
}

void MateSolver::on_threads_fn(const Position& pos,
                               const std::function<void(MateSolver&, Position&)>& work) {
  on_threads(pos, work);
}

bool MateSolver::shortest_parallel(Position& pos, int n) {
  if (int hit = table_.probe(pos.key(), n)) return hit > 0;
  Position::MoveList list;
  generate_problem_moves(pos, rules_, list);
  order_attacker_moves(pos, list);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> found{false};
  on_threads(pos, [&](MateSolver& s, Position& p) {
    s.cancel_ = &found;
    while (!found.load(std::memory_order_relaxed)) {
      const std::size_t i = next.fetch_add(1);
      if (i >= list.size()) break;
      p.play(list[i]);
      s.ply_ = 1;
      const bool ok = s.loses(p, n);
      s.ply_ = 0;
      p.undo(list[i]);
      if (s.aborted_) break;
      if (ok) found.store(true);
    }
    s.cancel_ = nullptr;
  });
  if (aborted_) return false;
  const bool win = found.load();
  win ? table_.store_win(pos.key(), n) : table_.store_fail(pos.key(), n);
  return win;
}

void MateSolver::lines_parallel(Position& pos, int left, bool series,
                                std::vector<std::vector<Move>>& out) {
  Position::MoveList list;
  if (series ? left == 0 : left < 1) return;
  series ? series_moves(pos, left, list) : help_moves(pos, left, list);
  // Each root move's lines in their own list, joined in the root's order: the same lines in the
  // same order as one thread finds them.
  std::vector<std::vector<std::vector<Move>>> found(list.size());
  std::atomic<std::size_t> next{0};
  on_threads(pos, [&](MateSolver& s, Position& p) {
    std::vector<Move> line;
    for (std::size_t i; (i = next.fetch_add(1)) < list.size();) {
      series ? s.series_move(p, left, list[i], true, line, found[i])
             : s.help_move(p, left, list[i], true, line, found[i]);
      if (s.aborted_) break;
    }
  });
  bool any = false;
  for (auto& lines : found) {
    any = any || !lines.empty();
    for (auto& l : lines) out.push_back(std::move(l));
  }
  if (!any && !aborted_ && (series || left > 1))
    table_.store_exact_fail(help_key(pos.key(), series ? 64 + left : left), left);
}

void MateSolver::keys_parallel(Position& pos, int n, int shortest, std::vector<KeyMove>& keys) {
  Position::MoveList list;
  generate_problem_moves(pos, rules_, list);
  std::vector<int> length(list.size(), 0);  // 0: not a key
  std::atomic<std::size_t> next{0};
  on_threads(pos, [&](MateSolver& s, Position& p) {
    for (std::size_t i; (i = next.fetch_add(1)) < list.size();) {
      p.play(list[i]);
      s.ply_ = 1;
      if (s.loses(p, n))
        for (int k = shortest; k <= n; ++k)
          if (s.loses(p, k)) {
            length[i] = k;
            break;
          }
      s.ply_ = 0;
      p.undo(list[i]);
      if (s.aborted_) break;
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
