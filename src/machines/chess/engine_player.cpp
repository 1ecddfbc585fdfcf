#include "machines/chess/engine_player.hpp"

#include <string>

#include "machines/chess/engine/engine.hpp"
#include "machines/chess/engine/engine_options.hpp"
#include "machines/chess/engine_sources.hpp"

namespace minimax::chess {

namespace {

class EnginePlayer final : public Player<Position> {
 public:
  [[nodiscard]] std::string name() const override { return "engine"; }

  EnginePlayer() {
    engine::declare_engine_options(options_, engine_);
    declare_tablebase_options(options_, engine_);
    declare_book_options(options_, book_);
  }

  void new_game() override { engine_.new_game(); }

  Thought<Move> choose(const Position& position, const Limits& limits) override {
    if (auto t = book_.thought(position)) return *t;
    engine::SearchLimits l = to_search_limits(limits);
    // With no limit at all, think as if given one second.
    if (!l.depth && !l.nodes && !l.movetime_ms && !l.time_left_ms[0] && !l.time_left_ms[1] &&
        !l.mate && !l.infinite)
      l.movetime_ms = 1000;
    engine_.set_external_stop(limits.stop);
    engine::SearchCallbacks callbacks;
    callbacks.on_line = [this](const engine::LineReport& line) {
      if (line.multipv == 1) report_progress(line.pv, line.score, line.nodes, line.depth);
    };
    const engine::SearchResult r = engine_.search(position, l, callbacks);
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
  BookOptions book_;
};

}  // namespace

std::unique_ptr<Player<Position>> make_engine_player() { return std::make_unique<EnginePlayer>(); }

engine::SearchLimits to_search_limits(const Limits& limits) { return engine::SearchLimits(limits); }

Limits to_player_limits(const engine::SearchLimits& limits) { return limits; }

}  // namespace minimax::chess
