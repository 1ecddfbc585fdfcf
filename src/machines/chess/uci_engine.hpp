#pragma once
// An external UCI engine behind a pipe, itself a Player (DESIGN.md): `minimax match` and
// `minimax play` name it as uci:/path/to/engine. The engine is started with fork/exec; minimax
// speaks the protocol's client side (uci, isready, ucinewgame, position, go, quit). A program
// that does not answer `uci` with `uciok` (or `isready` with `readyok`) within kHandshakeMs is not
// waited for forever (`uci:/bin/cat` echoes and waits: it must be an error, not a hang).
// The game loop (session/game_loop.hpp, through the chess adapter) tells the engine the game so
// far (tell_game), so the position goes out as `position startpos|fen START moves ...` and the
// engine sees the repetitions that happened before it (a position alone, as a FEN, hides them).
// Without that, or when the game told does not lead to the position asked about, the position is
// sent as a FEN.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/child_process.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::chess {

class UciEngine final : public chess::ChessPlayer {
 public:
  static constexpr std::int64_t kHandshakeMs = 10'000;
  // Starts the engine and completes the uci/uciok handshake; an Error if it cannot.
  static Expected<std::unique_ptr<UciEngine>> start(const std::string& path,
                                                    std::int64_t handshake_ms = kHandshakeMs);
  ~UciEngine() override;
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  [[nodiscard]] std::string name() const override { return name_; }
  Status set_option(std::string_view option, std::string_view value) override;
  void new_game() override;
  // Without limits the engine gets `go movetime 1000`.
  Thought<chess::Move> choose(const chess::Position& position, const Limits& limits) override;
  // The game that led to the next position choose() is asked about.
  void set_game(const chess::Position& start, const std::vector<chess::Move>& moves);
  // The `position ...` command for `position`: with the game's moves when set_game() led there.
  [[nodiscard]] std::string position_command(const chess::Position& position) const;

 private:
  UciEngine() = default;
  bool send(const std::string& line);
  // A line, without its end; false at the end of the output, or after timeout_ms (-1: no limit).
  bool read_line(std::string& line, std::int64_t timeout_ms = -1);
  bool wait_for(const std::string& token, std::int64_t timeout_ms);
  std::string exit_text();  // why the process is gone ("died (exit status 3)"); "" while it runs
  void stop_process();      // kill it and close the pipes
  bool restart();           // a fresh process, told the options set so far

  static constexpr std::int64_t kAnswerMarginMs = 5000;
  static constexpr std::int64_t kUnboundedWaitMs = 600000;

  std::unique_ptr<ChildProcess> process_;  // lines read with poll(): a silent engine cannot hang us
  std::string name_;
  std::string path_;
  std::string failure_;  // why the process is gone, once it is
  std::vector<std::pair<std::string, std::string>> options_sent_;
  std::int64_t handshake_ms_ = kHandshakeMs;
  std::string game_start_;               // "startpos" or "fen F"; empty when no game was told
  std::vector<std::string> game_moves_;  // in UCI notation
  std::uint64_t game_key_ = 0;           // the key after the moves
  int game_plies_ = 0;                   // the plies the position asked about has played after them
};

// Tells `player` the game so far when it is an external engine; other players need no telling
// (they read the history from the Position). The game loops call it before each choose().
void tell_game(chess::ChessPlayer& player, const chess::Position& start,
               const std::vector<chess::Move>& moves);

}  // namespace minimax::chess
