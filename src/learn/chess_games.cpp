#include "learn/chess_games.hpp"

#include <cstdlib>
#include <memory>
#include <span>
#include <sstream>

#include "core/player.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"
#include "session/game_loop.hpp"

namespace minimax::learn::chess_games {

namespace eng = chess::engine;

namespace {

// Adjudication as `tune --selfplay` does it (the usual testing practice, and it keeps lost games
// short), made fair to two different tables: six plies in a row in which the mover's score, seen
// from White's side, is beyond 10 pawns the same way; then the side behind resigns (at once if it
// is to move, else at its next turn).
struct Adjudication {
  int plies = 0;
  int sign = 0;
  bool resign_next = false;
};

class TablePlayer final : public Player<chess::Position> {
 public:
  TablePlayer(const EvalParams& table, Adjudication& adjudication)
      : table_(table), adjudication_(adjudication) {
    engine_.set_hash(2);  // a few thousand nodes a move need no more
  }
  [[nodiscard]] std::string name() const override { return "engine"; }
  void new_game() override { engine_.new_game(); }
  Thought<chess::Move> choose(const chess::Position& position, const Limits& limits) override {
    Thought<chess::Move> t;
    if (adjudication_.resign_next) {
      t.resigns = true;
      return t;
    }
    eng::eval_params() = table_;
    const eng::SearchResult r = engine_.search(position, eng::SearchLimits(limits));
    t.move = r.best;
    t.score = r.score;
    t.nodes = r.nodes;
    t.depth = r.depth;
    const int white_view = position.side() == chess::white ? r.score : -r.score;
    const int sign = white_view >= 1000 ? 1 : white_view <= -1000 ? -1 : 0;
    if (sign == 0 || sign != adjudication_.sign) adjudication_.plies = 0;
    adjudication_.sign = sign;
    if (sign != 0 && ++adjudication_.plies >= 6) {
      if (r.score < 0) {
        t = {};
        t.resigns = true;
      } else {
        adjudication_.resign_next = true;
      }
    }
    return t;
  }

 private:
  const EvalParams& table_;
  Adjudication& adjudication_;
  eng::Engine engine_;
};

// Keeps the quiet positions (not in check, the move chosen not a capture or promotion, not a mate
// score) with the search's score from White's side, as tune --selfplay does.
class QuietPositions final : public session::GameObserver<chess::Position> {
 public:
  void move_chosen(const chess::Position& pos, std::span<const chess::Move>, Side,
                   const Thought<chess::Move>& t) override {
    if (!t.score || t.resigns) return;
    const int white_score = pos.side() == chess::white ? *t.score : -*t.score;
    if (!pos.in_check() && !pos.is_capture(t.move) && !t.move.is_promotion() &&
        std::abs(*t.score) < 2000)
      quiet.emplace_back(pos.fen(), white_score);
  }
  std::vector<std::pair<std::string, int>> quiet;
};

// Restores the engine's table when a game ends, however it ends.
struct TableGuard {
  EvalParams saved = eng::eval_params();
  ~TableGuard() { eng::eval_params() = saved; }
};

}  // namespace

std::uint64_t job_seed(std::uint64_t seed, std::uint64_t round, std::uint64_t index) {
  auto mix = [](std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  return mix(mix(mix(seed) ^ round) ^ index);
}

PlayedGame play_game(const EvalParams& white, const EvalParams& black, const GameSpec& spec) {
  TableGuard guard;
  PlayedGame game;
  // The opening: random legal plies; a line that ends the game is drawn again.
  Rng rng(spec.seed);
  chess::Position start;
  for (int attempt = 0; attempt < 100; ++attempt) {
    chess::Position pos;
    bool ok = true;
    for (int i = 0; i < spec.random_plies && ok; ++i) {
      chess::Position::MoveList list;
      pos.generate_moves(list);
      if (list.empty()) ok = false;
      if (ok) pos.play(list[rng.below(list.size())]);
    }
    if (ok && pos.outcome() == Outcome::none) {
      start = pos;
      break;
    }
  }
  Adjudication adjudication;
  TablePlayer w(white, adjudication), b(black, adjudication);
  session::GameSettings settings;
  settings.limits.nodes = spec.nodes;
  settings.max_plies = spec.max_plies;
  QuietPositions quiet;
  std::vector<session::GameObserver<chess::Position>*> observers;
  if (spec.keep_positions) observers.push_back(&quiet);
  const auto r = session::play_game(start, w, b, settings, {}, observers);
  game.result = r.for_first == Outcome::none ? "1/2-1/2" : session::result_text(r);
  game.plies = static_cast<int>(r.moves.size());
  for (const auto& [fen, score] : quiet.quiet)
    game.positions.push_back(fen + ' ' + game.result + ' ' + std::to_string(score));
  return game;
}

std::string to_text(const PlayedGame& game) {
  std::string text = game.result + ' ' + std::to_string(game.plies) + '\n';
  for (const auto& p : game.positions) text += p + '\n';
  return text;
}

Expected<PlayedGame> from_text(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  PlayedGame game;
  if (!std::getline(in, line)) return Error{"a game's text is empty"};
  const auto head = split_whitespace(line);
  const auto plies = head.size() == 2 ? parse_int(head[1]) : std::nullopt;
  if (!plies || (head[0] != "1-0" && head[0] != "0-1" && head[0] != "1/2-1/2"))
    return Error{"a game's text begins '" + line + "', not a result and a number of plies"};
  game.result = head[0];
  game.plies = static_cast<int>(*plies);
  while (std::getline(in, line))
    if (!line.empty()) game.positions.push_back(line);
  return game;
}

EvalParams material_only_params() {
  EvalParams p{};
  const int values[5] = {100, 300, 300, 500, 900};  // pawn, knight, bishop, rook, queen
  for (int i = 0; i < 5; ++i) p[eng::kMaterial + i] = eng::S(values[i], values[i]);
  return p;
}

EvalParams shannon_params() {
  EvalParams p = material_only_params();
  p[eng::kDoubledPawn] = eng::S(-100, -100);
  p[eng::kIsolatedPawn] = eng::S(-50, -50);
  p[eng::kBackwardPawn] = eng::S(-50, -50);
  const struct {
    int offset, count;
  } mobility[] = {{eng::kKnightMobility, 9},
                  {eng::kBishopMobility, 14},
                  {eng::kRookMobility, 15},
                  {eng::kQueenMobility, 28}};
  for (const auto& m : mobility)
    for (int i = 0; i < m.count; ++i) p[m.offset + i] = eng::S(10 * i, 10 * i);
  return p;
}

Expected<EvalParams> named_params(const std::string& name) {
  if (name == "material") return material_only_params();
  if (name == "shannon") return shannon_params();
  if (name == "shipped") return eng::tuned_params();
  return Error{"unknown table '" + name + "': expected material, shannon or shipped"};
}

}  // namespace minimax::learn::chess_games
