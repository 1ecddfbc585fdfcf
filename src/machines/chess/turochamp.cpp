#include "machines/chess/turochamp.hpp"

#include <cmath>
#include <cstdio>

#include "core/text.hpp"

namespace minimax::chess {

std::vector<OptionInfo> Turochamp::options() const {
  return {
      {"Seed", OptionInfo::Kind::spin, "1", 0, 2147483647, {}, "seed of the random choice among equal moves"},
      {"MaxPlies", OptionInfo::Kind::spin, "0", 0, 64, {},
       "cap on how far captures are followed (0: as far as they go, Turing's rule)"},
  };
}

Status Turochamp::set_option(std::string_view option, std::string_view value) {
  if (iequals(option, "Seed")) {
    auto v = parse_int(value, "Seed", 0, 2147483647);
    if (!v) return Error{v.error()};
    seed_ = static_cast<std::uint64_t>(*v);
    rng_.reseed(seed_);
    return Ok{};
  }
  if (iequals(option, "MaxPlies")) {
    auto v = parse_int(value, "MaxPlies", 0, 64);
    if (!v) return Error{v.error()};
    rules_.max_plies = static_cast<int>(*v);
    return Ok{};
  }
  return Error{"unknown option '" + std::string(option) + "' for turochamp (options: Seed, MaxPlies)"};
}

Thought<Move> Turochamp::choose(const Position& position, const Limits&) {
  Position pos = position;
  Thought<Move> t;
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
  const auto after = turochamp::position_play(pos, position.side(), rules_, pick->move.is_castling());
  pos.undo(pick->move);
  char buf[160];
  std::snprintf(buf, sizeof buf, "value %.3f (W/B by analysis; %zu moves equal in value and position-play), position-play %+.1f",
                pick->value, ties.size(), (after.total() - before.total()) / 10.0);
  t.explanation = std::string(buf) + "\n  before: " + before.describe() + "\n  after:  " + after.describe();
  if (ties.size() > 1) t.explanation += "\n  chosen at random among " + std::to_string(ties.size()) + " equal moves";
  return t;
}

std::unique_ptr<ChessPlayer> make_turochamp() { return std::make_unique<Turochamp>(); }

}  // namespace minimax::chess
