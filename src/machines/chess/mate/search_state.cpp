#include "machines/chess/mate/search_state.hpp"

#include "games/chess/attacks.hpp"
#include "machines/chess/mate/problem_rules.hpp"

namespace minimax::chess::mate {

bool SearchState::out_of_budget() {
  if (aborted) return true;
  if ((nodes & 1023) != 0) return false;
  if (cancel && cancel->load(std::memory_order_relaxed)) {
    cancelled = true;
    return aborted = true;
  }
  if (trial_limit != 0 && nodes >= trial_limit) {
    cancelled = true;
    return aborted = true;
  }
  if (problem.options.node_limit != 0 && nodes >= problem.options.node_limit) aborted = true;
  if (problem.options.stop && problem.options.stop->load(std::memory_order_relaxed)) aborted = true;
  if (problem.options.time_limit_s > 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
          problem.options.time_limit_s)
    aborted = true;
  return aborted;
}

bool Problem::goal_reached(const Position& pos) const {
  const bool has = has_problem_move(pos, rules);
  return goal_is_stalemate(stip) ? !has && !pos.in_check() : is_mated(pos, rules, has);
}

void Problem::last_move_candidates(Position& pos, bool stalemate, Position::MoveList& list) const {
  if (rules.orthodox() && !stalemate) {
    pos.generate_checks(list);
    return;
  }
  generate_problem_moves(pos, rules, list);
  if (rules.stalemate_is_mate) return;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (pos.gives_check(list[i]) != stalemate) list[kept++] = list[i];
  list.resize(kept);
}

bool Problem::reaches_goal(Position& pos, Move m) const {
  if (!goal_is_stalemate(stip) && rules.orthodox() && king_keeps_flight(pos, m)) return false;
  pos.play(m);
  const bool ok = goal_reached(pos);
  pos.undo(m);
  return ok;
}

// The squares next to the king that hold none of its own men are tested against the attackers as
// they stand after m (the king itself taken off the board, so that a slider's line runs on through
// its square).
bool king_keeps_flight(const Position& pos, Move m) {
  if (m.is_castling() || m.is_en_passant() || m.is_promotion()) return false;
  const Color us = pos.side(), them = ~us;
  const Square ksq = pos.king_square(them);
  Bitboard flights = king_attacks(ksq) & ~pos.pieces(them);
  if (!flights) return false;
  const Square from = m.from(), to = m.to();
  const PieceType moved = type_of(pos.moved_piece(m));
  const Bitboard occupied = ((pos.pieces() ^ bb(from)) | bb(to)) & ~bb(ksq);
  auto after = [&](PieceType t) {
    const Bitboard b = pos.pieces(us, t) & ~bb(from);
    return t == moved ? b | bb(to) : b;
  };
  const Bitboard pawns = after(pawn), knights = after(knight), kings = after(king);
  const Bitboard diagonal = after(bishop) | after(queen), straight = after(rook) | after(queen);
  while (flights) {
    const Square f = pop_lsb(flights);
    if ((pawn_attacks(them, f) & pawns) || (knight_attacks(f) & knights) ||
        (king_attacks(f) & kings) || (bishop_attacks(f, occupied) & diagonal) ||
        (rook_attacks(f, occupied) & straight))
      continue;
    return true;
  }
  return false;
}

}  // namespace minimax::chess::mate
