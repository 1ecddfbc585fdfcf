#include "machines/chess/mate/and_or.hpp"

#include "machines/chess/mate/problem_rules.hpp"

namespace minimax::chess::mate {

namespace {

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

}  // namespace

bool AndOrSearch::attacker_wins(Position& pos, int n) {
  ++s_.nodes;
  if (s_.out_of_budget()) return false;
  // The last move of a direct mate is cheaper to search (the checks, each tried) than to look
  // up: such positions are the most numerous, and a probe or a store is a miss in a large table.
  if (n == 1 && p_.stip == Stipulation::direct) return attacker_last_move(pos);
  const std::uint64_t key = pos.key();
  if (int hit = s_.table.probe(key, n)) return hit > 0;

  bool win = false;
  Position::MoveList list;
  // The move that won at this ply in a sibling line is tried before any ordering work: after
  // different defences the same continuation often wins again. Under orthodox rules its legality
  // is tested alone, so that when it wins again no move is generated at all.
  const Move killer = s_.ply < 64 ? attack_killers_[s_.ply] : Move::none();
  bool generated = false, tried_killer = false;
  if (killer) {
    bool legal;
    if (p_.rules.orthodox()) {
      legal = pos.is_legal(killer);
    } else {
      generate_problem_moves(pos, p_.rules, list);
      generated = true;
      legal = list.contains(killer);
    }
    if (legal) {
      tried_killer = true;
      pos.play(killer);
      ++s_.ply;
      win = defender_loses(pos, n);
      --s_.ply;
      pos.undo(killer);
      if (s_.aborted) return false;
    }
  }
  if (!win) {
    if (!generated) generate_problem_moves(pos, p_.rules, list);
    if (n >= 3 || p_.stip != Stipulation::direct)
      order_attacker_moves(pos, list);
    else
      order_checks_first(pos, list);
    for (const Move m : list) {
      if (tried_killer && m == killer) continue;
      pos.play(m);
      ++s_.ply;
      const bool ok = defender_loses(pos, n);
      --s_.ply;
      pos.undo(m);
      if (s_.aborted) return false;
      if (ok) {
        win = true;
        if (s_.ply < 64) attack_killers_[s_.ply] = m;
        break;
      }
    }
  }
  if (s_.aborted) return false;
  if (win)
    s_.table.store_win(key, n);
  else
    s_.table.store_fail(key, n);
  return win;
}

// The attacker's last move in a direct mate.
bool AndOrSearch::attacker_last_move(Position& pos) {
  Position::MoveList list;
  p_.last_move_candidates(pos, false, list);
  const bool orthodox = p_.rules.orthodox();
  for (const Move m : list) {
    if (orthodox && king_keeps_flight(pos, m)) continue;
    pos.play(m);
    ++s_.nodes;
    const bool mated = is_mated(pos, p_.rules, has_problem_move(pos, p_.rules));
    pos.undo(m);
    if (mated) return true;
  }
  return false;
}

bool AndOrSearch::defender_loses(Position& pos, int n) {
  ++s_.nodes;
  const bool direct = p_.stip == Stipulation::direct;
  // Direct, the attacker's last move made: mate is the goal, stalemate ends the play undecided,
  // and any other position has a defence that refutes.
  if (direct && n == 1) return is_mated(pos, p_.rules, has_problem_move(pos, p_.rules));
  // The defences at this ply start with the two that refuted last (order_defences puts them
  // first). Under orthodox rules they are tested for legality alone and tried before the defences
  // are generated: most such nodes end on the first refutation, with no list made.
  Move tried[2];
  int n_tried = 0;
  if (p_.rules.orthodox() && s_.ply < 64) {
    const Move k0 = killers_[s_.ply][0], k1 = killers_[s_.ply][1];
    for (const Move k : {k0, k1}) {
      if (!k || !pos.is_legal(k)) continue;
      if (!defence_loses(pos, k, n)) return false;
      if (s_.aborted) return false;
      tried[n_tried++] = k;
    }
  }
  Position::MoveList list;
  generate_problem_moves(pos, p_.rules, list);
  if (list.empty()) {
    // Direct: mate is the goal, stalemate ends the play undecided. Selfmate: the attacker ended the
    // play by itself, which is never the goal.
    return direct && is_mated(pos, p_.rules, false);
  }
  if (n == 1 && p_.stip == Stipulation::self) {
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
  order_defences(pos, list, s_.ply);
  for (const Move r : list)
    if (!defence_loses(pos, r, n) || s_.aborted) return false;
  return true;
}

// Defence r, not yet played: does the attacker still reach the goal in n - 1 after it? When it
// does not, r refutes, and it becomes this ply's first killer.
bool AndOrSearch::defence_loses(Position& pos, Move r, int n) {
  pos.play(r);
  ++s_.ply;
  bool ok;
  if (p_.stip == Stipulation::direct) {
    ok = attacker_wins(pos, n - 1);
  } else {
    const bool has = has_problem_move(pos, p_.rules);
    if (!has)
      ok = pos.in_check();  // the defender mated the attacker: the selfmate's goal
    else
      ok = n > 1 && attacker_wins(pos, n - 1);
  }
  --s_.ply;
  pos.undo(r);
  if (s_.aborted) return false;
  if (!ok && s_.ply < 64 && killers_[s_.ply][0] != r) {
    killers_[s_.ply][1] = killers_[s_.ply][0];
    killers_[s_.ply][0] = r;
  }
  return ok;
}

// Checks first, then the moves that leave the defender's king the fewest squares and the defender
// the fewest moves: those are where a proof is shortest. Only the order changes, never the set.
void AndOrSearch::order_attacker_moves(Position& pos, Position::MoveList& list) {
  int score[256];
  const Color them = ~pos.side();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    const bool check = pos.gives_check(m);
    pos.play(m);
    Position::MoveList replies;
    generate_problem_moves(pos, p_.rules, replies);
    const Square ksq = pos.king_square(them);
    int king_moves = 0;
    for (const Move r : replies) king_moves += r.from() == ksq;
    pos.undo(m);
    int s = king_moves * 64 + int(replies.size());
    if (!check) s += 1 << 16;
    if (replies.empty()) s = check ? -1 : (1 << 20);  // mate (or a stalemate that ends nothing)
    if (p_.stip == Stipulation::self && replies.empty()) s = 1 << 20;
    score[i] = s;
  }
  sort_by_score(list, score);
}

// Mate in two: checks first, then captures; the mobility count costs more than it saves here.
void AndOrSearch::order_checks_first(Position& pos, Position::MoveList& list) {
  int score[256];
  for (std::size_t i = 0; i < list.size(); ++i)
    score[i] = pos.gives_check(list[i]) ? 0 : pos.is_capture(list[i]) ? 1 : 2;
  sort_by_score(list, score);
}

// The refutation that worked before at this ply first, then checks (the attacker must answer them,
// so a refutation by check is the cheapest to prove), then captures, then king moves.
void AndOrSearch::order_defences(Position& pos, Position::MoveList& list, int ply) {
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

}  // namespace minimax::chess::mate
