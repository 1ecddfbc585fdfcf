#include "machines/chess/players.hpp"

#include "core/text.hpp"
#include "machines/chess/uci_engine.hpp"

namespace minimax::chess {

Expected<std::unique_ptr<chess::ChessPlayer>> make_chess_player(std::string_view spec) {
  if (starts_with(spec, "uci:")) {
    auto e = UciEngine::start(std::string(spec.substr(4)));
    if (!e) return Error{e.error()};
    return std::unique_ptr<chess::ChessPlayer>(std::move(*e));
  }
  return player_from_spec<Position>(spec, strongest_chess_machine(), make_chess_machine);
}

}  // namespace minimax::chess
