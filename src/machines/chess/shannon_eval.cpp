#include "machines/chess/shannon_eval.hpp"

#include <cmath>
#include <cstdio>

#include "games/chess/attacks.hpp"

namespace minimax::chess::shannon {

namespace {

Bitboard adjacent_files(int f) {
  Bitboard b = 0;
  if (f > 0) b |= file_bb(f - 1);
  if (f < 7) b |= file_bb(f + 1);
  return b;
}

int legal_moves_excluding_king_captures(const Position& pos) {
  Position::MoveList moves;
  pos.generate_moves(moves);
  const Square their_king = pos.king_square(~pos.side());
  int n = 0;
  for (const Move& m : moves) n += m.to() != their_king;
  return n;
}

}  // namespace

int doubled_pawns(const Position& pos, Color c) {
  const Bitboard pawns = pos.pieces(c, pawn);
  int n = 0;
  for (int f = 0; f < 8; ++f) {
    const int k = popcount(pawns & file_bb(f));
    if (k > 1) n += k;
  }
  return n;
}

int isolated_pawns(const Position& pos, Color c) {
  const Bitboard pawns = pos.pieces(c, pawn);
  int n = 0;
  for (int f = 0; f < 8; ++f)
    if (!(pawns & adjacent_files(f))) n += popcount(pawns & file_bb(f));
  return n;
}

int backward_pawns(const Position& pos, Color c) {
  const Bitboard pawns = pos.pieces(c, pawn);
  const Bitboard enemy_pawns = pos.pieces(~c, pawn);
  int n = 0;
  Bitboard b = pawns;
  while (b) {
    const Square s = pop_lsb(b);
    const int f = file_of(s);
    const Bitboard neighbours = pawns & adjacent_files(f);
    if (!neighbours) continue;  // isolated, counted as such
    // Neighbours beside or behind (from c's side): they could still come up to support it.
    Bitboard support = 0;
    for (int r = 0; r < 8; ++r) {
      const bool beside_or_behind = c == white ? r <= rank_of(s) : r >= rank_of(s);
      if (beside_or_behind) support |= rank_bb(r);
    }
    if (neighbours & support) continue;
    const int ahead = rank_of(s) + (c == white ? 1 : -1);
    if (ahead < 0 || ahead > 7) continue;
    const Square stop = make_square(f, ahead);
    if (pawn_attacks(c, stop) & enemy_pawns) ++n;  // the stop square is held by an enemy pawn
  }
  return n;
}

Terms terms(Position& pos) {
  Terms t;
  for (Color c : {white, black}) {
    SideTerms& s = t.side[c];
    s.kings = pos.count(c, king);
    s.queens = pos.count(c, queen);
    s.rooks = pos.count(c, rook);
    s.bishops = pos.count(c, bishop);
    s.knights = pos.count(c, knight);
    s.pawns = pos.count(c, pawn);
    s.doubled = doubled_pawns(pos, c);
    s.isolated = isolated_pawns(pos, c);
    s.backward = backward_pawns(pos, c);
  }
  const Color us = pos.side();
  t.side[us].mobility = legal_moves_excluding_king_captures(pos);
  if (t.side[us].mobility == 0 && pos.in_check()) t.side[us].kings = 0;  // checkmated
  pos.play_null();
  t.side[~us].mobility = legal_moves_excluding_king_captures(pos);
  pos.undo_null();
  return t;
}

double evaluate(const Terms& t, const Weights& w) {
  const SideTerms& a = t.side[white];
  const SideTerms& b = t.side[black];
  return w.king * (a.kings - b.kings) + w.queen * (a.queens - b.queens) +
         w.rook * (a.rooks - b.rooks) + w.bishop * (a.bishops - b.bishops) +
         w.knight * (a.knights - b.knights) + w.pawn * (a.pawns - b.pawns) -
         (w.doubled * (a.doubled - b.doubled) + w.backward * (a.backward - b.backward) +
          w.isolated * (a.isolated - b.isolated)) +
         w.mobility * (a.mobility - b.mobility);
}

double evaluate(Position& pos, const Weights& w) { return evaluate(terms(pos), w); }

int evaluate_for_mover(Position& pos, const Weights& w) {
  const int v = static_cast<int>(std::lround(evaluate(pos, w) * 100.0));
  return pos.side() == white ? v : -v;
}

std::string Terms::describe(const Weights& w) const {
  const SideTerms& a = side[white];
  const SideTerms& b = side[black];
  char buf[400];
  std::snprintf(
      buf, sizeof buf,
      "K %d-%d  Q %d-%d  R %d-%d  B %d-%d  N %d-%d  P %d-%d  D %d-%d  S %d-%d  I %d-%d  M %d-%d"
      "  => f = %.2f (White's view)",
      a.kings, b.kings, a.queens, b.queens, a.rooks, b.rooks, a.bishops, b.bishops, a.knights,
      b.knights, a.pawns, b.pawns, a.doubled, b.doubled, a.backward, b.backward, a.isolated,
      b.isolated, a.mobility, b.mobility, evaluate(*this, w));
  return buf;
}

}  // namespace minimax::chess::shannon
