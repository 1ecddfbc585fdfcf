// `minimax play nim ...` and `minimax play tictactoe ...`: a person against Nimrod or the perfect
// noughts-and-crosses player, through the one game loop (session/game_loop.hpp) and the terminal
// Player; the displays are observers.
#include "play/small_games.hpp"

#include <ostream>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/nim/nimrod.hpp"
#include "machines/tictactoe/perfect.hpp"
#include "play/human_player.hpp"
#include "play/records.hpp"
#include "session/game_loop.hpp"
#include "session/text_record.hpp"

namespace minimax::play {

namespace {

// Bowden's way of looking at the heaps: each in binary, one under the other, with the column sums.
void show_heaps(const nim::Nim& n, std::ostream& out) {
  int bits = 1;
  for (int h : n.heaps())
    while ((1 << bits) <= h) ++bits;
  out << "\n      ";
  for (int b = bits - 1; b >= 0; --b) out << ' ' << (1 << b);
  out << '\n';
  for (int i = 0; i < n.heap_count(); ++i) {
    out << "  " << nim::heap_name(i) << "   ";
    for (int b = bits - 1; b >= 0; --b)
      out << std::string(std::to_string(1 << b).size(), ' ') << ((n.heap(i) >> b) & 1);
    out << "  (" << n.heap(i) << ") "
        << std::string(static_cast<std::size_t>(std::min(n.heap(i), 40)), '|') << '\n';
  }
}

// The heaps before every choice, and Nimrod's moves (with --explain, its reasoning).
class NimDisplay final : public session::GameObserver<nim::Nim> {
 public:
  NimDisplay(std::ostream& out, bool explain) : out_(out), explain_(explain) {}
  void before_move(const nim::Nim& n, std::span<const nim::Move>) override { show_heaps(n, out_); }
  void move_chosen(const nim::Nim& n, std::span<const nim::Move>, Side,
                   const Thought<nim::Move>& t) override {
    if (t.explanation.empty()) return;  // the person's own move
    out_ << "Nimrod takes " << n.move_to_string(t.move) << ", leaving ";
    const auto after = n.after(t.move);
    for (std::size_t i = 0; i < after.size(); ++i) out_ << (i ? " " : "") << after[i];
    out_ << '\n';
    if (explain_) out_ << t.explanation;
  }

 private:
  std::ostream& out_;
  bool explain_;
};

// The board before every choice, and the machine's moves (with --explain, why).
class TicTacToeDisplay final : public session::GameObserver<tictactoe::TicTacToe> {
 public:
  TicTacToeDisplay(std::ostream& out, bool explain) : out_(out), explain_(explain) {}
  void before_move(const tictactoe::TicTacToe& t, std::span<const tictactoe::Move>) override {
    out_ << '\n' << t.to_board();
  }
  void move_chosen(const tictactoe::TicTacToe& t, std::span<const tictactoe::Move>, Side side,
                   const Thought<tictactoe::Move>& thought) override {
    if (thought.explanation.empty()) return;  // the person's own move
    out_ << "the machine (" << (side == Side::first ? 'X' : 'O') << ") plays "
         << t.move_to_string(thought.move);
    if (explain_) out_ << ": " << thought.explanation;
    out_ << '\n';
  }

 private:
  std::ostream& out_;
  bool explain_;
};

// Where the record goes: --record's file, else a new file in the data folder; "" for none.
std::string record_path(const SmallGameOptions& options, std::string_view game) {
  if (options.record) return *options.record == "-" ? std::string() : *options.record;
  auto path = new_record_path(game, "txt");
  return path ? *path : std::string();  // no data folder: no record, as before there were any
}

// The person sits on the first side unless the machine moves first: "undo" goes back to the
// person's previous turn.
session::GameSettings person_settings(const SmallGameOptions& options) {
  session::GameSettings settings;
  settings.person[index(Side::first)] = !options.machine_first;
  settings.person[index(Side::second)] = options.machine_first;
  return settings;
}

}  // namespace

int play_nim(const nim::Nim& game, const SmallGameOptions& options, std::istream& in,
             std::ostream& out, std::ostream& err) {
  if (game.outcome() != Outcome::none) {
    err << "minimax play nim: all heaps are empty, there is nothing to play\n";
    return 2;
  }
  out << "Nim: heaps " << nim::describe(game) << ".\n"
      << "A move takes matches from 1 to " << game.rules().k << " heap"
      << (game.rules().k > 1 ? "s" : "") << ": type the heap and how many, e.g. A2"
      << (game.rules().k > 1 ? " or A2 D1" : "")
      << ". ? lists the moves, undo takes back, quit resigns.\n";
  nim::NimrodPlayer nimrod(options.seed.value_or(1951));
  HumanPlayer<nim::Nim> human(
      in, out, [](const nim::Nim& n, std::string_view t) { return n.parse_move(t); }, "e.g. A2");
  NimDisplay display(out, options.explain);
  const std::string path = record_path(options, "nim");
  session::TextRecord<nim::Nim> record(path, "minimax play nim: " + nim::describe(game), &err,
                                       "minimax play nim: ");
  std::vector<session::GameObserver<nim::Nim>*> observers = {&display};
  if (!path.empty()) observers.push_back(&record);
  Player<nim::Nim>& first = options.machine_first ? static_cast<Player<nim::Nim>&>(nimrod) : human;
  Player<nim::Nim>& second = options.machine_first ? static_cast<Player<nim::Nim>&>(human) : nimrod;
  const auto result =
      session::play_game(game, first, second, person_settings(options), {}, observers);
  show_heaps(result.position, out);
  if (result.for_first == Outcome::none) {
    out << "the game was not finished: " << result.reason << '\n';
    return 1;
  }
  const bool human_won = (result.winner() == Side::first) != options.machine_first;
  out << (human_won ? "You win" : "Nimrod wins") << " (" << result.reason << ", "
      << (game.rules().misere ? "taking the last match loses" : "taking the last match wins")
      << ").\n";
  if (record.written()) out << "game record: " << path << '\n';
  return 0;
}

int play_tictactoe(const tictactoe::TicTacToe& game, const SmallGameOptions& options,
                   std::istream& in, std::ostream& out, std::ostream& err) {
  if (game.outcome() != Outcome::none) {
    err << "minimax play tictactoe: the game in " << game.to_string() << " is already over\n";
    return 2;
  }
  out << "Noughts and crosses against the perfect player (Michie's exhaustive list of positions).\n"
      << "Type the number of a free square; ? lists them, undo takes back, quit resigns.\n";
  tictactoe::PerfectPlayer machine(options.seed.value_or(1966));
  HumanPlayer<tictactoe::TicTacToe> human(
      in, out, [](const tictactoe::TicTacToe& t, std::string_view s) { return t.parse_move(s); },
      "1-9");
  TicTacToeDisplay display(out, options.explain);
  const std::string path = record_path(options, "tictactoe");
  session::TextRecord<tictactoe::TicTacToe> record(path, "minimax play tictactoe", &err,
                                                   "minimax play tictactoe: ");
  std::vector<session::GameObserver<tictactoe::TicTacToe>*> observers = {&display};
  if (!path.empty()) observers.push_back(&record);
  // The person plays X (the first player) unless --machine-first; from a given position with O to
  // move, the machine as O moves first.
  Player<tictactoe::TicTacToe>& first =
      options.machine_first ? static_cast<Player<tictactoe::TicTacToe>&>(machine) : human;
  Player<tictactoe::TicTacToe>& second =
      options.machine_first ? static_cast<Player<tictactoe::TicTacToe>&>(human) : machine;
  const auto result =
      session::play_game(game, first, second, person_settings(options), {}, observers);
  out << '\n' << result.position.to_board();
  if (result.for_first == Outcome::none) {
    out << "the game was not finished: " << result.reason << '\n';
    return 1;
  }
  if (result.for_first == Outcome::draw) {
    out << "A draw.\n";
    if (record.written()) out << "game record: " << path << '\n';
    return 0;
  }
  const bool person_is_x = !options.machine_first;
  const bool x_won = result.winner() == Side::first;
  const bool line = result.position.winner() != tictactoe::Mark::empty;
  out << (x_won == person_is_x ? "You win" : "The machine wins") << " ("
      << (line ? std::string("three in a row") : result.reason) << ").\n";
  if (record.written()) out << "game record: " << path << '\n';
  return 0;
}

}  // namespace minimax::play
