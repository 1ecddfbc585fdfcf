#pragma once
// The search of one thread (a Worker); Lazy SMP runs several on one shared transposition table
// (engine.cpp). The recipe, step by step, is in search.cpp.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/chess/position.hpp"
#include "machines/chess/engine/history.hpp"
#include "machines/chess/engine/nnue.hpp"
#include "machines/chess/engine/tablebase.hpp"
#include "machines/chess/engine/time_manager.hpp"
#include "machines/chess/engine/tt.hpp"

namespace minimax::chess::engine {

struct RootMove {
  Move move;
  int score = -kInfinite;
  int previous_score = -kInfinite;
  int average_score = -kInfinite;
  int seldepth = 0;
  Bound bound = kBoundExact;
  std::vector<Move> pv;
  // With the root in an endgame table: the score the table gives this move (shown while the
  // search finds no mate), or kNoScore.
  int tb_score = kNoScore;
};

// One report line (UCI `info`) for one of the MultiPV lines after an iteration.
struct LineReport {
  int depth = 0, seldepth = 0, multipv = 1;
  int score = 0;
  Bound bound = kBoundExact;
  std::uint64_t nodes = 0;
  std::uint64_t tbhits = 0;  // endgame-table probes that found the position
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct SearchCallbacks {
  std::function<void(const LineReport&)> on_line;
  std::function<void(Move move, int number, int depth)> on_current_move;
  // A remark for the user (UCI prints it as `info string ...`).
  std::function<void(const std::string& text)> on_info;
};

// What all threads of one search share.
struct SharedSearch {
  TranspositionTable* tt = nullptr;
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};  // no time stop until ponderhit
  std::optional<int> depth_limit;
  std::optional<std::uint64_t> node_limit;
  std::optional<int> mate_limit;  // stop when a mate in this many moves is found
  int multipv = 1;
  TimeManager time;
  SearchCallbacks callbacks;
  const std::atomic<bool>* external_stop = nullptr;
  // Recipe steps switched off (search.cpp numbers; 19 = singular extension), for measuring what
  // each is worth in games: UCI option "Disable Steps". Empty in normal play.
  std::uint32_t disabled_steps = 0;
  std::vector<std::unique_ptr<class Worker>>* workers = nullptr;
  std::uint64_t total_nodes() const;

  // The learned evaluation (nnue.hpp); nullptr: the hand-crafted one (evaluate.hpp).
  const nn::Network* net = nullptr;

  // Endgame tables (tablebase.hpp): probed in the search at nodes of at most tb_pieces pieces
  // (0: never) reached by a capture or pawn move, at depth >= tb_probe_depth when the node has
  // exactly tb_pieces pieces. tb_rule50: cursed wins and blessed losses count as draws.
  const Tablebase* tablebase = nullptr;
  int tb_pieces = 0;
  int tb_probe_depth = 1;
  bool tb_rule50 = true;
  std::uint64_t root_tbhits = 0;  // the root probe's, counted once
  std::uint64_t total_tbhits() const;
};

class Worker {
 public:
  Worker(int id, SharedSearch& shared);
  // tb_scores: with the root in an endgame table, the table's score of each root move (same
  // order), else empty.
  void set_position(const Position& pos, const std::vector<Move>& root_moves,
                    const std::vector<int>& tb_scores = {});
  // Iterative deepening until a limit or stop; the main thread (id 0) reports and manages time.
  void iterative_deepening();
  void clear_history() { hist_->clear(); }

  [[nodiscard]] const std::vector<RootMove>& root_moves() const { return root_moves_; }
  [[nodiscard]] int completed_depth() const { return completed_depth_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::uint64_t tbhits() const { return tbhits_.load(std::memory_order_relaxed); }

 private:
  struct Stack {
    Move move;
    Piece piece = no_piece;
    int static_eval = kNoScore;
    Move killers[2];
    PieceToHistory* cont = nullptr;
    Move excluded;  // singular-extension verification: search this node without that move
    int ply = 0;
  };

  int search(int alpha, int beta, int depth, bool cut_node, Stack* ss);
  int qsearch(int alpha, int beta, Stack* ss);
  int aspiration(int depth, int pv_index);
  void check_time();
  void update_pv(int ply, Move m);
  void update_quiet_histories(Stack* ss, Move best, int depth, const Move* quiets, int quiet_count);
  void update_continuation(Stack* ss, Piece p, Square to, int bonus);
  void report(int depth);
  // The static evaluation of pos_, at `ply` from the root: the network's when the search has one,
  // its accumulator brought up to date from the nearest ancestor's, else the hand-crafted one.
  int static_eval(int ply);
  // Plays m (or a null move) from ply - 1 to ply, noting for the network what it changes.
  void play(Move m, int ply);
  void play_null(int ply);
  [[nodiscard]] bool is_main() const { return id_ == 0; }
  [[nodiscard]] bool on(int step) const { return !(shared_.disabled_steps >> step & 1u); }

  int id_;
  SharedSearch& shared_;
  Position pos_;
  std::unique_ptr<Histories> hist_;
  std::vector<RootMove> root_moves_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> tbhits_{0};
  int pv_index_ = 0;
  int root_depth_ = 0;
  int completed_depth_ = 0;
  int seldepth_ = 0;
  int best_move_changes_ = 0;
  Stack stack_[kMaxPly + 8];
  Move pv_[kMaxPly + 2][kMaxPly + 2];
  Position::MoveList lists_[kMaxPly + 8];  // the move picker's generation space, one per ply
  int pv_length_[kMaxPly + 2] = {};
  // The network's accumulators by ply; acc_ready_[0] is set at the root, a deeper one when it is
  // first evaluated (net_changes_[ply] says what the move to it changed).
  std::vector<nn::Accumulator> acc_;
  std::vector<NetChange> net_changes_;
  std::vector<std::uint8_t> acc_ready_;
};

}  // namespace minimax::chess::engine
