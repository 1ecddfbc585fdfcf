#include "machines/chess/engine/evaluate.hpp"

#include <algorithm>
#include <cstdlib>

#include "games/chess/attacks.hpp"

namespace minimax::chess::engine {

namespace {

// Pawn-structure masks, built once.
struct Masks {
  Bitboard adjacent_files[8];
  Bitboard forward_file[2][64];  // squares ahead on the same file
  Bitboard passed_span[2][64];   // squares ahead on the same and adjacent files
  Bitboard
      attack_span[2][64];  // squares ahead on adjacent files (where enemy pawns could attack from)
  Bitboard
      behind_adjacent[2][64];  // adjacent files, same rank and behind (where support can come from)
  Bitboard king_zone[64];
  int distance[64][64];

  Masks() {
    for (int f = 0; f < 8; ++f)
      adjacent_files[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
    for (int s = 0; s < 64; ++s) {
      const int f = s & 7, r = s >> 3;
      for (int c = 0; c < 2; ++c) {
        Bitboard ahead = 0, behind = 0;
        for (int rr = 0; rr < 8; ++rr) {
          const bool is_ahead = c == white ? rr > r : rr < r;
          if (is_ahead)
            ahead |= rank_bb(rr);
          else
            behind |= rank_bb(rr);  // includes the pawn's own rank
        }
        forward_file[c][s] = ahead & file_bb(f);
        attack_span[c][s] = ahead & adjacent_files[f];
        passed_span[c][s] = forward_file[c][s] | attack_span[c][s];
        behind_adjacent[c][s] = behind & adjacent_files[f];
      }
      king_zone[s] = king_attacks(Square(s)) | bb(Square(s));
      for (int t = 0; t < 64; ++t)
        distance[s][t] = std::max(std::abs(f - (t & 7)), std::abs(r - (t >> 3)));
    }
  }
};

const Masks& masks() {
  static const Masks m;
  return m;
}

constexpr Bitboard shift_up(Color c, Bitboard b) { return c == white ? b << 8 : b >> 8; }
inline Bitboard pawn_attack_set(Color c, Bitboard pawns) {
  constexpr Bitboard not_a = ~file_bb(0), not_h = ~file_bb(7);
  return c == white ? ((pawns & not_a) << 7) | ((pawns & not_h) << 9)
                    : ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7);
}

template <bool kTrace>
class Evaluator {
 public:
  Evaluator(const Position& pos, const EvalParams& params, EvalTrace* trace)
      : pos_(pos), p_(params), trace_(trace), m_(masks()) {}

  int run() {
    for (Color c : {white, black}) {
      attacked_[c][pawn] = pawn_attack_set(c, pos_.pieces(c, pawn));
      attacked_[c][king] = king_attacks(pos_.king_square(c));
      attacked_[c][0] = attacked_[c][pawn] | attacked_[c][king];
      attacked2_[c] = attacked_[c][pawn] & attacked_[c][king];
      king_zone_[c] = m_.king_zone[pos_.king_square(c)];
    }
    for (Color c : {white, black}) {
      const Color them = ~c;
      mobility_area_[c] = ~(pos_.pieces(c, pawn) | pos_.pieces(c, king) | attacked_[them][pawn]);
    }
    for (Color c : {white, black}) {
      material_and_placement(c);
      pawns(c);
    }
    for (Color c : {white, black}) {
      pieces<knight>(c);
      pieces<bishop>(c);
      pieces<rook>(c);
      pieces<queen>(c);
    }
    for (Color c : {white, black}) {
      king_safety(c);
      threats(c);
      if (pos_.count(c, bishop) >= 2) add(c, kBishopPair);
    }
    add(pos_.side(), kTempo);

    const Score s = score_[white] - score_[black];
    const int phase =
        std::min(kMaxPhase, pos_.count(white, knight) + pos_.count(black, knight) +
                                pos_.count(white, bishop) + pos_.count(black, bishop) +
                                2 * (pos_.count(white, rook) + pos_.count(black, rook)) +
                                4 * (pos_.count(white, queen) + pos_.count(black, queen)));
    const int scale = end_game_scale(eg_value(s) > 0 ? white : black);
    if constexpr (kTrace) {
      trace_->phase = phase;
      trace_->scale = scale;
    }
    return taper(s, phase, scale);
  }

 private:
  void add(Color c, int index, int n = 1) {
    score_[c] += p_[index] * n;
    if constexpr (kTrace)
      trace_->coef[index] = static_cast<std::int16_t>(trace_->coef[index] + (c == white ? n : -n));
  }

  static int relative_square(Color c, Square s) { return c == white ? s : flip_rank(s); }

  void material_and_placement(Color c) {
    for (int t = pawn; t <= king; ++t) {
      Bitboard b = pos_.pieces(c, PieceType(t));
      while (b) {
        const Square s = pop_lsb(b);
        if (t != king) add(c, kMaterial + t - 1);
        add(c, kPst + (t - 1) * 64 + relative_square(c, s));
      }
    }
  }

  void pawns(Color c) {
    const Color them = ~c;
    const Bitboard own = pos_.pieces(c, pawn), enemy = pos_.pieces(them, pawn);
    Bitboard b = own;
    while (b) {
      const Square s = pop_lsb(b);
      const int f = file_of(s), rr = relative_rank(c, s);
      const Square stop = Square(c == white ? s + 8 : s - 8);
      const bool isolated = (own & m_.adjacent_files[f]) == 0;
      if (own & m_.forward_file[c][s]) add(c, kDoubledPawn);
      if (isolated) add(c, kIsolatedPawn);
      // Supported (a pawn defends it) or in a phalanx (a pawn beside it).
      const Bitboard beside = m_.adjacent_files[f] & rank_bb(rank_of(s));
      if ((pawn_attacks(them, s) & own) || (beside & own)) add(c, kConnectedPawn + rr);
      // Backward: no friendly pawn beside or behind can ever defend it, and its stop square is
      // watched by an enemy pawn, so it can neither advance safely nor be supported.
      if (!isolated && !(own & m_.behind_adjacent[c][s]) && (pawn_attacks(c, stop) & enemy))
        add(c, kBackwardPawn);
      if (!(enemy & m_.passed_span[c][s]) && !(own & m_.forward_file[c][s])) {
        add(c, kPassedPawn + rr);
        if (rr >= 3) {
          const int weight = rr - 2;
          add(c, kPassedOwnKing, m_.distance[pos_.king_square(c)][stop] * weight);
          add(c, kPassedEnemyKing, m_.distance[pos_.king_square(them)][stop] * weight);
        }
        if (!(pos_.pieces() & m_.forward_file[c][s])) add(c, kPassedFreePath + rr);
      }
    }
  }

  template <PieceType kType>
  void pieces(Color c) {
    const Color them = ~c;
    Bitboard b = pos_.pieces(c, kType);
    const Bitboard occupied = pos_.pieces();
    while (b) {
      const Square s = pop_lsb(b);
      Bitboard a;
      // Sliders see through their own queens and (rooks) rooks: a battery counts as mobility.
      if constexpr (kType == knight)
        a = knight_attacks(s);
      else if constexpr (kType == bishop)
        a = bishop_attacks(s, occupied ^ pos_.pieces(c, queen));
      else if constexpr (kType == rook)
        a = rook_attacks(s, occupied ^ pos_.pieces(c, queen) ^ pos_.pieces(c, rook));
      else
        a = queen_attacks(s, occupied);
      if (pos_.blockers_for_king(c) & bb(s)) a &= line(pos_.king_square(c), s);  // pinned

      attacked2_[c] |= attacked_[c][0] & a;
      attacked_[c][0] |= a;
      attacked_[c][kType] |= a;

      const int mob = popcount(a & mobility_area_[c]);
      if constexpr (kType == knight)
        add(c, kKnightMobility + std::min(mob, 8));
      else if constexpr (kType == bishop)
        add(c, kBishopMobility + std::min(mob, 13));
      else if constexpr (kType == rook)
        add(c, kRookMobility + std::min(mob, 14));
      else
        add(c, kQueenMobility + std::min(mob, 27));

      if (a & king_zone_[them]) {
        ++king_attackers_[c];
        king_attack_squares_[c][kType] += popcount(a & king_zone_[them]);
      }

      if constexpr (kType == knight || kType == bishop) {
        const int rr = relative_rank(c, s);
        const bool protected_by_pawn = attacked_[c][pawn] & bb(s);
        const bool safe = !(pos_.pieces(them, pawn) & m_.attack_span[c][s]);
        if (rr >= 3 && rr <= 5 && protected_by_pawn && safe)
          add(c, kType == knight ? kKnightOutpost : kBishopOutpost);
      }
      if constexpr (kType == rook) {
        const Bitboard file = file_bb(file_of(s));
        if (!(pos_.pieces(pawn) & file))
          add(c, kRookOpenFile);
        else if (!(pos_.pieces(c, pawn) & file))
          add(c, kRookSemiOpenFile);
        if (relative_rank(c, s) == 6 && ((pos_.pieces(them, pawn) & rank_bb(c == white ? 6 : 1)) ||
                                         relative_rank(c, pos_.king_square(them)) == 7))
          add(c, kRookSeventh);
      }
    }
  }

  // c's attack on the enemy king, and the enemy king's shelter, both credited to c's score when
  // favourable to c; the shelter terms are credited to the king's own side.
  void king_safety(Color c) {
    const Color them = ~c;
    // The attack counts only when two pieces join it (or the queen comes with any help): one
    // piece alone near a king rarely achieves anything.
    const bool has_queen = king_attack_squares_[c][queen] > 0;
    if (king_attackers_[c] >= 2 ||
        (has_queen && king_attackers_[c] >= 1 && (attacked_[c][pawn] & king_zone_[them]))) {
      for (int t = knight; t <= queen; ++t)
        if (king_attack_squares_[c][t]) add(c, kKingAttack + t - 1, king_attack_squares_[c][t]);
      const int pawn_squares = popcount(attacked_[c][pawn] & king_zone_[them]);
      if (pawn_squares) add(c, kKingAttack + 0, pawn_squares);
    }
    // Own king shelter.
    const Square k = pos_.king_square(c);
    const int kf = std::clamp(file_of(k), 1, 6);
    const Bitboard own = pos_.pieces(c, pawn);
    for (int f = kf - 1; f <= kf + 1; ++f) {
      const Bitboard file = file_bb(f);
      if (!(own & file)) {
        add(c, kKingOpenFile);
        continue;
      }
      const int r1 = rank_of(k) + (c == white ? 1 : -1), r2 = rank_of(k) + (c == white ? 2 : -2);
      if (r1 >= 0 && r1 < 8 && (own & file & rank_bb(r1)))
        add(c, kKingShieldNear);
      else if (r2 >= 0 && r2 < 8 && (own & file & rank_bb(r2)))
        add(c, kKingShieldFar);
    }
  }

  void threats(Color c) {
    const Color them = ~c;
    const Bitboard pieces_ =
        pos_.pieces(them) & ~pos_.pieces(them, pawn) & ~pos_.pieces(them, king);
    const Bitboard majors = pos_.pieces(them, rook) | pos_.pieces(them, queen);
    if (int n = popcount(attacked_[c][pawn] & pieces_)) add(c, kThreatByPawn, n);
    if (int n = popcount((attacked_[c][knight] | attacked_[c][bishop]) & majors))
      add(c, kThreatByMinor, n);
    if (int n = popcount(attacked_[c][rook] & pos_.pieces(them, queen))) add(c, kThreatByRook, n);
    if (int n = popcount(attacked_[c][0] & ~attacked_[them][0] & pieces_)) add(c, kHangingPiece, n);
  }

  int non_pawn_material(Color c) const {
    return 320 * pos_.count(c, knight) + 330 * pos_.count(c, bishop) + 500 * pos_.count(c, rook) +
           950 * pos_.count(c, queen);
  }

  // Draw-ish endings: the stronger side without pawns needs more than a minor piece's edge, and
  // opposite-coloured bishops with nothing else halve the end-game advantage.
  int end_game_scale(Color strong) const {
    const Color weak = ~strong;
    const int npm_strong = non_pawn_material(strong), npm_weak = non_pawn_material(weak);
    if (pos_.count(strong, pawn) == 0) {
      if (npm_strong <= 330) return 0;
      if (npm_strong - npm_weak <= 330) return 12;
    }
    constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
    const Bitboard wb = pos_.pieces(white, bishop), bbish = pos_.pieces(black, bishop);
    if (popcount(wb) == 1 && popcount(bbish) == 1 && npm_strong == 330 && npm_weak == 330 &&
        (((wb & kDark) != 0) != ((bbish & kDark) != 0)))
      return 32;
    return kScaleNormal;
  }

  const Position& pos_;
  const EvalParams& p_;
  EvalTrace* trace_;
  const Masks& m_;
  Score score_[2] = {0, 0};
  Bitboard attacked_[2][7] = {};
  Bitboard attacked2_[2] = {};
  Bitboard king_zone_[2] = {};
  Bitboard mobility_area_[2] = {};
  int king_attackers_[2] = {0, 0};
  int king_attack_squares_[2][7] = {};
};

}  // namespace

int evaluate(const Position& pos) {
  const int v = Evaluator<false>(pos, eval_params(), nullptr).run();
  return pos.side() == white ? v : -v;
}

int evaluate_traced(const Position& pos, const EvalParams& params, EvalTrace& trace) {
  trace = EvalTrace{};
  return Evaluator<true>(pos, params, &trace).run();
}

}  // namespace minimax::chess::engine
