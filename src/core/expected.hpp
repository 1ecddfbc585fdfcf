#pragma once
// Errors at the edges are values, not crashes (DESIGN.md): a parser returns either its result or
// an Error whose message names the bad token. (std::expected is C++23; this is the small part we
// need.)
#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace minimax {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Expected(Error error) : data_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  [[nodiscard]] bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(data_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(data_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(data_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  [[nodiscard]] const std::string& error() const {
    assert(!ok());
    return std::get<1>(data_).message;
  }

 private:
  std::variant<T, Error> data_;
};

// For operations that return nothing but may fail.
struct Ok {};
using Status = Expected<Ok>;

}  // namespace minimax
