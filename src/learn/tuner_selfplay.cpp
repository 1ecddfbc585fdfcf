#include "learn/tuner_selfplay.hpp"

#include <cstdlib>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/player.hpp"
#include "core/rng.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine_player.hpp"
#include "session/game_loop.hpp"

namespace minimax::learn {

namespace {

// Both sides of a self-play game share one engine (one table, cleared each game) and one count of
// plies in a row that the engine scored beyond 10 pawns either way: at the sixth, the game is
// adjudicated for the side ahead (the usual testing practice, and it keeps lost games short). The
// side behind resigns at its turn; if the side ahead is to move, it plays and the other resigns.
struct Adjudication {
  int plies = 0;
  bool resign_next = false;
};

class SelfPlaySide final : public Player<chess::Position> {
 public:
  SelfPlaySide(Player<chess::Position>& engine, Adjudication& adjudication)
      : engine_(engine), adjudication_(adjudication) {}
  [[nodiscard]] std::string name() const override { return "engine"; }
  void new_game() override {
    engine_.new_game();
    adjudication_ = {};
  }
  Thought<chess::Move> choose(const chess::Position& position, const Limits& limits) override {
    Thought<chess::Move> t;
    if (adjudication_.resign_next) {
      t.resigns = true;
      t.explanation = "adjudicated";
      return t;
    }
    t = engine_.choose(position, limits);
    const int score = t.score.value_or(0);
    if (std::abs(score) < 1000) {
      adjudication_.plies = 0;
    } else if (++adjudication_.plies >= 6) {
      if (score < 0) {
        t = {};
        t.resigns = true;
        t.explanation = "adjudicated";
      } else {
        adjudication_.resign_next = true;
      }
    }
    return t;
  }

 private:
  Player<chess::Position>& engine_;
  Adjudication& adjudication_;
};

// Keeps the quiet positions of the game with the search's score, White's view: not in check, the
// move chosen not a capture or promotion, and not a mate score.
class QuietPositions final : public session::GameObserver<chess::Position> {
 public:
  void move_chosen(const chess::Position& pos, std::span<const chess::Move>, Side,
                   const Thought<chess::Move>& t) override {
    if (!t.score) return;
    const int white_score = pos.side() == chess::white ? *t.score : -*t.score;
    if (!pos.in_check() && !pos.is_capture(t.move) && !t.move.is_promotion() &&
        std::abs(*t.score) < 2000)
      quiet.emplace_back(pos.fen(), white_score);
  }
  std::vector<std::pair<std::string, int>> quiet;  // FEN, search score for White
};

}  // namespace

int generate_selfplay_positions(const SelfPlayOptions& options, std::ostream& out,
                                std::ostream* progress) {
  Rng rng(options.seed);
  auto engine = chess::make_engine_player();
  (void)engine->set_option("Hash", "16");
  Adjudication adjudication;
  SelfPlaySide white(*engine, adjudication), black(*engine, adjudication);
  session::GameSettings settings;
  settings.limits.nodes = options.nodes;
  settings.max_plies = 400;  // then a draw
  int written = 0;
  for (int game = 0; game < options.games; ++game) {
    chess::Position pos;
    if (!options.openings.empty()) {
      auto start = chess::Position::from_fen(options.openings[rng.below(options.openings.size())]);
      if (!start) continue;
      pos = *start;
    }
    // Random opening plies (legal, uniformly chosen).
    bool ok = true;
    for (int i = 0; i < options.random_plies; ++i) {
      chess::Position::MoveList list;
      pos.generate_moves(list);
      if (list.empty()) {
        ok = false;
        break;
      }
      pos.play(list[rng.below(list.size())]);
    }
    if (!ok || pos.outcome() != Outcome::none) continue;
    // The game from here on, through the one game loop.
    QuietPositions quiet;
    const auto result = session::play_game(pos, white, black, settings, {}, {&quiet});
    // From White's view (Side::first is White in chess).
    const std::string text = session::result_text(result);
    // "FEN result score": the score is the search's, in centipawns from White's side.
    for (const auto& [fen, score] : quiet.quiet) out << fen << ' ' << text << ' ' << score << '\n';
    written += static_cast<int>(quiet.quiet.size());
    if (progress)
      *progress << "game " << game + 1 << '/' << options.games << ": " << text << ", "
                << quiet.quiet.size() << " positions\n";
  }
  return written;
}

}  // namespace minimax::learn
