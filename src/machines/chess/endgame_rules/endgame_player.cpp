#include "machines/chess/endgame_rules/endgame_player.hpp"

#include "machines/chess/endgame_rules/rules.hpp"

namespace minimax::chess {

Thought<Move> EndgameRulesPlayer::choose(const Position& position, const Limits&) {
  Thought<Move> t;
  const auto view = endgame::read_mini(position);
  const PieceType wanted = ending_ == Ending::krk ? rook : pawn;
  // After promotion the KPK program goes on with the KRK program's mate.
  const bool ours =
      view && (view->mini.type == wanted || (ending_ == Ending::kpk && view->mini.type == rook));
  if (!ours) {
    t.resigns = true;
    t.explanation =
        ending_ == Ending::krk
            ? "krk plays only king and rook against king"
            : "kpk plays only king and pawn against king (and the rook's mate after it)";
    return t;
  }
  const auto m = endgame::rule_move(view->mini);
  if (!m) return t;  // no legal move: the game is over
  t.move = endgame::to_move(*view, *m);
  t.line = {t.move};
  t.depth = 1;
  t.explanation = view->mini.white_to_move ? "the strong side's rules" : "the lone king's rules";
  return t;
}

std::unique_ptr<ChessPlayer> make_krk_rules() {
  return std::make_unique<EndgameRulesPlayer>(EndgameRulesPlayer::Ending::krk);
}
std::unique_ptr<ChessPlayer> make_kpk_rules() {
  return std::make_unique<EndgameRulesPlayer>(EndgameRulesPlayer::Ending::kpk);
}

}  // namespace minimax::chess
