#pragma once
// King and pawn against king by rule: Turing's other "quite definite programme"
// (docs/endgame-rules.md).
#include <optional>

#include "machines/chess/endgame_rules/mini_board.hpp"

namespace minimax::chess::endgame {

// The side with the pawn (White to move, a pawn on the board).
std::optional<MiniMove> kpk_pawn_move(const Mini& s);
// Won for White by the rules of docs/endgame-rules.md (the key squares, the square, the race).
bool kpk_won_by_rules(const Mini& s);
// The rules applied after a look-ahead of `plies` half-moves (every move of both sides): won when
// the pawn's side can force a position the rules (or mate, or a safe promotion) call won.
bool kpk_won_ahead(const Mini& s, int plies);
// The lone king (Black to move, against king and pawn).
std::optional<MiniMove> kpk_king_move(const Mini& s);

}  // namespace minimax::chess::endgame
