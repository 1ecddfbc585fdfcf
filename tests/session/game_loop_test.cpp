// The one game loop (session/game_loop.hpp) with scripted players on noughts and crosses: the
// rules' end, the move limit, illegal moves, resignation, draw offers, takebacks, the clock, and
// what observers hear.
#include "session/game_loop.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "games/tictactoe/tictactoe.hpp"

namespace minimax::session {
namespace {

using tictactoe::TicTacToe;
using TMove = tictactoe::Move;

// Plays the squares (or words) given, in turn: "5" a move, "undo", "draw", "resign", "leave"
// (also when the script runs out).
class Script final : public Player<TicTacToe> {
 public:
  explicit Script(std::vector<std::string> steps, int sleep_ms = 0)
      : steps_(std::move(steps)), sleep_ms_(sleep_ms) {}
  [[nodiscard]] std::string name() const override { return "script"; }
  Thought<TMove> choose(const TicTacToe& position, const Limits& limits) override {
    last_limits = limits;
    if (sleep_ms_) std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms_));
    Thought<TMove> t;
    const std::string step = next_ < steps_.size() ? steps_[next_++] : "leave";
    if (step == "undo")
      t.takes_back = true;
    else if (step == "draw")
      t.offers_draw = true;
    else if (step == "resign")
      t.resigns = true;
    else if (step == "leave")
      t.leaves = true;
    else if (auto m = position.parse_move(step))
      t.move = *m;
    else
      t.move = TMove{static_cast<std::uint8_t>(std::stoi(step) - 1)};  // a taken square
    return t;
  }
  Limits last_limits;

 private:
  std::vector<std::string> steps_;
  std::size_t next_ = 0;
  int sleep_ms_;
};

struct Log final : GameObserver<TicTacToe> {
  void game_started(const TicTacToe&) override { events.push_back("start"); }
  void move_chosen(const TicTacToe& p, std::span<const TMove>, Side,
                   const Thought<TMove>& t) override {
    events.push_back("move " + p.move_to_string(t.move));
  }
  void taken_back(const TicTacToe&, std::span<const TMove> moves, int plies) override {
    events.push_back("back " + std::to_string(plies) + " to " + std::to_string(moves.size()));
  }
  void draw_declined(const TicTacToe&, Side) override { events.push_back("declined"); }
  void game_ended(const GameResult<TicTacToe>& r) override { events.push_back("end " + r.reason); }
  std::vector<std::string> events;
};

TEST(GameLoop, TheRulesEndTheGame) {
  Script x({"1", "2", "3"}), o({"4", "5"});
  Log log;
  const auto r = play_game(TicTacToe(), x, o, GameSettings{}, {}, {&log});
  EXPECT_EQ(r.for_first, Outcome::win);
  EXPECT_EQ(r.ending, Ending::rules);
  EXPECT_EQ(r.reason, "the game ended");
  EXPECT_EQ(r.moves.size(), 5u);
  EXPECT_EQ(log.events.front(), "start");
  EXPECT_EQ(log.events.back(), "end the game ended");
  EXPECT_EQ(log.events.size(), 7u);
}

TEST(GameLoop, MoveLimitIsADraw) {
  Script x({"1", "2"}), o({"4", "5"});
  GameSettings s;
  s.max_plies = 3;
  const auto r = play_game(TicTacToe(), x, o, s);
  EXPECT_EQ(r.for_first, Outcome::draw);
  EXPECT_EQ(r.ending, Ending::move_limit);
  EXPECT_EQ(r.moves.size(), 3u);
}

TEST(GameLoop, AnIllegalMoveLosesAndResignationLoses) {
  Script x({"5"}), o({"5"});  // the square is taken
  auto r = play_game(TicTacToe(), x, o, GameSettings{});
  EXPECT_EQ(r.for_first, Outcome::win);
  EXPECT_TRUE(r.illegal());
  EXPECT_EQ(r.reason, "illegal move 5 by script");
  Script x2({"resign"}), o2({});
  r = play_game(TicTacToe(), x2, o2, GameSettings{});
  EXPECT_EQ(r.for_first, Outcome::loss);
  EXPECT_EQ(r.loser, Side::first);
  EXPECT_EQ(r.ending, Ending::resignation);
}

TEST(GameLoop, TakebacksGoBackToThePersonsTurn) {
  // X is a person: its undo takes back O's reply and its own move; at the start there is nothing.
  Script x({"undo", "1", "undo", "5", "leave"}), o({"9", "2"});
  Log log;
  GameSettings s;
  s.person[0] = true;
  const auto r = play_game(TicTacToe(), x, o, s, {}, {&log});
  EXPECT_EQ(r.ending, Ending::unfinished);
  EXPECT_EQ(r.for_first, Outcome::none);
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(r.position.move_to_string(r.moves[0]), "5");
  const std::vector<std::string> want = {"start",       "back 0 to 0", "move 1", "move 9",
                                         "back 2 to 0", "move 5",      "move 2", "end script left"};
  EXPECT_EQ(log.events, want);
}

TEST(GameLoop, DrawOffers) {
  Script x({"draw", "1", "draw"}), o({"5"});
  Log log;
  GameAdapter<TicTacToe> a;
  int asked = 0;
  a.accepts_draw = [&](const TicTacToe&, Side offered_to) {
    EXPECT_EQ(offered_to, Side::second);
    return ++asked == 2;  // the first offer is declined, the second accepted
  };
  const auto r = play_game(TicTacToe(), x, o, GameSettings{}, a, {&log});
  EXPECT_EQ(r.for_first, Outcome::draw);
  EXPECT_EQ(r.ending, Ending::draw_agreed);
  EXPECT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(log.events[1], "declined");
}

TEST(GameLoop, TheClockRunsAndFalls) {
  Script x({"1", "2", "3"}, 30), o({"4", "5"});
  GameSettings s;
  s.clock = TimeControl{50, 0};
  const auto r = play_game(TicTacToe(), x, o, s);
  EXPECT_EQ(r.ending, Ending::time);
  EXPECT_EQ(r.loser, Side::first);
  EXPECT_EQ(r.reason, "script lost on time");
  ASSERT_TRUE(o.last_limits.time_left_ms[0].has_value());
  EXPECT_LT(*o.last_limits.time_left_ms[0], 50);  // X's first move was taken from its clock
}

// An answer that comes after the clock ran out loses on time, whatever it is: a resignation or
// an illegal move after the flag fell is not what ended the game.
TEST(GameLoop, AnAnswerAfterTheFlagFellLosesOnTime) {
  for (const char* late : {"resign", "5"}) {
    Script x({"5", late}, 40), o({"1", "2"});
    GameSettings s;
    s.clock = TimeControl{60, 0};
    const auto r = play_game(TicTacToe(), x, o, s);
    EXPECT_EQ(r.ending, Ending::time) << late;
    EXPECT_EQ(r.reason, "script lost on time") << late;
  }
}

}  // namespace
}  // namespace minimax::session
