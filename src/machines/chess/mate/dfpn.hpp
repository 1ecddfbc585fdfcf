#pragma once
// Depth-first proof-number search (df-pn; Nagai 2002, after Allis et al. 1994's proof-number
// search) for direct mates and selfmates in n moves, beside the AND/OR search (and_or.hpp).
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
#include <cstdint>

#include "games/chess/position.hpp"
#include "machines/chess/mate/and_or.hpp"
#include "machines/chess/mate/dfpn_table.hpp"
#include "machines/chess/mate/search_state.hpp"

namespace minimax::chess::mate {

class ProofNumberSearch {
 public:
  // The numbers' table of 2^table_log2 entries; the AND/OR search gives the attacker's last move.
  ProofNumberSearch(SearchState& state, AndOrSearch& and_or, int table_log2)
      : s_(state), p_(state.problem), and_or_(and_or), numbers_(table_log2) {}

  // The attacker to move (attacker) forces the goal in n, or the defender to move loses in n?
  bool prove(Position& pos, int n, bool attacker);
  void clear() { numbers_.clear(); }

 private:
  // Nagai's MID under one node, and the numbers of a node not yet searched.
  void mid(Position& pos, int n, bool attacker, std::uint32_t th_pn, std::uint32_t th_dn);
  void leaf(Position& pos, std::uint64_t key, int n, bool attacker, std::uint32_t& pn,
            std::uint32_t& dn);

  SearchState& s_;
  const Problem& p_;  // s_.problem
  AndOrSearch& and_or_;
  DfpnTable numbers_;
};

}  // namespace minimax::chess::mate
