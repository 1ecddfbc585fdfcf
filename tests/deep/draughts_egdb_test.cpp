// check-deep: the draughts endgame databases of up to 5 pieces (docs/draughts-engine.md), built
// in (or read from) $MINIMAX_EGDB_DIR, else the default cache folder, so the engine finds them
// afterwards:
//   - every position of 2-5 pieces: its value and distance follow from its moves';
//   - the retrograde solver of src/search over the positions of 2-3 pieces (as many as 30 million
//     solver nodes reach);
//   - a sample of 4-5 piece positions against a bounded alpha-beta (where it proves a result);
//   - the conversion test: the engine wins 5-piece database wins against a perfect defender,
//     within the 40-move rule;
//   - every position of 6 pieces agrees with its moves, when `minimax egdb build --pieces 6` has
//     built them in the folder (about 20 minutes; skipped, saying so, when they are not there).
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

TEST(DraughtsEgdbDeep, EverySixPiecePositionAgreesWithItsMoves) {
  egdb::Database db;
  const auto started = std::chrono::steady_clock::now();
  const auto st = db.load(database_dir(), 6, egdb::Database::Distances::in_memory);
  ASSERT_TRUE(st.ok()) << st.error();
  if (db.pieces() < 6)
    GTEST_SKIP() << "no complete 6-piece databases in " << database_dir()
                 << " (minimax egdb build --pieces 6 builds them)";
  std::cout << "[ info ] databases of up to 6 pieces read ("
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()
            << " s)\n";
  const std::uint64_t n = check_consistency(db, 6, 6);
  EXPECT_EQ(n, 2426085676u);
  std::cout << "[ info ] " << n
            << " positions of 6 pieces: values and distances follow from their moves ("
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()
            << " s)\n";
}

TEST(DraughtsEgdbDeep, PositionsOfUpTo3PiecesAgreeWithTheRetrogradeSolver) {
  const auto& db = five_pieces();
  // Every position of 2-3 pieces keyed, to find the solver's nodes (it keeps keys only).
  std::unordered_map<std::uint64_t, Draughts> by_key;
  std::vector<std::uint64_t> roots;
  for (int n = 3; n >= 2; --n) {
    auto slices = egdb::slices_with(n);
    // Most men first, least advanced first (Black's men on low squares come early in the index):
    // a root with men far back reaches every position with them further on, and the kings'
    // positions after crowning.
    std::stable_sort(slices.begin(), slices.end(),
                     [](const egdb::Slice& a, const egdb::Slice& b) { return a.men() > b.men(); });
    for (const egdb::Slice& s : slices) {
      const egdb::SliceIndex index(s);
      for (std::uint64_t i = 0; i < index.size(); ++i)
        for (Side side : {kBlack, kWhite}) {
          const Draughts p = position_of(index.board(i), side);
          roots.push_back(p.key());
          by_key.emplace(p.key(), p);
        }
    }
  }
  // Roots: positions not yet met as a node of an earlier graph, until every position is covered
  // or the solver has worked through MINIMAX_EGDB_SOLVER_NODES nodes (default 30 million).
  const char* env = std::getenv("MINIMAX_EGDB_SOLVER_NODES");
  const std::uint64_t budget = env && *env ? std::stoull(env) : 30'000'000;
  std::unordered_set<std::uint64_t> checked;
  std::uint64_t solves = 0, nodes = 0;
  with_large_stack([&] {
    for (std::uint64_t key : roots) {
      if (nodes >= budget) break;
      if (checked.count(key)) continue;
      Draughts p = by_key.at(key);
      auto solved = search::RetrogradeSolver<Draughts>::solve(p, 5'000'000);
      ASSERT_TRUE(solved.ok());
      ++solves;
      nodes += solved->positions();
      for (const auto& node : solved->nodes()) {
        auto it = by_key.find(node.key);
        if (it == by_key.end() || !checked.insert(node.key).second) continue;  // one side bare
        ASSERT_EQ(to_outcome(*db.probe(it->second)), node.label.value) << to_fen(it->second);
      }
    }
  });
  std::cout << "[ info ] " << checked.size() << " of the " << by_key.size()
            << " positions of 2-3 pieces (either side to move) agree with the retrograde solver ("
            << solves << " solves, " << nodes << " nodes)\n";
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
    const Outcome o = alpha_beta_proof(p, 15, tt);
    if (o == Outcome::none) continue;
    ++proved[n];
    EXPECT_EQ(to_outcome(*db.probe(p)), o) << to_fen(p);
  }
  std::cout << "[ info ] alpha-beta to 15 plies proved " << proved[4] << " of " << tried[4]
            << " 4-piece and " << proved[5] << " of " << tried[5]
            << " 5-piece positions; all agree\n";
}

TEST(DraughtsEgdbDeep, EngineConvertsFivePieceWins) {
  const auto& db = five_pieces();
  // 200 random wins, and 100 of the hardest: 40 plies or more from conversion.
  auto starts = sample_wins(db, 5, 200, 55);
  const auto hard = sample_wins(db, 5, 100, 56, 40);
  EXPECT_EQ(hard.size(), 100u);
  starts.insert(starts.end(), hard.begin(), hard.end());
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
