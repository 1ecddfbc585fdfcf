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

Bits mirror(Bits b) {
  Bits m = 0;
  for (int s = 0; s < 32; ++s)
    if (b & bit(s)) m |= bit(31 - s);
  return m;
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
      const int pieces = count(p.black() | p.white());
      EXPECT_EQ(net_score(net, next, p.side_to_move(), pieces),
                net_score(net, fresh, p.side_to_move(), pieces));
      acc = next;
      ++moves_checked;
    }
  }
  EXPECT_GT(moves_checked, 10000);
}

TEST(DraughtsNnue, AMirroredPositionScoresTheSame) {
  const nn::Network net = test_network(8);
  Rng rng(3);
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
      const int pieces = count(p.black() | p.white());
      ASSERT_EQ(net_score(net, a, p.side_to_move(), pieces),
                net_score(net, b, q->side_to_move(), pieces))
          << p.to_string();
    }
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
  }
  for (const char* name : {"truncated.nnue", "damaged.nnue", "missing.nnue"}) {
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
