#pragma once
// An external draughts engine that speaks the Hub protocol (docs/hub.md), itself a Player:
// `minimax match`, `tournament` and `play` name it as hub:COMMAND (the command line that starts
// it, e.g. hub:"minimax hub" or hub:/path/to/scan). minimax speaks the GUI's side: `hub` (waiting
// for `wait`), `set-param` for the options set, `init` (waiting for `ready`), `new-game`, `pos`
// with the whole game so far (so the engine sees the repetitions), `level`, `go think`, and reads
// `info` and `done`. A program that does not answer is not waited for forever; one that dies,
// answers with an illegal move or with garbage makes choose() fail with one line saying which
// (the game loop then ends the game by forfeit and keeps its record); the next game starts it
// afresh.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/child_process.hpp"
#include "core/player.hpp"
#include "games/draughts/draughts.hpp"

namespace minimax::draughts {

class HubEngine final : public Player<Draughts> {
 public:
  static constexpr std::int64_t kHandshakeMs = 10'000;
  // Starts the engine and completes the hub/wait and init/ready handshake; an Error if it cannot.
  static Expected<std::unique_ptr<HubEngine>> start(const std::string& command,
                                                    std::int64_t handshake_ms = kHandshakeMs);
  ~HubEngine() override;

  [[nodiscard]] std::string name() const override { return name_; }
  Status set_option(std::string_view option, std::string_view value) override;
  void new_game() override;
  // Without limits the engine gets `level move-time=1`.
  Thought<Move> choose(const Draughts& position, const Limits& limits) override;
  // The game that led to the next position choose() is asked about.
  void set_game(const Draughts& start, const std::vector<Move>& moves);
  // The `pos ...` command for `position`: with the game's moves when set_game() led there.
  [[nodiscard]] std::string position_command(const Draughts& position) const;

 private:
  HubEngine() = default;
  bool handshake(std::string& why);
  bool wait_for(const std::string& command, std::int64_t timeout_ms);
  bool restart();

  static constexpr std::int64_t kAnswerMarginMs = 5000;
  static constexpr std::int64_t kUnboundedWaitMs = 600000;

  std::unique_ptr<ChildProcess> process_;
  std::string name_, command_, failure_;
  std::vector<std::pair<std::string, std::string>> options_sent_;
  std::int64_t handshake_ms_ = kHandshakeMs;
  std::string game_start_;               // the start's Hub position; empty when no game was told
  std::vector<std::string> game_moves_;  // in Hub notation
  std::uint64_t game_key_ = 0;           // the key after the moves
};

// Tells `player` the game so far when it is a Hub engine (other players read the history from
// the position); the draughts adapter calls it before each choose().
void tell_hub_game(Player<Draughts>& player, const Draughts& start, const std::vector<Move>& moves);

}  // namespace minimax::draughts
