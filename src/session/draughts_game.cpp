#include "session/draughts_game.hpp"

#include <fstream>

#include "core/atomic_file.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/pdn.hpp"
#include "machines/draughts/hub_engine.hpp"

namespace minimax::session {

using draughts::Draughts;

GameAdapter<Draughts> draughts_adapter() {
  GameAdapter<Draughts> a;
  a.end_reason = [](const Draughts& p) -> std::string {
    if (!p.has_legal_move()) return "no legal move";
    if (p.draw_rules().threefold && p.repetitions() >= 3) return "threefold repetition";
    return "40-move rule";
  };
  a.move_text = [](const Draughts& p, const draughts::Move& m) -> std::string {
    if (m == draughts::Move{}) return "(none)";
    if (is_legal_move(p, m)) return draughts::move_text(p, m);
    return std::to_string(m.from + 1) + "-" + std::to_string(m.to + 1);
  };
  a.tell_game = draughts::tell_hub_game;
  return a;
}

void PdnRecord::game_ended(const DraughtsResult& r) {
  const std::string result = result_text(r);
  draughts::PdnGame pdn;
  pdn.start = opening_.empty() ? r.start : Draughts();
  for (const auto& m : opening_) pdn.moves.push_back({m, ""});
  pdn.tags = tags_;
  pdn.tags.emplace_back("Result", result);
  pdn.tags.emplace_back("GameType", "21");
  pdn.tags.emplace_back("Termination", r.reason);
  for (const auto& m : r.moves) pdn.moves.push_back({m, ""});
  pdn.result = result;
  if (const Status st = append_file_atomically(path_, draughts::write_pdn(pdn) + '\n')) {
    written_ = true;
    failure_.clear();
  } else {
    failure_ = st.error();
    if (err_ && !warned_) {
      warned_ = true;
      *err_ << st.error() << '\n';
    }
  }
}

}  // namespace minimax::session
