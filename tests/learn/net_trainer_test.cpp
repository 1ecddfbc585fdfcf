// The network trainer (learn/net_trainer.hpp): its floating-point output matches the quantized
// network the engine runs within the quantization's error, it learns a target it can express,
// its checkpoints refuse damage, and the same data and seed give the same network.
#include "learn/net_trainer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "core/rng.hpp"
#include "games/draughts/draughts.hpp"
#include "machines/draughts/engine/nnue.hpp"

namespace minimax::learn::nets {
namespace {

namespace de = draughts::engine;

// Positions of random draughts games, each labelled by a function of its material.
TrainingSet material_positions(int count, std::uint64_t seed, int buckets = 1) {
  TrainingSet data(de::kNetInputs);
  Rng rng(seed);
  int us[32], them[32];
  while (static_cast<int>(data.size()) < count) {
    draughts::Draughts p;
    for (int ply = 0;
         ply < 120 && p.outcome() == Outcome::none && static_cast<int>(data.size()) < count;
         ++ply) {
      draughts::Draughts::MoveList moves;
      p.generate_moves(moves);
      p.play(moves[rng.below(moves.size())]);
      const int mover = p.side_to_move() == draughts::kBlack ? 0 : 1;
      const auto own = mover == 0 ? p.black() : p.white(), opp = mover == 0 ? p.white() : p.black();
      const double diff =
          draughts::count(own) - draughts::count(opp) +
          0.5 * (draughts::count(own & p.kings()) - draughts::count(opp & p.kings()));
      const int nu = de::net_inputs(p.black(), p.white(), p.kings(), mover, us);
      const int nt = de::net_inputs(p.black(), p.white(), p.kings(), 1 - mover, them);
      data.add(us, nu, them, nt, static_cast<float>(1 / (1 + std::exp(-0.7 * diff))),
               de::net_bucket(nu, buckets));
    }
  }
  return data;
}

TEST(NetTrainer, TheQuantizedNetworkGivesTheFloatOutputWithinTheQuantizationError) {
  for (const auto& [buckets, activation, layer2] :
       {std::tuple{1, nn::Activation::kClipped, 0}, std::tuple{4, nn::Activation::kClipped, 0},
        std::tuple{1, nn::Activation::kSquared, 0}, std::tuple{1, nn::Activation::kClipped, 16},
        std::tuple{2, nn::Activation::kClipped, 32}}) {
    const TrainingSet data = material_positions(10000, 1, buckets);
    FloatNet net = FloatNet::random(de::kNetInputs, 128, 2, buckets, activation, layer2);
    TrainSettings s;
    s.epochs = 2;
    train(net, data, s);
    const nn::Network q = net.quantize(std::string(de::kNetTag));
    ASSERT_EQ(q.buckets(), buckets);
    ASSERT_EQ(q.activation(), activation);
    ASSERT_EQ(q.layer2(), layer2);
    double worst = 0, sum = 0;
    for (std::size_t i = 0; i < data.size(); ++i) {
      nn::Accumulator acc{};
      std::vector<int> us(data.begin(i, 0), data.end(i, 0)), them(data.begin(i, 1), data.end(i, 1));
      q.refresh(acc, 0, us.data(), static_cast<int>(us.size()));
      q.refresh(acc, 1, them.data(), static_cast<int>(them.size()));
      const double quantized =
          static_cast<double>(q.output(acc, 0, data.bucket(i))) / (nn::kQA * nn::kQB);
      const double d = std::abs(quantized - net.output(data, i));
      worst = std::max(worst, d);
      sum += d;
    }
    std::printf(
        "%d bucket(s), %s, second layer %d: float against quantized output: mean difference "
        "%.5f, largest %.5f (logits)\n",
        buckets, std::string(nn::activation_name(activation)).c_str(), layer2,
        sum / static_cast<double>(data.size()), worst);
    // Each of ~25 first-layer roundings (up to 1/(2 kQA)) moves a hidden unit, and each of the 256
    // output weights is rounded by up to 1/(2 kQB): measured, a mean of about 0.004 logit and a
    // largest of 0.02 (0.6 and 3 of the engine's hundredths of a man).
    EXPECT_LT(sum / static_cast<double>(data.size()), 0.01);
    EXPECT_LT(worst, 0.05) << "largest difference between the float and the integer output";
  }
}

TEST(NetTrainer, BucketsLearnWhatOneLayerCannot) {
  // A target whose sign turns with the number of pieces: one output layer over the same hidden
  // units must compromise; a bucket for each band of pieces need not.
  TrainingSet one(de::kNetInputs), four(de::kNetInputs);
  const TrainingSet base = material_positions(20000, 8, 4);
  for (std::size_t i = 0; i < base.size(); ++i) {
    std::vector<int> us(base.begin(i, 0), base.end(i, 0)), them(base.begin(i, 1), base.end(i, 1));
    const float t = us.size() > 12 ? base.target(i) : 1 - base.target(i);
    one.add(us.data(), static_cast<int>(us.size()), them.data(), static_cast<int>(them.size()), t);
    four.add(us.data(), static_cast<int>(us.size()), them.data(), static_cast<int>(them.size()), t,
             base.bucket(i));
  }
  TrainSettings s;
  s.epochs = 6;
  s.batch = 256;
  s.threads = 2;
  FloatNet a = FloatNet::random(de::kNetInputs, 16, 3);
  FloatNet b = FloatNet::random(de::kNetInputs, 16, 3, 4);
  const double la = train(a, one, s).back().validation_loss;
  const double lb = train(b, four, s).back().validation_loss;
  std::printf("held-out loss: one output layer %.5f, four buckets %.5f\n", la, lb);
  EXPECT_LT(lb, la * 0.8);
}

TEST(NetTrainer, LearnsATargetItCanExpressAndIsDeterministic) {
  const TrainingSet data = material_positions(20000, 4);
  FloatNet a = FloatNet::random(de::kNetInputs, 32, 9);
  const double before = mean_loss(a, data, 0, data.size());
  TrainSettings s;
  s.epochs = 8;
  s.threads = 2;
  const auto reports = train(a, data, s);
  ASSERT_EQ(reports.size(), 8u);
  std::printf("loss %.5f before, %.5f after\n", before, reports.back().validation_loss);
  EXPECT_LT(reports.back().validation_loss, before / 5);
  FloatNet b = FloatNet::random(de::kNetInputs, 32, 9);
  train(b, data, s);
  EXPECT_EQ(a.serialize(), b.serialize());
}

TEST(NetTrainer, ASecondLayerLearnsATargetItCanExpressAndIsDeterministic) {
  const TrainingSet data = material_positions(20000, 4);
  FloatNet a = FloatNet::random(de::kNetInputs, 32, 9, 1, nn::Activation::kClipped, 16);
  const double before = mean_loss(a, data, 0, data.size());
  TrainSettings s;
  s.epochs = 8;
  s.threads = 2;
  const auto reports = train(a, data, s);
  std::printf("second layer: loss %.5f before, %.5f after\n", before,
              reports.back().validation_loss);
  EXPECT_LT(reports.back().validation_loss, before / 5);
  FloatNet b = FloatNet::random(de::kNetInputs, 32, 9, 1, nn::Activation::kClipped, 16);
  train(b, data, s);
  EXPECT_EQ(a.serialize(), b.serialize());
  // The engine's file read back as floats quantizes to the same file.
  const nn::Network q = a.quantize(std::string(de::kNetTag));
  EXPECT_EQ(FloatNet::from_network(q).quantize(std::string(de::kNetTag)).serialize(),
            q.serialize());
}

TEST(NetTrainer, DirectInputsLearnAWeightForEachInput) {
  // Each position has one direct input of 100 and no other: its target's logit is that input's own
  // value, which only the direct weights can give.
  TrainingSet data(de::kNetInputs);
  Rng rng(5);
  std::vector<double> value(100);
  for (double& v : value) v = rng.uniform() * 4 - 2;
  for (int n = 0; n < 20000; ++n) {
    const int k = static_cast<int>(rng.below(100));
    const int us[] = {de::kNetInputs + k};
    data.add(us, 1, nullptr, 0, static_cast<float>(1 / (1 + std::exp(-value[k]))));
  }
  FloatNet net = FloatNet::random(de::kNetInputs, 16, 1, 1, nn::Activation::kClipped, 0, 100);
  TrainSettings s;
  s.epochs = 10;
  s.batch = 256;
  s.learning_rate = 0.02;  // Adam moves a weight at most about this much a step
  const double before = mean_loss(net, data, 0, data.size());
  const double after = train(net, data, s).back().validation_loss;
  std::printf("direct inputs: loss %.6f before, %.6f after\n", before, after);
  EXPECT_LT(after, before / 100);
  // The engine's integers give the same output.
  const nn::Network q = net.quantize(std::string(de::kNetTag));
  ASSERT_EQ(q.direct(), 100);
  nn::Accumulator acc{};
  q.refresh(acc, 0, nullptr, 0);
  q.refresh(acc, 1, nullptr, 0);
  for (int k = 0; k < 100; ++k) {
    const int us[] = {k};
    const double quantized =
        static_cast<double>(q.output(acc, 0) + q.direct_sum(us, 1, nullptr, 0)) /
        (nn::kQA * nn::kQB);
    std::size_t i = 0;
    while (*data.begin(i, 0) != de::kNetInputs + k) ++i;
    EXPECT_NEAR(quantized, net.output(data, i), 0.01) << "input " << k;
  }
}

TEST(NetTrainer, TheSquaredActivationLearnsATargetItCanExpress) {
  // Its slope (twice the unit's sum inside the clip) drives the same descent: the loss falls as
  // far as the clipped network's does (LearnsATargetItCanExpressAndIsDeterministic).
  const TrainingSet data = material_positions(20000, 4);
  FloatNet a = FloatNet::random(de::kNetInputs, 32, 9, 1, nn::Activation::kSquared);
  const double before = mean_loss(a, data, 0, data.size());
  TrainSettings s;
  s.epochs = 8;
  s.threads = 2;
  const auto reports = train(a, data, s);
  std::printf("squared: loss %.5f before, %.5f after\n", before, reports.back().validation_loss);
  EXPECT_LT(reports.back().validation_loss, before / 5);
}

TEST(NetTrainer, CheckpointsRoundTripAndRefuseDamage) {
  for (const auto& [buckets, activation, layer2] :
       {std::tuple{1, nn::Activation::kClipped, 0}, std::tuple{3, nn::Activation::kClipped, 0},
        std::tuple{1, nn::Activation::kSquared, 0}, std::tuple{2, nn::Activation::kSquared, 8}}) {
    FloatNet net =
        FloatNet::random(de::kNetInputs, 16, 1, buckets, activation, layer2, layer2 > 0 ? 50 : 0);
    for (std::size_t k = 0; k < net.dw.size(); ++k) net.dw[k] = static_cast<float>(k) / 7;
    const std::string bytes = net.serialize();
    auto back = FloatNet::parse(bytes);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->serialize(), bytes);
    std::string damaged = bytes;
    damaged[50] = static_cast<char>(damaged[50] ^ 1);
    EXPECT_FALSE(FloatNet::parse(damaged));
    EXPECT_FALSE(FloatNet::parse(bytes.substr(0, bytes.size() - 1)));
    EXPECT_EQ(back->buckets, buckets);
    EXPECT_EQ(back->activation, activation);
    EXPECT_EQ(back->layer2, layer2);
    EXPECT_EQ(back->direct, layer2 > 0 ? 50 : 0);
  }
}

}  // namespace
}  // namespace minimax::learn::nets
