#include "machines/chess/turochamp_rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "games/chess/attacks.hpp"
#include "machines/chess/castled.hpp"
#include "search/alpha_beta.hpp"

namespace minimax::chess::turochamp {

namespace {

// Own pieces attacking s (a defender in Turing's sense), with the rules' reading of who defends.
int defenders(const Position& pos, Square s, Color c, const TurochampRules& rules,
              bool pieces_only) {
  Bitboard d = pos.attackers_to(s) & pos.pieces(c);
  if (!rules.pawns_defend || pieces_only) d &= ~pos.pieces(pawn);
  if (!rules.king_defends) d &= ~pos.pieces(king);
  return popcount(d);
}

// Makes `us` the side to move for the duration of a scope (Turing counts the machine's moves in
// the position after its own move, as if it were to move again).
class AsMover {
 public:
  AsMover(Position& pos, Color us) : pos_(pos), passed_(pos.side() != us) {
    if (passed_) pos_.play_null();
  }
  ~AsMover() {
    if (passed_) pos_.undo_null();
  }
  AsMover(const AsMover&) = delete;
  AsMover& operator=(const AsMover&) = delete;

 private:
  Position& pos_;
  bool passed_;
};

}  // namespace

int piece_value_halves(PieceType t) {
  switch (t) {
    case pawn:
      return 2;
    case knight:
      return 6;
    case bishop:
      return 7;
    case rook:
      return 10;
    case queen:
      return 20;
    case king:
      return 2000;
    default:
      return 0;
  }
}

int material_halves(const Position& pos, Color c) {
  int total = 0;
  for (PieceType t : {pawn, knight, bishop, rook, queen})
    total += pos.count(c, t) * piece_value_halves(t);
  return total;
}

double dead_value(const Position& pos, Color us) {
  const int w = material_halves(pos, us), b = material_halves(pos, ~us);
  if (b == 0) return w == 0 ? 1.0 : 500.0 + w / 2.0;
  return static_cast<double>(w) / static_cast<double>(b);
}

int sqrt_tenths(int n) {
  static constexpr int kTable[14] = {0, 10, 14, 17, 20, 22, 24, 26, 28, 30, 32, 33, 35, 36};
  if (n < 0) return 0;
  if (n < 14) return kTable[n];
  return static_cast<int>(std::lround(std::sqrt(static_cast<double>(n)) * 10.0));
}

std::string PositionPlay::describe() const {
  char buf[200];
  std::snprintf(
      buf, sizeof buf,
      "i %.1f  ii %.1f  iii %.1f  iv %.1f  v %.1f  vi %.1f  vii %.1f  viii %.1f  ix %.1f  = %.1f",
      mobility / 10.0, defence / 10.0, king_mobility / 10.0, king_safety / 10.0, castling / 10.0,
      pawn_advance / 10.0, pawn_defence / 10.0, mate_threat / 10.0, check / 10.0, total() / 10.0);
  return buf;
}

PositionPlay position_play(const Position& board, Color us, const TurochampRules& rules,
                           bool just_castled) {
  Position pos = board;  // a scratch copy: the machine's moves are counted with it to move
  PositionPlay pp;
  const Color them = ~us;
  const Square their_king = pos.king_square(them);

  // (ix) check on the enemy king, read before the side to move is changed.
  const bool enemy_in_check = (pos.attackers_to(their_king) & pos.pieces(us)) != 0;
  if (enemy_in_check) pp.check = 5;

  AsMover as_mover(pos, us);
  Position::MoveList moves;
  pos.generate_moves(moves);

  // (i) and (iii): moves per piece, a capture counting two; castling is not a king move here.
  int count[64] = {};
  bool can_castle_now = false;
  for (const Move& m : moves) {
    if (m.is_castling()) {
      can_castle_now = true;
      continue;
    }
    if (m.to() == their_king) continue;  // never a move: the enemy is in check and it is our turn
    count[m.from()] += pos.is_capture(m) && rules.capture_counts_two ? 2 : 1;
  }

  Bitboard own = pos.pieces(us);
  while (own) {
    const Square s = pop_lsb(own);
    const PieceType t = type_of(pos.piece_on(s));
    switch (t) {
      case knight:
      case bishop:
      case rook:
      case queen: {
        pp.mobility += sqrt_tenths(count[s]);
        if (t != queen || rules.queen_defence) {  // (ii) 1.0 if defended, 0.5 more if twice
          const int d = defenders(pos, s, us, rules, false);
          if (d >= 1) pp.defence += 10;
          if (d >= 2) pp.defence += 5;
        }
        break;
      }
      case king: {
        pp.king_mobility += sqrt_tenths(count[s]);  // (iii)
        // (iv) a friendly queen on the king's square: its moves, captures counting two (there is
        // no king left to be in check, so every such move counts), subtracted.
        const Bitboard q = queen_attacks(s, pos.pieces()) & ~pos.pieces(us);
        const int qmoves =
            popcount(q) +
            (rules.capture_counts_two ? popcount(q & pos.pieces(them) & ~pos.pieces(king)) : 0);
        pp.king_safety -= sqrt_tenths(qmoves);
        // (v) castling: possible later, possible next move, performed.
        const int rights = pos.castling_rights() & castling_rights_of(us);
        if (rules.castling_later_per_wing)
          pp.castling += 10 * popcount(static_cast<Bitboard>(rights));
        else if (rights)
          pp.castling += 10;
        if (can_castle_now) pp.castling += 10;
        if (just_castled || has_castled(pos, us)) {
          pp.castling += 10;
          if (rules.castling_points_persist && !rights) pp.castling += 20;
        }
        break;
      }
      case pawn: {
        pp.pawn_advance += 2 * (relative_rank(us, s) - 1);                // (vi)
        if (defenders(pos, s, us, rules, !rules.pawn_defends_pawn) >= 1)  // (vii)
          pp.pawn_defence += 3;
        break;
      }
      default:
        break;
    }
  }

  // (viii) a threat of checkmate: a mating move if we were to move again. Decision: only when the
  // enemy king is not already in check (a check is (ix)'s business, and passing is then illegal).
  if (!enemy_in_check) {
    for (const Move& m : moves) {
      if (!pos.gives_check(m)) continue;
      pos.play(m);
      const bool mate = !pos.has_legal_move();
      pos.undo(m);
      if (mate) {
        pp.mate_threat = 10;
        break;
      }
    }
  }
  return pp;
}

bool has_castled(const Position& pos, Color c) { return castled(pos, c) != Castled::no; }

bool considerable(Position& pos, Move m, int ply, Move previous, const TurochampRules& rules) {
  if (ply < rules.full_width_plies) return true;
  const Color mover = pos.side();
  if (pos.is_capture(m)) {
    // A recapture: a capture on the square where the previous (considerable) move captured.
    if (previous && previous != Move::null() && pos.captured_piece() != no_piece &&
        m.to() == previous.to())
      return true;
    const Square victim_sq =
        m.is_en_passant() ? make_square(file_of(m.to()), rank_of(m.from())) : m.to();
    const PieceType victim = type_of(pos.piece_on(victim_sq));
    const PieceType attacker = type_of(pos.moved_piece(m));
    // The capture of an undefended piece.
    if (defenders(pos, victim_sq, ~mover, rules, false) == 0) return true;
    // The capture of a piece of higher value by one of lower value.
    if (piece_value_halves(victim) > piece_value_halves(attacker)) return true;
  }
  // A move giving checkmate.
  if (pos.gives_check(m)) {
    pos.play(m);
    const bool mate = !pos.has_legal_move();
    pos.undo(m);
    if (mate) return true;
  }
  return false;
}

namespace {

// Turing's analysis on the search core (src/search/hooks.hpp). Turing backs values up from the
// machine's side, the greatest where it moves and the least where the opponent does; the core's
// negamax gives the same values seen from the side to move, so every value here is negated where
// the opponent moves (exact for doubles: the same comparisons, the same cut-offs). Alpha-beta
// prunes without changing the value.
struct Analysis {
  using Score = double;  // W/B is a ratio
  Color us;
  const TurochampRules* rules;

  // Mate (+-1000 by the machine's side) and stalemate (decision: as equal material, 1) end the
  // analysis; it knows no drawing rule (fifty moves, repetition) and plays on through them.
  std::optional<double> terminal(Position& pos, int) const {
    if (pos.has_legal_move()) return std::nullopt;
    if (!pos.in_check()) return pos.side() == us ? 1.0 : -1.0;
    return -kMateValue;
  }
  // The cap on how far captures are followed (0: none, the chain ends by itself).
  bool horizon(Position&, int, int ply) const {
    return rules->max_plies > 0 && ply >= rules->max_plies;
  }
  // The considerable moves; where some move is not considerable the position itself, valued as if
  // dead, is a choice too (Turing's (b)); where none is, it is dead.
  bool select(Position& pos, Position::MoveList& moves, int, int ply, const Move* previous) const {
    const std::size_t all = moves.size();
    Position::MoveList chosen;
    for (const Move& m : moves)
      if (considerable(pos, m, ply, previous ? *previous : Move::none(), *rules))
        chosen.push_back(m);
    moves = chosen;
    return moves.size() < all;
  }
};

// The value of a dead position, W/B from the machine's side, seen from the side to move.
struct DeadValue {
  Color us;
  double operator()(Position& pos, int) const {
    const double v = dead_value(pos, us);
    return pos.side() == us ? v : -v;
  }
};

}  // namespace

double analysis_value(Position& pos, Color us, const TurochampRules& rules, Move previous,
                      std::uint64_t& nodes) {
  using Analyser = search::AlphaBeta<Position, DeadValue, search::NoOrdering, Analysis>;
  Analyser analysis(DeadValue{us}, search::NoOrdering{}, nullptr, Analysis{us, &rules});
  // Ply 1: the opponent's reply to the machine's move `previous`. The depth (full-width plies
  // left) is for the record: Turing's rules read the ply.
  const double v = analysis.negamax(pos, rules.full_width_plies - 1, -Analyser::kInf,
                                    Analyser::kInf, 1, &previous);
  nodes += analysis.nodes();
  return pos.side() == us ? v : -v;
}

std::vector<Candidate> evaluate_moves(Position& pos, const TurochampRules& rules,
                                      std::uint64_t& nodes) {
  const Color us = pos.side();
  Position::MoveList moves;
  pos.generate_moves(moves);
  std::vector<Candidate> out;
  out.reserve(moves.size());
  for (const Move& m : moves) {
    pos.play(m);
    Candidate c;
    c.move = m;
    c.value = analysis_value(pos, us, rules, m, nodes);
    c.position_play = position_play(pos, us, rules, m.is_castling()).total();
    pos.undo(m);
    out.push_back(c);
  }
  return out;
}

}  // namespace minimax::chess::turochamp
