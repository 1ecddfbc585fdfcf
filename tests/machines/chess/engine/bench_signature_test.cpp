// The engine's bench signature is pinned (issue 16, Stockfish's and Weiss's practice of a
// "Bench: N" line in every commit): `minimax bench` searches fixed positions to a fixed depth with
// one thread, so its node count changes only when the search or the evaluation does. A commit that
// changes either must update bench/signature in the same commit; one that means to change neither
// is checked by this test.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "cli/commands.hpp"

namespace minimax {
namespace {

std::string pinned_signature() {
  std::ifstream in(std::string(MINIMAX_SOURCE_DIR) + "/bench/signature");
  std::string line;
  std::getline(in, line);
  return line;
}

TEST(BenchSignature, MatchesThePinnedNumber) {
  const std::string pinned = pinned_signature();
  ASSERT_FALSE(pinned.empty()) << "bench/signature is missing or empty";
  std::istringstream in;
  std::ostringstream out, err;
  const std::vector<std::string> args{"bench"};
  ASSERT_EQ(cli::run_main(args, in, out, err), 0) << err.str();
  const std::string text = out.str();
  const std::string label = "Nodes searched  : ";
  const auto at = text.find(label);
  ASSERT_NE(at, std::string::npos) << text;
  const std::string nodes = text.substr(at + label.size(), text.find('\n', at) - at - label.size());
  EXPECT_EQ(nodes, pinned) << "minimax bench gives " << nodes << " nodes, bench/signature pins "
                           << pinned
                           << ": if the search or evaluation was meant to change, update "
                              "bench/signature in the same commit (and say so in its message)";
}

}  // namespace
}  // namespace minimax
