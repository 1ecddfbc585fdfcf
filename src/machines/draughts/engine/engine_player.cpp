#include "machines/draughts/engine/engine_player.hpp"

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "core/text.hpp"
#include "machines/draughts/engine/nnue.hpp"
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

  // Each option declared once (core/options.hpp); options() and set_option() read the table.
  EnginePlayer() {
    const engine::EvalWeights defaults;
    if (auto net = engine::embedded_network()) embedded_ = *net;
    use_net_ = embedded_ != nullptr;
    options_
        .combo("Eval", use_net_ ? "net" : "hand", {"net", "hand"},
               "net: the learned network (EvalFile, else the built-in one); hand: the hand-set "
               "weights (Eval <name>)",
               [this](const std::string& v) -> Status {
                 use_net_ = v == "net";
                 if (use_net_ && !network())
                   return Error{"no network: this build has none built in and no EvalFile is set"};
                 return Ok{};
               })
        .string("EvalFile", "",
                "a network file from minimax learn draughts-net (empty: the built-in one)",
                [this](const std::string& v) -> Status {
                  file_net_.reset();
                  if (v.empty()) return Ok{};
                  auto net = engine::load_network(v);
                  if (!net) {
                    use_net_ = false;
                    return Error{net.error() + "; the hand-set evaluation plays"};
                  }
                  file_net_ = *net;
                  use_net_ = true;
                  return Ok{};
                });
    options_
        .spin("Hash", 16, 1, 4096, "transposition table size in MB",
              [this](std::int64_t v) -> Status {
                engine_.set_hash(static_cast<int>(v));
                return Ok{};
              })
        .spin("Threads", 1, 1, 256, "search threads (Lazy SMP, sharing the table)",
              [this](std::int64_t v) -> Status {
                engine_.set_threads(static_cast<int>(v));
                return Ok{};
              })
        .string("EGDB Path", "",
                "endgame database folder (empty: $XDG_CACHE_HOME/minimax/egdb or "
                "~/.cache/minimax/egdb)",
                [this](const std::string& v) -> Status {
                  path_ = v;
                  loaded_ = false;
                  return Ok{};
                })
        .spin("EGDB Pieces", egdb::kMaxPieces, 0, egdb::kMaxPieces,
              "use the databases for positions of up to this many pieces (0: none)",
              [this](std::int64_t v) -> Status {
                pieces_ = static_cast<int>(v);
                loaded_ = false;
                return Ok{};
              })
        .spin("Move Overhead", 10, 0, 5000, "ms kept back per move",
              [this](std::int64_t v) -> Status {
                engine_.set_move_overhead(static_cast<int>(v));
                return Ok{};
              });
    // The search's numbers, for measurement (search.hpp's SearchParams gives the defaults).
    struct SearchOption {
      const char* name;
      int min, max;
      const char* help;
      int engine::SearchParams::*field;
    };
    static constexpr SearchOption kSearchOptions[] = {
        {"Search LMR", 0, 400,
         "late-move reductions: 0 one ply (two from the ninth move at depth 6), else "
         "LMR/100 * (0.25 + ln(depth) ln(move) / 2.25) plies",
         &engine::SearchParams::lmr},
        {"Search LMR Depth", 1, 20, "late-move reductions from this depth",
         &engine::SearchParams::lmr_min_depth},
        {"Search LMR Move", 1, 40,
         "late-move reductions from this move, counted from 0 (2: the third)",
         &engine::SearchParams::lmr_min_move},
        {"Search LMR PV", 0, 4,
         "late-move reductions this many plies smaller on the principal variation",
         &engine::SearchParams::lmr_pv},
        {"Search LMR History", 0, 65536,
         "late-move reductions smaller by a move's history / this (0: off)",
         &engine::SearchParams::lmr_history},
        {"Search IIR", 0, 40,
         "a node without a table move searched a ply shallower from this depth (0: never)",
         &engine::SearchParams::iir_depth},
        {"Search RFP Margin", 0, 1000, "reverse futility's margin a ply",
         &engine::SearchParams::rfp_margin},
        {"Search RFP Depth", 0, 20, "reverse futility up to this depth",
         &engine::SearchParams::rfp_depth},
    };
    const engine::SearchParams search_defaults;
    for (const auto& o : kSearchOptions)
      options_.spin(o.name, search_defaults.*o.field, o.min, o.max,
                    std::string(o.help) + " (measurement)",
                    [this, field = o.field](std::int64_t v) -> Status {
                      engine_.params().*field = static_cast<int>(v);
                      return Ok{};
                    });
    options_.spin("Disable Steps", 0, 0, 8191,
                  "search steps switched off, bit n = step n (measurement only; "
                  "docs/draughts-engine.md)",
                  [this](std::int64_t v) -> Status {
                    engine_.set_disabled_steps(static_cast<std::uint32_t>(v));
                    return Ok{};
                  });
    for (const auto& w : engine::kWeightNames)
      options_.spin("Eval " + std::string(w.name), defaults.*w.field, -1000, 1000,
                    "evaluation weight (evaluate.hpp)", [this, field = w.field](std::int64_t v) {
                      engine_.weights().*field = static_cast<int>(v);
                      return Status{Ok{}};
                    });
  }

  void new_game() override { engine_.clear(); }

  Thought<Move> choose(const Draughts& position, const Limits& limits) override {
    load_database();
    engine_.set_network(use_net_ ? network() : nullptr);
    Limits l = limits;
    // With no limit at all, think as if given one second.
    if (!l.depth && !l.nodes && !l.movetime_ms && !l.time_left_ms[0] && !l.time_left_ms[1] &&
        !l.infinite)
      l.movetime_ms = 1000;
    const engine::EngineResult r = engine_.search(position, l, [this](const engine::Iteration& it) {
      report_progress(it.pv, it.score, it.nodes, it.depth);
    });
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

  [[nodiscard]] const nn::Network* network() const {
    return file_net_ ? file_net_.get() : embedded_.get();
  }

  engine::Engine engine_;
  std::shared_ptr<const nn::Network> embedded_, file_net_;
  bool use_net_ = false;
  std::string path_;
  int pieces_ = egdb::kMaxPieces;
  bool loaded_ = false;
  std::shared_ptr<const egdb::Database> database_;
};

}  // namespace

std::unique_ptr<Player<Draughts>> make_engine_player() { return std::make_unique<EnginePlayer>(); }

}  // namespace minimax::draughts
