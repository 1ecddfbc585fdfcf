#pragma once
// King and pawn against king by rule: Turing's other "quite definite programme"
// (docs/endgame-rules.md).
#include <optional>

#include "machines/chess/endgame_rules/mini_board.hpp"

namespace minimax::chess::endgame {

// The side with the pawn (White to move, a pawn on the board).
std::optional<MiniMove> kpk_pawn_move(const Mini& s);
// Won for White by the rules of docs/endgame-rules.md (the key squares, the square, the race),
// for either side to move: a static judgement, no look-ahead and no table.
bool kpk_won_by_rules(const Mini& s);
// The number of the rule (docs/endgame-rules.md) that decides kpk_won_by_rules.
int kpk_deciding_rule(const Mini& s);
// The lone king (Black to move, against king and pawn).
std::optional<MiniMove> kpk_king_move(const Mini& s);

}  // namespace minimax::chess::endgame
