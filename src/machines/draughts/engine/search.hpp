#pragma once
// The draughts engine's search (search.cpp has the recipe, step by step). A position is searched
// by iterative deepening with principal variation search, a transposition table, move ordering
// (the table's move, captures, killers, history), late-move reductions and the endgame databases.
// Each numbered step can be switched off (Engine::set_disabled_steps, the player's option
// "Disable Steps") so self-play can measure what it is worth.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/clock.hpp"
#include "core/player.hpp"
#include "games/draughts/draughts.hpp"
#include "machines/draughts/egdb/egdb.hpp"
#include "machines/draughts/engine/evaluate.hpp"
#include "nn/network.hpp"

namespace minimax::draughts::engine {

inline constexpr int kMate = 30000;   // a loss at ply p scores -kMate + p
inline constexpr int kDbWin = 20000;  // a database win at ply p scores kDbWin - p
inline constexpr int kMaxPly = 128;
inline constexpr int kInfinite = 32000;
constexpr bool is_decisive(int s) { return s >= kDbWin - 1000 || s <= -(kDbWin - 1000); }

// The recipe's steps that may be switched off (bit n of the mask is step n of search.cpp's
// numbered comments and of docs/draughts-engine.md).
enum Step : int {
  kAspiration = 2,
  kDatabase = 4,
  kTableCutoffs = 5,
  kReverseFutility = 7,
  kSingleReply = 8,
  kReductions = 9,
  kPvs = 10,
  kKillers = 11,
  kHistory = 12,
};

struct Iteration {
  int depth = 0;
  int score = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Move> pv;
};

struct EngineResult {
  Move best{};
  bool has_move = false;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Move> pv;
  bool from_database = false;  // chosen by the databases' values and distances at the root
};

// The search's numbers that measurement tunes (the player's options "Search ..."): late-move
// reductions (lmr 0: one ply, two from the ninth move at depth 6; else the reduction grows as
// lmr/100 * (0.25 + ln(depth) ln(move number) / 2.25), at least one ply), and where reverse
// futility applies. The defaults are the measured best (docs/draughts-engine.md, step 9).
struct SearchParams {
  int lmr = 200;
  int lmr_min_depth = 2;  // reductions from this depth
  int lmr_min_move = 2;   // and from this move (0 is the first)
  int rfp_margin = 70;    // reverse futility: a margin a ply
  int rfp_depth = 3;      // up to this depth
  int lmr_pv = 0;         // plies less reduction on the principal variation
  int lmr_history = 0;    // a move's history / lmr_history plies less reduction (0: none)
  int iir_depth = 0;      // no table move from this depth: a ply less (0: never)
};

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  void set_hash(int megabytes);
  // Search threads (Lazy SMP: helpers search the same root into the shared table; the main
  // thread's result is played). A node limit counts the main thread's nodes; the result's nodes
  // are every thread's.
  void set_threads(int n);
  [[nodiscard]] int threads() const { return static_cast<int>(workers_.size()); }
  void clear();
  // The databases (not owned; nullptr for none).
  void set_database(const egdb::Database* db) { db_ = db; }
  [[nodiscard]] const egdb::Database* database() const { return db_; }
  void set_disabled_steps(std::uint32_t mask) { disabled_ = mask; }
  [[nodiscard]] std::uint32_t disabled_steps() const { return disabled_; }
  EvalWeights& weights() { return weights_; }
  // The learned evaluation (not owned; nullptr: the hand-set weights evaluate).
  void set_network(const nn::Network* net) { net_ = net; }
  [[nodiscard]] const nn::Network* network() const { return net_; }
  void set_move_overhead(int ms) { overhead_ms_ = ms; }
  SearchParams& params() { return params_; }

  EngineResult search(const Draughts& position, const Limits& limits,
                      const std::function<void(const Iteration&)>& on_iteration = {});

  // The best move by the databases alone, when they hold the position with its distances: a win
  // converts (captures or crowns into a win) or goes to the won position nearest conversion; a
  // loss resists longest; a draw keeps the draw. nullopt when the databases cannot say.
  std::optional<EngineResult> database_move(const Draughts& position) const;

 private:
  class Worker;  // one thread's search and its own tables (search.cpp)

  // The transposition table, shared by the threads: a slot is two words written without a lock,
  // the first the key xor the second, so a slot torn by two threads writing at once reads as
  // empty (search.cpp packs the data).
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  struct TtEntry {
    Move move{};
    int score = 0;
    int depth = -1;
    int bound = 0;  // 0 none, 1 exact, 2 lower, 3 upper
  };
  [[nodiscard]] bool on(int step) const { return !(disabled_ & (1u << step)); }
  [[nodiscard]] bool probe(std::uint64_t key, TtEntry& out) const;
  // Every thread's nodes of this search.
  [[nodiscard]] std::uint64_t nodes_searched() const;
  void store(std::uint64_t key, int depth, int score, int bound, const Move* move, int ply);

  std::unique_ptr<Slot[]> tt_;
  std::size_t tt_size_ = 0;
  std::vector<std::unique_ptr<Worker>> workers_;
  const egdb::Database* db_ = nullptr;
  EvalWeights weights_;
  const nn::Network* net_ = nullptr;
  std::uint32_t disabled_ = 0;
  SearchParams params_;
  int reduction_[64][64] = {};  // by depth and move number, from params_.lmr
  int reduction_lmr_ = -1;      // the params_.lmr that reduction_ was built for
  int overhead_ms_ = 10;

  // Per search, read by every thread.
  std::uint64_t node_limit_ = 0;
  std::int64_t hard_ms_ = 0;
  bool timed_ = false;
  TimePoint start_{};
  const std::atomic<bool>* stop_ = nullptr;  // the caller's
  std::atomic<bool> stop_all_{false};        // the main thread's word to the helpers
};

}  // namespace minimax::draughts::engine
