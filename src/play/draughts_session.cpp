// `minimax play draughts [FEN] [options]`: a person against Strachey's machine (Bowden 1953),
// through the one game loop (session/game_loop.hpp) and the terminal Player; the board display is
// an observer; the game is printed as PDN at the end.
#include "play/draughts_session.hpp"

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "games/draughts/notation.hpp"
#include "games/draughts/pdn.hpp"
#include "machines/draughts/registry.hpp"
#include "machines/draughts/strachey.hpp"
#include "play/human_player.hpp"
#include "play/records.hpp"
#include "session/game_loop.hpp"
#include "session/text_record.hpp"

namespace minimax::play {

namespace {

// The board before every choice, and the machine's moves (with --explain, why).
class DraughtsDisplay final : public session::GameObserver<draughts::Draughts> {
 public:
  DraughtsDisplay(const DraughtsOptions& o, std::ostream& out) : o_(o), out_(out) {}
  void before_move(const draughts::Draughts& p, std::span<const draughts::Move>) override {
    out_ << '\n' << draughts::board_picture(p, o_.strachey_notation);
  }
  void move_chosen(const draughts::Draughts& p, std::span<const draughts::Move>, Side side,
                   const Thought<draughts::Move>& t) override {
    if (t.explanation.empty()) return;  // the person's own move
    out_ << "the machine (" << (side == draughts::kBlack ? "Black" : "White") << ") plays "
         << (o_.strachey_notation ? draughts::strachey_move_text(p, t.move)
                                  : draughts::move_text(p, t.move));
    if (o_.explain) out_ << ": " << t.explanation;
    out_ << '\n';
  }

 private:
  const DraughtsOptions& o_;
  std::ostream& out_;
};

}  // namespace

int play_draughts(const DraughtsOptions& o, std::istream& in, std::ostream& out,
                  std::ostream& err) {
  draughts::Draughts game;
  if (!o.fen.empty()) {
    auto p = draughts::parse_fen(o.fen);
    if (!p) {
      err << "minimax play draughts: " << p.error() << '\n';
      return 2;
    }
    game = *p;
  }
  if (game.outcome() != Outcome::none) {
    err << "minimax play draughts: the game in " << game.to_string() << " is already over\n";
    return 2;
  }
  const draughts::Draughts start = game;
  auto machine = [&](std::uint64_t seed) {
    auto m = std::make_unique<draughts::StracheyMachine>(o.strategy, seed);
    if (o.stages)
      (void)m->set_option(o.strategy == 1 ? "Stages" : "Limit", std::to_string(o.stages));
    if (o.count_last_move) (void)m->set_option("CountLastMove", "true");
    return m;
  };
  const auto read_move = [&](const draughts::Draughts& p, std::string_view t) {
    return o.strachey_notation ? draughts::parse_strachey_move(p, t) : draughts::parse_move(p, t);
  };
  HumanPlayer<draughts::Draughts> human(in, out, read_move,
                                        o.strachey_notation ? "e.g. 10-14" : "e.g. 11-15");
  const bool by_name = !o.black.empty() || !o.white.empty();
  std::unique_ptr<draughts::DraughtsPlayer> named[2];
  std::string names[2] = {o.machine_first || o.machines_only ? "Strachey's machine" : "human",
                          o.machines_only || !o.machine_first ? "Strachey's machine" : "human"};
  Player<draughts::Draughts>* players[2] = {&human, nullptr};
  std::unique_ptr<draughts::StracheyMachine> black_machine, white_machine;
  if (by_name) {
    if (o.machine_first || o.machines_only) {
      err << "minimax play draughts: --black/--white name both players; leave out --machine-first "
             "and --machines\n";
      return 2;
    }
    for (int side = 0; side < 2; ++side) {
      std::string spec = side == 0 ? o.black : o.white;
      if (spec.empty()) spec = "human";
      // The machine's registry name ("strongest" is the table's last row), for the PDN's tags.
      names[side] = starts_with(to_lower(spec), "strongest")
                        ? std::string(draughts::strongest_draughts_machine()) +
                              spec.substr(std::string_view("strongest").size())
                        : spec;
      if (iequals(spec, "human")) {
        players[side] = &human;
        continue;
      }
      auto p = draughts::make_draughts_player(spec);
      if (!p) {
        err << "minimax play draughts: " << p.error() << '\n';
        return 2;
      }
      // The seed for each side as before (Black o.seed, White o.seed + 1) unless the name sets it.
      if (to_lower(spec).find("seed=") == std::string::npos)
        (void)(*p)->set_option("Seed", std::to_string(o.seed + static_cast<std::uint64_t>(side)));
      named[side] = std::move(*p);
      players[side] = named[side].get();
    }
    out << "English draughts: " << names[0] << " (Black) v " << names[1] << " (White).\n";
  } else {
    out << "English draughts against Strachey's machine, strategy " << o.strategy
        << " (Bowden 1953).\n";
    black_machine = machine(o.seed);
    white_machine = machine(o.seed + 1);
    players[1] = white_machine.get();
    if (o.machines_only) {
      players[0] = black_machine.get();
    } else if (o.machine_first) {
      players[0] = black_machine.get();
      players[1] = &human;
    }
  }
  out << (o.strachey_notation ? "Moves in Strachey's numbers 0-31: 10-14, 12-21(16).\n"
                              : "Moves in standard numbers: 11-15, a capture 18x11 (or 1x10x19).\n")
      << "? lists the moves, undo takes back your last move, quit resigns.\n";
  DraughtsDisplay display(o, out);
  // The PDN, written as the game goes (PDN 3.0: the result from the first side to move's view,
  // Black's in this game, as the loop's records give it).
  const auto pdn_text = [&](const draughts::Draughts& from, std::span<const draughts::Move> moves,
                            const std::string& result) {
    draughts::PdnGame pdn;
    pdn.start = from;
    pdn.tags = {{"Event", "minimax play draughts"},
                {"Black", names[0]},
                {"White", names[1]},
                {"Result", result},
                {"GameType", "21"}};
    for (const auto& m : moves) pdn.moves.push_back({m, ""});
    pdn.result = result;
    return draughts::write_pdn(pdn);
  };
  std::string path;
  if (o.record) {
    path = *o.record == "-" ? std::string() : *o.record;
  } else if (auto p = new_record_path("draughts", "pdn")) {
    path = *p;  // no data folder: no file, as before there were any
  }
  session::TextRecord<draughts::Draughts> record(
      path, "minimax play draughts", &err, "minimax play draughts: ",
      [&](const draughts::Draughts& from, std::span<const draughts::Move> moves,
          const std::string& result, const std::string& reason) {
        // The loop's 2000-ply stop is not a draw here: the game is unfinished.
        return pdn_text(from, moves, starts_with(reason, "move limit") ? std::string("*") : result);
      });
  std::vector<session::GameObserver<draughts::Draughts>*> observers = {&display};
  if (!path.empty()) observers.push_back(&record);
  session::GameSettings settings;
  settings.max_plies = 2000;
  for (int side = 0; side < 2; ++side) settings.person[side] = players[side] == &human;
  auto result = session::play_game(game, *players[0], *players[1], settings, {}, observers);
  if (result.ending == session::Ending::move_limit) {  // not adjudicated: the game is unfinished
    result.for_first = Outcome::none;
    result.reason = "the game was stopped after 2000 plies";
  }
  game = result.position;
  out << '\n' << draughts::board_picture(game, o.strachey_notation);
  if (result.for_first == Outcome::draw) {
    out << "A draw ("
        << (game.repetitions() >= 3 ? "the same position a third time"
                                    : "40 moves each without a man moved or a capture")
        << ").\n";
  } else if (result.for_first != Outcome::none) {
    const bool black_won = result.winner() == draughts::kBlack;
    const bool person_black = !o.machine_first;
    if (o.machines_only || by_name)
      out << (black_won ? "Black" : "White") << " wins (" << result.reason << ").\n";
    else
      out << (black_won == person_black ? "You win" : "The machine wins") << " (" << result.reason
          << ").\n";
  } else {
    out << "the game was not finished: " << result.reason << '\n';
  }
  // The path before the PDN, which ends the output (it can be read back from there).
  if (record.written()) out << "game record: " << path << '\n';
  out << '\n' << pdn_text(start, result.moves, session::result_text(result));
  return result.for_first == Outcome::none ? 1 : 0;
}

}  // namespace minimax::play
