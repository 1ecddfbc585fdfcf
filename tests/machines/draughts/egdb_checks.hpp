#pragma once
// Checks on the endgame databases shared by the fast tests (up to 3 or 4 pieces) and the deep
// ones (5 pieces): agreement with the generic searches of src/search, and the conversion test.
#include <gtest/gtest.h>
#include <pthread.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/rng.hpp"
#include "games/draughts/draughts.hpp"
#include "games/draughts/notation.hpp"
#include "machines/draughts/egdb/build.hpp"
#include "machines/draughts/egdb/egdb.hpp"
#include "machines/draughts/egdb/moves.hpp"
#include "machines/draughts/engine/engine_player.hpp"
#include "search/alpha_beta.hpp"
#include "search/retrograde.hpp"

namespace minimax::draughts::egdb_test {

using egdb::Board;
using egdb::Value;

inline Outcome to_outcome(Value v) {
  return v == Value::win ? Outcome::win : v == Value::loss ? Outcome::loss : Outcome::draw;
}

// A folder of its own under the system's temporary folder, removed at the end.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name) {
    path = std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

inline Draughts position_of(const Board& b, Side side) {
  const Board words = side == kBlack ? b : egdb::flip(b);
  auto p = Draughts::from_words(words.black, words.white, words.kings, side);
  p->set_draw_rules({false, 0});
  return *p;
}

// The retrograde solver and the minimax family need a deep stack in king endings.
template <class F>
void with_large_stack(F f) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, std::size_t{1} << 30);
  pthread_t thread;
  auto run = [](void* p) -> void* {
    (*static_cast<F*>(p))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, run, &f), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

// Material, a king 3 men: only for ordering the search; a proven result does not depend on it.
struct Material {
  int operator()(const Draughts& p) const {
    const Bits own = p.pieces(p.side_to_move()), opp = p.pieces(opposite(p.side_to_move()));
    return count(own) + 2 * count(own & p.kings()) - count(opp) - 2 * count(opp & p.kings());
  }
};

// A random position of n pieces, each side at least one, men off their crowning rows.
inline Board random_board(Rng& rng, int n) {
  Board b;
  for (int k = 0; k < n; ++k) {
    const bool white = k == 0 ? false : k == 1 ? true : rng.below(2);
    const bool king = rng.below(3) == 0;
    while (true) {
      const int sq = static_cast<int>(rng.below(32));
      if ((b.black | b.white) & bit(sq)) continue;
      if (!king && (white ? sq < 4 : sq >= 28)) continue;
      (white ? b.white : b.black) |= bit(sq);
      if (king) b.kings |= bit(sq);
      break;
    }
  }
  return b;
}

// The databases agree with themselves through the rules (Bellman's check): for every position of
// `from`..`to` pieces, its value follows from its moves' values (won if a move leads to a loss for
// the opponent, lost if every move leads to a win for the opponent, else drawn) and its distance
// to conversion from theirs (a move that captures or crowns counts 1; the winner's quickest, the
// loser's slowest). Returns the number of positions checked; failures are added to the test.
inline std::uint64_t check_consistency(const egdb::Database& db, int from, int to) {
  std::uint64_t checked = 0;
  int reported = 0;
  egdb::MoveList moves;
  for (int n = from; n <= to; ++n)
    for (const egdb::Slice& s : egdb::slices_with(n)) {
      const egdb::SliceIndex index(s);
      for (std::uint64_t i = 0; i < index.size(); ++i) {
        const Board b = index.board(i);
        egdb::generate(b, moves);
        Value expected = Value::loss;
        int win_d = 1 << 20, loss_d = 0;
        for (const Move& m : moves) {
          const Board c = egdb::after(b, m);
          const Value cv = c.black ? *db.probe(c) : Value::loss;
          const int cd = egdb::stays_in_slice(b, m) ? *db.conversion_distance(c) + 1 : 1;
          if (cv == Value::loss) {
            expected = Value::win;
            win_d = std::min(win_d, cd);
          } else if (cv == Value::draw) {
            if (expected == Value::loss) expected = Value::draw;
          } else {
            loss_d = std::max(loss_d, cd);
          }
        }
        const Value v = *db.probe(b);
        const int d = v == Value::draw ? 0 : *db.conversion_distance(b);
        const int expected_d = expected == Value::win    ? win_d
                               : expected == Value::loss ? loss_d
                                                         : 0;
        ++checked;
        if (v != expected || d != std::min(expected_d, 255)) {
          if (++reported <= 5)
            ADD_FAILURE() << to_fen(position_of(b, kBlack)) << ": database " << egdb::to_string(v)
                          << " " << d << ", moves say " << egdb::to_string(expected) << " "
                          << expected_d;
        }
      }
    }
  return checked;
}

// A depth-limited alpha-beta with a table (src/search), draw rules off: a decisive score is a
// proof of a win or loss; anything else proves nothing. Returns none when unproved.
inline Outcome alpha_beta_proof(Draughts p, int depth, search::TranspositionTable<Move>& tt) {
  search::AlphaBeta<Draughts, Material> ab(Material{}, search::NoOrdering{}, &tt);
  const auto r = ab.search(p, depth);
  if (search::is_win_score(r.score)) return Outcome::win;
  if (search::is_loss_score(r.score)) return Outcome::loss;
  return Outcome::none;
}

// A defender who never errs by the databases: it keeps the best value, and when lost plays the
// move (within the slice, if it has one) that puts off conversion longest.
inline Move perfect_defence(const egdb::Database& db, Draughts& p) {
  Draughts::MoveList moves;
  p.generate_moves(moves);
  Move best = moves[0];
  long best_key = -1;
  for (const Move& m : moves) {
    const bool crowns = !(p.kings() & bit(m.from)) &&
                        (bit(m.to) & (p.side_to_move() == kBlack ? kBottomRow : kTopRow));
    const bool converts = m.captured || crowns;
    p.play(m);
    const auto v = db.probe(p);
    const auto d = db.conversion_distance(p);
    p.undo(m);
    long key = 0;
    if (v == Value::loss)
      key = 3'000'000;
    else if (v == Value::draw)
      key = 2'000'000;
    else
      key = converts ? 0 : 1000 + d.value_or(0);
    if (key > best_key) best_key = key, best = m;
  }
  return best;
}

struct ConversionResult {
  int games = 0, wins = 0, longest_game = 0, longest_quiet = 0;
  std::vector<std::string> failures;
};

// The engine plays each start (a database win for the side to move) against the perfect defender,
// with the draw rules on (threefold repetition, 40 moves each without a man's move or capture).
inline ConversionResult conversion_test(const std::string& dir, int pieces,
                                        const std::vector<Draughts>& starts, const Limits& limits) {
  ConversionResult result;
  auto db = shared_database(dir, pieces);
  if (!db) {
    result.failures.push_back(db.error());
    return result;
  }
  auto engine = make_engine_player();
  (void)engine->set_option("EGDB Path", dir);
  for (const Draughts& start : starts) {
    Draughts p = start;
    p.set_draw_rules(DrawRules{});
    const Side winner = p.side_to_move();
    ++result.games;
    int plies = 0;
    while (p.outcome() == Outcome::none && plies < 1000) {
      const Move m =
          p.side_to_move() == winner ? engine->choose(p, limits).move : perfect_defence(**db, p);
      p.play(m);
      ++plies;
      result.longest_quiet = std::max(result.longest_quiet, p.quiet_plies());
    }
    result.longest_game = std::max(result.longest_game, plies);
    const bool won = p.outcome() == Outcome::loss && p.side_to_move() != winner;
    if (won)
      ++result.wins;
    else
      result.failures.push_back(to_fen(start) + " (" + std::to_string(plies) + " plies, ends " +
                                to_fen(p) + ")");
  }
  return result;
}

// Random database wins with exactly `pieces` pieces (either side to move), `n` of them, at least
// `min_distance` plies from conversion.
inline std::vector<Draughts> sample_wins(const egdb::Database& db, int pieces, int n,
                                         std::uint64_t seed, int min_distance = 0) {
  std::vector<Draughts> out;
  Rng rng(seed);
  const auto slices = egdb::slices_with(pieces);
  int tries = 0;
  while (static_cast<int>(out.size()) < n && ++tries < 10'000'000) {
    const egdb::Slice s = slices[rng.below(slices.size())];
    const egdb::SliceIndex index(s);
    const Board b = index.board(rng.below(index.size()));
    if (db.probe(b) != Value::win || db.conversion_distance(b).value_or(0) < min_distance) continue;
    out.push_back(position_of(b, rng.below(2) ? kBlack : kWhite));
  }
  return out;
}

}  // namespace minimax::draughts::egdb_test
