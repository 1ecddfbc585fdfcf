#include "machines/chess/somac_rules.hpp"

#include <algorithm>
#include <cstdio>

#include "games/chess/attacks.hpp"
#include "machines/chess/castled.hpp"

namespace minimax::chess::somac {

namespace {

constexpr int kDirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool orthogonal(int d) { return d < 4; }

// Can a `mover` of colour c look through the friendly `blocker` along direction d (note 2i)?
// Returns 0: no; 1: yes, on; 2: yes, but only one square beyond (a pawn).
int transparency(PieceType mover, PieceType blocker, int d, Color c) {
  const bool orth = orthogonal(d);
  const bool forward_diagonal = !orth && (c == white ? kDirs[d][1] > 0 : kDirs[d][1] < 0);
  switch (mover) {
    case rook:
      return (blocker == rook || blocker == queen) ? 1 : 0;
    case queen:
      if (orth) return blocker == rook ? 1 : 0;
      if (blocker == bishop) return 1;
      if (blocker == pawn && forward_diagonal) return 2;
      return 0;
    case bishop:
      if (blocker == queen) return 1;
      if (blocker == pawn && forward_diagonal) return 2;
      return 0;
    default:
      return 0;
  }
}

void slider_attacks(const Position& pos, Square from, PieceType t, Color c,
                    std::vector<Attack>& out) {
  for (int d = 0; d < 8; ++d) {
    if (t == rook && !orthogonal(d)) continue;
    if (t == bishop && orthogonal(d)) continue;
    int f = file_of(from), r = rank_of(from);
    Square through = no_square;
    bool beyond_pawn = false;  // the last square was the one square beyond a transparent pawn
    for (;;) {
      f += kDirs[d][0];
      r += kDirs[d][1];
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      const Square s = make_square(f, r);
      out.push_back({from, s, through});
      if (beyond_pawn) break;
      const Piece p = pos.piece_on(s);
      if (p == no_piece) continue;
      if (color_of(p) != c) break;
      const int tr = transparency(t, type_of(p), d, c);
      if (tr == 0) break;
      if (through == no_square) through = s;
      if (tr == 2) beyond_pawn = true;
    }
  }
}

// Note 2i, pins: X (on `from`, colour c) does not attack `to` if, were X to move there, an enemy
// piece would newly attack a piece of c's (not X) worth more than itself, or a piece of c's (not a
// pawn, not X) that no other piece of c's attacks. Only enemy sliders can newly attack.
bool pinned_away(const Position& pos, Square from, Square to, Color c) {
  const Bitboard occ = pos.pieces();
  const Bitboard occ2 = (occ & ~bb(from)) | bb(to);
  Bitboard sliders =
      pos.pieces(~c) & (pos.pieces(bishop) | pos.pieces(rook) | pos.pieces(queen)) & ~bb(to);
  while (sliders) {
    const Square l = pop_lsb(sliders);
    const PieceType lt = type_of(pos.piece_on(l));
    const Bitboard before = attacks(lt, l, occ), after = attacks(lt, l, occ2);
    Bitboard fresh = after & ~before & pos.pieces(c) & ~bb(from);
    while (fresh) {
      const Square t = pop_lsb(fresh);
      if (piece_value(pos, t) > piece_value(pos, l)) return true;
      if (type_of(pos.piece_on(t)) != pawn) {
        const Bitboard defenders = pos.attackers_to(t, occ2) & pos.pieces(c) & ~bb(from);
        if (!defenders) return true;
      }
    }
  }
  return false;
}

struct Board {
  std::vector<Attack> by_color[2];
};

// The pieces of colour c attacking square s, as (value, through) pairs in capture order:
// ascending value, but a piece attacking only through another's transparency after that piece
// (note 3i).
std::vector<int> capture_order(const Position& pos, const std::vector<Attack>& all, Square s,
                               Square exclude) {
  std::vector<Attack> list;
  for (const Attack& a : all)
    if (a.to == s && a.from != exclude) list.push_back(a);
  std::stable_sort(list.begin(), list.end(), [&](const Attack& a, const Attack& b) {
    return piece_value(pos, a.from) < piece_value(pos, b.from);
  });
  // Move each piece that looks through another to just after it (repeat: chains).
  for (std::size_t pass = 0; pass < list.size(); ++pass) {
    bool moved = false;
    for (std::size_t i = 0; i < list.size() && !moved; ++i) {
      if (list[i].through == no_square) continue;
      for (std::size_t j = i + 1; j < list.size(); ++j)
        if (list[j].from == list[i].through) {
          const Attack a = list[i];
          list.erase(list.begin() + static_cast<long>(i));
          list.insert(list.begin() + static_cast<long>(j), a);  // j shifted down by one: after it
          moved = true;
          break;
        }
    }
    if (!moved) break;
  }
  std::vector<int> values;
  for (const Attack& a : list) values.push_back(piece_value(pos, a.from));
  return values;
}

}  // namespace

int piece_value(const Position& pos, Square s) {
  const Piece p = pos.piece_on(s);
  switch (type_of(p)) {
    case pawn:
      return 10;
    case knight:
    case bishop:
      return 30;
    case rook:
      return 50;
    case king:
      return 1000;
    case queen: {
      const Color c = color_of(p);
      const bool back_two = relative_rank(c, s) <= 1;
      return back_two || castled(pos, c) != Castled::no ? 100 : 90;
    }
    default:
      return 0;
  }
}

std::vector<Attack> attacks(const Position& pos, Color c) {
  std::vector<Attack> raw;
  Bitboard own = pos.pieces(c);
  while (own) {
    const Square s = pop_lsb(own);
    const PieceType t = type_of(pos.piece_on(s));
    if (t == bishop || t == rook || t == queen) {
      slider_attacks(pos, s, t, c, raw);
      continue;
    }
    Bitboard b = t == pawn ? pawn_attacks(c, s) : t == knight ? knight_attacks(s) : king_attacks(s);
    while (b) raw.push_back({s, pop_lsb(b), no_square});
  }
  std::vector<Attack> out;
  out.reserve(raw.size());
  for (const Attack& a : raw)
    if (!pinned_away(pos, a.from, a.to, c)) out.push_back(a);
  return out;
}

int swap_off(int v0, const std::vector<int>& own, const std::vector<int>& enemy) {
  // w1 = v0, b1 = v0 - u1, w2 = v0 - u1 + v1, ...: the owner's loss after each enemy capture (w)
  // and after each recapture (b).
  std::vector<int> w, b;
  int loss = v0;
  w.push_back(loss);  // the first enemy capture (there is at least one attacker)
  std::size_t k = 0;
  for (;;) {
    if (k >= own.size()) break;  // no recapture
    loss -= enemy[k];
    b.push_back(loss);
    if (k + 1 >= enemy.size()) break;  // no further capture
    loss += own[k];
    w.push_back(loss);
    ++k;
  }
  const bool ends_with_b = b.size() == w.size();  // n >= N: ends at b_N; n < N: at w_(n+1)
  if (ends_with_b) {
    // (i) S = the largest b, or, if smaller, the smallest w preceding it.
    const auto it = std::max_element(b.begin(), b.end());
    const std::size_t idx = static_cast<std::size_t>(it - b.begin());
    const int min_w = *std::min_element(w.begin(), w.begin() + static_cast<long>(idx) + 1);
    return std::min(*it, min_w);
  }
  // (ii) S = the smallest w, or, if larger, the largest b preceding it.
  const auto it = std::min_element(w.begin(), w.end());
  const std::size_t idx = static_cast<std::size_t>(it - w.begin());
  if (idx == 0) return *it;
  const int max_b = *std::max_element(b.begin(), b.begin() + static_cast<long>(idx));
  return std::max(*it, max_b);
}

namespace {

struct EnPrise {
  Square square;
  int s;  // swap-off value
};

std::vector<EnPrise> en_prise(const Position& pos, Color c, const std::vector<Attack> att[2]) {
  std::vector<EnPrise> out;
  Bitboard pieces = pos.pieces(c);
  while (pieces) {
    const Square q = pop_lsb(pieces);
    std::vector<int> enemy = capture_order(pos, att[~c], q, no_square);
    if (enemy.empty()) continue;
    std::vector<int> own = capture_order(pos, att[c], q, q);
    out.push_back({q, swap_off(piece_value(pos, q), own, enemy)});
  }
  return out;
}

// Kuhn's augmenting path for the matching of black targets to restricted white attackers.
bool augment(std::size_t t, const std::vector<std::vector<std::size_t>>& adj,
             std::vector<int>& owner, std::vector<char>& seen) {
  for (std::size_t a : adj[t]) {
    if (seen[a]) continue;
    seen[a] = 1;
    if (owner[a] < 0 || augment(static_cast<std::size_t>(owner[a]), adj, owner, seen)) {
      owner[a] = static_cast<int>(t);
      return true;
    }
  }
  return false;
}

// r of step C: how many enemy pieces with positive S our attackers can hold at once, a piece of
// ours that is itself en prise (S >= 0) holding only one; `skip` are attackers left out.
std::vector<std::size_t> held_targets(const std::vector<EnPrise>& targets,
                                      const std::vector<Attack>& ours,
                                      const std::vector<Square>& restricted,
                                      const std::vector<Square>& skip) {
  std::vector<std::size_t> held;
  std::vector<std::vector<std::size_t>> adj;
  std::vector<std::size_t> pending;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    bool free_attacker = false;
    std::vector<std::size_t> rs;
    for (const Attack& a : ours) {
      if (a.to != targets[i].square) continue;
      if (std::find(skip.begin(), skip.end(), a.from) != skip.end()) continue;
      const auto it = std::find(restricted.begin(), restricted.end(), a.from);
      if (it == restricted.end())
        free_attacker = true;
      else
        rs.push_back(static_cast<std::size_t>(it - restricted.begin()));
    }
    if (free_attacker)
      held.push_back(i);
    else if (!rs.empty()) {
      pending.push_back(i);
      adj.push_back(rs);
    }
  }
  std::vector<int> owner(restricted.size(), -1);
  for (std::size_t k = 0; k < pending.size(); ++k) {
    std::vector<char> seen(restricted.size(), 0);
    if (augment(k, adj, owner, seen)) held.push_back(pending[k]);
  }
  return held;
}

}  // namespace

Terms evaluate(const Position& pos, Color us) {
  Terms t;
  const Color them = ~us;
  // (1) material.
  for (Color c : {us, them}) {
    Bitboard b = pos.pieces(c);
    while (b) t.material += (c == us ? 1 : -1) * piece_value(pos, pop_lsb(b));
  }
  const std::vector<Attack> att[2] = {attacks(pos, white), attacks(pos, black)};
  // (2) squares attacked: 1 each, +1 on d4 e4 d5 e5, +2 next to the enemy king.
  const Bitboard centre = bb(d4) | bb(e4) | bb(d5) | bb(e5);
  const Bitboard near_king = king_attacks(pos.king_square(them));
  for (const Attack& a : att[us]) {
    t.squares += 1;
    if (bb(a.to) & centre) t.squares += 1;
    if (bb(a.to) & near_king) t.squares += 2;
  }
  // (3) exchange values.
  const auto ours = en_prise(pos, us, att);
  const auto theirs = en_prise(pos, them, att);
  // Step B: the largest positive S on our pieces, +5 for each further one.
  std::vector<int> pos_s;
  for (const auto& e : ours)
    if (e.s > 0) pos_s.push_back(e.s);
  std::sort(pos_s.rbegin(), pos_s.rend());
  if (!pos_s.empty()) t.exchange_own = pos_s[0] + 5 * static_cast<int>(pos_s.size() - 1);
  // Step C: the enemy's pieces with positive S we can hold at once.
  std::vector<EnPrise> targets;
  for (const auto& e : theirs)
    if (e.s > 0) targets.push_back(e);
  std::vector<Square> restricted, negative;
  std::vector<int> negative_s;
  for (const auto& e : ours) {
    if (e.s >= 0)
      restricted.push_back(e.square);
    else {
      negative.push_back(e.square);
      negative_s.push_back(-e.s);
    }
  }
  const auto held = held_targets(targets, att[us], restricted, {});
  const int r = static_cast<int>(held.size());
  if (r == 1) {
    t.exchange_enemy = 5;
  } else if (r > 1) {
    std::vector<int> ss;
    for (std::size_t i : held) ss.push_back(targets[i].s);
    std::sort(ss.rbegin(), ss.rend());
    t.exchange_enemy = 5 * (r - 1) + ss[1];
    // A fork by a piece of ours with negative S = -S': if without the forking pieces r would be 1
    // or 0, V_EB is at most S' (decision: the smallest S' among them).
    std::vector<Square> forkers;
    int cap = 1 << 30;
    for (std::size_t k = 0; k < negative.size(); ++k) {
      int hits = 0;
      for (const Attack& a : att[us])
        if (a.from == negative[k])
          for (const auto& tg : targets) hits += tg.square == a.to;
      if (hits >= 2) {
        forkers.push_back(negative[k]);
        cap = std::min(cap, negative_s[k]);
      }
    }
    if (!forkers.empty() && held_targets(targets, att[us], restricted, forkers).size() <= 1)
      t.exchange_enemy = std::min(t.exchange_enemy, cap);
  }
  // (B) -5 for each piece of ours (not a pawn) that an enemy pawn move could attack (note 4: once).
  Bitboard threatened = 0;
  const Bitboard our_pieces = pos.pieces(us) & ~pos.pieces(pawn);
  Bitboard attacked_now = 0;
  Bitboard enemy_pawns = pos.pieces(them, pawn);
  for (Bitboard b = enemy_pawns; b;) attacked_now |= pawn_attacks(them, pop_lsb(b));
  const int up = them == white ? 8 : -8;
  for (Bitboard b = enemy_pawns; b;) {
    const Square p = pop_lsb(b);
    std::vector<Square> dests;
    const int one = p + up;
    if (one >= 0 && one < 64 && pos.piece_on(Square(one)) == no_piece) {
      dests.push_back(Square(one));
      const int two = one + up;
      if (relative_rank(them, p) == 1 && pos.piece_on(Square(two)) == no_piece)
        dests.push_back(Square(two));
    }
    for (Bitboard caps = pawn_attacks(them, p) & pos.pieces(us); caps;)
      dests.push_back(pop_lsb(caps));
    for (Square d : dests) threatened |= pawn_attacks(them, d) & our_pieces & ~attacked_now;
  }
  t.pawn_threats = 5 * popcount(threatened);
  // (C) +5/x when the enemy is in check, x its legal moves.
  const bool enemy_in_check = (pos.attackers_to(pos.king_square(them)) & pos.pieces(us)) != 0;
  if (enemy_in_check) {
    Position p = pos;
    if (p.side() != them) p.play_null();
    Position::MoveList moves;
    p.generate_moves(moves);
    t.check = moves.empty() ? kMateBonus : 5.0 / static_cast<double>(moves.size());
  }
  // (D) castling: +5 if castling is legal (for us, were we to move), +16 / +14 once played.
  {
    Position p = pos;
    if (p.side() != us) p.play_null();
    if (!p.in_check()) {
      Position::MoveList moves;
      p.generate_moves(moves);
      for (const Move& m : moves)
        if (m.is_castling()) {
          t.castling += 5;
          break;
        }
    }
    const Castled c = castled(pos, us);
    if (c == Castled::kingside) t.castling += 16;
    if (c == Castled::queenside) t.castling += 14;
  }
  return t;
}

std::string Terms::describe() const {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "material %d  squares %+d  exchange own -%d  exchange enemy +%d  pawn threats -%d  "
                "check %+.2f  "
                "castling %+d  = %.2f",
                material, squares, exchange_own, exchange_enemy, pawn_threats, check, castling,
                total());
  return buf;
}

}  // namespace minimax::chess::somac
