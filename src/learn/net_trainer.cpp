#include "learn/net_trainer.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <thread>

#include "core/rng.hpp"
#include "nn/bytes.hpp"

namespace minimax::learn::nets {

namespace {

constexpr std::string_view kMagic = "MMXFNET1";            // one bucket
constexpr std::string_view kMagicBuckets = "MMXFNET2";     // the bucket count follows the shape
constexpr std::string_view kMagicActivation = "MMXFNET3";  // and the activation follows that
constexpr std::string_view kMagicLayer2 = "MMXFNET4";      // and the second layer's units that
// The first layer's weights are kept within this bound so that the quantized accumulator of the
// most pieces a game has (32) never leaves 16 bits: 32 x 3.9 x 255 < 32767.
constexpr float kW1Bound = 3.9f;
// The output weights within 16, so that kQB * 16 x kQA x the most hidden units (2 x 512) stays in
// 32 bits; the second layer's weights and biases the same.
constexpr float kW2Bound = 16.0f;

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// A hidden unit's activation of its sum x, and its slope (0 where the clip holds it).
float activate(bool squared, float x) {
  const float c = std::clamp(x, 0.0f, 1.0f);
  return squared ? c * c : c;
}
float slope(bool squared, float x) {
  if (x <= 0.0f || x >= 1.0f) return 0.0f;
  return squared ? 2 * x : 1.0f;
}

// The hidden sums of one perspective (`role` 0: the side to move's list, 1: the other's); returns
// what its direct inputs add to the output.
float accumulate(const FloatNet& net, const std::uint16_t* first, const std::uint16_t* last,
                 float* a, int role) {
  const int h = net.hidden;
  std::copy(net.b1.begin(), net.b1.end(), a);
  float direct = 0;
  for (const std::uint16_t* f = first; f != last; ++f) {
    if (*f >= net.inputs) {
      direct += net.dw[static_cast<std::size_t>(role * net.direct + *f - net.inputs)];
      continue;
    }
    const float* row = &net.w1[static_cast<std::size_t>(*f) * h];
    for (int i = 0; i < h; ++i) a[i] += row[i];
  }
  return direct;
}

// One position's intermediate values: the two perspectives' hidden sums, and with a second layer
// the first layer's activations (the side to move's first) and the second layer's sums.
struct Scratch {
  std::vector<float> us, them, act, z;
  explicit Scratch(const FloatNet& net)
      : us(static_cast<std::size_t>(net.hidden)),
        them(static_cast<std::size_t>(net.hidden)),
        act(net.layer2 > 0 ? 2 * static_cast<std::size_t>(net.hidden) : 0),
        z(static_cast<std::size_t>(net.layer2)) {}
};

float forward(const FloatNet& net, const TrainingSet& data, std::size_t i, Scratch& s) {
  const float direct = accumulate(net, data.begin(i, 0), data.end(i, 0), s.us.data(), 0) +
                       accumulate(net, data.begin(i, 1), data.end(i, 1), s.them.data(), 1);
  const int h = net.hidden;
  const auto bucket = static_cast<std::size_t>(data.bucket(i));
  const float* w2 = &net.w2[bucket * static_cast<std::size_t>(net.output_inputs())];
  const bool squared = net.activation == nn::Activation::kSquared;
  float o = net.b2[bucket] + direct;
  if (net.layer2 == 0) {
    for (int k = 0; k < h; ++k) o += activate(squared, s.us[k]) * w2[k];
    for (int k = 0; k < h; ++k) o += activate(squared, s.them[k]) * w2[h + k];
    return o;
  }
  for (int k = 0; k < h; ++k) {
    s.act[k] = activate(squared, s.us[k]);
    s.act[h + k] = activate(squared, s.them[k]);
  }
  const std::size_t width = 2 * static_cast<std::size_t>(h);
  const float* l2w = &net.l2w[bucket * static_cast<std::size_t>(net.layer2) * width];
  const float* l2b = &net.l2b[bucket * static_cast<std::size_t>(net.layer2)];
  for (int j = 0; j < net.layer2; ++j) {
    const float* w = l2w + static_cast<std::size_t>(j) * width;
    float z = l2b[j];
    for (std::size_t k = 0; k < width; ++k) z += s.act[k] * w[k];
    s.z[static_cast<std::size_t>(j)] = z;
    o += activate(false, z) * w2[j];
  }
  return o;
}

struct Gradient {
  std::vector<float> w1, b1, w2, b2, l2w, l2b, dw;
  double loss = 0;
  std::vector<std::uint8_t> touched;  // rows of w1 with a gradient
  explicit Gradient(const FloatNet& net)
      : w1(net.w1.size()),
        b1(net.b1.size()),
        w2(net.w2.size()),
        b2(net.b2.size()),
        l2w(net.l2w.size()),
        l2b(net.l2b.size()),
        dw(net.dw.size()),
        touched(static_cast<std::size_t>(net.inputs)) {}
  void clear() {
    for (std::size_t r = 0; r < touched.size(); ++r)
      if (touched[r]) {
        std::fill_n(&w1[r * b1.size()], b1.size(), 0.0f);
        touched[r] = 0;
      }
    std::fill(b1.begin(), b1.end(), 0.0f);
    std::fill(w2.begin(), w2.end(), 0.0f);
    std::fill(b2.begin(), b2.end(), 0.0f);
    std::fill(l2w.begin(), l2w.end(), 0.0f);
    std::fill(l2b.begin(), l2b.end(), 0.0f);
    std::fill(dw.begin(), dw.end(), 0.0f);
    loss = 0;
  }
};

// Adds the gradient of positions order[first..last) to g.
void backward(const FloatNet& net, const TrainingSet& data, const std::vector<std::size_t>& order,
              std::size_t first, std::size_t last, Gradient& g) {
  const int h = net.hidden;
  const auto width = 2 * static_cast<std::size_t>(h);
  const bool squared = net.activation == nn::Activation::kSquared;
  Scratch s(net);
  // d loss / d (a first-layer activation), both perspectives, and / d (a first-layer sum).
  std::vector<float> dact(width), grad(static_cast<std::size_t>(h));
  for (std::size_t n = first; n < last; ++n) {
    const std::size_t i = order[n];
    const float o = forward(net, data, i, s);
    const float p = sigmoid(o);
    const float err = p - data.target(i);
    g.loss += static_cast<double>(err) * err;
    const float d = err * p * (1 - p);  // d loss / d o (the loss halved)
    const auto bucket = static_cast<std::size_t>(data.bucket(i));
    const std::size_t out = bucket * static_cast<std::size_t>(net.output_inputs());
    g.b2[bucket] += d;
    if (net.layer2 == 0) {
      for (int side = 0; side < 2; ++side) {
        const float* a = side == 0 ? s.us.data() : s.them.data();
        const float* w2 = &net.w2[out + static_cast<std::size_t>(side * h)];
        float* gw2 = &g.w2[out + static_cast<std::size_t>(side * h)];
        for (int k = 0; k < h; ++k) {
          gw2[k] += d * activate(squared, a[k]);
          dact[static_cast<std::size_t>(side * h + k)] = d * w2[k];
        }
      }
    } else {
      std::fill(dact.begin(), dact.end(), 0.0f);
      const std::size_t l2 = bucket * static_cast<std::size_t>(net.layer2);
      for (int j = 0; j < net.layer2; ++j) {
        const float z = s.z[static_cast<std::size_t>(j)];
        g.w2[out + static_cast<std::size_t>(j)] += d * activate(false, z);
        const float dz = d * net.w2[out + static_cast<std::size_t>(j)] * slope(false, z);
        if (dz == 0.0f) continue;
        g.l2b[l2 + static_cast<std::size_t>(j)] += dz;
        const float* w = &net.l2w[(l2 + static_cast<std::size_t>(j)) * width];
        float* gw = &g.l2w[(l2 + static_cast<std::size_t>(j)) * width];
        for (std::size_t k = 0; k < width; ++k) {
          gw[k] += dz * s.act[k];
          dact[k] += dz * w[k];
        }
      }
    }
    for (int side = 0; side < 2; ++side) {
      const float* a = side == 0 ? s.us.data() : s.them.data();
      for (int k = 0; k < h; ++k)
        grad[static_cast<std::size_t>(k)] =
            dact[static_cast<std::size_t>(side * h + k)] * slope(squared, a[k]);
      for (int k = 0; k < h; ++k)
        g.b1[static_cast<std::size_t>(k)] += grad[static_cast<std::size_t>(k)];
      for (const std::uint16_t* f = data.begin(i, side); f != data.end(i, side); ++f) {
        if (*f >= net.inputs) {
          g.dw[static_cast<std::size_t>(side * net.direct + *f - net.inputs)] += d;
          continue;
        }
        g.touched[*f] = 1;
        float* row = &g.w1[static_cast<std::size_t>(*f) * h];
        for (int k = 0; k < h; ++k) row[k] += grad[static_cast<std::size_t>(k)];
      }
    }
  }
}

struct Adam {
  std::vector<float> m, v;
  explicit Adam(std::size_t n) : m(n), v(n) {}
  void step(float* w, const float* g, std::size_t n, std::size_t offset, float scale, float lr,
            float t_correction1, float t_correction2, float bound) {
    constexpr float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
    for (std::size_t i = 0; i < n; ++i) {
      const float gi = g[i] * scale;
      float& mi = m[offset + i];
      float& vi = v[offset + i];
      mi = b1 * mi + (1 - b1) * gi;
      vi = b2 * vi + (1 - b2) * gi * gi;
      const float mhat = mi / t_correction1, vhat = vi / t_correction2;
      w[i] = std::clamp(w[i] - lr * mhat / (std::sqrt(vhat) + eps), -bound, bound);
    }
  }
};

}  // namespace

void TrainingSet::add(const int* us, int us_count, const int* them, int them_count, float target,
                      int bucket) {
  for (int k = 0; k < us_count; ++k) features_.push_back(static_cast<std::uint16_t>(us[k]));
  starts_.push_back(static_cast<std::uint32_t>(features_.size()));
  for (int k = 0; k < them_count; ++k) features_.push_back(static_cast<std::uint16_t>(them[k]));
  starts_.push_back(static_cast<std::uint32_t>(features_.size()));
  targets_.push_back(target);
  buckets_.push_back(static_cast<std::uint8_t>(bucket));
}

FloatNet FloatNet::random(int inputs, int hidden, std::uint64_t seed, int buckets,
                          nn::Activation activation, int layer2, int direct) {
  FloatNet net;
  net.inputs = inputs;
  net.hidden = hidden;
  net.buckets = buckets;
  net.activation = activation;
  net.layer2 = layer2;
  net.direct = direct;
  net.dw.assign(2 * static_cast<std::size_t>(direct), 0.0f);  // they add nothing at first
  Rng rng(seed);
  auto uniform = [&rng](float bound) {
    return static_cast<float>((rng.uniform() * 2 - 1) * bound);
  };
  // About a dozen inputs active per side: first-layer sums of spread ~0.3 around a bias of 0.5 keep
  // most units inside the clip; output weights of spread 1/sqrt(2 hidden).
  net.w1.resize(static_cast<std::size_t>(inputs) * hidden);
  for (float& w : net.w1) w = uniform(0.15f);
  net.b1.assign(static_cast<std::size_t>(hidden), 0.5f);
  // Every bucket starts as the same weights (the same network until the data tell them apart); with
  // one bucket the draws are those of a network without buckets.
  net.w2.resize(static_cast<std::size_t>(net.output_inputs()));
  const float bound = 1.0f / std::sqrt(static_cast<float>(net.output_inputs()));
  for (float& w : net.w2) w = uniform(bound);
  const std::vector<float> first = net.w2;
  for (int b = 1; b < buckets; ++b) net.w2.insert(net.w2.end(), first.begin(), first.end());
  net.b2.assign(static_cast<std::size_t>(buckets), 0.0f);
  if (layer2 > 0) {
    // Second-layer sums of spread ~0.1 around a bias of 0.5, inside the clip as the first layer's.
    net.l2w.resize(static_cast<std::size_t>(layer2) * 2 * static_cast<std::size_t>(hidden));
    for (float& w : net.l2w) w = uniform(0.5f / std::sqrt(2.0f * static_cast<float>(hidden)));
    const std::vector<float> rows = net.l2w;
    for (int b = 1; b < buckets; ++b) net.l2w.insert(net.l2w.end(), rows.begin(), rows.end());
    net.l2b.assign(static_cast<std::size_t>(layer2) * static_cast<std::size_t>(buckets), 0.5f);
  }
  return net;
}

float FloatNet::output(const TrainingSet& data, std::size_t i) const {
  Scratch s(*this);
  return forward(*this, data, i, s);
}

nn::Network FloatNet::quantize(std::string tag) const {
  nn::Network net(std::move(tag), inputs, hidden, buckets, activation, layer2, direct);
  auto q16 = [](float x, float scale) {
    return static_cast<std::int16_t>(std::clamp(std::lround(x * scale), -32767l, 32767l));
  };
  for (int r = 0; r < inputs; ++r)
    for (int k = 0; k < hidden; ++k)
      net.row(r)[k] = q16(w1[static_cast<std::size_t>(r) * hidden + k], nn::kQA);
  for (int k = 0; k < hidden; ++k) net.bias()[k] = q16(b1[static_cast<std::size_t>(k)], nn::kQA);
  const auto q32 = [](float x) {
    return static_cast<std::int32_t>(std::lround(x * nn::kQA * nn::kQB));
  };
  const auto width = 2 * static_cast<std::size_t>(hidden);
  for (int b = 0; b < buckets; ++b) {
    const std::size_t at = static_cast<std::size_t>(b) * static_cast<std::size_t>(output_inputs());
    for (int k = 0; k < output_inputs(); ++k)
      net.output_weights(b)[k] = q16(w2[at + static_cast<std::size_t>(k)], nn::kQB);
    net.output_bias(b) = q32(b2[static_cast<std::size_t>(b)]);
    const std::size_t l2 = static_cast<std::size_t>(b) * static_cast<std::size_t>(layer2);
    for (std::size_t k = 0; k < static_cast<std::size_t>(layer2) * width; ++k)
      net.layer2_weights(b)[k] = q16(l2w[l2 * width + k], nn::kQB);
    for (int j = 0; j < layer2; ++j)
      net.layer2_bias(b)[j] = q32(l2b[l2 + static_cast<std::size_t>(j)]);
  }
  for (std::size_t k = 0; k < dw.size(); ++k) net.direct_weights()[k] = q32(dw[k]);
  return net;
}

FloatNet FloatNet::from_network(const nn::Network& net) {
  FloatNet f;
  f.inputs = net.inputs();
  f.hidden = net.hidden();
  f.buckets = net.buckets();
  f.activation = net.activation();
  f.layer2 = net.layer2();
  f.direct = net.direct();
  f.dw.resize(2 * static_cast<std::size_t>(f.direct));
  const auto h = static_cast<std::size_t>(f.hidden);
  f.w1.resize(static_cast<std::size_t>(f.inputs) * h);
  for (int r = 0; r < f.inputs; ++r)
    for (std::size_t k = 0; k < h; ++k)
      f.w1[static_cast<std::size_t>(r) * h + k] = static_cast<float>(net.row(r)[k]) / nn::kQA;
  f.b1.resize(h);
  for (std::size_t k = 0; k < h; ++k) f.b1[k] = static_cast<float>(net.bias()[k]) / nn::kQA;
  const auto out = static_cast<std::size_t>(f.output_inputs());
  const auto l2 = static_cast<std::size_t>(f.layer2);
  const auto unit32 = [](std::int32_t x) {
    return static_cast<float>(static_cast<double>(x) / (static_cast<double>(nn::kQA) * nn::kQB));
  };
  f.w2.resize(static_cast<std::size_t>(f.buckets) * out);
  f.b2.resize(static_cast<std::size_t>(f.buckets));
  f.l2w.resize(static_cast<std::size_t>(f.buckets) * l2 * 2 * h);
  f.l2b.resize(static_cast<std::size_t>(f.buckets) * l2);
  for (int b = 0; b < f.buckets; ++b) {
    const auto bk = static_cast<std::size_t>(b);
    for (std::size_t k = 0; k < out; ++k)
      f.w2[bk * out + k] = static_cast<float>(net.output_weights(b)[k]) / nn::kQB;
    f.b2[bk] = static_cast<float>(net.output_bias(b)) / (static_cast<float>(nn::kQA) * nn::kQB);
    for (std::size_t k = 0; k < l2 * 2 * h; ++k)
      f.l2w[bk * l2 * 2 * h + k] = static_cast<float>(net.layer2_weights(b)[k]) / nn::kQB;
    for (std::size_t j = 0; j < l2; ++j)
      f.l2b[bk * l2 + j] = unit32(net.layer2_bias(b)[static_cast<std::ptrdiff_t>(j)]);
  }
  for (std::size_t k = 0; k < f.dw.size(); ++k) f.dw[k] = unit32(net.direct_weights()[k]);
  return f;
}

std::string FloatNet::serialize() const {
  const bool layered = layer2 > 0 || direct > 0;
  const bool activated = activation != nn::Activation::kClipped || layered;
  std::string out(layered        ? kMagicLayer2
                  : activated    ? kMagicActivation
                  : buckets == 1 ? kMagic
                                 : kMagicBuckets);
  nn::put<std::uint32_t>(out, static_cast<std::uint32_t>(inputs));
  nn::put<std::uint32_t>(out, static_cast<std::uint32_t>(hidden));
  if (buckets != 1 || activated) nn::put<std::uint32_t>(out, static_cast<std::uint32_t>(buckets));
  if (activated) nn::put<std::uint32_t>(out, static_cast<std::uint32_t>(activation));
  if (layered) {
    nn::put<std::uint32_t>(out, static_cast<std::uint32_t>(layer2));
    nn::put<std::uint32_t>(out, static_cast<std::uint32_t>(direct));
  }
  for (const auto* v : {&w1, &b1, &w2, &b2, &l2w, &l2b, &dw})
    for (float x : *v) nn::put<float>(out, x);
  nn::put<std::uint64_t>(out, nn::fnv1a(out));
  return out;
}

Expected<FloatNet> FloatNet::parse(std::string_view bytes) {
  const std::string_view magic = bytes.substr(0, std::min(bytes.size(), kMagic.size()));
  if (magic != kMagic && magic != kMagicBuckets && magic != kMagicActivation &&
      magic != kMagicLayer2)
    return Error{"not a minimax training checkpoint"};
  const bool bucketed = magic != kMagic;
  const bool layered = magic == kMagicLayer2;
  const bool activated = magic == kMagicActivation || layered;
  const std::size_t head = kMagic.size() + (layered ? 24 : activated ? 16 : bucketed ? 12 : 8);
  if (bytes.size() < head) return Error{"training checkpoint truncated or damaged (size)"};
  FloatNet net;
  net.inputs = static_cast<int>(nn::get<std::uint32_t>(bytes, kMagic.size()));
  net.hidden = static_cast<int>(nn::get<std::uint32_t>(bytes, kMagic.size() + 4));
  net.buckets = bucketed ? static_cast<int>(nn::get<std::uint32_t>(bytes, kMagic.size() + 8)) : 1;
  const std::uint32_t activation =
      activated ? nn::get<std::uint32_t>(bytes, kMagic.size() + 12) : 0;
  if (activation > 1) return Error{"training checkpoint has an unknown activation"};
  net.layer2 = layered ? static_cast<int>(nn::get<std::uint32_t>(bytes, kMagic.size() + 16)) : 0;
  if (net.layer2 < 0 || net.layer2 > nn::kMaxLayer2 || net.layer2 % 8 != 0)
    return Error{"training checkpoint has a bad second layer"};
  net.direct = layered ? static_cast<int>(nn::get<std::uint32_t>(bytes, kMagic.size() + 20)) : 0;
  if (net.direct < 0 || net.direct > nn::kMaxDirect)
    return Error{"training checkpoint has a bad number of direct inputs"};
  net.activation = static_cast<nn::Activation>(activation);
  if (net.inputs <= 0 || net.inputs > 65536 || net.hidden <= 0 || net.hidden > nn::kMaxHidden ||
      net.buckets <= 0 || net.buckets > nn::kMaxBuckets)
    return Error{"training checkpoint has a bad shape"};
  const std::size_t out_floats =
      static_cast<std::size_t>(net.buckets) *
      (static_cast<std::size_t>(net.output_inputs()) + 1 +
       static_cast<std::size_t>(net.layer2) * (2 * static_cast<std::size_t>(net.hidden) + 1));
  const std::size_t floats = static_cast<std::size_t>(net.inputs) * net.hidden +
                             static_cast<std::size_t>(net.hidden) + out_floats +
                             2 * static_cast<std::size_t>(net.direct);
  if (bytes.size() != head + 4 * floats + 8)
    return Error{"training checkpoint truncated or damaged (size)"};
  if (nn::get<std::uint64_t>(bytes, head + 4 * floats) !=
      nn::fnv1a(bytes.substr(0, head + 4 * floats)))
    return Error{"training checkpoint damaged (its hash does not match)"};
  std::size_t at = head;
  net.w1.resize(static_cast<std::size_t>(net.inputs) * net.hidden);
  net.b1.resize(static_cast<std::size_t>(net.hidden));
  const auto bk = static_cast<std::size_t>(net.buckets);
  const auto l2 = static_cast<std::size_t>(net.layer2);
  net.w2.resize(static_cast<std::size_t>(net.output_inputs()) * bk);
  net.b2.resize(bk);
  net.l2w.resize(bk * l2 * 2 * static_cast<std::size_t>(net.hidden));
  net.l2b.resize(bk * l2);
  net.dw.resize(2 * static_cast<std::size_t>(net.direct));
  for (auto* v : {&net.w1, &net.b1, &net.w2, &net.b2, &net.l2w, &net.l2b, &net.dw})
    for (float& x : *v) {
      x = nn::get<float>(bytes, at);
      at += 4;
    }
  return net;
}

double mean_loss(const FloatNet& net, const TrainingSet& data, std::size_t first,
                 std::size_t last) {
  if (last <= first) return 0;
  Scratch s(net);
  double sum = 0;
  for (std::size_t i = first; i < last; ++i) {
    const float err = sigmoid(forward(net, data, i, s)) - data.target(i);
    sum += static_cast<double>(err) * err;
  }
  return sum / static_cast<double>(last - first);
}

std::vector<EpochReport> train(FloatNet& net, const TrainingSet& data,
                               const TrainSettings& settings,
                               const std::function<void(const EpochReport&)>& progress) {
  std::vector<EpochReport> reports;
  const std::size_t held =
      static_cast<std::size_t>(static_cast<double>(data.size()) * settings.validation_fraction);
  const std::size_t trained = data.size() - held;
  if (trained == 0) return reports;
  const int threads = std::max(1, settings.threads);
  std::vector<Gradient> grads(static_cast<std::size_t>(threads), Gradient(net));
  Adam adam(net.w1.size() + net.b1.size() + net.w2.size() + net.b2.size() + net.l2w.size() +
            net.l2b.size() + net.dw.size());
  std::vector<std::size_t> order(trained);
  std::iota(order.begin(), order.end(), std::size_t{0});
  Rng rng(settings.seed);
  std::uint64_t t = 0;
  const std::size_t batch = static_cast<std::size_t>(std::max(1, settings.batch));
  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    for (std::size_t i = trained; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    const float lr = static_cast<float>(settings.learning_rate) *
                     (epoch > settings.epochs - settings.epochs / 5 ? 0.1f : 1.0f);
    double loss = 0;
    for (std::size_t first = 0; first < trained; first += batch) {
      const std::size_t last = std::min(trained, first + batch);
      const std::size_t per = (last - first + static_cast<std::size_t>(threads) - 1) /
                              static_cast<std::size_t>(threads);
      std::vector<std::thread> pool;
      for (int k = 0; k < threads; ++k) {
        const std::size_t a = std::min(last, first + per * static_cast<std::size_t>(k));
        const std::size_t b = std::min(last, a + per);
        Gradient& g = grads[static_cast<std::size_t>(k)];
        g.clear();
        if (k == threads - 1)
          backward(net, data, order, a, b, g);
        else
          pool.emplace_back(
              [&net, &data, &order, a, b, &g] { backward(net, data, order, a, b, g); });
      }
      for (auto& th : pool) th.join();
      // Sum the threads' gradients in thread order (the same sums whatever the timing).
      Gradient& sum = grads[0];
      for (std::size_t k = 1; k < grads.size(); ++k) {
        const Gradient& g = grads[k];
        for (std::size_t r = 0; r < g.touched.size(); ++r)
          if (g.touched[r]) {
            sum.touched[r] = 1;
            for (std::size_t c = 0; c < net.b1.size(); ++c)
              sum.w1[r * net.b1.size() + c] += g.w1[r * net.b1.size() + c];
          }
        for (std::size_t c = 0; c < g.b1.size(); ++c) sum.b1[c] += g.b1[c];
        for (std::size_t c = 0; c < g.w2.size(); ++c) sum.w2[c] += g.w2[c];
        for (std::size_t c = 0; c < g.b2.size(); ++c) sum.b2[c] += g.b2[c];
        for (std::size_t c = 0; c < g.l2w.size(); ++c) sum.l2w[c] += g.l2w[c];
        for (std::size_t c = 0; c < g.l2b.size(); ++c) sum.l2b[c] += g.l2b[c];
        for (std::size_t c = 0; c < g.dw.size(); ++c) sum.dw[c] += g.dw[c];
        sum.loss += g.loss;
      }
      loss += sum.loss;
      ++t;
      const float c1 = 1 - std::pow(0.9f, static_cast<float>(t));
      const float c2 = 1 - std::pow(0.999f, static_cast<float>(t));
      const float scale = 1.0f / static_cast<float>(last - first);
      adam.step(net.w1.data(), sum.w1.data(), net.w1.size(), 0, scale, lr, c1, c2, kW1Bound);
      adam.step(net.b1.data(), sum.b1.data(), net.b1.size(), net.w1.size(), scale, lr, c1, c2,
                kW1Bound);
      adam.step(net.w2.data(), sum.w2.data(), net.w2.size(), net.w1.size() + net.b1.size(), scale,
                lr, c1, c2, kW2Bound);
      std::size_t at = net.w1.size() + net.b1.size() + net.w2.size();
      adam.step(net.b2.data(), sum.b2.data(), net.b2.size(), at, scale, lr, c1, c2, kW2Bound);
      at += net.b2.size();
      adam.step(net.l2w.data(), sum.l2w.data(), net.l2w.size(), at, scale, lr, c1, c2, kW2Bound);
      at += net.l2w.size();
      adam.step(net.l2b.data(), sum.l2b.data(), net.l2b.size(), at, scale, lr, c1, c2, kW2Bound);
      at += net.l2b.size();
      adam.step(net.dw.data(), sum.dw.data(), net.dw.size(), at, scale, lr, c1, c2, kW2Bound);
    }
    EpochReport r;
    r.epoch = epoch;
    r.train_loss = loss / static_cast<double>(trained);
    r.validation_loss = mean_loss(net, data, trained, data.size());
    reports.push_back(r);
    if (progress) progress(r);
  }
  return reports;
}

}  // namespace minimax::learn::nets
