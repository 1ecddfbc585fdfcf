#include "core/atomic_file.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

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

// kill -9 between the temporary and the rename leaves the temporary; the next write of the same
// file removes it when its process is gone, and leaves a running writer's alone.
TEST(AtomicFile, TheNextWriteRemovesAKilledWritersTemporary) {
  const auto dir = std::filesystem::temp_directory_path() / "minimax_atomic_file_stale";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) ::_exit(0);
  ASSERT_EQ(::waitpid(child, nullptr, 0), child);  // its process id now names no process
  const pid_t zombie = ::fork();  // exits, and is not waited for until the end: a zombie
  ASSERT_GE(zombie, 0);
  if (zombie == 0) ::_exit(0);
  for (int i = 0; i < 200; ++i) {  // until it has exited
    std::ifstream stat("/proc/" + std::to_string(zombie) + "/stat");
    std::string line;
    std::getline(stat, line);
    if (line.find(") Z") != std::string::npos) break;
    ::usleep(5000);
  }
  const auto dead = dir / ("run.json.tmp" + std::to_string(child));
  const auto undead = dir / ("run.json.tmp" + std::to_string(zombie));
  const auto alive = dir / ("run.json.tmp" + std::to_string(::getppid()));
  const auto other = dir / ("other.json.tmp" + std::to_string(child));
  for (const auto& p : {dead, undead, alive, other}) std::ofstream(p) << "half";
  ASSERT_TRUE(write_file_atomically(dir / "run.json", "whole\n"));
  ::waitpid(zombie, nullptr, 0);
  EXPECT_EQ(read_all(dir / "run.json"), "whole\n");
  EXPECT_FALSE(std::filesystem::exists(dead));
  EXPECT_FALSE(std::filesystem::exists(undead));
  EXPECT_TRUE(std::filesystem::exists(alive));
  EXPECT_TRUE(std::filesystem::exists(other));
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
