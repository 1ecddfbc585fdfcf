#pragma once
// Shared by the libFuzzer targets (make fuzz; docs/qa.md): a property that fails prints what was
// wrong and aborts, so libFuzzer saves the input as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace minimax::fuzz {

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "property failed: %s\n", what.c_str());
  std::abort();
}

inline void require(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

// Every error minimax gives is one line (DESIGN.md: "a clear one-line error").
inline void one_line(const std::string& message, const char* reader) {
  require(!message.empty() && message.find('\n') == std::string::npos,
          std::string(reader) + " gave an error that is empty or not one line: " + message);
}

// Split off the first line (for targets that take a position, then the text to read there).
inline std::pair<std::string_view, std::string_view> first_line(std::string_view text) {
  const auto nl = text.find('\n');
  if (nl == std::string_view::npos) return {text, {}};
  return {text.substr(0, nl), text.substr(nl + 1)};
}

}  // namespace minimax::fuzz
