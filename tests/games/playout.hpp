#pragma once
// The random-playout test every game must pass (DESIGN.md, after OpenSpiel's): play random games
// from a start and check at every position that
//   - the legal moves are unique (and so are their written forms, so notation is unambiguous);
//   - playing and undoing each legal move restores the position (its identity text) and key;
//   - the terminal states are consistent: a position with no legal moves has an outcome, and a
//     position with an outcome ends the game;
//   - equal positions have equal keys (equal identity text => equal key, over the whole run);
//   - replaying a game's moves from the start reproduces its keys.
// Usage: check_random_playouts(game, games, seed) inside a TEST; failures are gtest failures
// naming the position and move. Templated on the Game concept so chess and draughts reuse it.
// The identity text of a position is to_string() by default; a game whose to_string() is only a
// picture (chess: no side to move, castling rights) passes a callable giving the whole state, e.g.
// [](const chess::Position& p) { return p.fen(); }.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/game.hpp"
#include "core/rng.hpp"

namespace minimax::test {

struct PlayoutStats {
  std::uint64_t games = 0, plies = 0, moves_checked = 0;
  std::uint64_t outcomes[4] = {0, 0, 0, 0};  // by Outcome, of the side to move at the end
};

struct ToString {
  template <class G>
  std::string operator()(const G& g) const {
    return g.to_string();
  }
};

template <Game G, class Identity = ToString>
PlayoutStats check_random_playouts(const G& start, int games, std::uint64_t seed,
                                   int max_plies = 2000, std::size_t max_moves_checked = 4096,
                                   Identity identity = {}) {
  PlayoutStats stats;
  Rng rng(seed);
  std::unordered_map<std::string, std::uint64_t> key_of;
  for (int g = 0; g < games; ++g) {
    G game = start;
    std::vector<typename G::Move> played;
    std::vector<std::uint64_t> keys{game.key()};
    for (int ply = 0; ply <= max_plies; ++ply) {
      const std::string before = identity(game);
      const std::uint64_t key = game.key();
      auto [it, fresh] = key_of.emplace(before, key);
      if (!fresh) {
        EXPECT_EQ(it->second, key) << "two keys for position " << before;
      }
      typename G::MoveList moves;
      game.generate_moves(moves);
      const Outcome outcome = game.outcome();
      if (moves.empty()) {
        EXPECT_NE(outcome, Outcome::none) << "no legal moves but no outcome in " << before;
      }
      if (outcome != Outcome::none || moves.empty()) {
        ++stats.outcomes[static_cast<int>(outcome)];
        break;
      }
      std::unordered_set<std::string> names;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::string name = game.move_to_string(moves[i]);
        if (!names.insert(name).second) {
          ADD_FAILURE() << "move " << name << " listed twice (or two moves written alike) in "
                        << before;
        }
      }
      // Play/undo every move (up to a bound: a Nim position may have thousands).
      const std::size_t step =
          moves.size() > max_moves_checked ? moves.size() / max_moves_checked + 1 : 1;
      for (std::size_t i = 0; i < moves.size(); i += step) {
        game.play(moves[i]);
        game.undo(moves[i]);
        ++stats.moves_checked;
        if (game.key() != key || identity(game) != before) {
          ADD_FAILURE() << "play/undo of " << game.move_to_string(moves[i]) << " changed " << before
                        << " into " << identity(game);
          return stats;
        }
      }
      const auto& m = moves[rng.below(moves.size())];
      game.play(m);
      played.push_back(m);
      keys.push_back(game.key());
      ++stats.plies;
    }
    // Replaying gives the same keys.
    G again = start;
    for (std::size_t i = 0; i < played.size(); ++i) {
      again.play(played[i]);
      EXPECT_EQ(again.key(), keys[i + 1]) << "replay differs at ply " << i + 1;
    }
    // Undoing all the way back restores the start.
    for (std::size_t i = played.size(); i-- > 0;) again.undo(played[i]);
    EXPECT_EQ(identity(again), identity(start));
    EXPECT_EQ(again.key(), start.key());
    ++stats.games;
  }
  return stats;
}

}  // namespace minimax::test
