#include "learn/tuner_selfplay.hpp"

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/rng.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"

namespace minimax::learn {

namespace eng = chess::engine;

int generate_selfplay_positions(const SelfPlayOptions& options, std::ostream& out,
                                std::ostream* progress) {
  Rng rng(options.seed);
  eng::Engine engine;
  engine.set_hash(16);
  int written = 0;
  for (int game = 0; game < options.games; ++game) {
    engine.new_game();
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
    std::vector<std::pair<std::string, int>> quiet;  // FEN, search score for White
    double white_result = 0.5;
    int decisive_streak = 0;
    for (int ply = 0; ply < 400; ++ply) {
      const Outcome o = pos.outcome();
      if (o != Outcome::none) {
        if (o == Outcome::loss) white_result = pos.side() == chess::white ? 0.0 : 1.0;
        break;
      }
      eng::SearchLimits limits;
      limits.nodes = options.nodes;
      const auto r = engine.search(pos, limits);
      if (!r.best) break;
      // Adjudicate a clear win: both agree for several moves that one side is far ahead.
      const int white_score = pos.side() == chess::white ? r.score : -r.score;
      if (std::abs(white_score) >= 1000) {
        if (++decisive_streak >= 6) {
          white_result = white_score > 0 ? 1.0 : 0.0;
          break;
        }
      } else {
        decisive_streak = 0;
      }
      if (!pos.in_check() && !pos.is_capture(r.best) && !r.best.is_promotion() &&
          std::abs(r.score) < 2000)
        quiet.emplace_back(pos.fen(), white_score);
      pos.play(r.best);
    }
    const char* result = white_result == 1.0 ? "1-0" : white_result == 0.0 ? "0-1" : "1/2-1/2";
    // "FEN result score": the score is the search's, in centipawns from White's side.
    for (const auto& [fen, score] : quiet) out << fen << ' ' << result << ' ' << score << '\n';
    written += static_cast<int>(quiet.size());
    if (progress)
      *progress << "game " << game + 1 << '/' << options.games << ": " << result << ", "
                << quiet.size() << " positions\n";
  }
  return written;
}

}  // namespace minimax::learn
