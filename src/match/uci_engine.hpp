#pragma once
// An external UCI engine behind a pipe, itself a Player (DESIGN.md): `minimax match` and
// `minimax play` name it as uci:/path/to/engine. The engine is started with fork/exec; minimax
// speaks the protocol's client side (uci, isready, ucinewgame, position, go, quit).
// The position is sent as a FEN (the game's earlier positions are not sent, so the engine does
// not see repetitions that happened before the current position).
#include <cstdio>
#include <memory>
#include <string>

#include "machines/chess/registry.hpp"

namespace minimax::match {

class UciEngine final : public chess::ChessPlayer {
 public:
  // Starts the engine and completes the uci/uciok handshake; an Error if it cannot.
  static Expected<std::unique_ptr<UciEngine>> start(const std::string& path);
  ~UciEngine() override;
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  [[nodiscard]] std::string name() const override { return name_; }
  Status set_option(std::string_view option, std::string_view value) override;
  void new_game() override;
  // Without limits the engine gets `go movetime 1000`.
  Thought<chess::Move> choose(const chess::Position& position, const Limits& limits) override;

 private:
  UciEngine() = default;
  bool send(const std::string& line);
  bool read_line(std::string& line);  // false at end of file
  bool wait_for(const std::string& token);

  int pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
  std::string name_;
};

}  // namespace minimax::match
