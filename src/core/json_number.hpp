#pragma once
// A JSON value read as a whole number of type T. The JSON library's get<T>() of a number that does
// not fit T (a float such as 3e63, a negative number for an unsigned type) is undefined behaviour;
// this throws the library's own type_error instead, which every reader reports as one line.
// Found by make fuzz (fuzz_chess_run, then fuzz_samuel_run).
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <type_traits>

namespace minimax {

template <class T, class Json>
T whole_number(const Json& v) {
  bool fits = false;
  if (v.is_number_unsigned()) {
    fits = v.template get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max());
  } else if (v.is_number_integer()) {
    const std::int64_t x = v.template get<std::int64_t>();
    fits = x < 0 ? std::is_signed_v<T> && x >= std::int64_t(std::numeric_limits<T>::min())
                 : std::uint64_t(x) <= std::uint64_t(std::numeric_limits<T>::max());
  }
  if (!fits)
    throw nlohmann::json::type_error::create(
        302, "expected a whole number in range, got " + v.dump(), &v);
  return v.template get<T>();
}

}  // namespace minimax
