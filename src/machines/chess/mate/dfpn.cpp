#include "machines/chess/mate/dfpn.hpp"

#include <algorithm>
#include <array>

#include "machines/chess/mate/problem_rules.hpp"

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

// Numbers for a node not yet searched (or from the table); key is node_key of the node.
void ProofNumberSearch::leaf(Position& pos, std::uint64_t key, int n, bool attacker,
                             std::uint32_t& pn, std::uint32_t& dn) {
  if (numbers_.probe(key, pn, dn)) return;
  ++s_.nodes;
  auto exact = [&](bool proved) {
    pn = proved ? 0 : kPnInfinity;
    dn = proved ? kPnInfinity : 0;
  };
  if (attacker) {
    if (int hit = n >= 1 ? s_.table.probe(pos.key(), n) : 0) {
      exact(hit > 0);
    } else if (!has_problem_move(pos, p_.rules)) {
      // The attacker cannot move: in a selfmate, mated is the goal; otherwise nothing is won.
      exact(p_.stip == Stipulation::self && pos.in_check());
    } else if (n < 1) {
      exact(false);
    } else if (n == 1 && p_.stip == Stipulation::direct) {
      const bool won = and_or_.attacker_last_move(pos);
      won ? s_.table.store_win(pos.key(), 1) : s_.table.store_fail(pos.key(), 1);
      exact(won);
    } else {
      pn = dn = 1;
    }
  } else {
    Position::MoveList list;
    generate_problem_moves(pos, p_.rules, list);
    bool decided = true, proved = false;
    if (list.empty()) {
      proved = p_.stip == Stipulation::direct && is_mated(pos, p_.rules, false);
    } else if (n == 1 && p_.stip == Stipulation::direct) {
      proved = false;
    } else if (n == 1 && p_.stip == Stipulation::self &&
               std::any_of(list.begin(), list.end(), [&](Move r) { return !pos.gives_check(r); })) {
      proved = false;  // a defence that gives no check cannot mate
    } else {
      decided = false;
      pn = static_cast<std::uint32_t>(list.size());
      dn = 1;
    }
    if (decided) exact(proved);
  }
  numbers_.store(key, pn, dn, 0);
}

// Nagai's MID: search under the node until its numbers reach a threshold or it is decided. The
// children's numbers are kept here, read from the table (or made) once and updated after each
// child's search, so a child's entry lost from a full table cannot send the search round the same
// loop again: every pass raises the searched child's numbers past its threshold or decides it.
void ProofNumberSearch::mid(Position& pos, int n, bool attacker, std::uint32_t th_pn,
                            std::uint32_t th_dn) {
  ++s_.nodes;
  const std::uint64_t key = node_key(pos.key(), n, attacker);
  const std::uint64_t nodes_before = s_.nodes;
  Position::MoveList list;
  generate_problem_moves(pos, p_.rules, list);
  const int child_n = attacker ? n : n - 1;
  std::array<std::uint64_t, 256> child_key;
  std::array<std::uint32_t, 256> child_pn, child_dn;
  // The children's keys first, their table entries asked for all at once: the probes below then
  // find them in the cache instead of waiting for memory one child at a time.
  for (std::size_t i = 0; i < list.size(); ++i) {
    pos.play(list[i]);
    child_key[i] = node_key(pos.key(), child_n, !attacker);
    if (!attacker) s_.table.prefetch(pos.key());  // the attacker's node reads the proof table too
    pos.undo(list[i]);
    numbers_.prefetch(child_key[i]);
  }
  std::size_t count = 0;
  for (; count < list.size(); ++count) {
    const Move m = list[count];
    pos.play(m);
    leaf(pos, child_key[count], child_n, !attacker, child_pn[count], child_dn[count]);
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
        static_cast<std::uint32_t>(std::min<std::uint64_t>(s_.nodes - nodes_before, 0xFFFFFFFFu));
    numbers_.store(key, pn, dn, work);
    if (pn == 0 || dn == 0) {
      if (attacker) pn == 0 ? s_.table.store_win(pos.key(), n) : s_.table.store_fail(pos.key(), n);
      return;
    }
    if (pn >= th_pn || dn >= th_dn || s_.out_of_budget()) return;
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
    mid(pos, child_n, !attacker, c_pn, c_dn);
    pos.undo(list[best]);
    if (s_.aborted) return;
    // The child stored its numbers last thing; should they be gone, it ended at its thresholds.
    if (!numbers_.probe(child_key[best], child_pn[best], child_dn[best])) {
      child_pn[best] = std::max(child_pn[best], c_pn);
      child_dn[best] = std::max(child_dn[best], c_dn);
    }
  }
}

bool ProofNumberSearch::prove(Position& pos, int n, bool attacker) {
  const std::uint64_t key = node_key(pos.key(), n, attacker);
  std::uint32_t pn, dn;
  leaf(pos, key, n, attacker, pn, dn);
  while (pn != 0 && dn != 0 && !s_.aborted) {
    mid(pos, n, attacker, kPnInfinity, kPnInfinity);
    if (!numbers_.probe(key, pn, dn))
      leaf(pos, key, n, attacker, pn, dn);  // the root's entry was replaced
  }
  return !s_.aborted && pn == 0;
}

}  // namespace minimax::chess::mate
