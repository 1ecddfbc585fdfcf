// check-deep: the draughts endgame databases of up to 5 pieces (docs/draughts-engine.md), built
// in (or read from) $MINIMAX_EGDB_DIR, else the default cache folder, so the engine finds them
// afterwards:
//   - every position of 2-5 pieces: its value and distance follow from its moves';
//   - the retrograde solver of src/search over every position of 2-3 pieces;
//   - a sample of 4-5 piece positions against a bounded alpha-beta (where it proves a result);
//   - the conversion test: the engine wins 5-piece database wins against a perfect defender,
//     within the 40-move rule.
// DISABLED_SelfPlay measures a search step in games (see the docs for the command).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <iostream>

#include "../machines/draughts/egdb_checks.hpp"

namespace minimax::draughts::egdb_test {
namespace {

std::string database_dir() {
  const char* env = std::getenv("MINIMAX_EGDB_DIR");
  return env && *env ? std::string(env) : egdb::default_directory();
}

const egdb::Database& five_pieces() {
  static egdb::Database* db = [] {
    auto* d = new egdb::Database();
    const auto started = std::chrono::steady_clock::now();
    auto r = egdb::build(database_dir(), 5, *d);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
    std::cout << "[ info ] databases of up to 5 pieces in " << database_dir() << " ("
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()
              << " s, built or read)\n";
    return d;
  }();
  return *db;
}

TEST(DraughtsEgdbDeep, EveryPositionAgreesWithItsMoves) {
  const auto& db = five_pieces();
  ASSERT_EQ(db.pieces(), 5);
  const std::uint64_t n = check_consistency(db, 2, 5);
  std::cout << "[ info ] " << n
            << " positions of 2-5 pieces: values and distances follow from their moves\n";
}

TEST(DraughtsEgdbDeep, EveryPositionOfUpTo3PiecesAgreesWithTheRetrogradeSolver) {
  const auto& db = five_pieces();
  // Roots: every position of 2-3 pieces not yet met as a node of an earlier graph, kings first
  // (their graphs are the largest and cover the most).
  std::vector<Draughts> roots;
  for (int n = 3; n >= 2; --n) {
    auto slices = egdb::slices_with(n);
    std::stable_sort(slices.begin(), slices.end(),
                     [](const egdb::Slice& a, const egdb::Slice& b) { return a.men() < b.men(); });
    for (const egdb::Slice& s : slices) {
      const egdb::SliceIndex index(s);
      for (std::uint64_t i = 0; i < index.size(); ++i)
        for (Side side : {kBlack, kWhite}) roots.push_back(position_of(index.board(i), side));
    }
  }
  std::unordered_set<std::uint64_t> checked;
  std::uint64_t compared = 0, solves = 0;
  with_large_stack([&] {
    for (const Draughts& root : roots) {
      if (checked.count(root.key())) continue;
      Draughts p = root;
      auto solved = search::RetrogradeSolver<Draughts>::solve(p, 5'000'000);
      ASSERT_TRUE(solved.ok());
      ++solves;
      std::unordered_map<std::uint64_t, Draughts> positions;
      std::vector<Draughts> stack = {root};
      positions.emplace(root.key(), root);
      while (!stack.empty()) {
        Draughts q = stack.back();
        stack.pop_back();
        if (q.outcome() != Outcome::none) continue;
        Draughts::MoveList moves;
        q.generate_moves(moves);
        for (const Move& m : moves) {
          Draughts c = q;
          c.play(m);
          auto fresh = Draughts::from_words(c.black(), c.white(), c.kings(), c.side_to_move());
          fresh->set_draw_rules({false, 0});
          if (positions.emplace(fresh->key(), *fresh).second) stack.push_back(*fresh);
        }
      }
      for (const auto& node : solved->nodes()) {
        const Draughts& q = positions.at(node.key);
        if (!q.black() || !q.white() || !checked.insert(node.key).second) continue;
        ASSERT_EQ(to_outcome(*db.probe(q)), node.label.value) << to_fen(q);
        ++compared;
      }
    }
  });
  EXPECT_EQ(compared, roots.size());
  std::cout << "[ info ] all " << compared
            << " positions of 2-3 pieces agree with the retrograde solver (" << solves
            << " solves)\n";
}

TEST(DraughtsEgdbDeep, SampleOf4And5PiecesAgreesWithBoundedAlphaBeta) {
  const auto& db = five_pieces();
  Rng rng(45);
  search::TranspositionTable<Move> tt(1 << 18);
  int proved[6] = {}, tried[6] = {};
  for (int t = 0; t < 1000; ++t) {
    const int n = 4 + static_cast<int>(rng.below(2));
    const Draughts p = position_of(random_board(rng, n), rng.below(2) ? kBlack : kWhite);
    ++tried[n];
    tt.clear();
    const Outcome o = alpha_beta_proof(p, 11, tt);
    if (o == Outcome::none) continue;
    ++proved[n];
    EXPECT_EQ(to_outcome(*db.probe(p)), o) << to_fen(p);
  }
  std::cout << "[ info ] alpha-beta to 11 plies proved " << proved[4] << " of " << tried[4]
            << " 4-piece and " << proved[5] << " of " << tried[5]
            << " 5-piece positions; all agree\n";
}

TEST(DraughtsEgdbDeep, EngineConvertsFivePieceWins) {
  const auto& db = five_pieces();
  const auto starts = sample_wins(db, 5, 200, 55);
  Limits limits;
  limits.depth = 6;
  const ConversionResult r = conversion_test(database_dir(), 5, starts, limits);
  EXPECT_EQ(r.wins, r.games);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_LT(r.longest_quiet, 80);
  std::cout << "[ info ] conversion: " << r.wins << " of " << r.games
            << " 5-piece wins won against the perfect "
            << "defender; longest game " << r.longest_game
            << " plies, longest run without a man's move or capture " << r.longest_quiet
            << " plies\n";
}

}  // namespace
}  // namespace minimax::draughts::egdb_test
