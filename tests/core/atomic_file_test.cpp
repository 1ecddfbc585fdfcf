#include "core/atomic_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace minimax {
namespace {

std::string read_all(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

TEST(AtomicFile, WritesReplacesAndLeavesNoTemporary) {
  const auto dir = std::filesystem::temp_directory_path() / "minimax_atomic_file_test";
  std::filesystem::remove_all(dir);
  const auto path = dir / "sub" / "record.txt";
  ASSERT_TRUE(write_file_atomically(path, "first\n"));
  EXPECT_EQ(read_all(path), "first\n");
  ASSERT_TRUE(write_file_atomically(path, "second\n"));
  EXPECT_EQ(read_all(path), "second\n");
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir / "sub")) ++files;
  EXPECT_EQ(files, 1);
  std::filesystem::remove_all(dir);
}

TEST(AtomicFile, AnUnwritablePlaceIsOneLineNamingThePath) {
  const auto status = write_file_atomically("/proc/minimax-cannot-write-here/x.txt", "x");
  ASSERT_FALSE(status);
  EXPECT_NE(status.error().find("/proc/minimax-cannot-write-here/x.txt"), std::string::npos);
  EXPECT_EQ(status.error().find('\n'), std::string::npos);
}

}  // namespace
}  // namespace minimax
