#pragma once
// A match or round robin that `minimax serve` plays in the background and the page watches
// (docs/serve.md, "Watch"): the board of the game being played, every result, the crosstable and
// each player's Elo with its 95% interval as the games end. The games are played by
// match::run_tournament, the same code as `minimax tournament` (a match is a round robin of two).
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/expected.hpp"
#include "serve/web_game.hpp"

namespace minimax::serve {

class Watch {
 public:
  // {"game": "chess"|"draughts", "players": ["turochamp", "shannon-a", ...], "games": 2 (a
  //  pairing), "movetime_ms": 200}: checked, then started on its own thread. Errors are one line.
  static Expected<std::unique_ptr<Watch>> start(const Json& request, const std::string& id);
  ~Watch();
  Watch(const Watch&) = delete;
  Watch& operator=(const Watch&) = delete;

  // {"id", "game", "players", "running", "games_played", "games_total", "board": {"first",
  //  "second", "game", "fen", "last_move"}, "results": [...], "table": [[points]], "elo":
  //  [{"name", "score", "elo", "error"}], "error", "svg" (ratings with error bars, at the end)}.
  [[nodiscard]] Json state() const;
  // No new game starts; the one being played is played out.
  void stop() { stop_ = true; }

 private:
  Watch() = default;
  void run();
  void recount();  // table and Elo from the results (under mutex_)

  std::string id_, game_;
  std::vector<std::string> players_;
  int games_ = 2;
  int movetime_ms_ = 200;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  Json state_;
  std::thread thread_;
};

}  // namespace minimax::serve
