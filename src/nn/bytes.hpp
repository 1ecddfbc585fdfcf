#pragma once
// Little-endian integers and floats in a byte string, and the FNV-1a hash that seals a file: what
// the network files (nn/network.hpp) and the trainer's checkpoints are written with.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace minimax::nn {

inline std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

template <typename T>
void put(std::string& out, T value) {
  if constexpr (std::is_floating_point_v<T>) {
    static_assert(sizeof(T) == 4);
    std::uint32_t u;
    std::memcpy(&u, &value, 4);
    put<std::uint32_t>(out, u);
  } else {
    using U = std::make_unsigned_t<T>;
    const U u = static_cast<U>(value);
    for (std::size_t i = 0; i < sizeof(T); ++i)
      out.push_back(static_cast<char>((u >> (8 * i)) & 0xff));
  }
}

// The T at byte `at` (the caller has checked the size).
template <typename T>
T get(std::string_view bytes, std::size_t at) {
  if constexpr (std::is_floating_point_v<T>) {
    static_assert(sizeof(T) == 4);
    const std::uint32_t u = get<std::uint32_t>(bytes, at);
    T value;
    std::memcpy(&value, &u, 4);
    return value;
  } else {
    using U = std::make_unsigned_t<T>;
    U u = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
      u = static_cast<U>(
          u | static_cast<U>(static_cast<U>(static_cast<unsigned char>(bytes[at + i])) << (8 * i)));
    return static_cast<T>(u);
  }
}

}  // namespace minimax::nn
