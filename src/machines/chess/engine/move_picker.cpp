#include "machines/chess/engine/move_picker.hpp"

#include "machines/chess/engine/see.hpp"

namespace minimax::chess::engine {

namespace {

bool is_noisy(const Position& pos, Move m) { return pos.is_capture(m) || m.is_promotion(); }

}  // namespace

MovePicker::MovePicker(const Position& pos, Position::MoveList& scratch, Move tt_move,
                       const Histories& h, const PieceToHistory* cont1, const PieceToHistory* cont2,
                       Move killer1, Move killer2, Move counter)
    : pos_(pos), list_(scratch), h_(h), cont1_(cont1), cont2_(cont2) {
  tt_move_ = (tt_move && pos.is_legal(tt_move)) ? tt_move : Move::none();
  auto quiet_ok = [&](Move m) {
    return m && m != tt_move_ && !is_noisy(pos, m) && pos.is_legal(m);
  };
  killer1_ = quiet_ok(killer1) ? killer1 : Move::none();
  killer2_ = (killer2 != killer1_ && quiet_ok(killer2)) ? killer2 : Move::none();
  counter_ =
      (counter != killer1_ && counter != killer2_ && quiet_ok(counter)) ? counter : Move::none();
  if (pos.in_check())
    stage_ = tt_move_ ? kEvasionTT : kGenEvasions;
  else
    stage_ = tt_move_ ? kTT : kGenNoisy;
}

MovePicker::MovePicker(const Position& pos, Position::MoveList& scratch, Move tt_move,
                       const Histories& h, const PieceToHistory* cont1, const PieceToHistory* cont2)
    : pos_(pos), list_(scratch), h_(h), cont1_(cont1), cont2_(cont2) {
  const bool usable =
      tt_move && pos.is_legal(tt_move) && (pos.in_check() || is_noisy(pos, tt_move));
  tt_move_ = usable ? tt_move : Move::none();
  if (pos.in_check())
    stage_ = tt_move_ ? kEvasionTT : kGenEvasions;
  else
    stage_ = tt_move_ ? kQsTT : kQsGenNoisy;
}

void MovePicker::score_noisy(int begin, int end) {
  for (int i = begin; i < end; ++i) {
    const Move m = moves_[i].move();
    const Piece mover = pos_.moved_piece(m);
    const PieceType victim = m.is_en_passant() ? pawn : type_of(pos_.piece_on(m.to()));
    int s = 16 * kSeeValue[victim] - kSeeValue[type_of(mover)] / 16;
    if (m.is_promotion()) s += m.promotion_piece() == queen ? 16 * 900 : -16 * 2000;
    s += h_.capture[mover][m.to()][victim] / 8;
    moves_[i].score = s;
  }
}

void MovePicker::score_quiet(int begin, int end) {
  const int us = pos_.side();
  for (int i = begin; i < end; ++i) {
    const Move m = moves_[i].move();
    const Piece p = pos_.moved_piece(m);
    int s = h_.butterfly[us][m.from()][m.to()];
    if (cont1_) s += (*cont1_)[p][m.to()];
    if (cont2_) s += (*cont2_)[p][m.to()];
    moves_[i].score = s;
  }
}

void MovePicker::score_evasions(int begin, int end) {
  const int us = pos_.side();
  for (int i = begin; i < end; ++i) {
    const Move m = moves_[i].move();
    if (is_noisy(pos_, m)) {
      const PieceType victim = m.is_en_passant() ? pawn : type_of(pos_.piece_on(m.to()));
      moves_[i].score =
          (1 << 20) + 16 * kSeeValue[victim] - kSeeValue[type_of(pos_.moved_piece(m))] / 16;
    } else {
      const Piece p = pos_.moved_piece(m);
      int s = h_.butterfly[us][m.from()][m.to()];
      if (cont1_) s += (*cont1_)[p][m.to()];
      moves_[i].score = s;
    }
  }
}

Move MovePicker::pick_best(int end) {
  int best = cur_;
  for (int i = cur_ + 1; i < end; ++i)
    if (moves_[i].score > moves_[best].score) best = i;
  std::swap(moves_[cur_], moves_[best]);
  return moves_[cur_++].move();
}

Move MovePicker::next(bool skip_quiets) {
  while (true) {
    switch (stage_) {
      case kTT:
      case kEvasionTT:
      case kQsTT:
        ++stage_;
        return tt_move_;

      case kGenNoisy:
      case kQsGenNoisy: {
        Position::MoveList& list = list_;
        pos_.generate_noisy(list);
        cur_ = bad_end_ = 0;
        end_ = 0;
        for (Move m : list)
          if (m != tt_move_) moves_[end_++] = {m.raw(), 0};
        score_noisy(0, end_);
        ++stage_;
        break;
      }

      case kGoodNoisy:
        while (cur_ < end_) {
          const Move m = pick_best(end_);
          const int score = moves_[cur_ - 1].score;
          // Losing captures wait until after the quiet moves.
          if (!see_ge(pos_, m, -score / 256)) {
            moves_[bad_end_++] = moves_[cur_ - 1];
            continue;
          }
          return m;
        }
        ++stage_;
        break;

      case kKiller1:
        ++stage_;
        if (!skip_quiets && killer1_) return killer1_;
        break;
      case kKiller2:
        ++stage_;
        if (!skip_quiets && killer2_) return killer2_;
        break;
      case kCounter:
        ++stage_;
        if (!skip_quiets && counter_) return counter_;
        break;

      case kGenQuiet:
        if (!skip_quiets) {
          Position::MoveList& list = list_;
          pos_.generate_quiet(list);
          cur_ = end_;
          for (Move m : list)
            if (!is_special(m)) moves_[end_++] = {m.raw(), 0};
          score_quiet(cur_, end_);
        } else {
          cur_ = end_;
        }
        ++stage_;
        break;

      case kQuiet:
        if (!skip_quiets && cur_ < end_) return pick_best(end_);
        stage_ = kBadNoisy;
        bad_cur_ = 0;
        break;

      case kBadNoisy:
        if (bad_cur_ < bad_end_) return moves_[bad_cur_++].move();
        stage_ = kDone;
        break;

      case kGenEvasions: {
        Position::MoveList& list = list_;
        pos_.generate_moves(list);
        cur_ = end_ = 0;
        for (Move m : list)
          if (m != tt_move_) moves_[end_++] = {m.raw(), 0};
        score_evasions(0, end_);
        ++stage_;
        break;
      }

      case kEvasions:
        if (cur_ < end_) return pick_best(end_);
        stage_ = kDone;
        break;

      case kQsNoisy:
        if (cur_ < end_) return pick_best(end_);
        stage_ = kDone;
        break;

      case kDone:
      default:
        return Move::none();
    }
  }
}

}  // namespace minimax::chess::engine
