#pragma once
// The Player interface (DESIGN.md): every machine, an external engine behind a UCI pipe and a
// person at the terminal choose moves through it, so a game or a match between any two Players is
// one loop. The Player boundary may allocate and use virtual calls; the hot paths behind it do not.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game.hpp"
#include "core/options.hpp"
#include "core/text.hpp"

namespace minimax {

// What a Player may spend on one move. Unset fields mean "no limit of this kind".
struct Limits {
  std::optional<int> depth;  // plies (or moves, as the machine documents)
  std::optional<std::uint64_t> nodes;
  std::optional<std::int64_t> movetime_ms;      // exact time for this move
  std::optional<std::int64_t> time_left_ms[2];  // game clock of each side, by index(Side)
  std::int64_t increment_ms[2] = {0, 0};
  std::optional<int> moves_to_go;
  std::optional<int> mate;  // look for a mate in this many moves
  bool infinite = false;
  const std::atomic<bool>* stop = nullptr;  // set from outside to stop a search early
};

// A move with what the Player thought of it.
template <class Move>
struct Thought {
  Move move{};
  std::optional<int> score;  // from the mover's side, in the machine's own units
  std::vector<Move> line;    // principal variation, starting with `move`
  std::uint64_t nodes = 0;
  int depth = 0;
  std::string explanation;   // why, in the machine's own terms (for --explain)
  bool resigns = false;      // a person may resign instead of moving
  bool offers_draw = false;  // a turn of its own: declined, the same player is asked again
  bool takes_back = false;   // a person's "undo": back to that person's previous turn
  bool leaves = false;       // the game stops here unfinished (a person's input ended)
  // A machine that could not move at all says why here ("died (exit status 3)", "gave no
  // bestmove within 5200 ms", "answered 'bestmove zz99', not a legal move"): the game is lost
  // by forfeit with this reason, and a match goes on.
  std::string failure;
};

template <Game G>
class Player {
 public:
  using Move = typename G::Move;
  virtual ~Player() = default;
  [[nodiscard]] virtual std::string name() const = 0;
  // The options come from one table (core/options.hpp) that each machine fills in its
  // constructor; an engine behind a UCI pipe overrides these two instead.
  [[nodiscard]] virtual std::vector<OptionInfo> options() const { return options_.list(); }
  // Names are matched case-insensitively; a bad name or value is an Error naming it.
  virtual Status set_option(std::string_view option, std::string_view value) {
    return options_.set(option, value, name());
  }
  virtual void new_game() {}
  // `position` is the game as played so far (its history is there for repetition rules).
  virtual Thought<Move> choose(const G& position, const Limits& limits) = 0;
  // Who hears the machine's thinking while it chooses (a front end that shows it live): a machine
  // that searches by iterations reports each one as a Thought (its best line so far with depth,
  // score and nodes), from the thread that called choose(). Empty: nobody listens.
  void set_progress(std::function<void(const Thought<Move>&)> listener) {
    progress_ = std::move(listener);
  }

 protected:
  // An iteration's best line (from its first move), score, nodes and depth.
  void report_progress(const std::vector<Move>& line, int score, std::uint64_t nodes,
                       int depth) const {
    if (!progress_ || line.empty()) return;
    Thought<Move> t;
    t.move = line.front();
    t.score = score;
    t.line = line;
    t.nodes = nodes;
    t.depth = depth;
    progress_(t);
  }
  Options options_;

 private:
  std::function<void(const Thought<Move>&)> progress_;
};

// A Player by the name a front end gives: "NAME" or "NAME:Option=Value,..." ("strongest" is
// `strongest`). `make(name)` builds the machine (an Expected<unique_ptr<Player<G>>>, an Error
// listing the names there are); each option is then set through the machine's options table, so a
// bad one gets that table's one-line message. Every game's registry builds players through this.
template <Game G, class Make>
Expected<std::unique_ptr<Player<G>>> player_from_spec(std::string_view spec,
                                                      std::string_view strongest, Make make) {
  std::string_view name = spec, opts;
  if (const auto colon = spec.find(':'); colon != std::string_view::npos) {
    name = spec.substr(0, colon);
    opts = spec.substr(colon + 1);
  }
  if (iequals(name, "strongest")) name = strongest;
  Expected<std::unique_ptr<Player<G>>> p = make(name);
  if (!p) return Error{p.error()};
  if (!opts.empty()) {
    for (const auto& kv : split(opts, ',')) {
      const auto eq = kv.find('=');
      if (eq == std::string::npos)
        return Error{"bad option '" + kv + "' for " + std::string(name) + " (NAME=VALUE)"};
      auto st = (*p)->set_option(kv.substr(0, eq), kv.substr(eq + 1));
      if (!st) return Error{st.error()};
    }
  }
  return p;
}

// A row of a game's table of machines (machines/GAME/registry.hpp): a name, one line saying who
// designed it and what it does, and its factory. The tables list the strongest last.
template <Game G>
struct MachineRow {
  std::string_view name;
  std::string_view description;
  std::unique_ptr<Player<G>> (*make)();
};

// The machine of that name in `rows` (case-insensitive), or an Error listing the names there are.
template <Game G>
Expected<std::unique_ptr<Player<G>>> make_from_rows(const std::vector<MachineRow<G>>& rows,
                                                    std::string_view game, std::string_view name) {
  std::string names;
  for (const auto& m : rows) {
    if (iequals(m.name, name)) return m.make();
    names += (names.empty() ? "" : ", ") + std::string(m.name);
  }
  return Error{"unknown " + std::string(game) + " machine '" + std::string(name) +
               "' (machines: " + names + ")"};
}

}  // namespace minimax
