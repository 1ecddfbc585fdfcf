#include "nn/network.hpp"

#include <algorithm>
#include <cstring>

#include "core/read_file.hpp"
#include "nn/bytes.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace minimax::nn {

namespace {

constexpr std::string_view kMagic = "MMXNNUE1";            // one bucket
constexpr std::string_view kMagicBuckets = "MMXNNUE2";     // the bucket count follows the shape
constexpr std::string_view kMagicActivation = "MMXNNUE3";  // and the activation follows that
constexpr std::string_view kMagicLayer2 = "MMXNNUE4";      // and the second layer's units that

}  // namespace

std::string_view activation_name(Activation a) {
  return a == Activation::kSquared ? "screlu" : "crelu";
}

Expected<Activation> parse_activation(std::string_view name) {
  if (name == "crelu") return Activation::kClipped;
  if (name == "screlu") return Activation::kSquared;
  return Error{"unknown activation '" + std::string(name) + "' (crelu or screlu)"};
}

Network::Network(std::string tag, int inputs, int hidden, int buckets, Activation activation,
                 int layer2, int direct)
    : tag_(std::move(tag)),
      inputs_(inputs),
      hidden_(hidden),
      buckets_(buckets),
      layer2_(layer2),
      direct_(direct),
      activation_(activation),
      w1_(static_cast<std::size_t>(inputs) * hidden, 0),
      b1_(static_cast<std::size_t>(hidden), 0),
      w2_(static_cast<std::size_t>(layer2 > 0 ? layer2 : 2 * hidden) *
              static_cast<std::size_t>(buckets),
          0),
      l2w_(static_cast<std::size_t>(layer2) * 2 * static_cast<std::size_t>(hidden) *
               static_cast<std::size_t>(buckets),
           0),
      b2_(static_cast<std::size_t>(buckets), 0),
      l2b_(static_cast<std::size_t>(layer2) * static_cast<std::size_t>(buckets), 0),
      dw_(2 * static_cast<std::size_t>(direct), 0) {}

Expected<Network> Network::parse(std::string_view bytes, std::string_view tag, int inputs) {
  if (bytes.size() < kMagic.size() + kTagSize + 8)
    return Error{"network file too short (" + std::to_string(bytes.size()) + " bytes)"};
  const std::string_view magic = bytes.substr(0, kMagic.size());
  if (magic != kMagic && magic != kMagicBuckets && magic != kMagicActivation &&
      magic != kMagicLayer2)
    return Error{"not a minimax network file (bad magic)"};
  const bool bucketed = magic != kMagic;
  const bool layered = magic == kMagicLayer2;
  const bool activated = magic == kMagicActivation || layered;
  const std::size_t head = kMagic.size() + kTagSize +
                           (layered     ? 24
                            : activated ? 16
                            : bucketed  ? 12
                                        : 8);
  if (bytes.size() < head)
    return Error{"network file too short (" + std::to_string(bytes.size()) + " bytes)"};
  std::string file_tag(bytes.substr(kMagic.size(), kTagSize));
  file_tag.erase(std::find(file_tag.begin(), file_tag.end(), '\0'), file_tag.end());
  if (file_tag != tag)
    return Error{"network is for '" + file_tag + "', expected '" + std::string(tag) + "'"};
  const auto in = get<std::uint32_t>(bytes, kMagic.size() + kTagSize);
  const auto hid = get<std::uint32_t>(bytes, kMagic.size() + kTagSize + 4);
  const auto buckets = bucketed ? get<std::uint32_t>(bytes, kMagic.size() + kTagSize + 8) : 1u;
  const auto activation = activated ? get<std::uint32_t>(bytes, kMagic.size() + kTagSize + 12) : 0u;
  const auto layer2 = layered ? get<std::uint32_t>(bytes, kMagic.size() + kTagSize + 16) : 0u;
  const auto direct = layered ? get<std::uint32_t>(bytes, kMagic.size() + kTagSize + 20) : 0u;
  if (static_cast<int>(in) != inputs)
    return Error{"network has " + std::to_string(in) + " inputs, expected " +
                 std::to_string(inputs)};
  if (hid == 0 || hid > static_cast<std::uint32_t>(kMaxHidden) || hid % 16 != 0)
    return Error{"network has " + std::to_string(hid) +
                 " hidden units (expected a multiple of 16 up to " + std::to_string(kMaxHidden) +
                 ")"};
  if (buckets == 0 || buckets > static_cast<std::uint32_t>(kMaxBuckets))
    return Error{"network has " + std::to_string(buckets) + " output buckets (expected 1 to " +
                 std::to_string(kMaxBuckets) + ")"};
  if (activation > 1)
    return Error{"network has activation " + std::to_string(activation) +
                 " (expected 0, crelu, or 1, screlu)"};
  if (layer2 > static_cast<std::uint32_t>(kMaxLayer2) || layer2 % 8 != 0)
    return Error{"network has " + std::to_string(layer2) +
                 " second-layer units (expected a multiple of 8 up to " +
                 std::to_string(kMaxLayer2) + ")"};
  if (direct > static_cast<std::uint32_t>(kMaxDirect))
    return Error{"network has " + std::to_string(direct) + " direct inputs (at most " +
                 std::to_string(kMaxDirect) + ")"};
  const std::size_t out_in = layer2 > 0 ? layer2 : 2 * static_cast<std::size_t>(hid);
  const std::size_t weights =
      (static_cast<std::size_t>(in) * hid + hid +
       (static_cast<std::size_t>(layer2) * 2 * hid + out_in) * buckets) *
          2 +
      4 * ((static_cast<std::size_t>(layer2) + 1) * static_cast<std::size_t>(buckets) +
           2 * static_cast<std::size_t>(direct));
  if (bytes.size() != head + weights + 8)
    return Error{"network file is " + std::to_string(bytes.size()) + " bytes, expected " +
                 std::to_string(head + weights + 8) + " (truncated or damaged)"};
  if (get<std::uint64_t>(bytes, head + weights) != fnv1a(bytes.substr(0, head + weights)))
    return Error{"network file damaged (its hash does not match)"};
  Network net(file_tag, static_cast<int>(in), static_cast<int>(hid), static_cast<int>(buckets),
              static_cast<Activation>(activation), static_cast<int>(layer2),
              static_cast<int>(direct));
  std::size_t at = head;
  for (auto* v : {&net.w1_, &net.b1_, &net.l2w_, &net.w2_})
    for (auto& x : *v) {
      x = get<std::int16_t>(bytes, at);
      at += 2;
    }
  for (auto* v : {&net.l2b_, &net.b2_, &net.dw_})
    for (auto& b : *v) {
      b = get<std::int32_t>(bytes, at);
      at += 4;
    }
  return net;
}

std::string Network::serialize() const {
  // The oldest format that holds this network, so that a clipped one reads as it always did.
  const bool layered = layer2_ > 0 || direct_ > 0;
  const bool activated = activation_ != Activation::kClipped || layered;
  std::string out(layered         ? kMagicLayer2
                  : activated     ? kMagicActivation
                  : buckets_ == 1 ? kMagic
                                  : kMagicBuckets);
  std::string tag = tag_.substr(0, kTagSize);
  tag.resize(kTagSize, '\0');
  out += tag;
  put<std::uint32_t>(out, static_cast<std::uint32_t>(inputs_));
  put<std::uint32_t>(out, static_cast<std::uint32_t>(hidden_));
  if (buckets_ != 1 || activated) put<std::uint32_t>(out, static_cast<std::uint32_t>(buckets_));
  if (activated) put<std::uint32_t>(out, static_cast<std::uint32_t>(activation_));
  if (layered) {
    put<std::uint32_t>(out, static_cast<std::uint32_t>(layer2_));
    put<std::uint32_t>(out, static_cast<std::uint32_t>(direct_));
  }
  for (const auto* v : {&w1_, &b1_, &l2w_, &w2_})
    for (std::int16_t x : *v) put<std::int16_t>(out, x);
  for (const auto* v : {&l2b_, &b2_, &dw_})
    for (std::int32_t b : *v) put<std::int32_t>(out, b);
  put<std::uint64_t>(out, fnv1a(out));
  return out;
}

namespace {

// The direct inputs a game's engine computes: none, or its own `direct`.
Expected<Network> with_direct(Expected<Network> net, int direct) {
  if (net && net->direct() != 0 && net->direct() != direct)
    return Error{"network has " + std::to_string(net->direct()) + " direct inputs, expected " +
                 (direct > 0 ? "none or " + std::to_string(direct) : std::string("none"))};
  return net;
}

}  // namespace

Expected<std::shared_ptr<const Network>> load_network(const std::string& path, std::string_view tag,
                                                      int inputs, int direct) {
  auto bytes = read_file(path);
  if (!bytes) return Error{bytes.error()};
  auto net = with_direct(Network::parse(*bytes, tag, inputs), direct);
  if (!net) return Error{path + ": " + net.error()};
  return std::make_shared<const Network>(std::move(*net));
}

Expected<std::shared_ptr<const Network>> parse_embedded(const unsigned char* bytes,
                                                        std::size_t size, std::string_view tag,
                                                        int inputs, std::string_view game,
                                                        int direct) {
  if (size == 0) return Error{"this build has no " + std::string(game) + " network built in"};
  auto net = with_direct(
      Network::parse(std::string_view(reinterpret_cast<const char*>(bytes), size), tag, inputs),
      direct);
  if (!net) return Error{"the built-in " + std::string(game) + " network: " + net.error()};
  return std::make_shared<const Network>(std::move(*net));
}

// The scalar kernels: the definition of what the vector ones compute.

void Network::refresh_scalar(Accumulator& acc, int perspective, const int* active,
                             int count) const {
  std::int16_t* a = acc.v[perspective];
  std::copy(b1_.begin(), b1_.end(), a);
  for (int k = 0; k < count; ++k) {
    const std::int16_t* r = row(active[k]);
    for (int i = 0; i < hidden_; ++i) a[i] = static_cast<std::int16_t>(a[i] + r[i]);
  }
}

void Network::update_scalar(const Accumulator& from, Accumulator& to, int perspective,
                            const int* added, int added_count, const int* removed,
                            int removed_count) const {
  const std::int16_t* f = from.v[perspective];
  std::int16_t* t = to.v[perspective];
  std::copy(f, f + hidden_, t);
  for (int k = 0; k < added_count; ++k) {
    const std::int16_t* r = row(added[k]);
    for (int i = 0; i < hidden_; ++i) t[i] = static_cast<std::int16_t>(t[i] + r[i]);
  }
  for (int k = 0; k < removed_count; ++k) {
    const std::int16_t* r = row(removed[k]);
    for (int i = 0; i < hidden_; ++i) t[i] = static_cast<std::int16_t>(t[i] - r[i]);
  }
}

void Network::activations_scalar(const Accumulator& acc, int mover, std::int16_t* x) const {
  for (int half = 0; half < 2; ++half) {
    const std::int16_t* a = acc.v[half == 0 ? mover : 1 - mover];
    for (int i = 0; i < hidden_; ++i) {
      const std::int32_t v = std::clamp<std::int32_t>(a[i], 0, kQA);
      x[half * hidden_ + i] =
          static_cast<std::int16_t>(activation_ == Activation::kSquared ? screlu_unit(v) : v);
    }
  }
}

void Network::layer2_sums_scalar(const std::int16_t* x, int bucket, std::int32_t* z) const {
  const int width = 2 * hidden_;
  for (int j = 0; j < layer2_; ++j) {
    const std::int16_t* w = layer2_weights(bucket) + static_cast<std::size_t>(j) * width;
    std::int32_t sum = 0;
    for (int k = 0; k < width; ++k) sum += static_cast<std::int32_t>(x[k]) * w[k];
    z[j] = sum;
  }
}

std::int32_t Network::finish(const std::int32_t* z, int bucket) const {
  const std::int32_t* b = layer2_bias(bucket);
  const std::int16_t* w = output_weights(bucket);
  std::int32_t sum = output_bias(bucket);
  for (int j = 0; j < layer2_; ++j) {
    const std::int32_t h = std::clamp<std::int32_t>((z[j] + b[j] + kQB / 2) >> 8, 0, kQA);
    sum += h * static_cast<std::int32_t>(w[j]);
  }
  return sum;
}

std::int32_t Network::output_scalar(const Accumulator& acc, int mover, int bucket) const {
  if (layer2_ > 0) {
    alignas(64) std::int16_t x[2 * kMaxHidden];
    std::int32_t z[kMaxLayer2];
    activations_scalar(acc, mover, x);
    layer2_sums_scalar(x, bucket, z);
    return finish(z, bucket);
  }
  std::int32_t sum = 0;
  for (int half = 0; half < 2; ++half) {
    const std::int16_t* a = acc.v[half == 0 ? mover : 1 - mover];
    const std::int16_t* w = output_weights(bucket) + static_cast<std::size_t>(half) * hidden_;
    for (int i = 0; i < hidden_; ++i) {
      const std::int32_t v = std::clamp<std::int32_t>(a[i], 0, kQA);
      sum += (activation_ == Activation::kSquared ? screlu_unit(v) : v) *
             static_cast<std::int32_t>(w[i]);
    }
  }
  return sum + output_bias(bucket);
}

#if defined(__AVX2__)

bool has_simd() { return true; }

void Network::refresh(Accumulator& acc, int perspective, const int* active, int count) const {
  std::int16_t* a = acc.v[perspective];
#if defined(__AVX512BW__)
  if (hidden_ % 32 == 0) {
    for (int i = 0; i < hidden_; i += 32) {
      __m512i s = _mm512_loadu_si512(&b1_[static_cast<std::size_t>(i)]);
      for (int k = 0; k < count; ++k)
        s = _mm512_add_epi16(s, _mm512_loadu_si512(row(active[k]) + i));
      _mm512_store_si512(a + i, s);
    }
    return;
  }
#endif
  for (int i = 0; i < hidden_; i += 16) {
    __m256i s =
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&b1_[static_cast<std::size_t>(i)]));
    for (int k = 0; k < count; ++k)
      s = _mm256_add_epi16(
          s, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row(active[k]) + i)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(a + i), s);
  }
}

namespace {

// to = from + the rows `add` - the rows `sub`, A and S of them (the counts known when compiled, so
// the loop over the hidden units holds only loads, adds and one store): 32 lanes a step with
// AVX-512 when `hidden` is a multiple of 32, else 16 with AVX2. `from` may be `to`.
template <int A, int S>
void add_rows(const std::int16_t* from, std::int16_t* to, const std::int16_t* const* add,
              const std::int16_t* const* sub, int hidden) {
#if defined(__AVX512BW__)
  if (hidden % 32 == 0) {
    for (int i = 0; i < hidden; i += 32) {
      __m512i s = _mm512_load_si512(from + i);
      for (int k = 0; k < A; ++k) s = _mm512_add_epi16(s, _mm512_loadu_si512(add[k] + i));
      for (int k = 0; k < S; ++k) s = _mm512_sub_epi16(s, _mm512_loadu_si512(sub[k] + i));
      _mm512_store_si512(to + i, s);
    }
    return;
  }
#endif
  for (int i = 0; i < hidden; i += 16) {
    __m256i s = _mm256_load_si256(reinterpret_cast<const __m256i*>(from + i));
    for (int k = 0; k < A; ++k)
      s = _mm256_add_epi16(s, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(add[k] + i)));
    for (int k = 0; k < S; ++k)
      s = _mm256_sub_epi16(s, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sub[k] + i)));
    _mm256_store_si256(reinterpret_cast<__m256i*>(to + i), s);
  }
}

// add_rows<na, nr>, chosen among the shapes 0-2 rows in and 0-3 out by tests the compiler lays
// out in line: the shapes of the moves of chess and draughts (a null move none, a quiet move one
// in and one out, a capture one in and two out, castling two and two, a draughts capture of two
// pieces one in and three out).
template <int A = 0, int S = 0>
void add_rows_of_shape(int na, int nr, const std::int16_t* from, std::int16_t* to,
                       const std::int16_t* const* add, const std::int16_t* const* sub, int hidden) {
  if constexpr (A <= 2) {
    if constexpr (S <= 3) {
      if (na == A && nr == S) return add_rows<A, S>(from, to, add, sub, hidden);
      return add_rows_of_shape<A, S + 1>(na, nr, from, to, add, sub, hidden);
    } else {
      return add_rows_of_shape<A + 1, 0>(na, nr, from, to, add, sub, hidden);
    }
  }
}

}  // namespace

void Network::update(const Accumulator& from, Accumulator& to, int perspective, const int* added,
                     int added_count, const int* removed, int removed_count) const {
  const std::int16_t* f = from.v[perspective];
  std::int16_t* t = to.v[perspective];
  // Up to two rows in and three out a pass, the first pass from `from`, any later one (a longer
  // draughts capture) in place.
  int a = 0, r = 0;
  do {
    const int na = std::min(2, added_count - a), nr = std::min(3, removed_count - r);
    const std::int16_t* add[2] = {nullptr, nullptr};
    const std::int16_t* sub[3] = {nullptr, nullptr, nullptr};
    for (int k = 0; k < na; ++k) add[k] = row(added[a + k]);
    for (int k = 0; k < nr; ++k) sub[k] = row(removed[r + k]);
    add_rows_of_shape(na, nr, f, t, add, sub, hidden_);
    f = t;
    a += na;
    r += nr;
  } while (a < added_count || r < removed_count);
}

std::int32_t Network::output(const Accumulator& acc, int mover, int bucket) const {
#if defined(__AVX512BW__)
  if (layer2_ == 0 && hidden_ % 32 == 0) {
    // The same sums as below, 32 lanes a step.
    const __m512i zero = _mm512_setzero_si512(), top = _mm512_set1_epi16(kQA);
    const __m512i half_unit = _mm512_set1_epi16(kQA / 2), one = _mm512_set1_epi16(1);
    const bool squared = activation_ == Activation::kSquared;
    __m512i sum = _mm512_setzero_si512();
    for (int half = 0; half < 2; ++half) {
      const std::int16_t* a = acc.v[half == 0 ? mover : 1 - mover];
      const std::int16_t* w = output_weights(bucket) + static_cast<std::size_t>(half) * hidden_;
      for (int i = 0; i < hidden_; i += 32) {
        __m512i x = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(a + i), zero), top);
        if (squared) {
          const __m512i n = _mm512_add_epi16(_mm512_mullo_epi16(x, x), half_unit);
          x = _mm512_srli_epi16(_mm512_add_epi16(_mm512_add_epi16(n, one), _mm512_srli_epi16(n, 8)),
                                8);
        }
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(x, _mm512_loadu_si512(w + i)));
      }
    }
    // The lanes summed through memory: GCC 12's headers draw a false uninitialised-use warning
    // from every intrinsic that narrows a 512-bit register (_mm512_reduce_add_epi32 among them).
    alignas(64) std::int32_t lanes[16];
    _mm512_store_si512(lanes, sum);
    std::int32_t total = output_bias(bucket);
    for (const std::int32_t v : lanes) total += v;
    return total;
  }
#endif
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(kQA);
  const __m256i half_unit = _mm256_set1_epi16(kQA / 2), one = _mm256_set1_epi16(1);
  const bool squared = activation_ == Activation::kSquared;
  alignas(64) std::int16_t act[2 * kMaxHidden];
  const bool layered = layer2_ > 0;
  __m256i sum = _mm256_setzero_si256();
  for (int half = 0; half < 2; ++half) {
    const std::int16_t* a = acc.v[half == 0 ? mover : 1 - mover];
    // Without a second layer, the output's weights for this half.
    const std::int16_t* w =
        layered ? nullptr : output_weights(bucket) + static_cast<std::size_t>(half) * hidden_;
    for (int i = 0; i < hidden_; i += 16) {
      __m256i x = _mm256_load_si256(reinterpret_cast<const __m256i*>(a + i));
      x = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
      if (squared) {
        // screlu_unit on unsigned 16-bit lanes: n = v * v + 127 (at most 65,152), and n / 255
        // as (n + 1 + (n >> 8)) >> 8, which is exact for every n up to 65,152.
        const __m256i n = _mm256_add_epi16(_mm256_mullo_epi16(x, x), half_unit);
        x = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(n, one), _mm256_srli_epi16(n, 8)),
                              8);
      }
      if (layered) {
        _mm256_store_si256(reinterpret_cast<__m256i*>(act + half * hidden_ + i), x);
        continue;
      }
      const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i));
      sum = _mm256_add_epi32(sum, _mm256_madd_epi16(x, y));
    }
  }
  if (layered) {
    // Four units at a time over the activations, each unit's eight lanes summed at the end.
    std::int32_t z[kMaxLayer2];
    const int width = 2 * hidden_;
    for (int j = 0; j < layer2_; j += 4) {
      const std::int16_t* w = layer2_weights(bucket) + static_cast<std::size_t>(j) * width;
      __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0;
      for (int i = 0; i < width; i += 16) {
        const __m256i x = _mm256_load_si256(reinterpret_cast<const __m256i*>(act + i));
        auto at = [&](int u) {
          return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + u * width + i));
        };
        s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(x, at(0)));
        s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(x, at(1)));
        s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(x, at(2)));
        s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(x, at(3)));
      }
      // hadd twice leaves the four sums in each 128-bit half; the halves are added.
      const __m256i h = _mm256_hadd_epi32(_mm256_hadd_epi32(s0, s1), _mm256_hadd_epi32(s2, s3));
      const __m128i r = _mm_add_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(z + j), r);
    }
    return finish(z, bucket);
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
  return _mm_cvtsi128_si32(s) + output_bias(bucket);
}

#else

bool has_simd() { return false; }

void Network::refresh(Accumulator& acc, int perspective, const int* active, int count) const {
  refresh_scalar(acc, perspective, active, count);
}
void Network::update(const Accumulator& from, Accumulator& to, int perspective, const int* added,
                     int added_count, const int* removed, int removed_count) const {
  update_scalar(from, to, perspective, added, added_count, removed, removed_count);
}
std::int32_t Network::output(const Accumulator& acc, int mover, int bucket) const {
  return output_scalar(acc, mover, bucket);
}

#endif

}  // namespace minimax::nn
