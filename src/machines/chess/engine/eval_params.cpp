#include "machines/chess/engine/eval_params.hpp"

#include <cmath>
#include <cstdlib>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>

#include "core/text.hpp"

namespace minimax::chess::engine {

namespace {

constexpr ParamGroup kGroups[] = {
    {"material", kMaterial, 5},
    {"pst", kPst, 6 * 64},
    {"knight_mobility", kKnightMobility, 9},
    {"bishop_mobility", kBishopMobility, 14},
    {"rook_mobility", kRookMobility, 15},
    {"queen_mobility", kQueenMobility, 28},
    {"passed_pawn", kPassedPawn, 8},
    {"passed_own_king", kPassedOwnKing, 1},
    {"passed_enemy_king", kPassedEnemyKing, 1},
    {"passed_free_path", kPassedFreePath, 8},
    {"connected_pawn", kConnectedPawn, 8},
    {"doubled_pawn", kDoubledPawn, 1},
    {"isolated_pawn", kIsolatedPawn, 1},
    {"backward_pawn", kBackwardPawn, 1},
    {"bishop_pair", kBishopPair, 1},
    {"rook_open_file", kRookOpenFile, 1},
    {"rook_semi_open_file", kRookSemiOpenFile, 1},
    {"rook_seventh", kRookSeventh, 1},
    {"knight_outpost", kKnightOutpost, 1},
    {"bishop_outpost", kBishopOutpost, 1},
    {"king_attack", kKingAttack, 6},
    {"king_shield_near", kKingShieldNear, 1},
    {"king_shield_far", kKingShieldFar, 1},
    {"king_open_file", kKingOpenFile, 1},
    {"threat_by_pawn", kThreatByPawn, 1},
    {"threat_by_minor", kThreatByMinor, 1},
    {"threat_by_rook", kThreatByRook, 1},
    {"hanging_piece", kHangingPiece, 1},
    {"tempo", kTempo, 1},
};

// Distance of a square from the four centre squares, in king steps (0 on d4/e4/d5/e5, 3 on the
// rim).
int centre_distance(int file, int rank) {
  const int df = file < 4 ? 3 - file : file - 4;
  const int dr = rank < 4 ? 3 - rank : rank - 4;
  return std::max(df, dr);
}
// Sum of file and rank distances from the centre (0..6).
int centre_manhattan(int file, int rank) {
  const int df = file < 4 ? 3 - file : file - 4;
  const int dr = rank < 4 ? 3 - rank : rank - 4;
  return df + dr;
}

// A mobility curve that rises fast for the first few squares and then flattens: a piece with
// no moves is nearly trapped, one with many is only a little better than one with some.
void mobility_curve(EvalParams& p, int offset, int count, int mg_scale, int eg_scale,
                    double typical) {
  for (int i = 0; i < count; ++i) {
    const double x = std::sqrt(static_cast<double>(i)) - std::sqrt(typical);
    p[offset + i] =
        S(static_cast<int>(std::lround(mg_scale * x)), static_cast<int>(std::lround(eg_scale * x)));
  }
}

}  // namespace

std::span<const ParamGroup> param_groups() { return kGroups; }

EvalParams default_params() {
  EvalParams p{};
  // Material: the textbook 1-3-3-5-9 in centipawns, the bishop a shade above the knight, rooks
  // and pawns worth more once the board empties.
  p[kMaterial + 0] = S(85, 110);
  p[kMaterial + 1] = S(320, 300);
  p[kMaterial + 2] = S(335, 320);
  p[kMaterial + 3] = S(460, 540);
  p[kMaterial + 4] = S(960, 1000);

  for (int sq = 0; sq < 64; ++sq) {
    const int f = sq & 7, r = sq >> 3;
    const int cd = centre_distance(f, r), cm = centre_manhattan(f, r);
    const bool centre_file = f == 3 || f == 4;
    // Pawns: occupy the centre in the middle game; every step forward counts in the end game.
    int pawn_mg = 0, pawn_eg = 0;
    if (r >= 1 && r <= 6) {
      pawn_mg = centre_file ? (r - 1) * 7 - 4 : (f == 2 || f == 5) ? (r - 1) * 4 : (r - 1) * 2;
      pawn_eg = (r - 1) * 4;
    }
    p[kPst + 0 * 64 + sq] = S(pawn_mg, pawn_eg);
    // Knights: "a knight on the rim is dim"; forward squares are better posts.
    p[kPst + 1 * 64 + sq] = S(18 - 9 * cm + (r >= 3 && r <= 5 ? 6 : 0), 12 - 7 * cm);
    // Bishops: central, and the long diagonals.
    const bool long_diagonal = f == r || f + r == 7;
    p[kPst + 2 * 64 + sq] = S(8 - 4 * cd + (long_diagonal ? 6 : 0), 6 - 4 * cd);
    // Rooks: the central files a little, the seventh rank (handled also as a term) a little.
    p[kPst + 3 * 64 + sq] =
        S((centre_file ? 6 : 0) + (r == 6 ? 8 : 0) - (f == 0 || f == 7 ? 3 : 0), 0);
    // Queen: stays out of the rim; centralises in the end game.
    p[kPst + 4 * 64 + sq] = S(-3 * cd + (r == 0 ? 0 : 2), 12 - 5 * cd);
    // King: castled and sheltered in the middle game, central in the end game.
    int king_mg;
    if (r == 0)
      king_mg = (f == 1 || f == 6)             ? 30
                : (f == 0 || f == 2 || f == 7) ? 20
                : (f == 3 || f == 5)           ? 0
                                               : -5;
    else if (r == 1)
      king_mg = (f == 3 || f == 4) ? -25 : -10;
    else
      king_mg = -30 - 12 * (r - 2);
    p[kPst + 5 * 64 + sq] = S(king_mg, 40 - 12 * cm + (cm == 0 ? 5 : 0));
  }

  mobility_curve(p, kKnightMobility, 9, 24, 28, 4.0);
  mobility_curve(p, kBishopMobility, 14, 28, 34, 6.0);
  mobility_curve(p, kRookMobility, 15, 16, 40, 6.0);
  mobility_curve(p, kQueenMobility, 28, 12, 30, 12.0);

  // Passed pawns: the bonus grows steeply as the pawn nears promotion, more so in the end game.
  const int passed_mg[8] = {0, 2, 6, 12, 24, 45, 75, 0};
  const int passed_eg[8] = {0, 10, 16, 28, 50, 85, 130, 0};
  const int free_eg[8] = {0, 0, 2, 5, 12, 25, 45, 0};
  const int connected[8] = {0, 4, 6, 10, 18, 32, 55, 0};
  for (int r = 0; r < 8; ++r) {
    p[kPassedPawn + r] = S(passed_mg[r], passed_eg[r]);
    p[kPassedFreePath + r] = S(free_eg[r] / 3, free_eg[r]);
    p[kConnectedPawn + r] = S(connected[r], connected[r] * 3 / 4);
  }
  p[kPassedOwnKing] = S(0, -2);
  p[kPassedEnemyKing] = S(0, 4);

  // Pawn weaknesses (Shannon's appendix names doubled, isolated and backward pawns).
  p[kDoubledPawn] = S(-8, -20);
  p[kIsolatedPawn] = S(-10, -12);
  p[kBackwardPawn] = S(-8, -8);

  p[kBishopPair] = S(30, 50);
  p[kRookOpenFile] = S(35, 12);
  p[kRookSemiOpenFile] = S(15, 8);
  p[kRookSeventh] = S(10, 25);
  p[kKnightOutpost] = S(25, 12);
  p[kBishopOutpost] = S(14, 6);

  // King safety: each square of the king's zone that an enemy piece attacks.
  p[kKingAttack + 0] = S(4, 0);   // pawn
  p[kKingAttack + 1] = S(9, 1);   // knight
  p[kKingAttack + 2] = S(7, 1);   // bishop
  p[kKingAttack + 3] = S(9, 1);   // rook
  p[kKingAttack + 4] = S(13, 2);  // queen
  p[kKingAttack + 5] = S(0, 0);   // king
  p[kKingShieldNear] = S(14, 0);
  p[kKingShieldFar] = S(7, 0);
  p[kKingOpenFile] = S(-18, 0);

  p[kThreatByPawn] = S(50, 40);
  p[kThreatByMinor] = S(35, 30);
  p[kThreatByRook] = S(35, 20);
  p[kHangingPiece] = S(20, 15);
  p[kTempo] = S(15, 5);
  return p;
}

EvalParams tuned_params() {
  // The tuner's output (`group index mg eg` lines), compiled in.
  static constexpr std::string_view kTuned =
#include "machines/chess/engine/eval_tuned.inc"
      ;
  EvalParams p = default_params();
  std::istringstream in{std::string(kTuned)};
  if (!read_params(in, p))
    std::abort();  // malformed tuner output: every test that evaluates fails at once
  return p;
}

EvalParams& eval_params() {
  static EvalParams params = tuned_params();
  return params;
}

void write_params(std::ostream& out, const EvalParams& params) {
  for (const auto& g : kGroups)
    for (int i = 0; i < g.count; ++i)
      out << g.name << ' ' << i << ' ' << mg_value(params[g.offset + i]) << ' '
          << eg_value(params[g.offset + i]) << '\n';
}

Status read_params(std::istream& in, EvalParams& params) {
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    auto t = split_whitespace(line);
    if (t.empty() || t[0][0] == '#') continue;
    if (t.size() != 4)
      return Error{"eval params line " + std::to_string(line_no) +
                   ": expected 'group index mg eg'"};
    const ParamGroup* group = nullptr;
    for (const auto& g : kGroups)
      if (g.name == t[0]) group = &g;
    if (!group)
      return Error{"eval params line " + std::to_string(line_no) + ": unknown group '" + t[0] +
                   "'"};
    auto i = parse_int(t[1]), mg = parse_int(t[2]), eg = parse_int(t[3]);
    if (!i || *i < 0 || *i >= group->count)
      return Error{"eval params line " + std::to_string(line_no) + ": bad index '" + t[1] + "'"};
    if (!mg || !eg || std::abs(*mg) > 30000 || std::abs(*eg) > 30000)
      return Error{"eval params line " + std::to_string(line_no) + ": bad value"};
    params[group->offset + *i] = S(static_cast<int>(*mg), static_cast<int>(*eg));
  }
  return Ok{};
}

}  // namespace minimax::chess::engine
