// Samuel's checkers player: the look-ahead that does not count captures, rote learning (a saved
// position at the horizon extends the look-ahead; ageing; its file), the polynomial's file, and the
// machine's options.
#include "machines/draughts/samuel.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "games/draughts/notation.hpp"

namespace minimax::draughts {
namespace {

namespace fs = std::filesystem;

Draughts position(std::string_view fen) {
  auto p = Draughts::from_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return *p;
}

fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() / ("minimax_samuel_test_" + name);
}

TEST(Samuel, APendingCaptureAtTheHorizonExtendsTheLookAhead) {
  // Black's men on 1 and 14, White's on 23. At depth 1, 14-18 leaves White a capture (23x14) at
  // the horizon: the search goes on to see it, and Black does not give the man away.
  const Draughts p = position("B:W23:B1,14");
  samuel::Settings s;
  s.depth = 1;
  const auto c = samuel::search(p, samuel::Polynomial::untrained(), s);
  ASSERT_TRUE(c.best);
  EXPECT_NE(move_text(p, *c.best), "14-18");
  EXPECT_EQ(c.deepest, 2);
  EXPECT_GT(c.score, -samuel::kPieceWeight);
}

TEST(Samuel, CapturesAreNotCountedAsMoves) {
  // Black must take (14x23). At depth 1 the capture does not count: White's reply is seen too.
  const Draughts p = position("B:W18,29:B14");
  samuel::Settings s;
  s.depth = 1;
  const auto c = samuel::search(p, samuel::Polynomial::untrained(), s);
  ASSERT_TRUE(c.best);
  EXPECT_EQ(move_text(p, *c.best), "14x23");
  EXPECT_EQ(c.deepest, 2);
  // MaxPly caps it.
  s.max_ply = 1;
  EXPECT_EQ(samuel::search(p, samuel::Polynomial::untrained(), s).deepest, 1);
}

TEST(Samuel, ARotePositionAtTheHorizonStandsForItsDepth) {
  // After 11-15 the store holds a score backed up by a 6-move look-ahead, very bad for White (to
  // move there). A 1-move search meets it at its horizon: it takes the saved score, looks 7 plies
  // deep in effect, and plays 11-15.
  Draughts start;
  const Move m = *parse_move(start, "11-15");
  Draughts after = start;
  after.play(m);
  samuel::RoteStore store;
  store.save(after.key(), -5000, 6);
  samuel::Settings s;
  s.depth = 1;
  const auto c = samuel::search(start, samuel::Polynomial::untrained(), s, &store);
  ASSERT_TRUE(c.best);
  EXPECT_EQ(*c.best, m);
  EXPECT_EQ(c.rote_hits, 1u);
  EXPECT_EQ(c.deepest, 7);
  // A quick win preferred: the saved score is moved one point towards zero for the ply it lies at.
  EXPECT_EQ(c.score, 4999);
  // Without rote learning the same search looks 1 ply deep.
  s.rote = false;
  const auto plain = samuel::search(start, samuel::Polynomial::untrained(), s, &store);
  EXPECT_EQ(plain.deepest, 1);
  EXPECT_EQ(plain.rote_hits, 0u);
}

TEST(Samuel, ScoresMoveTowardsZeroWithDistance) {
  EXPECT_EQ(samuel::towards_zero(200, 3), 197);
  EXPECT_EQ(samuel::towards_zero(-200, 3), -197);
  EXPECT_EQ(samuel::towards_zero(2, 3), 0);
  EXPECT_EQ(samuel::towards_zero(0, 3), 0);
}

TEST(Samuel, TheMachineSavesThePositionsItMovesFrom) {
  SamuelMachine m;
  ASSERT_TRUE(m.set_option("Depth", "2").ok());
  Draughts start;
  const auto t = m.choose(start, {});
  const auto* e = m.rote().find(start.key());
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->score, *t.score);
  EXPECT_EQ(e->depth, 2);
  // With Rote off nothing is saved.
  SamuelMachine off;
  ASSERT_TRUE(off.set_option("Rote", "false").ok());
  (void)off.choose(start, {});
  EXPECT_EQ(off.rote().size(), 0u);
}

TEST(SamuelRote, AgeingForgetsTheOldestAndAUseRefreshes) {
  samuel::RoteStore store(2);
  store.save(1, 10, 3);
  store.tick();
  store.tick();  // entry 1 is 2 moves old
  store.save(2, 20, 3);
  store.tick();                     // 1: 3, 2: 1
  EXPECT_EQ(store.use(1)->age, 1);  // halved on use
  store.tick();                     // 1: 2, 2: 2
  store.tick();                     // 1: 3, 2: 3
  EXPECT_EQ(store.use(2)->age, 1);
  store.save(3, 30, 3);  // over capacity: the oldest (1, age 3) goes
  EXPECT_EQ(store.size(), 2u);
  EXPECT_EQ(store.find(1), nullptr);
  EXPECT_NE(store.find(2), nullptr);
  EXPECT_NE(store.find(3), nullptr);
  // A shallower score does not replace a deeper one.
  store.save(3, 99, 1);
  EXPECT_EQ(store.find(3)->score, 30);
  store.save(3, 99, 5);
  EXPECT_EQ(store.find(3)->score, 99);
}

TEST(SamuelRote, FileRoundTrip) {
  samuel::RoteStore store;
  store.save(0x0123456789abcdefULL, -250, 4);
  store.save(42, 7, 6);
  store.tick();
  const fs::path path = scratch("rote.txt");
  ASSERT_TRUE(store.write(path.string()).ok());
  EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
  samuel::RoteStore back;
  ASSERT_TRUE(back.load(path.string()).ok());
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back.find(0x0123456789abcdefULL)->score, -250);
  EXPECT_EQ(back.find(0x0123456789abcdefULL)->depth, 4);
  EXPECT_EQ(back.find(42)->age, 1);
  fs::remove(path);
}

TEST(SamuelRote, ACorruptFileIsOneLineAndTheMachineGoesOn) {
  const fs::path path = scratch("bad_rote.txt");
  {
    std::ofstream out(path);
    out << "samuel-rote 1\n0000000000000001 5 3 0\nnot a line\n";
  }
  samuel::RoteStore store;
  store.save(9, 1, 1);
  const auto r = store.load(path.string());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().find('\n'), std::string::npos);
  EXPECT_NE(r.error().find("line 3"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find(path.string()), std::string::npos);
  EXPECT_EQ(store.size(), 1u);  // unchanged
  // The machine: the option is accepted, one line is kept (and printed), the store is empty, and
  // it plays on.
  SamuelMachine m;
  ASSERT_TRUE(m.set_option("Depth", "1").ok());
  EXPECT_TRUE(m.set_option("RoteFile", path.string()).ok());
  EXPECT_FALSE(m.rote_warning().empty());
  EXPECT_EQ(m.rote_warning().find('\n'), std::string::npos);
  EXPECT_EQ(m.rote().size(), 0u);
  Draughts start;
  const auto t = m.choose(start, {});
  EXPECT_NE(t.move, Move{});
  // A missing file is a new store, not an error.
  fs::remove(scratch("missing.txt"));
  EXPECT_TRUE(m.set_option("RoteFile", scratch("missing.txt").string()).ok());
  EXPECT_TRUE(m.rote_warning().empty());
  fs::remove(path);
}

TEST(SamuelRote, TheMachineWritesItsStoreAtANewGame) {
  const fs::path path = scratch("machine_rote.txt");
  fs::remove(path);
  {
    SamuelMachine m;
    ASSERT_TRUE(m.set_option("Depth", "1").ok());
    ASSERT_TRUE(m.set_option("RoteFile", path.string()).ok());  // missing: starts empty
    Draughts start;
    (void)m.choose(start, {});
    m.new_game();
  }
  SamuelMachine again;
  ASSERT_TRUE(again.set_option("RoteFile", path.string()).ok());
  EXPECT_TRUE(again.rote_warning().empty());
  EXPECT_EQ(again.rote().size(), 1u);
  fs::remove(path);
}

TEST(SamuelPolynomial, JsonRoundTripAndErrors) {
  samuel::Polynomial p = samuel::Polynomial::untrained(2.5);
  p.coefficient[samuel::MOB] = -3.25;
  p.in_use[samuel::MOB] = true;
  p.in_use[samuel::ADV] = false;
  auto back = samuel::polynomial_from_json(samuel::polynomial_to_json(p));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->coefficient, p.coefficient);
  EXPECT_EQ(back->in_use, p.in_use);
  EXPECT_FALSE(samuel::polynomial_from_json("{").ok());
  auto unknown = samuel::polynomial_from_json(R"({"coefficients": {"DEMMO": 1}, "working": []})");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("DEMMO"), std::string::npos);
  SamuelMachine m;
  auto s = m.set_option("Polynomial", scratch("no_such.json").string());
  EXPECT_FALSE(s.ok());
}

TEST(SamuelPolynomial, StaticScoreIsPieceAdvantageLessTheTerms) {
  // Black to move, a man each: no piece advantage. White, the passive side, has its man on 13,
  // its 5th row counting from its own side: ADV credits it 1, which is White's gain.
  samuel::Polynomial p;
  p.in_use[samuel::ADV] = true;
  p.coefficient[samuel::ADV] = 10;
  const Draughts d = position("B:W13:B1");
  const auto f = samuel::features(d);
  EXPECT_EQ(f[samuel::ADV], 1);
  EXPECT_EQ(p.static_score(d), -10);  // good for White, the passive side: bad for Black to move
  const Draughts ahead = position("B:W13:B1,2");
  EXPECT_EQ(p.static_score(ahead), 2 * samuel::kPieceWeight - 10);
}

TEST(Samuel, OptionsAreDeclaredOnce) {
  SamuelMachine m;
  EXPECT_FALSE(m.set_option("Depth", "0").ok());
  EXPECT_TRUE(m.set_option("depth", "3").ok());
  EXPECT_EQ(m.settings().depth, 3);
  EXPECT_FALSE(m.set_option("NoSuchOption", "1").ok());
  bool has_rote_file = false;
  for (const auto& o : m.options()) has_rote_file |= o.name == "RoteFile";
  EXPECT_TRUE(has_rote_file);
  EXPECT_EQ(make_samuel()->name(), "samuel");
}

}  // namespace
}  // namespace minimax::draughts
