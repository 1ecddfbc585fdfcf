#include "machines/chess/engine/engine_player.hpp"

#include <string>

#include "core/text.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::chess {

namespace {

class EnginePlayer final : public Player<Position> {
 public:
  [[nodiscard]] std::string name() const override { return "engine"; }

  [[nodiscard]] std::vector<OptionInfo> options() const override {
    return {
        {"Hash", OptionInfo::Kind::spin, "16", 1, 65536, {}, "transposition table size in MB"},
        {"Threads", OptionInfo::Kind::spin, "1", 1, 256, {}, "search threads (Lazy SMP)"},
        {"Move Overhead", OptionInfo::Kind::spin, "10", 0, 5000, {}, "ms kept back per move for the GUI and pipes"},
        {"UCI_LimitStrength", OptionInfo::Kind::check, "false", 0, 0, {}, "play at the level of UCI_Elo"},
        {"UCI_Elo", OptionInfo::Kind::spin, "1500", engine::kMinElo, engine::kMaxElo, {}, "strength when limited"},
    };
  }

  Status set_option(std::string_view option, std::string_view value) override {
    auto spin = [&](std::int64_t lo, std::int64_t hi) { return parse_int(value, std::string(option), lo, hi); };
    if (iequals(option, "Hash")) {
      auto v = spin(1, 65536);
      if (!v) return Error{v.error()};
      if (!engine_.set_hash(static_cast<int>(*v))) return Error{"Hash " + std::string(value) + " MB: not enough memory"};
    } else if (iequals(option, "Threads")) {
      auto v = spin(1, 256);
      if (!v) return Error{v.error()};
      engine_.set_threads(static_cast<int>(*v));
    } else if (iequals(option, "Move Overhead")) {
      auto v = spin(0, 5000);
      if (!v) return Error{v.error()};
      engine_.set_move_overhead(static_cast<int>(*v));
    } else if (iequals(option, "UCI_LimitStrength")) {
      if (!iequals(value, "true") && !iequals(value, "false"))
        return Error{"UCI_LimitStrength: expected true or false, not '" + std::string(value) + "'"};
      engine_.set_limit_strength(iequals(value, "true"));
    } else if (iequals(option, "UCI_Elo")) {
      auto v = spin(engine::kMinElo, engine::kMaxElo);
      if (!v) return Error{v.error()};
      engine_.set_elo(static_cast<int>(*v));
    } else {
      return Error{"unknown option '" + std::string(option) + "' for engine"};
    }
    return Ok{};
  }

  void new_game() override { engine_.new_game(); }

  Thought<Move> choose(const Position& position, const Limits& limits) override {
    engine::SearchLimits l = to_search_limits(limits);
    // With no limit at all, think as if given one second.
    if (!l.depth && !l.nodes && !l.movetime_ms && !l.time_ms[0] && !l.time_ms[1] && !l.mate && !l.infinite)
      l.movetime_ms = 1000;
    engine_.set_external_stop(limits.stop);
    const engine::SearchResult r = engine_.search(position, l);
    engine_.set_external_stop(nullptr);
    Thought<Move> t;
    t.move = r.best;
    t.score = r.score;
    t.line = r.pv;
    t.nodes = r.nodes;
    t.depth = r.depth;
    return t;
  }

 private:
  engine::Engine engine_;
};

}  // namespace

std::unique_ptr<Player<Position>> make_engine_player() { return std::make_unique<EnginePlayer>(); }

engine::SearchLimits to_search_limits(const Limits& limits) {
  engine::SearchLimits l;
  l.depth = limits.depth;
  l.nodes = limits.nodes;
  l.movetime_ms = limits.movetime_ms;
  for (int i = 0; i < 2; ++i) {
    l.time_ms[i] = limits.time_left_ms[i];
    l.increment_ms[i] = limits.increment_ms[i];
  }
  l.moves_to_go = limits.moves_to_go;
  l.mate = limits.mate;
  l.infinite = limits.infinite;
  return l;
}

Limits to_player_limits(const engine::SearchLimits& limits) {
  Limits l;
  l.depth = limits.depth;
  l.nodes = limits.nodes;
  l.movetime_ms = limits.movetime_ms;
  for (int i = 0; i < 2; ++i) {
    l.time_left_ms[i] = limits.time_ms[i];
    l.increment_ms[i] = limits.increment_ms[i];
  }
  l.moves_to_go = limits.moves_to_go;
  l.mate = limits.mate;
  l.infinite = limits.infinite;
  return l;
}

}  // namespace minimax::chess
