// Depth-first proof-number search (df-pn; Nagai 2002, after Allis et al. 1994's proof-number
// search) for direct mates and selfmates in n moves, beside the AND/OR search of solver.cpp.
//
// A node is a position, the attacker's moves left and whose turn it is: at the attacker's turn an
// OR node (one move that wins suffices), at the defender's an AND node (every defence must lose).
// Its proof number pn is the least number of leaves still to prove to show the attacker wins, its
// disproof number dn the same for the defender; pn = 0 is a proof, dn = 0 a disproof. The search
// always goes down to the most proving node, with thresholds (Nagai's) that keep it in a subtree
// until the subtree's numbers outgrow them, and the 1 + epsilon rule of Pawlewicz and Lew (2007)
// that lets it stay a little longer before switching. The node's moves left are part of its
// identity, so the graph has no cycles: n falls by one every two plies.
//
// Leaves get numbers without a search: an exact value where the rules decide (the attacker's last
// move of a direct mate is looked for at once, a defender without moves is mated or stalemated,
// the solver's own table knows it), else at an AND node pn = the number of defences (the fewer,
// the nearer a proof: checks come first by themselves) and dn = 1, at an OR node 1 and 1.
// Exact values of OR nodes also go to the solver's table, which the solution tree reads.
#include <algorithm>
#include <array>

#include "machines/chess/mate/problem_rules.hpp"
#include "machines/chess/mate/solver.hpp"

namespace minimax::chess::mate {

namespace {

// The node's identity: the position's key with the moves left and the side to move mixed in.
std::uint64_t node_key(std::uint64_t key, int n, bool attacker) {
  std::uint64_t z = std::uint64_t(n * 2 + (attacker ? 1 : 0) + 1) * 0x9E3779B97F4A7C15ULL;
  z ^= z >> 31;
  z *= 0xBF58476D1CE4E5B9ULL;
  const std::uint64_t k = key ^ z ^ (z >> 29);
  return k == 0 ? 1 : k;
}

// A sum stays below infinity, which only an exact value has.
std::uint32_t add(std::uint32_t a, std::uint32_t b) { return std::min(kPnInfinity - 1, a + b); }

}  // namespace

bool MateSolver::use_proof_numbers() const {
  return options_.method == SearchMethod::proof_number &&
         (stip_ == Stipulation::direct || stip_ == Stipulation::self);
}

bool MateSolver::wins(Position& pos, int n) {
  if (n < 1) return false;
  return use_proof_numbers() ? proof_number_search(pos, n, true) : attacker_wins(pos, n);
}

bool MateSolver::loses(Position& pos, int n) {
  return use_proof_numbers() ? proof_number_search(pos, n, false) : defender_loses(pos, n);
}

// Numbers for a node not yet searched (or from the table); key is node_key of the node.
void MateSolver::pn_leaf(Position& pos, std::uint64_t key, int n, bool attacker, std::uint32_t& pn,
                         std::uint32_t& dn) {
  if (pn_table_.probe(key, pn, dn)) return;
  ++nodes_;
  auto exact = [&](bool proved) {
    pn = proved ? 0 : kPnInfinity;
    dn = proved ? kPnInfinity : 0;
  };
  if (attacker) {
    if (int hit = n >= 1 ? table_.probe(pos.key(), n) : 0) {
      exact(hit > 0);
    } else if (!has_problem_move(pos, rules_)) {
      // The attacker cannot move: in a selfmate, mated is the goal; otherwise nothing is won.
      exact(stip_ == Stipulation::self && pos.in_check());
    } else if (n < 1) {
      exact(false);
    } else if (n == 1 && stip_ == Stipulation::direct) {
      const bool won = attacker_last_move(pos);
      won ? table_.store_win(pos.key(), 1) : table_.store_fail(pos.key(), 1);
      exact(won);
    } else {
      pn = dn = 1;
    }
  } else {
    Position::MoveList list;
    generate_problem_moves(pos, rules_, list);
    bool decided = true, proved = false;
    if (list.empty()) {
      proved = stip_ == Stipulation::direct && is_mated(pos, rules_, false);
    } else if (n == 1 && stip_ == Stipulation::direct) {
      proved = false;
    } else if (n == 1 && stip_ == Stipulation::self &&
               std::any_of(list.begin(), list.end(), [&](Move r) { return !pos.gives_check(r); })) {
      proved = false;  // a defence that gives no check cannot mate
    } else {
      decided = false;
      pn = static_cast<std::uint32_t>(list.size());
      dn = 1;
    }
    if (decided) exact(proved);
  }
  pn_table_.store(key, pn, dn, 0);
}

// Nagai's MID: search under the node until its numbers reach a threshold or it is decided. The
// children's numbers are kept here, read from the table (or made) once and updated after each
// child's search, so a child's entry lost from a full table cannot send the search round the same
// loop again: every pass raises the searched child's numbers past its threshold or decides it.
void MateSolver::pn_search(Position& pos, int n, bool attacker, std::uint32_t th_pn,
                           std::uint32_t th_dn) {
  ++nodes_;
  const std::uint64_t key = node_key(pos.key(), n, attacker);
  const std::uint64_t nodes_before = nodes_;
  Position::MoveList list;
  generate_problem_moves(pos, rules_, list);
  const int child_n = attacker ? n : n - 1;
  std::array<std::uint64_t, 256> child_key;
  std::array<std::uint32_t, 256> child_pn, child_dn;
  // The children's keys first, their table entries asked for all at once: the probes below then
  // find them in the cache instead of waiting for memory one child at a time.
  for (std::size_t i = 0; i < list.size(); ++i) {
    pos.play(list[i]);
    child_key[i] = node_key(pos.key(), child_n, !attacker);
    if (!attacker) table_.prefetch(pos.key());  // the attacker's node reads the proof table too
    pos.undo(list[i]);
    pn_table_.prefetch(child_key[i]);
  }
  std::size_t count = 0;
  for (; count < list.size(); ++count) {
    const Move m = list[count];
    pos.play(m);
    pn_leaf(pos, child_key[count], child_n, !attacker, child_pn[count], child_dn[count]);
    pos.undo(m);
    if ((attacker ? child_pn[count] : child_dn[count]) == 0) {
      ++count;  // the node is decided by this child: the others need no numbers
      break;
    }
  }
  list.resize(count);
  while (true) {
    // The node's numbers from its children's: at an OR node the least proof and the sum of the
    // disproofs, at an AND node the other way round; the child to search is the one with the least
    // number that counts, the second least sets its threshold.
    std::uint32_t pn = attacker ? kPnInfinity : 0, dn = attacker ? 0 : kPnInfinity;
    std::size_t best = 0;
    std::uint32_t best_value = kPnInfinity, second = kPnInfinity;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::uint32_t cpn = child_pn[i], cdn = child_dn[i];
      const std::uint32_t v = attacker ? cpn : cdn;
      if (attacker) {
        pn = std::min(pn, cpn);
        dn = add(dn, cdn);
      } else {
        pn = add(pn, cpn);
        dn = std::min(dn, cdn);
      }
      if (v < best_value) {
        second = best_value;
        best_value = v;
        best = i;
      } else if (v < second) {
        second = v;
      }
      if (v == 0) break;  // decided: a proved move (OR) or a refutation (AND)
    }
    if (pn == 0) dn = kPnInfinity;
    if (dn == 0) pn = kPnInfinity;
    const auto work =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(nodes_ - nodes_before, 0xFFFFFFFFu));
    pn_table_.store(key, pn, dn, work);
    if (pn == 0 || dn == 0) {
      if (attacker) pn == 0 ? table_.store_win(pos.key(), n) : table_.store_fail(pos.key(), n);
      return;
    }
    if (pn >= th_pn || dn >= th_dn || out_of_budget()) return;
    // The child's thresholds (1 + epsilon: a quarter more than the second best before switching).
    const std::uint32_t grown = second >= kPnInfinity ? kPnInfinity : add(second, second / 4 + 1);
    std::uint32_t c_pn, c_dn;
    if (attacker) {
      c_pn = std::min(th_pn, grown);
      c_dn = th_dn - dn + child_dn[best];
    } else {
      c_pn = th_pn - pn + child_pn[best];
      c_dn = std::min(th_dn, grown);
    }
    pos.play(list[best]);
    pn_search(pos, child_n, !attacker, c_pn, c_dn);
    pos.undo(list[best]);
    if (aborted_) return;
    // The child stored its numbers last thing; should they be gone, it ended at its thresholds.
    if (!pn_table_.probe(child_key[best], child_pn[best], child_dn[best])) {
      child_pn[best] = std::max(child_pn[best], c_pn);
      child_dn[best] = std::max(child_dn[best], c_dn);
    }
  }
}

bool MateSolver::proof_number_search(Position& pos, int n, bool attacker) {
  const std::uint64_t key = node_key(pos.key(), n, attacker);
  std::uint32_t pn, dn;
  pn_leaf(pos, key, n, attacker, pn, dn);
  while (pn != 0 && dn != 0 && !aborted_) {
    pn_search(pos, n, attacker, kPnInfinity, kPnInfinity);
    if (!pn_table_.probe(key, pn, dn))
      pn_leaf(pos, key, n, attacker, pn, dn);  // the root's entry was replaced
  }
  return !aborted_ && pn == 0;
}

}  // namespace minimax::chess::mate
