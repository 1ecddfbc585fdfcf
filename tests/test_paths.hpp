#pragma once
// Where tests find data: ../shared/data beside the checkout (written by others; read, never
// copied), and the project's own tests/data.
#include <filesystem>
#include <string>

namespace minimax::test {

// ../shared/data if it exists, else an empty path (tests then use their built-in tables or skip).
inline std::filesystem::path shared_data_dir() {
  std::filesystem::path p = std::filesystem::path(MINIMAX_SOURCE_DIR) / ".." / "shared" / "data";
  return std::filesystem::exists(p) ? std::filesystem::canonical(p) : std::filesystem::path();
}

inline std::filesystem::path project_test_data(const std::string& name) {
  return std::filesystem::path(MINIMAX_SOURCE_DIR) / "tests" / "data" / name;
}

}  // namespace minimax::test
