#pragma once
// The engine: options, the shared transposition table, the search threads (Lazy SMP), and the
// weaker human-like levels. UCI drives it directly (uci/); everything else plays it through the
// Player interface (engine_player.cpp, registered as "engine").
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/player.hpp"
#include "core/rng.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/search.hpp"
#include "machines/chess/engine/tablebase.hpp"
#include "machines/chess/engine/tt.hpp"

namespace minimax::chess::engine {

// A Player's Limits (core/player.hpp: depth, nodes, movetime, each side's clock by Color, moves
// to go, mate, infinite) and what only UCI asks of the engine. The stop flag of Limits is not read
// here: the engine takes it with set_external_stop().
struct SearchLimits : Limits {
  SearchLimits() = default;
  explicit SearchLimits(const Limits& limits) : Limits(limits) {}
  bool ponder = false;
  std::vector<Move> search_moves;  // empty: all
};

struct SearchResult {
  Move best;      // Move::none() when there is no legal move
  Move ponder;    // the expected reply, if any
  int score = 0;  // centipawns or mate score (kMate - plies), from the mover's side
  int depth = 0;  // completed iterations; 0 also when stopped before the move had a score
  std::uint64_t nodes = 0;
  std::uint64_t tbhits = 0;
  std::int64_t time_ms = 0;
  std::vector<Move> pv;
};

struct EngineOptions {
  int hash_mb = 16;
  int threads = 1;
  int multipv = 1;
  int move_overhead_ms = 10;
  bool limit_strength = false;
  int elo = 1500;
  std::uint64_t seed = 20261122;
  // Endgame tables, as Stockfish's options name them (docs/syzygy.md).
  int syzygy_probe_depth = 1;
  bool syzygy_50_move_rule = true;
  int syzygy_probe_limit = 7;
};

inline constexpr int kMinElo = 800;
inline constexpr int kMaxElo = 2800;

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Options (between searches).
  // False (and the old table kept) if the memory cannot be had.
  bool set_hash(int megabytes);
  void clear_hash();
  void set_threads(int n);
  void set_multipv(int n) { options_.multipv = std::max(1, n); }
  void set_move_overhead(int ms) { options_.move_overhead_ms = std::max(0, ms); }
  void set_limit_strength(bool on) { options_.limit_strength = on; }
  void set_elo(int elo) { options_.elo = std::clamp(elo, kMinElo, kMaxElo); }
  void set_seed(std::uint64_t seed) { rng_.reseed(seed); }
  // Endgame tables (tablebase.hpp): probed from the next search on; nullptr: none.
  void set_tablebase(std::shared_ptr<const Tablebase> tables) { tablebase_ = std::move(tables); }
  // A second source for when set_tablebase has none (minimax's own tables): `load` runs once, at
  // the first search or load_fallback_tablebase() after this call, and may give nothing.
  void set_fallback_tablebase(std::function<std::shared_ptr<const Tablebase>()> load) {
    fallback_load_ = std::move(load);
    fallback_.reset();
  }
  // Runs the fallback's load if it is due; true when this call loaded tables.
  bool load_fallback_tablebase();
  // The tables the next search probes: those set, else the fallback's (once loaded).
  [[nodiscard]] const Tablebase* tablebase() const {
    return tablebase_ ? tablebase_.get() : fallback_.get();
  }
  void set_syzygy_probe_depth(int depth) { options_.syzygy_probe_depth = std::max(1, depth); }
  void set_syzygy_50_move_rule(bool on) { options_.syzygy_50_move_rule = on; }
  void set_syzygy_probe_limit(int pieces) { options_.syzygy_probe_limit = std::max(0, pieces); }
  // The learned evaluation from the next search on (nnue.hpp); nullptr: the hand-crafted one. The
  // table is cleared, its stored evaluations being the other evaluation's.
  void set_network(std::shared_ptr<const nn::Network> net) {
    net_ = std::move(net);
    shared_.net = net_.get();
    clear_hash();
  }
  [[nodiscard]] const nn::Network* network() const { return net_.get(); }
  // Search recipe steps to switch off (bit n = step n of search.cpp), for measurement only.
  void set_disabled_steps(std::uint32_t mask) { shared_.disabled_steps = mask; }
  [[nodiscard]] const EngineOptions& options() const { return options_; }
  void new_game();

  // Searches synchronously (the caller may run it on its own thread); under `infinite` or
  // `ponder` it returns only after stop() (or ponderhit() once the search is done).
  SearchResult search(const Position& pos, const SearchLimits& limits,
                      const SearchCallbacks& callbacks = {});
  void stop() { shared_.stop = true; }
  // Resets stop and sets pondering now, on the caller's thread, for a search about to be started
  // on another: a stop or ponderhit that arrives before that thread runs is then not lost.
  void arm(bool ponder) {
    shared_.stop = false;
    shared_.pondering = ponder;
    armed_ = true;
  }
  void ponderhit();
  // A stop flag another thread may set (Player's Limits::stop).
  void set_external_stop(const std::atomic<bool>* flag) { shared_.external_stop = flag; }

 private:
  Move choose_like_a_person(const std::vector<RootMove>& lines);
  // Sets the search's table settings and, with the root in a table, keeps only the root moves
  // that keep its best result (their table scores in tb_scores).
  void prepare_tablebase(const Position& pos, std::vector<Move>& root, std::vector<int>& tb_scores);

  EngineOptions options_;
  TranspositionTable tt_;
  SharedSearch shared_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::shared_ptr<const Tablebase> tablebase_, fallback_;
  std::shared_ptr<const nn::Network> net_;
  std::function<std::shared_ptr<const Tablebase>()> fallback_load_;
  Rng rng_;
  std::mutex ponder_mutex_;
  std::atomic<bool> armed_{false};
};

// Win/draw/loss per mille for a score from the mover's side at a game ply (UCI_ShowWDL). A
// logistic model of our own: a pawn ahead in the middle game wins about half the time.
struct Wdl {
  int win, draw, loss;
};
Wdl score_to_wdl(int score, int game_ply);

}  // namespace minimax::chess::engine
