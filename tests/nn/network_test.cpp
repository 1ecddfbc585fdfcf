// The network's arithmetic (nn/network.hpp): the file format refuses what is damaged, and the
// vector kernels give the scalar kernels' integers.
#include "nn/network.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/rng.hpp"

namespace minimax::nn {
namespace {

Network random_network(int inputs, int hidden, std::uint64_t seed, int buckets = 1,
                       Activation activation = Activation::kClipped, int layer2 = 0) {
  Network net("test-net", inputs, hidden, buckets, activation, layer2);
  Rng rng(seed);
  auto small = [&rng](int bound) {
    return static_cast<std::int16_t>(static_cast<int>(rng.below(2 * bound + 1)) - bound);
  };
  for (int r = 0; r < inputs; ++r)
    for (int k = 0; k < hidden; ++k) net.row(r)[k] = small(400);
  for (int k = 0; k < hidden; ++k) net.bias()[k] = small(300);
  for (int b = 0; b < buckets; ++b) {
    for (int k = 0; k < net.output_inputs(); ++k) net.output_weights(b)[k] = small(3000);
    net.output_bias(b) = -12345 + 1000 * b;
    // Second-layer sums spread across the clip: a few hundred activations of ~100 times ~40.
    for (int k = 0; k < layer2 * 2 * hidden; ++k) net.layer2_weights(b)[k] = small(80);
    for (int j = 0; j < layer2; ++j) net.layer2_bias(b)[j] = 8000 * j - 20000;
  }
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

TEST(Network, OutputBucketsRoundTripAndEachIsItsOwnLayer) {
  const Network net = random_network(128, 32, 5, 4);
  const std::string bytes = net.serialize();
  EXPECT_EQ(bytes.substr(0, 8), "MMXNNUE2");
  EXPECT_EQ(random_network(128, 32, 5).serialize().substr(0, 8), "MMXNNUE1");
  auto back = Network::parse(bytes, "test-net", 128);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->buckets(), 4);
  EXPECT_EQ(back->serialize(), bytes);
  auto truncated = Network::parse(bytes.substr(0, bytes.size() - 2), "test-net", 128);
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();

  // A bucket count out of range is named (the hash is checked after the shape).
  std::string many = bytes;
  many[8 + kTagSize + 8] = 99;
  auto bad = Network::parse(many, "test-net", 128);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("99 output buckets"), std::string::npos) << bad.error();

  // Bucket b's output is its own weights' sum over the same accumulator.
  const int active[] = {3, 17, 64, 90, 127};
  Accumulator acc{};
  for (int p = 0; p < 2; ++p) net.refresh(acc, p, active, 5);
  for (int b = 0; b < 4; ++b) {
    std::int32_t sum = net.output_bias(b);
    for (int half = 0; half < 2; ++half)
      for (int k = 0; k < 32; ++k)
        sum +=
            std::clamp<std::int32_t>(acc.v[half][k], 0, kQA) * net.output_weights(b)[half * 32 + k];
    EXPECT_EQ(net.output(acc, 0, b), sum) << "bucket " << b;
  }
}

TEST(Network, TheSquaredActivationRoundTripsAndCountsEachUnitSquared) {
  for (int v = 0; v <= kQA; ++v)
    ASSERT_EQ(screlu_unit(v), static_cast<int>(std::lround(v * v / static_cast<double>(kQA))))
        << "v = " << v;
  const Network net = random_network(128, 32, 11, 2, Activation::kSquared);
  const std::string bytes = net.serialize();
  EXPECT_EQ(bytes.substr(0, 8), "MMXNNUE3");
  auto back = Network::parse(bytes, "test-net", 128);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->activation(), Activation::kSquared);
  EXPECT_EQ(back->buckets(), 2);
  EXPECT_EQ(back->serialize(), bytes);
  std::string unknown = bytes;
  unknown[8 + kTagSize + 12] = 7;
  auto bad = Network::parse(unknown, "test-net", 128);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("activation 7"), std::string::npos) << bad.error();
  EXPECT_TRUE(parse_activation("screlu"));
  EXPECT_FALSE(parse_activation("relu"));

  const int active[] = {3, 17, 64, 90, 127};
  Accumulator acc{};
  for (int p = 0; p < 2; ++p) net.refresh(acc, p, active, 5);
  for (int b = 0; b < 2; ++b) {
    std::int32_t sum = net.output_bias(b);
    for (int half = 0; half < 2; ++half)
      for (int k = 0; k < 32; ++k) {
        const int v = std::clamp<int>(acc.v[1 - half][k], 0, kQA);
        sum += (v * v + kQA / 2) / kQA * net.output_weights(b)[half * 32 + k];
      }
    EXPECT_EQ(net.output(acc, 1, b), sum) << "bucket " << b;
  }
}

TEST(Network, TheSecondLayerRoundTripsAndComputesAsDocumented) {
  const Network net = random_network(128, 32, 13, 2, Activation::kClipped, 8);
  const std::string bytes = net.serialize();
  EXPECT_EQ(bytes.substr(0, 8), "MMXNNUE4");
  auto back = Network::parse(bytes, "test-net", 128);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->layer2(), 8);
  EXPECT_EQ(back->buckets(), 2);
  EXPECT_EQ(back->serialize(), bytes);
  std::string odd = bytes;
  odd[8 + kTagSize + 16] = 12;
  auto bad = Network::parse(odd, "test-net", 128);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("12 second-layer units"), std::string::npos) << bad.error();
  auto truncated = Network::parse(bytes.substr(0, bytes.size() - 4), "test-net", 128);
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();

  // The arithmetic of the header, written out: activations, the second layer's clipped units in
  // the first layer's units, then the output.
  const int active[] = {3, 17, 64, 90, 127, 5, 44};
  Accumulator acc{};
  net.refresh(acc, 0, active, 7);
  net.refresh(acc, 1, active + 2, 5);
  int clipped_low = 0, clipped_high = 0;
  for (int b = 0; b < 2; ++b) {
    std::int32_t sum = net.output_bias(b);
    for (int j = 0; j < 8; ++j) {
      std::int64_t z = net.layer2_bias(b)[j];
      for (int half = 0; half < 2; ++half)
        for (int k = 0; k < 32; ++k)
          z += std::clamp<std::int32_t>(acc.v[1 - half][k], 0, kQA) *
               net.layer2_weights(b)[j * 64 + half * 32 + k];
      const auto h = static_cast<std::int32_t>(std::clamp<std::int64_t>(
          static_cast<std::int64_t>(std::floor((z + 128) / 256.0)), 0, kQA));
      clipped_low += h == 0;
      clipped_high += h == kQA;
      sum += h * net.output_weights(b)[j];
    }
    EXPECT_EQ(net.output(acc, 1, b), sum) << "bucket " << b;
    EXPECT_EQ(net.output_scalar(acc, 1, b), sum) << "bucket " << b;
  }
  EXPECT_LT(clipped_low + clipped_high, 16) << "the case should reach inside the clip";
}

TEST(Network, DirectInputsRoundTripAndAddTheirWeights) {
  Network net("test-net", 128, 16, 1, Activation::kClipped, 0, 1000);
  for (int k = 0; k < 2000; ++k) net.direct_weights()[k] = 7 * k - 5000;
  const std::string bytes = net.serialize();
  EXPECT_EQ(bytes.substr(0, 8), "MMXNNUE4");
  auto back = Network::parse(bytes, "test-net", 128);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->direct(), 1000);
  EXPECT_EQ(back->layer2(), 0);
  EXPECT_EQ(back->serialize(), bytes);
  const int us[] = {0, 999}, them[] = {3};
  // The side to move's list reads weights 0 to 999, the other side's 1000 to 1999.
  EXPECT_EQ(back->direct_sum(us, 2, them, 1), (0 - 5000) + (6993 - 5000) + (7021 - 5000));
  std::string many = bytes;
  many[8 + kTagSize + 20 + 3] = 0x7f;
  auto bad = Network::parse(many, "test-net", 128);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("direct inputs"), std::string::npos) << bad.error();
  auto truncated = Network::parse(bytes.substr(0, bytes.size() - 12), "test-net", 128);
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();
}

TEST(Network, VectorKernelsGiveTheScalarIntegers) {
  for (const auto& [hidden, layer2] :
       {std::pair{16, 0}, std::pair{64, 0}, std::pair{128, 0}, std::pair{256, 0}, std::pair{512, 0},
        std::pair{16, 8}, std::pair{64, 16}, std::pair{256, 32}, std::pair{512, 64}}) {
    const int buckets = hidden == 64 ? 3 : 1;
    const Activation activation = hidden >= 128 ? Activation::kSquared : Activation::kClipped;
    const Network net = random_network(128, hidden, static_cast<std::uint64_t>(hidden + layer2),
                                       buckets, activation, layer2);
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
      // 0-2 rows in and 0-11 out: every shape the update takes in one pass, and more in several.
      const int na = static_cast<int>(rng.below(3)), nr = static_cast<int>(rng.below(12));
      for (int p = 0; p < 2; ++p) {
        net.update(v, v2, p, added, na, removed, nr);
        net.update_scalar(s, s2, p, added, na, removed, nr);
      }
      for (int p = 0; p < 2; ++p)
        for (int k = 0; k < hidden; ++k) ASSERT_EQ(v2.v[p][k], s2.v[p][k]);
      for (int mover = 0; mover < 2; ++mover)
        for (int b = 0; b < buckets; ++b) {
          ASSERT_EQ(net.output(v, mover, b), net.output_scalar(s, mover, b));
          ASSERT_EQ(net.output(v2, mover, b), net.output_scalar(s2, mover, b));
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
