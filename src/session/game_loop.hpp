#pragma once
// The one game loop (DESIGN.md: a person, a machine, an engine behind a pipe are all Players, so
// a game between any two is one loop). Generic over the Game concept: `minimax play` (chess,
// draughts, Nim, noughts and crosses), `minimax match`, `minimax tournament` and the page of
// `minimax serve` all play through it. What is particular to a game or a front end comes in as an
// adapter (a few functions the loop calls) and observers (told what happens); it is never a second
// loop.
//
// API:
//   GameSettings settings;                    // per-move limits, clock, move limit, persons
//   GameAdapter<G> adapter;                   // optional: end reasons, telling an engine
//   std::vector<GameObserver<G>*> observers;  // e.g. the board display, the record writer
//   GameResult<G> r = play_game(start, first, second, settings, adapter, observers);
//
// The rules of adjudication, in the order they are applied before each move:
//   1. the rules end the game (G::outcome() is not none): a win, draw or loss by the rules;
//   2. the move limit (settings.max_plies) is reached: adjudicated a draw;
// and after the mover's choice:
//   3. Thought::leaves: the game stops unfinished (for_first == Outcome::none);
//   3a. with a clock, an answer that came after the mover's time ran out (whatever it is): a loss
//      on time;
//   4. Thought::takes_back: the last move(s) are undone, back to the previous turn of a person
//      (settings.person), and the loop goes on; nothing to take back is reported to observers;
//   5. Thought::offers_draw: adapter.accepts_draw asks the other side; accepted, a draw; declined,
//      observers hear it and the same player is asked again (the offer is a turn of its own);
//   6. Thought::resigns: a loss for the mover;
//   6a. Thought::failure (a machine that could not move: an external engine died, hung or wrote
//      garbage): a loss by forfeit, the failure the reason;
//   7. a move that is not legal (or none): a loss for the mover (a machine's bug must not crash a
//      tournament); GameResult::illegal() and illegal_move tell;
//   8. with a clock, the time the choice took is taken from the mover's clock: below zero, a loss
//      on time; otherwise the increment is added.
// Then the move is played and observers hear of it.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/game.hpp"
#include "core/player.hpp"

namespace minimax::session {

// A game clock for each side: base time and an increment added after each move.
struct TimeControl {
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
};

struct GameSettings {
  Limits limits;                     // per move (depth, nodes, movetime), used as given
  std::optional<TimeControl> clock;  // a game clock for each side (added to the limits)
  std::optional<int> max_plies;      // then adjudicated a draw; none: play to the end
  bool person[2] = {false, false};   // a person sits on this side (by index(Side)): undo goes
                                     // back to that person's turn
};

// How a game ended.
enum class Ending {
  unfinished,  // a player left (Thought::leaves)
  rules,       // G::outcome(): mate, stalemate, a repetition, the last match taken, a line of three
  move_limit,  // settings.max_plies: adjudicated a draw
  draw_agreed,  // an offer accepted
  resignation,
  illegal_move,  // or no move at all
  time,          // a clock fell below zero
  forfeit,       // a machine could not move at all (Thought::failure: an engine died or hung)
};

template <Game G>
struct GameResult {
  G start;
  G position;  // where the game ended
  std::vector<typename G::Move> moves;
  Outcome for_first = Outcome::none;  // from Side::first's point of view; none: unfinished
  Side loser = Side::first;           // meaningful when for_first is win or loss
  Ending ending = Ending::unfinished;
  std::string reason;               // "checkmate", "random resigned", "illegal move e2e5 by x"
  typename G::Move illegal_move{};  // the move refused, when ending is illegal_move
  [[nodiscard]] bool illegal() const { return ending == Ending::illegal_move; }
  [[nodiscard]] Side winner() const { return opposite(loser); }
};

// The result as game records write it: "1-0" when the side moving first won (White in chess,
// Black in draughts, as PDN 3.0 has it), "0-1", "1/2-1/2", or "*" while unfinished.
template <Game G>
std::string result_text(const GameResult<G>& r) {
  switch (r.for_first) {
    case Outcome::win:
      return "1-0";
    case Outcome::loss:
      return "0-1";
    case Outcome::draw:
      return "1/2-1/2";
    default:
      return "*";
  }
}

// What a game (or a front end) adds to the loop; every member may be left empty.
template <Game G>
struct GameAdapter {
  using Move = typename G::Move;
  // Why the rules ended the game at `position` ("checkmate"); empty: "the game ended".
  std::function<std::string(const G& position)> end_reason;
  // A move as reasons quote it (an illegal one included); empty: G::move_to_string.
  std::function<std::string(const G& position, const Move& move)> move_text;
  // Called before each choice: a player that needs the game so far, not only the position (an
  // external engine: the moves since the start, so that it sees repetitions), hears it here.
  std::function<void(Player<G>& player, const G& start, const std::vector<Move>& moves)> tell_game;
  // Does the side `offered_to` accept a draw at `position`? Empty: every offer is declined.
  std::function<bool(const G& position, Side offered_to)> accepts_draw;
};

// Told what happens in a game: the board display, the record writer, the machines' reasoning.
// `moves` are always the moves from the start to `position`.
template <Game G>
class GameObserver {
 public:
  using Move = typename G::Move;
  virtual ~GameObserver() = default;
  virtual void game_started(const G& start) { (void)start; }
  // Before a player is asked for a move (again after a takeback or a declined offer).
  virtual void before_move(const G& position, std::span<const Move> moves) {
    (void)position, (void)moves;
  }
  // A legal move chosen, before it is played: `position` is the position it is played in.
  virtual void move_chosen(const G& position, std::span<const Move> moves, Side mover,
                           const Thought<Move>& thought) {
    (void)position, (void)moves, (void)mover, (void)thought;
  }
  // After a move is played, and after moves are taken back.
  virtual void position_changed(const G& position, std::span<const Move> moves) {
    (void)position, (void)moves;
  }
  // `plies` moves were taken back (0: there was nothing to take back).
  virtual void taken_back(const G& position, std::span<const Move> moves, int plies) {
    (void)position, (void)moves, (void)plies;
  }
  virtual void draw_declined(const G& position, Side offered_to) {
    (void)position, (void)offered_to;
  }
  virtual void game_ended(const GameResult<G>& result) { (void)result; }
};

template <Game G>
bool is_legal_move(const G& game, const typename G::Move& m) {
  if constexpr (requires {
                  { game.is_legal(m) } -> std::convertible_to<bool>;
                }) {
    return game.is_legal(m);  // Nim's move lists can be astronomically long
  } else {
    typename G::MoveList moves;
    game.generate_moves(moves);
    for (const auto& x : moves)
      if (x == m) return true;
    return false;
  }
}

template <Game G>
GameResult<G> play_game(const G& start, Player<G>& first, Player<G>& second,
                        const GameSettings& settings, const GameAdapter<G>& adapter = {},
                        const std::vector<GameObserver<G>*>& observers = {}) {
  using Move = typename G::Move;
  GameResult<G> r{start, start, {}, Outcome::none, Side::first, Ending::unfinished, {}, {}};
  G& game = r.position;
  std::vector<Move>& moves = r.moves;
  auto tell = [&](auto&& call) {
    for (GameObserver<G>* o : observers) call(*o);
  };
  auto end = [&](Outcome for_first, Side loser, Ending ending,
                 std::string reason) -> GameResult<G> {
    r.for_first = for_first;
    r.loser = loser;
    r.ending = ending;
    r.reason = std::move(reason);
    tell([&](GameObserver<G>& o) { o.game_ended(r); });
    return std::move(r);
  };
  auto lose = [&](Side loser, Ending ending, std::string reason) {
    return end(loser == Side::first ? Outcome::loss : Outcome::win, loser, ending,
               std::move(reason));
  };
  auto text = [&](const Move& m) {
    return adapter.move_text ? adapter.move_text(game, m) : std::string(game.move_to_string(m));
  };

  first.new_game();
  second.new_game();
  std::int64_t clock_ms[2] = {0, 0};
  if (settings.clock) clock_ms[0] = clock_ms[1] = settings.clock->base_ms;
  tell([&](GameObserver<G>& o) { o.game_started(start); });
  for (;;) {
    if (const Outcome outcome = game.outcome(); outcome != Outcome::none) {
      std::string why = adapter.end_reason ? adapter.end_reason(game) : std::string();
      if (why.empty()) why = "the game ended";
      const Side mover = game.side_to_move();
      if (outcome == Outcome::draw) return end(Outcome::draw, mover, Ending::rules, why);
      return lose(outcome == Outcome::loss ? mover : opposite(mover), Ending::rules, why);
    }
    if (settings.max_plies && static_cast<int>(moves.size()) >= *settings.max_plies)
      return end(
          Outcome::draw, Side::first, Ending::move_limit,
          "move limit (" + std::to_string(*settings.max_plies / 2) + " moves), adjudicated a draw");
    tell([&](GameObserver<G>& o) { o.before_move(game, moves); });
    const Side mover = game.side_to_move();
    Player<G>& player = mover == Side::first ? first : second;
    Limits limits = settings.limits;
    if (settings.clock) {
      limits.time_left_ms[0] = clock_ms[0];
      limits.time_left_ms[1] = clock_ms[1];
      limits.increment_ms[0] = limits.increment_ms[1] = settings.clock->increment_ms;
    }
    if (adapter.tell_game) adapter.tell_game(player, start, moves);
    const TimePoint asked = now();
    const Thought<Move> thought = player.choose(game, limits);
    const std::int64_t spent = elapsed_ms(asked);
    if (thought.leaves)
      return end(Outcome::none, mover, Ending::unfinished,
                 thought.explanation.empty() ? player.name() + " left" : thought.explanation);
    // A clock that ran out before the answer came loses, whatever the answer (a person's seat
    // returns when its time is up).
    if (settings.clock && spent > clock_ms[index(mover)])
      return lose(mover, Ending::time, player.name() + " lost on time");
    if (thought.takes_back) {
      int plies = 0;
      while (!moves.empty()) {
        game.undo(moves.back());
        moves.pop_back();
        ++plies;
        if (settings.person[index(game.side_to_move())]) break;
      }
      tell([&](GameObserver<G>& o) { o.taken_back(game, moves, plies); });
      if (plies > 0) tell([&](GameObserver<G>& o) { o.position_changed(game, moves); });
      continue;
    }
    if (thought.offers_draw) {
      if (adapter.accepts_draw && adapter.accepts_draw(game, opposite(mover)))
        return end(Outcome::draw, mover, Ending::draw_agreed, "draw agreed");
      tell([&](GameObserver<G>& o) { o.draw_declined(game, opposite(mover)); });
      continue;
    }
    if (thought.resigns) {
      const bool plain = thought.explanation.empty() || thought.explanation == "resigned";
      return lose(mover, Ending::resignation,
                  player.name() + " resigned" + (plain ? "" : " (" + thought.explanation + ")"));
    }
    if (!thought.failure.empty())
      return lose(mover, Ending::forfeit, player.name() + " " + thought.failure);
    if (!is_legal_move(game, thought.move)) {
      r.illegal_move = thought.move;
      return lose(mover, Ending::illegal_move,
                  "illegal move " + text(thought.move) + " by " + player.name());
    }
    if (settings.clock) {
      std::int64_t& left = clock_ms[index(mover)];
      left -= spent;
      if (left < 0) return lose(mover, Ending::time, player.name() + " lost on time");
      left += settings.clock->increment_ms;
    }
    tell([&](GameObserver<G>& o) { o.move_chosen(game, moves, mover, thought); });
    game.play(thought.move);
    moves.push_back(thought.move);
    tell([&](GameObserver<G>& o) { o.position_changed(game, moves); });
  }
}

}  // namespace minimax::session
