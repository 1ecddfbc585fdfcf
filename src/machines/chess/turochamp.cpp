#include "machines/chess/turochamp.hpp"

#include <cmath>
#include <cstdio>

#include "core/text.hpp"
#include "machines/chess/endgame_rules/rules.hpp"

namespace minimax::chess {

Turochamp::Turochamp(std::uint64_t seed) : seed_(seed), rng_(seed) {
  options_.seed(seed_, rng_)
      .spin("MaxPlies", 0, 0, 64,
            "cap on how far captures are followed (0: as far as they go, Turing's rule)",
            &rules_.max_plies);
  // Turing (1953): the scheme "is futile in the end game", which wants "quite definite
  // programmes" for mate with rook and king and for king and pawn against king
  // (docs/endgame-rules.md). Off by default, so the paper's games replay unchanged.
  options_.combo("Endgame", "none", {"none", "rules"},
                 "rules: KRK and KPK positions are played by the end-game rule programs",
                 [this](const std::string& v) -> Status {
                   endgame_rules_ = v == "rules";
                   return Ok{};
                 });
}

Thought<Move> Turochamp::choose(const Position& position, const Limits&) {
  Thought<Move> t;
  if (endgame_rules_) {
    if (const auto m = endgame::rule_move(position)) {
      t.move = *m;
      t.line = {*m};
      t.depth = 1;
      t.explanation = "Endgame=rules: the end-game rule program's move (docs/endgame-rules.md)";
      return t;
    }
  }
  Position pos = position;
  std::uint64_t nodes = 0;
  const auto candidates = turochamp::evaluate_moves(pos, rules_, nodes);
  if (candidates.empty()) return t;
  // The rule of play: greatest value; consistent with it, greatest position-play value.
  double best_value = candidates.front().value;
  for (const auto& c : candidates) best_value = std::max(best_value, c.value);
  int best_pp = -1000000;
  for (const auto& c : candidates)
    if (c.value == best_value) best_pp = std::max(best_pp, c.position_play);
  std::vector<const turochamp::Candidate*> ties;
  for (const auto& c : candidates)
    if (c.value == best_value && c.position_play == best_pp) ties.push_back(&c);
  const auto* pick = ties[ties.size() == 1 ? 0 : rng_.below(ties.size())];

  t.move = pick->move;
  t.nodes = nodes;
  t.depth = rules_.full_width_plies;
  t.score = static_cast<int>(std::lround(pick->value * 100));  // the value W/B, in hundredths
  t.line = {pick->move};

  const auto before = turochamp::position_play(position, position.side(), rules_);
  pos.play(pick->move);
  const auto after =
      turochamp::position_play(pos, position.side(), rules_, pick->move.is_castling());
  pos.undo(pick->move);
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "value %.3f (W/B by analysis; %zu moves equal in value and position-play), "
                "position-play %+.1f",
                pick->value, ties.size(), (after.total() - before.total()) / 10.0);
  t.explanation =
      std::string(buf) + "\n  before: " + before.describe() + "\n  after:  " + after.describe();
  if (ties.size() > 1)
    t.explanation += "\n  chosen at random among " + std::to_string(ties.size()) + " equal moves";
  return t;
}

std::unique_ptr<ChessPlayer> make_turochamp() { return std::make_unique<Turochamp>(); }

}  // namespace minimax::chess
