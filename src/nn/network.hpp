#pragma once
// A small efficiently updatable network ("NNUE", Nasu 2018) that knows no game: a game's engine
// supplies the indices of the active inputs (a piece of a kind on a square, seen from one side),
// this file holds the arithmetic.
//
// Shape: `inputs` binary inputs -> one hidden layer of `hidden` units, the same weights seen from
// each side's perspective (the game mirrors the board for the second side) -> the two hidden
// vectors, the side to move's first, clipped to [0, 1] (and squared, for the activation
// "screlu") -> one output. The output o is the logit of the side to move's expected score; an
// engine scores o * its scale.
//
// Quantized for inference: the first layer's weights and the accumulators are 16-bit integers, one
// unit of activation being kQA; the output weights are 16-bit with one unit kQB; the output sum is
// 32-bit, so o = raw / (kQA * kQB). Squared, a clipped activation v (0 to kQA) counts as
// v * v / kQA rounded to the nearest integer (screlu_unit), in the same units. The accumulator of a
// position is the first layer's bias plus the rows of its active inputs; a move adds and subtracts
// the rows of the inputs it changes (update), so a quiet move costs a few rows, not a full refresh.
//
// Each kernel has a scalar form (always compiled; tests compare) and an AVX2 form where the build
// targets a CPU with AVX2; both give the same integers.
//
// Output buckets: the output layer may come in `buckets` copies, the game choosing one per position
// (draughts and chess by the number of pieces on the board), so that the opening, the middle game
// and the ending each get their own weighing of the same hidden units. One bucket is the plain
// shape.
//
// A second hidden layer (`layer2` units, 0 for none): the two clipped hidden vectors -> layer2
// units, each a weighted sum of all 2 x hidden activations plus a bias, clipped to [0, 1] -> the
// output. Its weights are 16-bit with one unit kQB, its biases 32-bit in units of kQA * kQB; a
// unit's sum Z (units kQA * kQB) becomes the activation clamp(floor((Z + kQB / 2) / kQB), 0, kQA),
// in the first layer's units. With buckets, each bucket has its own second layer and output.
//
// Direct inputs (`direct`, 0 for none): a second set of binary inputs that bypass the hidden
// layers, each with a weight added straight to the output (in its units, kQA * kQB): one weight
// when the input is active in the side to move's list, another when in the other side's. The game
// computes them afresh for each evaluation (direct_sum); draughts uses them for patterns of
// several squares at once, whose every state has its own weight.
//
// On disk (little-endian): "MMXNNUE1" (one bucket, clipped), "MMXNNUE2" (buckets, clipped),
// "MMXNNUE3" (buckets and activation) or "MMXNNUE4" (and the second layer and the direct inputs),
// a 16-byte tag naming the features (e.g. "draughts-128"), inputs and hidden (u32), from
// MMXNNUE2 the buckets (u32), from MMXNNUE3 the activation (u32: 0 clipped, 1 clipped and
// squared), for MMXNNUE4 the second layer's units and the direct inputs (u32 each); the first
// layer's weights (inputs x hidden, i16, row per input), its biases (hidden, i16), each bucket's
// second-layer weights (layer2 rows of 2 x hidden, i16), each bucket's output weights (2 x hidden,
// or layer2 with a second layer, i16), each bucket's second-layer biases (layer2, i32), each
// bucket's output bias (i32), the direct weights (2 x direct, i32: the side to move's list's, then
// the other side's); then the FNV-1a 64-bit hash of everything before it, so a damaged or
// truncated file is refused.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"

namespace minimax::nn {

inline constexpr int kQA = 255;  // one unit of hidden activation
inline constexpr int kQB = 256;  // one unit of output weight
inline constexpr int kMaxHidden = 512;
inline constexpr int kMaxBuckets = 16;
inline constexpr int kMaxLayer2 = 64;
inline constexpr int kMaxDirect = 1 << 20;
static_assert(kQB == 256, "the second layer divides its sums by kQB with a shift of 8");
inline constexpr std::size_t kTagSize = 16;

// The hidden units' activation: clipped to [0, 1] ("crelu"), or clipped and squared ("screlu").
enum class Activation : std::uint32_t { kClipped = 0, kSquared = 1 };
// Its name on the command line and in run files, and back (an Error names the unknown one).
std::string_view activation_name(Activation a);
Expected<Activation> parse_activation(std::string_view name);

// A clipped activation v (0 to kQA) squared, in units of kQA: v * v / kQA rounded to nearest.
constexpr std::int32_t screlu_unit(std::int32_t v) { return (v * v + kQA / 2) / kQA; }

// The two perspectives' hidden sums: [0] the first side's (the side that moves first in the game),
// [1] the second's. Aligned for the vector kernels.
struct alignas(64) Accumulator {
  std::int16_t v[2][kMaxHidden];
};

class Network {
 public:
  Network() = default;
  // A network of the given shape with every weight zero (its output is 0 everywhere).
  Network(std::string tag, int inputs, int hidden, int buckets = 1,
          Activation activation = Activation::kClipped, int layer2 = 0, int direct = 0);

  // Reads the file format above; an Error says what is wrong (magic, tag, shape, size, hash).
  // `tag` and `inputs` are what the caller expects.
  static Expected<Network> parse(std::string_view bytes, std::string_view tag, int inputs);
  [[nodiscard]] std::string serialize() const;

  [[nodiscard]] const std::string& tag() const { return tag_; }
  [[nodiscard]] int inputs() const { return inputs_; }
  [[nodiscard]] int hidden() const { return hidden_; }
  [[nodiscard]] int buckets() const { return buckets_; }
  [[nodiscard]] Activation activation() const { return activation_; }
  [[nodiscard]] int layer2() const { return layer2_; }
  [[nodiscard]] int direct() const { return direct_; }
  // The direct weights: [i] for input i in the side to move's list, [direct + i] in the other's.
  std::int32_t* direct_weights() { return dw_.data(); }
  [[nodiscard]] const std::int32_t* direct_weights() const { return dw_.data(); }
  // What the direct inputs add to the output (raw units, as output()).
  [[nodiscard]] std::int32_t direct_sum(const int* us, int us_count, const int* them,
                                        int them_count) const {
    std::int32_t sum = 0;
    for (int k = 0; k < us_count; ++k) sum += dw_[static_cast<std::size_t>(us[k])];
    for (int k = 0; k < them_count; ++k)
      sum += dw_[static_cast<std::size_t>(direct_) + static_cast<std::size_t>(them[k])];
    return sum;
  }
  // The output layer's inputs: the 2 x hidden activations, or the second layer's units.
  [[nodiscard]] int output_inputs() const { return layer2_ > 0 ? layer2_ : 2 * hidden_; }

  // Writable weights, for the trainer's quantization and for tests.
  std::int16_t* row(int input) { return &w1_[static_cast<std::size_t>(input) * hidden_]; }
  [[nodiscard]] const std::int16_t* row(int input) const {
    return &w1_[static_cast<std::size_t>(input) * hidden_];
  }
  std::int16_t* bias() { return b1_.data(); }
  [[nodiscard]] const std::int16_t* bias() const { return b1_.data(); }
  std::int16_t* output_weights(int bucket = 0) { return &w2_[w2_offset(bucket)]; }
  [[nodiscard]] const std::int16_t* output_weights(int bucket = 0) const {
    return &w2_[w2_offset(bucket)];
  }
  // Bucket `bucket`'s second layer: unit j's weights are layer2_weights(bucket) + j * 2 * hidden.
  std::int16_t* layer2_weights(int bucket = 0) { return l2w_.data() + l2w_offset(bucket); }
  [[nodiscard]] const std::int16_t* layer2_weights(int bucket = 0) const {
    return l2w_.data() + l2w_offset(bucket);
  }
  std::int32_t* layer2_bias(int bucket = 0) {
    return l2b_.data() + static_cast<std::size_t>(bucket) * static_cast<std::size_t>(layer2_);
  }
  [[nodiscard]] const std::int32_t* layer2_bias(int bucket = 0) const {
    return l2b_.data() + static_cast<std::size_t>(bucket) * static_cast<std::size_t>(layer2_);
  }
  std::int32_t& output_bias(int bucket = 0) { return b2_[static_cast<std::size_t>(bucket)]; }
  [[nodiscard]] std::int32_t output_bias(int bucket = 0) const {
    return b2_[static_cast<std::size_t>(bucket)];
  }

  // acc[perspective] = bias + the rows of `active`.
  void refresh(Accumulator& acc, int perspective, const int* active, int count) const;
  // to[perspective] = from[perspective] + the rows of `added` - the rows of `removed`.
  void update(const Accumulator& from, Accumulator& to, int perspective, const int* added,
              int added_count, const int* removed, int removed_count) const;
  // The raw output of bucket `bucket` (0 to buckets() - 1) for the side to move (`mover` 0: the
  // first side): o = raw / (kQA * kQB).
  [[nodiscard]] std::int32_t output(const Accumulator& acc, int mover, int bucket = 0) const;

  // The scalar kernels, whatever the build targets (tests compare them with the vector ones).
  void refresh_scalar(Accumulator& acc, int perspective, const int* active, int count) const;
  void update_scalar(const Accumulator& from, Accumulator& to, int perspective, const int* added,
                     int added_count, const int* removed, int removed_count) const;
  [[nodiscard]] std::int32_t output_scalar(const Accumulator& acc, int mover, int bucket = 0) const;

 private:
  [[nodiscard]] std::size_t w2_offset(int bucket) const {
    return static_cast<std::size_t>(bucket) * static_cast<std::size_t>(output_inputs());
  }
  [[nodiscard]] std::size_t l2w_offset(int bucket) const {
    return static_cast<std::size_t>(bucket) * static_cast<std::size_t>(layer2_) * 2 *
           static_cast<std::size_t>(hidden_);
  }
  // The clipped (and for kSquared squared) activations, the side to move's half first.
  void activations_scalar(const Accumulator& acc, int mover, std::int16_t* x) const;
  // The second layer and the output from the activations (the same code for both kernels' sums).
  [[nodiscard]] std::int32_t finish(const std::int32_t* z, int bucket) const;
  void layer2_sums_scalar(const std::int16_t* x, int bucket, std::int32_t* z) const;
  std::string tag_;
  int inputs_ = 0, hidden_ = 0, buckets_ = 1, layer2_ = 0, direct_ = 0;
  Activation activation_ = Activation::kClipped;
  std::vector<std::int16_t> w1_, b1_, w2_, l2w_;
  std::vector<std::int32_t> b2_ = std::vector<std::int32_t>(1, 0);
  std::vector<std::int32_t> l2b_, dw_;
};

// A network file, read and checked (Network::parse; its direct inputs none or `direct`, the
// game's); an Error names the file.
Expected<std::shared_ptr<const Network>> load_network(const std::string& path, std::string_view tag,
                                                      int inputs, int direct = 0);

// A network built into the binary (a game's embedded bytes), read and checked; an empty array is
// a build without one. `game` names it in the Error ("chess", "draughts").
Expected<std::shared_ptr<const Network>> parse_embedded(const unsigned char* bytes,
                                                        std::size_t size, std::string_view tag,
                                                        int inputs, std::string_view game,
                                                        int direct = 0);

// Whether the vector kernels are compiled in (the build's -march has AVX2).
bool has_simd();

}  // namespace minimax::nn
