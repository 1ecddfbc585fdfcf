#include "machines/chess/engine/engine.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <new>

namespace minimax::chess::engine {

Engine::Engine() : tt_(16) {
  shared_.tt = &tt_;
  shared_.workers = &workers_;
  rng_.reseed(options_.seed);
  set_threads(1);
}

Engine::~Engine() = default;

bool Engine::set_hash(int megabytes) {
  const int wanted = std::clamp(megabytes, 1, 65536);
  try {
    tt_.resize(static_cast<std::size_t>(wanted));
  } catch (const std::bad_alloc&) {
    tt_.resize(static_cast<std::size_t>(options_.hash_mb));
    return false;
  }
  options_.hash_mb = wanted;
  return true;
}

void Engine::clear_hash() {
  tt_.clear();
  for (auto& w : workers_) w->clear_history();
}

void Engine::set_threads(int n) {
  options_.threads = std::clamp(n, 1, 256);
  workers_.clear();
  for (int i = 0; i < options_.threads; ++i)
    workers_.push_back(std::make_unique<Worker>(i, shared_));
}

void Engine::new_game() {
  clear_hash();
  rng_.reseed(options_.seed);
}

void Engine::ponderhit() {
  // From here the clock is ours: limits count from the ponderhit (UCI 2006).
  shared_.time.restart();
  shared_.pondering.store(false);
}

SearchResult Engine::search(const Position& pos, const SearchLimits& limits,
                            const SearchCallbacks& callbacks) {
  SearchResult result;
  const auto started = now();
  if (!armed_.exchange(false)) {
    shared_.stop = false;
    shared_.pondering = limits.ponder;
  }
  Position::MoveList legal;
  pos.generate_moves(legal);
  std::vector<Move> root;
  for (Move m : legal)
    if (limits.search_moves.empty() ||
        std::find(limits.search_moves.begin(), limits.search_moves.end(), m) !=
            limits.search_moves.end())
      root.push_back(m);
  if (root.empty()) {
    // No legal move (or none of searchmoves is legal): mate or stalemate, reported as such.
    result.best = Move::none();
    result.score = legal.empty() && pos.in_check() ? -kMate : 0;
    // Under infinite/ponder the answer still waits for stop (UCI: no bestmove before it).
    while ((limits.infinite || shared_.pondering.load()) && !shared_.stop.load() &&
           !(shared_.external_stop && shared_.external_stop->load()))
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return result;
  }

  // The weaker levels think less and choose among several candidates (see choose_like_a_person).
  const bool limited = options_.limit_strength;
  const double strength =
      (options_.elo - kMinElo) / static_cast<double>(kMaxElo - kMinElo);  // 0..1
  shared_.depth_limit = limits.depth;
  shared_.node_limit = limits.nodes;
  shared_.mate_limit = limits.mate;
  shared_.multipv = options_.multipv;
  if (limited) {
    const int depth_cap = 1 + static_cast<int>(std::lround(strength * 9));
    shared_.depth_limit = std::min(limits.depth.value_or(depth_cap), depth_cap);
    const auto node_cap = static_cast<std::uint64_t>(200.0 * std::pow(2.0, strength * 11));
    shared_.node_limit = std::min<std::uint64_t>(limits.nodes.value_or(node_cap), node_cap);
    shared_.multipv = std::max(options_.multipv, 4);
  }
  shared_.callbacks = callbacks;
  ClockLimits clock;
  if (!limits.infinite) {
    clock.time_ms = limits.time_left_ms[pos.side()];
    clock.increment_ms = limits.increment_ms[pos.side()];
    clock.moves_to_go = limits.moves_to_go;
    clock.movetime_ms = limits.movetime_ms;
  }
  shared_.time.start(clock, options_.move_overhead_ms,
                     2 * (pos.fullmove_number() - 1) + (pos.side() == black ? 1 : 0));
  tt_.new_search();

  std::vector<int> tb_scores;
  prepare_tablebase(pos, root, tb_scores);
  for (auto& w : workers_) w->set_position(pos, root, tb_scores);
  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < workers_.size(); ++i)
    helpers.emplace_back([w = workers_[i].get()] { w->iterative_deepening(); });
  workers_[0]->iterative_deepening();

  // Under infinite or ponder the best move waits for stop or ponderhit (UCI 2006).
  while ((limits.infinite || shared_.pondering.load()) && !shared_.stop.load() &&
         !(shared_.external_stop && shared_.external_stop->load()))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  shared_.stop = true;
  for (auto& t : helpers) t.join();

  const Worker& main = *workers_[0];
  const RootMove& best = main.root_moves()[0];
  result.best = best.move;
  result.score = best.score == -kInfinite ? best.previous_score : best.score;
  if (best.tb_score != kNoScore && std::abs(result.score) < kMateInMaxPly)
    result.score = best.tb_score;
  result.depth = main.completed_depth();
  if (result.score == -kInfinite) {
    // Stopped before the first iteration gave the move a score: the move stands, a score does
    // not (depth 0 says so to the callers that print one).
    result.score = 0;
    result.depth = 0;
  }
  result.pv = best.pv;
  if (limited && main.root_moves().size() > 1) {
    const Move chosen = choose_like_a_person(main.root_moves());
    if (chosen != result.best) {
      for (const auto& rm : main.root_moves())
        if (rm.move == chosen) {
          result.best = chosen;
          result.score = rm.score;
          result.pv = rm.pv;
        }
    }
  }
  if (result.pv.size() >= 2) {
    result.ponder = result.pv[1];
  } else {
    // Ask the table what the reply was.
    Position after = pos;
    after.play(result.best);
    TTHit hit;
    if (tt_.probe(after.key(), 1, hit) && hit.move && after.is_legal(hit.move))
      result.ponder = hit.move;
  }
  result.nodes = shared_.total_nodes();
  result.tbhits = shared_.total_tbhits();
  result.time_ms = elapsed_ms(started);
  return result;
}

// Endgame tables at the root (docs/syzygy.md). With the root held, the table ranks every move by
// its DTZ (tb_rank) and only the best-ranked are searched: in a won ending the moves nearest to
// the next capture, pawn move or mate, so the win is never spoilt and is converted within the
// fifty-move rule; in a drawn one every drawing move, so it is never lost. The search then
// probes no further (its table scores would only flatten the evaluation it chooses by), as in
// Stockfish. Otherwise the search probes WDL after captures and pawn moves, up to
// SyzygyProbeLimit pieces; the largest held are probed only from SyzygyProbeDepth on, unless the
// limit is above what the tables hold (Stockfish's rule).
bool Engine::load_fallback_tablebase() {
  if (tablebase_ || !fallback_load_) return false;
  fallback_ = fallback_load_();
  fallback_load_ = nullptr;
  return fallback_ != nullptr;
}

void Engine::prepare_tablebase(const Position& pos, std::vector<Move>& root,
                               std::vector<int>& tb_scores) {
  load_fallback_tablebase();
  const Tablebase* const tables = tablebase();
  shared_.tablebase = tables;
  shared_.tb_rule50 = options_.syzygy_50_move_rule;
  shared_.tb_probe_depth = options_.syzygy_probe_depth;
  shared_.tb_pieces = 0;
  shared_.root_tbhits = 0;
  if (!tables || options_.syzygy_probe_limit == 0) return;
  const int largest = tables->max_pieces();
  shared_.tb_pieces = std::min(options_.syzygy_probe_limit, largest);
  if (options_.syzygy_probe_limit > largest) shared_.tb_probe_depth = 0;
  if (popcount(pos.pieces()) > shared_.tb_pieces || pos.castling_rights() != 0) return;
  const auto tables_root = tables->probe_root(pos);
  if (!tables_root || tables_root->moves.empty()) return;
  const std::vector<TbMove>* moves = &tables_root->moves;
  const int clock = pos.halfmove_clock();
  const bool rule50 = options_.syzygy_50_move_rule;
  int best_rank = -1000000;
  for (const TbMove& t : *moves)
    if (std::find(root.begin(), root.end(), t.move) != root.end())
      best_rank = std::max(best_rank, tb_rank(t.dtz, clock, rule50));
  std::vector<Move> kept;
  for (const TbMove& t : *moves) {
    if (std::find(root.begin(), root.end(), t.move) == root.end() ||
        tb_rank(t.dtz, clock, rule50) != best_rank)
      continue;
    kept.push_back(t.move);
    const TbWdl wdl = tb_root_wdl(t.dtz, clock, rule50);
    tb_scores.push_back(wdl == TbWdl::win    ? kTbWin - std::min(t.dtz, kMaxPly)
                        : wdl == TbWdl::loss ? -kTbWin + std::min(-t.dtz, kMaxPly)
                                             : static_cast<int>(wdl));
  }
  if (kept.empty()) return;
  root = kept;
  shared_.tb_pieces = 0;
  shared_.root_tbhits = moves->size();
}

// A weaker player, as a person is weaker: it sees less deeply (the depth and node caps above),
// and among the moves that look about equally good to it, it does not reliably find the best;
// the weaker, the wider that "about equal" is. It never picks a move that its own shallow
// search sees losing heavily, so its mistakes are misjudgements, not random blunders.
Move Engine::choose_like_a_person(const std::vector<RootMove>& lines) {
  const double strength = (options_.elo - kMinElo) / static_cast<double>(kMaxElo - kMinElo);
  const double temperature = 12.0 + (1.0 - strength) * 110.0;    // centipawns
  const double worst_allowed = 40.0 + (1.0 - strength) * 260.0;  // never worse than this
  const int candidates =
      std::min<int>(static_cast<int>(lines.size()), std::max(4, options_.multipv));
  const int best = lines[0].score;
  if (std::abs(best) >= kTbWinInMaxPly) return lines[0].move;  // a mate seen is a mate played
  double weights[256];
  double total = 0;
  for (int i = 0; i < candidates; ++i) {
    const int s = lines[i].score;
    const double loss = best - s;
    weights[i] = (s == -kInfinite || loss > worst_allowed) ? 0.0 : std::exp(-loss / temperature);
    total += weights[i];
  }
  double pick = rng_.uniform() * total;
  for (int i = 0; i < candidates; ++i) {
    pick -= weights[i];
    if (pick <= 0 && weights[i] > 0) return lines[i].move;
  }
  return lines[0].move;
}

Wdl score_to_wdl(int score, int game_ply) {
  if (score >= kTbWinInMaxPly) return {1000, 0, 0};  // a mate, or a table's win
  if (score <= -kTbWinInMaxPly) return {0, 0, 1000};
  // Later in the game a given advantage converts more surely (fewer pieces to complicate).
  const double width = std::max(30.0, 70.0 - game_ply / 6.0);
  const double centre = 110.0;
  const double w = 1.0 / (1.0 + std::exp(-(score - centre) / width));
  const double l = 1.0 / (1.0 + std::exp(-(-score - centre) / width));
  const int win = static_cast<int>(std::lround(w * 1000)),
            loss = static_cast<int>(std::lround(l * 1000));
  return {win, 1000 - win - loss, loss};
}

}  // namespace minimax::chess::engine
