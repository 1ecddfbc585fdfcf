#include "learn/samuel_match.hpp"

#include <algorithm>
#include <span>

#include "games/draughts/notation.hpp"
#include "session/game_loop.hpp"

namespace minimax::learn::samuel {

std::vector<std::vector<draughts::Move>> three_move_openings() {
  std::vector<std::vector<draughts::Move>> all;
  Draughts d;
  Draughts::MoveList first, second, third;
  d.generate_moves(first);
  for (const auto& a : first) {
    d.play(a);
    d.generate_moves(second);
    for (const auto& b : second) {
      d.play(b);
      d.generate_moves(third);
      for (const auto& c : third) all.push_back({a, b, c});
      d.undo(b);
    }
    d.undo(a);
  }
  return all;
}

DraughtsGame play_draughts_game(Player<Draughts>& black, Player<Draughts>& white,
                                const std::vector<draughts::Move>& opening,
                                const GameSettings& settings, const AfterMove& after_move) {
  Draughts game;
  DraughtsGame g;
  for (const auto& m : opening) {
    game.play(m);
    g.moves.push_back(m);
  }
  black.new_game();
  white.new_game();
  // The players' choices, told to after_move.
  struct Watcher : session::GameObserver<Draughts> {
    const AfterMove* after;
    void move_chosen(const Draughts& position, std::span<const draughts::Move>, Side mover,
                     const Thought<draughts::Move>& thought) override {
      (*after)(position, mover, thought);
    }
  } watcher;
  watcher.after = &after_move;
  std::vector<session::GameObserver<Draughts>*> observers;
  if (after_move) observers.push_back(&watcher);
  session::GameSettings gs;
  gs.max_plies = std::max(1, settings.max_plies - static_cast<int>(opening.size()));
  const auto r = session::play_game(game, black, white, gs, {}, observers);
  g.for_black = r.for_first == Outcome::none ? Outcome::draw : r.for_first;
  g.moves.insert(g.moves.end(), r.moves.begin(), r.moves.end());
  g.reason = r.reason;
  return g;
}

void play_draughts_match_game(
    Player<Draughts>& a, Player<Draughts>& b, int i, std::size_t first_opening,
    const GameSettings& settings, const std::vector<std::vector<draughts::Move>>& openings,
    MatchScore& score,
    const std::function<void(int, const std::string&, Outcome, const DraughtsGame&)>& report) {
  const auto& opening =
      openings[(first_opening + static_cast<std::size_t>(i / 2)) % openings.size()];
  const bool a_black = i % 2 == 0;
  const Side a_side = a_black ? draughts::kBlack : draughts::kWhite;
  const AfterMove count_depth = [&](const Draughts&, Side side, const Thought<draughts::Move>& t) {
    const int player = side == a_side ? 0 : 1;
    ++score.moves[player];
    score.depth_sum[player] += t.depth;
  };
  const DraughtsGame g = a_black ? play_draughts_game(a, b, opening, settings, count_depth)
                                 : play_draughts_game(b, a, opening, settings, count_depth);
  Outcome for_a = g.for_black;
  if (!a_black)
    for_a = for_a == Outcome::win    ? Outcome::loss
            : for_a == Outcome::loss ? Outcome::win
                                     : Outcome::draw;
  if (for_a == Outcome::win)
    ++score.wins;
  else if (for_a == Outcome::loss)
    ++score.losses;
  else
    ++score.draws;
  if (report) {
    Draughts d;
    std::string text;
    for (const auto& m : opening) {
      if (!text.empty()) text += ' ';
      text += draughts::move_text(d, m);
      d.play(m);
    }
    report(i + 1, text, for_a, g);
  }
}

MatchScore play_draughts_match(
    Player<Draughts>& a, Player<Draughts>& b, int games, std::size_t first_opening,
    const GameSettings& settings,
    const std::function<void(int, const std::string&, Outcome, const DraughtsGame&)>& report) {
  const auto openings = three_move_openings();
  MatchScore score;
  for (int i = 0; i < games; ++i)
    play_draughts_match_game(a, b, i, first_opening, settings, openings, score, report);
  return score;
}

}  // namespace minimax::learn::samuel
