#pragma once
// The Player interface (DESIGN.md): every machine, an external engine behind a UCI pipe and a
// person at the terminal choose moves through it, so a game or a match between any two Players is
// one loop. The Player boundary may allocate and use virtual calls; the hot paths behind it do not.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game.hpp"

namespace minimax {

// What a Player may spend on one move. Unset fields mean "no limit of this kind".
struct Limits {
  std::optional<int> depth;                  // plies (or moves, as the machine documents)
  std::optional<std::uint64_t> nodes;
  std::optional<std::int64_t> movetime_ms;   // exact time for this move
  std::optional<std::int64_t> time_left_ms[2];  // game clock of each side, by index(Side)
  std::int64_t increment_ms[2] = {0, 0};
  std::optional<int> moves_to_go;
  std::optional<int> mate;                   // look for a mate in this many moves
  bool infinite = false;
  const std::atomic<bool>* stop = nullptr;   // set from outside to stop a search early
};

// A move with what the Player thought of it.
template <class Move>
struct Thought {
  Move move{};
  std::optional<int> score;      // from the mover's side, in the machine's own units
  std::vector<Move> line;        // principal variation, starting with `move`
  std::uint64_t nodes = 0;
  int depth = 0;
  std::string explanation;       // why, in the machine's own terms (for --explain)
  bool resigns = false;          // a person may resign instead of moving
  bool offers_draw = false;
};

// A setting a Player accepts, described so that UCI and the command line can list it.
struct OptionInfo {
  enum class Kind { check, spin, combo, string, button };
  std::string name;
  Kind kind = Kind::string;
  std::string default_value;
  std::int64_t min = 0, max = 0;      // spin
  std::vector<std::string> choices;   // combo
  std::string help;
};

template <Game G>
class Player {
 public:
  using Move = typename G::Move;
  virtual ~Player() = default;
  [[nodiscard]] virtual std::string name() const = 0;
  [[nodiscard]] virtual std::vector<OptionInfo> options() const { return {}; }
  // Names are matched case-insensitively; a bad name or value is an Error naming it.
  virtual Status set_option(std::string_view option, std::string_view value) {
    (void)value;
    return Error{"unknown option '" + std::string(option) + "' for " + name()};
  }
  virtual void new_game() {}
  // `position` is the game as played so far (its history is there for repetition rules).
  virtual Thought<Move> choose(const G& position, const Limits& limits) = 0;
};

}  // namespace minimax
