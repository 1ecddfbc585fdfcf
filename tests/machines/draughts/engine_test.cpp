// The draughts engine (docs/draughts-engine.md): the registry, its options, its limits, and its
// proofs checked against the databases and against src/search's alpha-beta.
#include <gtest/gtest.h>

#include "egdb_checks.hpp"
#include "machines/draughts/engine/search.hpp"
#include "machines/draughts/registry.hpp"

namespace minimax::draughts::egdb_test {
namespace {

// Random positions of 3 and 4 pieces, Black to move, that have a move (of `tries` drawn).
std::vector<Draughts> random_endings(std::uint64_t seed, int tries) {
  Rng rng(seed);
  std::vector<Draughts> out;
  for (int t = 0; t < tries; ++t) {
    const Draughts p = position_of(random_board(rng, 3 + static_cast<int>(rng.below(2))), kBlack);
    Draughts::MoveList moves;
    p.generate_moves(moves);
    if (!moves.empty()) out.push_back(p);
  }
  return out;
}

TEST(DraughtsEngine, Registry) {
  bool found = false;
  for (const auto& m : draughts_machines()) found |= m.name == "engine";
  EXPECT_TRUE(found);
  auto engine = make_draughts_machine("Engine");
  ASSERT_TRUE(engine.ok());
  EXPECT_EQ((*engine)->name(), "engine");
  auto bad = make_draughts_machine("deep-blue");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("engine"), std::string::npos) << bad.error();
}

TEST(DraughtsEngine, Options) {
  auto engine = make_engine_player();
  for (const auto& o : engine->options())
    EXPECT_TRUE(engine->set_option(o.name, o.default_value).ok()) << o.name;
  EXPECT_TRUE(engine->set_option("eval king", "150").ok());
  EXPECT_FALSE(engine->set_option("Eval king", "5000").ok());
  EXPECT_FALSE(engine->set_option("Hash", "lots").ok());
  EXPECT_FALSE(engine->set_option("Contempt", "1").ok());
}

TEST(DraughtsEngine, Limits) {
  auto engine = make_engine_player();
  ASSERT_TRUE(engine->set_option("EGDB Pieces", "0").ok());
  const Draughts start;
  Limits depth;
  depth.depth = 5;
  const auto t = engine->choose(start, depth);
  EXPECT_EQ(t.depth, 5);
  EXPECT_EQ(t.line.front(), t.move);
  Limits nodes;
  nodes.nodes = 5000;
  const auto u = engine->choose(start, nodes);
  EXPECT_LE(u.nodes, 5000u);
  Draughts::MoveList moves;
  start.generate_moves(moves);
  EXPECT_NE(std::find(moves.begin(), moves.end(), u.move), moves.end());
  Limits clock;
  clock.time_left_ms[0] = 200;
  clock.time_left_ms[1] = 200;
  const auto v = engine->choose(start, clock);
  EXPECT_NE(std::find(moves.begin(), moves.end(), v.move), moves.end());
  // A forced capture is played at once.
  const Draughts forced = *parse_fen("B:W18,25:B14,1");
  const auto w = engine->choose(forced, Limits{});
  EXPECT_EQ(move_text(forced, w.move), "14x23");
}

TEST(DraughtsEngine, SearchProofsAgreeWithTheDatabases) {
  // Without databases, every win or loss the engine's search proves (a decisive score) in random
  // positions of 3 and 4 pieces agrees with the databases, and it proves at least what a plain
  // 9-ply alpha-beta proves: as many at depth 12, and each of those by depth 16 (a reduced quiet
  // move can put a forced win a few nominal plies further off; B:W29,K11,K31:BK25's 8-ply loss
  // is proved at depth 13).
  TempDir dir("minimax-engine-test");
  egdb::Database db;
  ASSERT_TRUE(egdb::build(dir.path.string(), 4, db).ok());
  engine::Engine e;  // no databases
  search::TranspositionTable<Move> tt(1 << 16);
  int proved = 0, reference = 0;
  for (const Draughts& p : random_endings(7, 200)) {
    Limits limits;
    limits.depth = 12;
    const auto r = e.search(p, limits);
    const Value v = *db.probe(p);
    tt.clear();
    const Outcome ab = alpha_beta_proof(p, 9, tt);
    if (ab != Outcome::none) {
      ++reference;
      if (!engine::is_decisive(r.score)) {
        Limits deeper;
        deeper.depth = 16;
        const auto d = e.search(p, deeper);
        EXPECT_TRUE(engine::is_decisive(d.score)) << to_fen(p);
        EXPECT_EQ(d.score > 0 ? Value::win : Value::loss, v) << to_fen(p) << " " << d.score;
      }
    }
    if (!engine::is_decisive(r.score)) continue;
    ++proved;
    EXPECT_EQ(r.score > 0 ? Value::win : Value::loss, v) << to_fen(p) << " " << r.score;
  }
  EXPECT_GE(proved, reference);
  std::cout << "[ info ] engine at depth 12 proved " << proved
            << " of 200 (alpha-beta at 9 plies: " << reference << "), all as the databases say\n";
}

TEST(DraughtsEngine, TwoThreadsProveWhatTheDatabasesSay) {
  // Lazy SMP: with a helper thread writing the same table, every win or loss the search proves in
  // random positions of 3 and 4 pieces is still the databases' value, and every move is legal.
  TempDir dir("minimax-engine-threads-test");
  egdb::Database db;
  ASSERT_TRUE(egdb::build(dir.path.string(), 4, db).ok());
  engine::Engine e;
  e.set_threads(2);
  EXPECT_EQ(e.threads(), 2);
  int proved = 0;
  for (const Draughts& p : random_endings(11, 100)) {
    Draughts::MoveList moves;
    p.generate_moves(moves);
    Limits limits;
    limits.depth = 12;
    const auto r = e.search(p, limits);
    EXPECT_NE(std::find(moves.begin(), moves.end(), r.best), moves.end()) << to_fen(p);
    if (!engine::is_decisive(r.score)) continue;
    ++proved;
    EXPECT_EQ(r.score > 0 ? Value::win : Value::loss, *db.probe(p)) << to_fen(p) << " " << r.score;
  }
  EXPECT_GT(proved, 20);
  // A node limit and a fixed time end the helpers too.
  auto player = make_engine_player();
  ASSERT_TRUE(player->set_option("Threads", "2").ok());
  ASSERT_TRUE(player->set_option("EGDB Pieces", "0").ok());
  const Draughts start;
  Draughts::MoveList moves;
  start.generate_moves(moves);
  Limits nodes;
  nodes.nodes = 20000;
  EXPECT_NE(std::find(moves.begin(), moves.end(), player->choose(start, nodes).move), moves.end());
  Limits time;
  time.movetime_ms = 50;
  EXPECT_NE(std::find(moves.begin(), moves.end(), player->choose(start, time).move), moves.end());
}

TEST(DraughtsEngine, NoCaptureTakesAPieceOnTheEdgeRows) {
  // The shared table packs a move's captured men as squares 4-27 (search.cpp): a man on the first
  // or last row has no square beyond it to jump to, so random games never take one.
  Rng rng(5);
  int captures = 0;
  for (int game = 0; game < 300; ++game) {
    Draughts p;
    for (int ply = 0; ply < 200 && p.outcome() == Outcome::none; ++ply) {
      Draughts::MoveList moves;
      p.generate_moves(moves);
      if (moves.empty()) break;
      for (const Move& m : moves) {
        captures += m.captured != 0;
        EXPECT_EQ(m.captured & (kTopRow | kBottomRow), 0u) << to_fen(p);
      }
      p.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
  }
  EXPECT_GT(captures, 1000);
}

}  // namespace
}  // namespace minimax::draughts::egdb_test
