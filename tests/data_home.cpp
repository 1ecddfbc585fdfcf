// Every test runs with XDG_DATA_HOME set to a scratch folder of its own, so that a game played
// without --pgn (which `minimax play` saves in the user's data folder) never writes into the
// user's home; the commands run as processes inherit it.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace minimax::test {
namespace {

// One folder a test process (ctest runs each test in its own), under one parent, created only when
// a game is saved there.
const bool kDataHomeSet = [] {
  const auto dir = std::filesystem::temp_directory_path() / "minimax_test_data_home" /
                   std::to_string(::getpid());
  ::setenv("XDG_DATA_HOME", dir.c_str(), 1);
  return true;
}();

}  // namespace
}  // namespace minimax::test
