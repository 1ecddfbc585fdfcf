#include "machines/draughts/strachey.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "core/text.hpp"
#include "games/draughts/notation.hpp"
#include "search/alpha_beta.hpp"

namespace minimax::draughts {

namespace {

// The game as strategy 2 looks ahead: the rules of draughts, except that a line ends (no further
// moves are offered, so the search values the position) once its last two moves were both without
// captures. With `stop_when_quiet` false it is the plain game (strategy 1). Written as a Game, so
// that the generic alpha-beta searches it unchanged.
class StracheyLine {
 public:
  using Move = draughts::Move;
  using MoveList = Draughts::MoveList;

  // `quiet_before` is the run of non-captures already made before the root (0 or 1).
  StracheyLine(const Draughts& position, bool stop_when_quiet, int quiet_before)
      : position_(position), stop_when_quiet_(stop_when_quiet) {
    quiet_run_[0] = quiet_before;
  }

  [[nodiscard]] Side side_to_move() const { return position_.side_to_move(); }
  void generate_moves(MoveList& list) const {
    if (stop_when_quiet_ && quiet_run_[plies_] >= 2) {
      list.clear();
      return;
    }
    position_.generate_moves(list);
  }
  void play(Move m) {
    position_.play(m);
    quiet_run_[plies_ + 1] = m.is_capture() ? 0 : quiet_run_[plies_] + 1;
    ++plies_;
  }
  void undo(Move m) {
    position_.undo(m);
    --plies_;
  }
  [[nodiscard]] Outcome outcome() const { return position_.outcome(); }
  [[nodiscard]] std::uint64_t key() const { return position_.key(); }
  [[nodiscard]] std::string move_to_string(Move m) const { return position_.move_to_string(m); }
  [[nodiscard]] std::string to_string() const { return position_.to_string(); }
  [[nodiscard]] const Draughts& position() const { return position_; }

 private:
  Draughts position_;
  bool stop_when_quiet_;
  std::size_t plies_ = 0;
  std::array<int, 16> quiet_run_{};  // consecutive non-captures at the end of the line, by ply
};
static_assert(Game<StracheyLine>);

// The material count of the position at the end of a line.
struct LineMaterial {
  StracheyMaterial material;
  int operator()(const StracheyLine& line) const { return material(line.position()); }
};

}  // namespace

StracheyChoice strachey_choices(const Draughts& position, const StracheySettings& s) {
  const bool last_quiet = position.plies_played() > 0 && !position.last_move_captured();
  StracheyLine line(position, s.strategy == 2, s.count_last_move && last_quiet ? 1 : 0);
  const int depth = std::clamp(s.strategy == 1 ? s.stages : s.limit, 1, 6);
  search::AlphaBeta<StracheyLine, LineMaterial> ab(LineMaterial{{8, s.king_eighths}});
  StracheyChoice c;
  Draughts::MoveList moves;
  position.generate_moves(moves);
  c.value = -search::kInfinity;
  for (const Move& m : moves) {
    // Every move that may equal the best gets its exact value: the window opens just below it.
    const int alpha = c.value == -search::kInfinity ? -search::kInfinity : c.value - 1;
    line.play(m);
    int v = -ab.search(line, depth - 1, -search::kInfinity, -alpha).score;
    line.undo(m);
    // The search counted plies from the position after m: one more from the root.
    if (search::is_win_score(v)) --v;
    if (search::is_loss_score(v)) ++v;
    if (v > c.value) {
      c.value = v;
      c.equal.assign(1, m);
    } else if (v == c.value) {
      c.equal.push_back(m);
    }
  }
  c.nodes = ab.nodes() + 1;
  return c;
}

StracheyMachine::StracheyMachine(int strategy, std::uint64_t seed) : seed_(seed), rng_(seed) {
  settings_.strategy = strategy == 1 ? 1 : 2;
  settings_.king_eighths = settings_.strategy == 1 ? 24 : 23;
  // The defaults shown are this machine's own: strachey-1 starts with strategy 1 and a king of 3.
  options_
      .spin("Strategy", settings_.strategy, 1, 2,
            "1: fixed stages, king 3; 2: on until two moves without captures, king 2 7/8 (setting "
            "it sets KingEighths to 24 or 23)",
            [this](std::int64_t v) -> Status {
              settings_.strategy = static_cast<int>(v);
              settings_.king_eighths = v == 1 ? 24 : 23;
              return Ok{};
            })
      .spin("Stages", settings_.stages, 1, 6, "strategy 1: plies looked ahead", &settings_.stages)
      .spin("Limit", settings_.limit, 1, 6, "strategy 2: the overriding limit of stages",
            &settings_.limit)
      .spin("KingEighths", settings_.king_eighths, 8, 64, "a king's value in eighths of a man",
            &settings_.king_eighths)
      .check("CountLastMove", settings_.count_last_move,
             "strategy 2: the opponent's last move counts towards two moves without captures",
             &settings_.count_last_move)
      .seed(seed_, rng_, "seed of the random choice among equal moves",
            static_cast<std::int64_t>(seed));
}

Thought<Move> StracheyMachine::choose(const Draughts& position, const Limits& limits) {
  StracheySettings s = settings_;
  if (limits.depth) (s.strategy == 1 ? s.stages : s.limit) = std::clamp(*limits.depth, 1, 6);
  const StracheyChoice c = strachey_choices(position, s);
  Thought<Move> t;
  if (c.equal.empty()) return t;
  t.move = c.equal.size() == 1 ? c.equal[0] : c.equal[rng_.below(c.equal.size())];
  t.score = c.value;
  t.nodes = c.nodes;
  t.depth = s.strategy == 1 ? s.stages : s.limit;
  t.line = {t.move};
  char buf[160];
  if (search::is_decisive(c.value)) {
    std::snprintf(buf, sizeof buf,
                  "strategy %d: a %s in %d stages (%zu equal moves, %llu positions)", s.strategy,
                  c.value > 0 ? "win" : "loss", search::plies_to_end(c.value), c.equal.size(),
                  static_cast<unsigned long long>(c.nodes));
  } else {
    std::snprintf(buf, sizeof buf,
                  "strategy %d: material %+.3f men after %d stages%s (%zu equal moves, %llu "
                  "positions)",
                  s.strategy, c.value / 8.0, t.depth, s.strategy == 2 ? " at most" : "",
                  c.equal.size(), static_cast<unsigned long long>(c.nodes));
  }
  t.explanation = buf;
  return t;
}

std::unique_ptr<Player<Draughts>> make_strachey(int strategy) {
  return std::make_unique<StracheyMachine>(strategy);
}

}  // namespace minimax::draughts
