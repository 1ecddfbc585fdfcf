#pragma once
// The trainer of nn/network.hpp's networks, for any game's inputs (draughts now; chess's 768
// inputs use it too): the same shape in floating point, trained by minibatch gradient descent with
// Adam (Kingma and Ba 2015) on positions labelled with a target expected score in [0, 1], then
// quantized to the integers the engines run.
//
// The loss is the squared difference between sigmoid(o) and the target, o being the network's
// output for the side to move (the logit of its expected score). Training is deterministic: the
// order of the positions comes from the seed, a minibatch's gradient is split among threads by
// position index and summed in thread order, so the same data and settings give the same network
// whatever the machine's load.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "nn/network.hpp"

namespace minimax::learn::nets {

// Positions as the trainer reads them: each one's active inputs from the side to move's
// perspective, then from the other side's, its target and its output bucket (nn/network.hpp).
// An input from `inputs` on is the direct input (nn/network.hpp) number input - inputs.
class TrainingSet {
 public:
  explicit TrainingSet(int inputs = 0) : inputs_(inputs) {}
  void add(const int* us, int us_count, const int* them, int them_count, float target,
           int bucket = 0);
  [[nodiscard]] std::size_t size() const { return targets_.size(); }
  [[nodiscard]] int inputs() const { return inputs_; }
  [[nodiscard]] float target(std::size_t i) const { return targets_[i]; }
  [[nodiscard]] int bucket(std::size_t i) const { return buckets_[i]; }
  // The inputs of position i from perspective 0 (the side to move) or 1.
  [[nodiscard]] const std::uint16_t* begin(std::size_t i, int perspective) const {
    return &features_[starts_[2 * i + static_cast<std::size_t>(perspective)]];
  }
  [[nodiscard]] const std::uint16_t* end(std::size_t i, int perspective) const {
    return &features_[0] + starts_[2 * i + static_cast<std::size_t>(perspective) + 1];
  }

 private:
  int inputs_;
  std::vector<std::uint32_t> starts_{0};
  std::vector<std::uint16_t> features_;
  std::vector<float> targets_;
  std::vector<std::uint8_t> buckets_;
};

// The network in floating point: first-layer weights (a row of `hidden` per input), biases, each
// bucket's output weights (the side to move's half first, or with a second layer one per unit of
// it) and output bias, and with a second layer each bucket's `layer2` rows of 2 x hidden weights
// and `layer2` biases. Activations clipped to [0, 1], the first layer's squared for
// nn::Activation::kSquared.
struct FloatNet {
  int inputs = 0, hidden = 0, buckets = 1, layer2 = 0, direct = 0;
  nn::Activation activation = nn::Activation::kClipped;
  // dw: the direct inputs' weights, those of the side to move's list first (nn/network.hpp).
  std::vector<float> w1, b1, w2, b2, l2w, l2b, dw;

  // The output layer's inputs: 2 x hidden, or the second layer's units.
  [[nodiscard]] int output_inputs() const { return layer2 > 0 ? layer2 : 2 * hidden; }

  // Small random weights from the seed (the starting point of a run: a network that knows nothing).
  static FloatNet random(int inputs, int hidden, std::uint64_t seed, int buckets = 1,
                         nn::Activation activation = nn::Activation::kClipped, int layer2 = 0,
                         int direct = 0);
  // The output o for position i of `data`.
  [[nodiscard]] float output(const TrainingSet& data, std::size_t i) const;
  // The integers the engines run (tag: the game's features, nn::Network's file tag).
  [[nodiscard]] nn::Network quantize(std::string tag) const;
  // The floats a quantized network stands for (its integers over their scales): a start for a run
  // when only the engine's file is at hand; quantized again it gives the same integers.
  static FloatNet from_network(const nn::Network& net);

  // A checkpoint on disk ("MMXFNET1", "MMXFNET2" with the bucket count after the shape,
  // "MMXFNET3" with the bucket count and the activation, or "MMXFNET4" with those and the second
  // layer's units and the direct inputs; the floats: w1, b1, w2, b2, then l2w, l2b and dw; a
  // hash), so that a run goes on from exactly where it was.
  [[nodiscard]] std::string serialize() const;
  static Expected<FloatNet> parse(std::string_view bytes);
};

struct TrainSettings {
  int epochs = 10;
  int batch = 4096;
  double learning_rate = 0.002;       // Adam's step; divided by 10 for the last fifth of the epochs
  double validation_fraction = 0.05;  // the last positions, held out to report
  int threads = 1;
  std::uint64_t seed = 1;
};

struct EpochReport {
  int epoch = 0;
  double train_loss = 0;       // mean over the epoch's minibatches, before each step
  double validation_loss = 0;  // after the epoch, on the held-out positions (0 if none)
};

// Trains `net` in place on `data`; progress (if given) is called after each epoch.
std::vector<EpochReport> train(FloatNet& net, const TrainingSet& data,
                               const TrainSettings& settings,
                               const std::function<void(const EpochReport&)>& progress = {});

// The mean loss of `net` on positions [first, last) of `data`.
double mean_loss(const FloatNet& net, const TrainingSet& data, std::size_t first, std::size_t last);

}  // namespace minimax::learn::nets
