// The network's arithmetic (nn/network.hpp): the file format refuses what is damaged, and the
// vector kernels give the scalar kernels' integers.
#include "nn/network.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/rng.hpp"

namespace minimax::nn {
namespace {

Network random_network(int inputs, int hidden, std::uint64_t seed) {
  Network net("test-net", inputs, hidden);
  Rng rng(seed);
  auto small = [&rng](int bound) {
    return static_cast<std::int16_t>(static_cast<int>(rng.below(2 * bound + 1)) - bound);
  };
  for (int r = 0; r < inputs; ++r)
    for (int k = 0; k < hidden; ++k) net.row(r)[k] = small(400);
  for (int k = 0; k < hidden; ++k) net.bias()[k] = small(300);
  for (int k = 0; k < 2 * hidden; ++k) net.output_weights()[k] = small(3000);
  net.output_bias() = -12345;
  return net;
}

TEST(Network, FileRoundTripsAndRefusesDamage) {
  const Network net = random_network(128, 32, 7);
  const std::string bytes = net.serialize();
  auto back = Network::parse(bytes, "test-net", 128);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->serialize(), bytes);

  std::string flipped = bytes;
  flipped[100] = static_cast<char>(flipped[100] ^ 1);
  auto damaged = Network::parse(flipped, "test-net", 128);
  ASSERT_FALSE(damaged);
  EXPECT_NE(damaged.error().find("damaged"), std::string::npos) << damaged.error();

  auto truncated = Network::parse(bytes.substr(0, bytes.size() - 10), "test-net", 128);
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();

  auto other_game = Network::parse(bytes, "chess-768", 128);
  ASSERT_FALSE(other_game);
  EXPECT_NE(other_game.error().find("chess-768"), std::string::npos) << other_game.error();

  auto shape = Network::parse(bytes, "test-net", 768);
  ASSERT_FALSE(shape);
  EXPECT_NE(shape.error().find("768"), std::string::npos) << shape.error();

  EXPECT_FALSE(Network::parse("MMX", "test-net", 128));
  EXPECT_FALSE(Network::parse(std::string(200, 'x'), "test-net", 128));
}

TEST(Network, VectorKernelsGiveTheScalarIntegers) {
  for (int hidden : {16, 64, 128, 256}) {
    const Network net = random_network(128, hidden, static_cast<std::uint64_t>(hidden));
    Rng rng(99);
    for (int trial = 0; trial < 200; ++trial) {
      int active[32], added[3], removed[12];
      const int n = 1 + static_cast<int>(rng.below(24));
      for (int& a : active) a = static_cast<int>(rng.below(128));
      for (int& a : added) a = static_cast<int>(rng.below(128));
      for (int& a : removed) a = static_cast<int>(rng.below(128));
      Accumulator v{}, s{}, v2{}, s2{};
      for (int p = 0; p < 2; ++p) {
        net.refresh(v, p, active + p, n);
        net.refresh_scalar(s, p, active + p, n);
      }
      for (int p = 0; p < 2; ++p)
        for (int k = 0; k < hidden; ++k) ASSERT_EQ(v.v[p][k], s.v[p][k]);
      const int na = 1 + static_cast<int>(rng.below(2)), nr = static_cast<int>(rng.below(12));
      for (int p = 0; p < 2; ++p) {
        net.update(v, v2, p, added, na, removed, nr);
        net.update_scalar(s, s2, p, added, na, removed, nr);
      }
      for (int p = 0; p < 2; ++p)
        for (int k = 0; k < hidden; ++k) ASSERT_EQ(v2.v[p][k], s2.v[p][k]);
      for (int mover = 0; mover < 2; ++mover) {
        ASSERT_EQ(net.output(v, mover), net.output_scalar(s, mover));
        ASSERT_EQ(net.output(v2, mover), net.output_scalar(s2, mover));
      }
    }
  }
}

TEST(Network, AnUpdateUndoneIsTheRefresh) {
  const Network net = random_network(128, 64, 3);
  const int active[] = {1, 5, 40, 77, 100};
  Accumulator a{}, b{}, c{};
  net.refresh(a, 0, active, 5);
  const int added[] = {9}, removed[] = {5, 77};
  net.update(a, b, 0, added, 1, removed, 2);
  net.update(b, c, 0, removed, 2, added, 1);
  for (int k = 0; k < 64; ++k) EXPECT_EQ(a.v[0][k], c.v[0][k]);
}

}  // namespace
}  // namespace minimax::nn
