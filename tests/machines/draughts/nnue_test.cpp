// The draughts network in the engine (machines/draughts/engine/nnue.hpp): the accumulator kept by
// moves equals a fresh one after every move of random games, the evaluation is the same for a
// position and its mirror with the colours exchanged, and a bad network file is one line while
// the hand-set evaluation plays.
#include "machines/draughts/engine/nnue.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/rng.hpp"
#include "learn/net_trainer.hpp"
#include "machines/draughts/registry.hpp"

namespace minimax::draughts::engine {
namespace {

nn::Network test_network(std::uint64_t seed) {
  return learn::nets::FloatNet::random(kNetInputs, 64, seed, 3).quantize(std::string(kNetTag));
}

// With a second layer and the patterns, their weights random too.
nn::Network deep_test_network(std::uint64_t seed) {
  auto f = learn::nets::FloatNet::random(kNetInputs, 64, seed, 3, nn::Activation::kClipped, 16,
                                         kNetPatternInputs);
  Rng rng(seed);
  for (float& w : f.dw) w = static_cast<float>(rng.uniform() - 0.5);
  return f.quantize(std::string(kNetTag));
}

Bits mirror(Bits b) {
  Bits m = 0;
  for (int s = 0; s < 32; ++s)
    if (b & bit(s)) m |= bit(31 - s);
  return m;
}

TEST(DraughtsNnue, PatternsAreBandsOfTwoRowsInTheirStates) {
  // The start: Black's men on 0-11, White's on 20-31. A band's state counts 1 for a piece of the
  // perspective's side and 2 for the other's, square 4k + i being digit i (3^i).
  const Draughts start;
  const int all = 3280;  // eight digits of 1
  const int expected[kNetBands] = {all,     all,    1 + 3 + 9 + 27, 0, 2 * (81 + 243 + 729 + 2187),
                                   2 * all, 2 * all};
  for (int perspective = 0; perspective < 2; ++perspective) {
    int out[kNetBands];
    ASSERT_EQ(net_patterns(start.black(), start.white(), perspective, out), kNetBands);
    for (int k = 0; k < kNetBands; ++k)
      EXPECT_EQ(out[k], k * kNetBandStates + expected[k]) << "perspective " << perspective;
  }
  // One White piece on 31 is, for White, its own piece on square 0 (the board turned).
  int out[kNetBands];
  net_patterns(0, bit(31), 1, out);
  EXPECT_EQ(out[0], 1);
  net_patterns(0, bit(31), 0, out);
  EXPECT_EQ(out[6], 6 * kNetBandStates + 2 * 2187);
}

TEST(DraughtsNnue, IncrementalAccumulatorEqualsARefreshAfterEveryMove) {
  const nn::Network net = test_network(5);
  Rng rng(11);
  int moves_checked = 0;
  for (int game = 0; game < 300; ++game) {
    Draughts p;
    nn::Accumulator acc{}, next{}, fresh{};
    net_refresh(net, p, acc);
    for (int ply = 0; ply < 200 && p.outcome() == Outcome::none; ++ply) {
      Draughts::MoveList moves;
      p.generate_moves(moves);
      const Move m = moves[rng.below(moves.size())];
      net_play(net, p, m, acc, next);
      p.play(m);
      net_refresh(net, p, fresh);
      for (int side = 0; side < 2; ++side)
        for (int k = 0; k < net.hidden(); ++k)
          ASSERT_EQ(next.v[side][k], fresh.v[side][k]) << p.to_string();
      EXPECT_EQ(net_score(net, next, p), net_score(net, fresh, p));
      acc = next;
      ++moves_checked;
    }
  }
  EXPECT_GT(moves_checked, 10000);
}

TEST(DraughtsNnue, AMirroredPositionScoresTheSame) {
  // The plain network, and one with a second layer and the patterns.
  for (const nn::Network& net : {test_network(8), deep_test_network(8)}) {
    Rng rng(3);
    int nonzero = 0;
    for (int game = 0; game < 50; ++game) {
      Draughts p;
      for (int ply = 0; ply < 60 && p.outcome() == Outcome::none; ++ply) {
        Draughts::MoveList moves;
        p.generate_moves(moves);
        p.play(moves[rng.below(moves.size())]);
        auto q = Draughts::from_words(mirror(p.white()), mirror(p.black()), mirror(p.kings()),
                                      p.side_to_move() == kBlack ? kWhite : kBlack);
        ASSERT_TRUE(q);
        nn::Accumulator a{}, b{};
        net_refresh(net, p, a);
        net_refresh(net, *q, b);
        ASSERT_EQ(net_score(net, a, p), net_score(net, b, *q)) << p.to_string();
        nonzero += net_score(net, a, p) != 0;
      }
    }
    EXPECT_GT(nonzero, 1000);
  }
}

TEST(DraughtsNnue, ABadNetworkFileIsOneLineAndTheHandSetEvaluationPlays) {
  const auto dir = std::filesystem::temp_directory_path() / "minimax_draughts_nnue_test";
  std::filesystem::create_directories(dir);
  const std::string good = test_network(1).serialize();
  {
    std::ofstream(dir / "truncated.nnue", std::ios::binary) << good.substr(0, good.size() / 2);
    std::string damaged = good;
    damaged[200] = static_cast<char>(damaged[200] ^ 0x40);
    std::ofstream(dir / "damaged.nnue", std::ios::binary) << damaged;
    std::ofstream(dir / "good.nnue", std::ios::binary) << good;
    std::ofstream(dir / "other-patterns.nnue", std::ios::binary)
        << learn::nets::FloatNet::random(kNetInputs, 16, 1, 1, nn::Activation::kClipped, 0, 100)
               .quantize(std::string(kNetTag))
               .serialize();
  }
  for (const char* name :
       {"truncated.nnue", "damaged.nnue", "missing.nnue", "other-patterns.nnue"}) {
    auto player = make_draughts_player("engine");
    ASSERT_TRUE(player);
    auto st = (*player)->set_option("EvalFile", (dir / name).string());
    ASSERT_FALSE(st) << name;
    EXPECT_NE(st.error().find("hand-set evaluation plays"), std::string::npos) << st.error();
    EXPECT_EQ(st.error().find('\n'), std::string::npos) << st.error();
    Limits limits;
    limits.nodes = 2000;
    const auto t = (*player)->choose(Draughts(), limits);
    Draughts::MoveList moves;
    Draughts().generate_moves(moves);
    EXPECT_NE(std::find(moves.begin(), moves.end(), t.move), moves.end());
  }
  auto player = make_draughts_player("engine");
  ASSERT_TRUE(player);
  EXPECT_TRUE((*player)->set_option("EvalFile", (dir / "good.nnue").string()));
  EXPECT_TRUE((*player)->set_option("Eval", "hand"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace minimax::draughts::engine
