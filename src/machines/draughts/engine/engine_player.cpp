#include "machines/draughts/engine/engine_player.hpp"

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "core/text.hpp"
#include "machines/draughts/engine/search.hpp"

namespace minimax::draughts {

Expected<std::shared_ptr<const egdb::Database>> shared_database(const std::string& dir,
                                                                int pieces) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, int>, std::shared_ptr<const egdb::Database>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = loaded[{dir, pieces}];
  if (!slot) {
    auto db = std::make_shared<egdb::Database>();
    if (auto st = db->load(dir, pieces); !st) return Error{st.error()};
    slot = std::move(db);
  }
  return slot;
}

namespace {

class EnginePlayer final : public Player<Draughts> {
 public:
  [[nodiscard]] std::string name() const override { return "engine"; }

  [[nodiscard]] std::vector<OptionInfo> options() const override {
    std::vector<OptionInfo> o = {
        {"Hash", OptionInfo::Kind::spin, "16", 1, 4096, {}, "transposition table size in MB"},
        {"EGDB Path",
         OptionInfo::Kind::string,
         "",
         0,
         0,
         {},
         "endgame database folder (empty: $XDG_CACHE_HOME/minimax/egdb or ~/.cache/minimax/egdb)"},
        {"EGDB Pieces",
         OptionInfo::Kind::spin,
         "8",
         0,
         egdb::kMaxPieces,
         {},
         "use the databases for positions of up to this many pieces (0: none)"},
        {"Move Overhead", OptionInfo::Kind::spin, "10", 0, 5000, {}, "ms kept back per move"},
        {"Disable Steps",
         OptionInfo::Kind::spin,
         "0",
         0,
         8191,
         {},
         "search steps switched off, bit n = step n (measurement only; docs/draughts-engine.md)"},
    };
    const engine::EvalWeights defaults;
    for (const auto& w : engine::kWeightNames)
      o.push_back({"Eval " + std::string(w.name),
                   OptionInfo::Kind::spin,
                   std::to_string(defaults.*w.field),
                   -1000,
                   1000,
                   {},
                   "evaluation weight (evaluate.hpp)"});
    return o;
  }

  Status set_option(std::string_view option, std::string_view value) override {
    auto spin = [&](std::int64_t lo, std::int64_t hi) {
      return parse_int(value, std::string(option), lo, hi);
    };
    if (iequals(option, "Hash")) {
      auto v = spin(1, 4096);
      if (!v) return Error{v.error()};
      engine_.set_hash(static_cast<int>(*v));
    } else if (iequals(option, "EGDB Path")) {
      path_ = std::string(value);
      loaded_ = false;
    } else if (iequals(option, "EGDB Pieces")) {
      auto v = spin(0, egdb::kMaxPieces);
      if (!v) return Error{v.error()};
      pieces_ = static_cast<int>(*v);
      loaded_ = false;
    } else if (iequals(option, "Move Overhead")) {
      auto v = spin(0, 5000);
      if (!v) return Error{v.error()};
      engine_.set_move_overhead(static_cast<int>(*v));
    } else if (iequals(option, "Disable Steps")) {
      auto v = spin(0, 8191);
      if (!v) return Error{v.error()};
      engine_.set_disabled_steps(static_cast<std::uint32_t>(*v));
    } else {
      for (const auto& w : engine::kWeightNames)
        if (iequals(option, "Eval " + std::string(w.name))) {
          auto v = spin(-1000, 1000);
          if (!v) return Error{v.error()};
          engine_.weights().*w.field = static_cast<int>(*v);
          return Ok{};
        }
      return Error{"unknown option '" + std::string(option) + "' for engine"};
    }
    return Ok{};
  }

  void new_game() override { engine_.clear(); }

  Thought<Move> choose(const Draughts& position, const Limits& limits) override {
    load_database();
    Limits l = limits;
    // With no limit at all, think as if given one second.
    if (!l.depth && !l.nodes && !l.movetime_ms && !l.time_left_ms[0] && !l.time_left_ms[1] &&
        !l.infinite)
      l.movetime_ms = 1000;
    const engine::EngineResult r = engine_.search(position, l);
    Thought<Move> t;
    t.move = r.best;
    t.score = r.score;
    t.line = r.pv;
    t.nodes = r.nodes;
    t.depth = r.depth;
    if (r.from_database)
      t.explanation =
          "endgame database: " + std::string(r.score > 0 ? "win" : "loss") + ", " +
          std::to_string(r.score > 0 ? engine::kDbWin - r.score : engine::kDbWin + r.score) +
          " plies to conversion";
    else
      t.explanation = "depth " + std::to_string(r.depth) + ", score " + std::to_string(r.score) +
                      ", " + std::to_string(r.nodes) + " nodes";
    return t;
  }

 private:
  void load_database() {
    if (loaded_) return;
    loaded_ = true;
    database_.reset();
    engine_.set_database(nullptr);
    if (pieces_ == 0) return;
    auto db = shared_database(path_.empty() ? egdb::default_directory() : path_, pieces_);
    if (!db || (*db)->pieces() == 0) return;  // no databases: the engine plays without them
    database_ = *db;
    engine_.set_database(database_.get());
  }

  engine::Engine engine_;
  std::string path_;
  int pieces_ = egdb::kMaxPieces;
  bool loaded_ = false;
  std::shared_ptr<const egdb::Database> database_;
};

}  // namespace

std::unique_ptr<Player<Draughts>> make_engine_player() { return std::make_unique<EnginePlayer>(); }

}  // namespace minimax::draughts
