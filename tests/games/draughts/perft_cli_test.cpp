// minimax perft draughts from the command line: counts, --divide, --paths, FENs and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace minimax::cli {
namespace {

int run_perft(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), {"perft", "draughts"});
  std::istringstream in;
  std::ostringstream o, e;
  const int rc = run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(DraughtsPerftCli, CountsFromTheStart) {
  std::string out, err;
  EXPECT_EQ(run_perft({"6"}, out, err), 0) << err;
  EXPECT_NE(out.find("Nodes: 36768"), std::string::npos) << out;
  EXPECT_EQ(run_perft({"startpos", "4"}, out, err), 0) << err;
  EXPECT_NE(out.find("Nodes: 1469"), std::string::npos) << out;
}

TEST(DraughtsPerftCli, DivideAndPaths) {
  std::string out, err;
  EXPECT_EQ(run_perft({"2", "--divide"}, out, err), 0) << err;
  EXPECT_NE(out.find("11-15: 7"), std::string::npos) << out;
  EXPECT_NE(out.find("Nodes: 49"), std::string::npos) << out;
  // The king's ring: one move by two paths.
  EXPECT_EQ(run_perft({"W:WK10:B14,15,22,23", "1"}, out, err), 0) << err;
  EXPECT_NE(out.find("Nodes: 1\n"), std::string::npos) << out;
  EXPECT_EQ(run_perft({"W:WK10:B14,15,22,23", "1", "--paths", "--divide"}, out, err), 0) << err;
  EXPECT_NE(out.find("10x10: 2"), std::string::npos) << out;
  EXPECT_NE(out.find("Nodes: 2\n"), std::string::npos) << out;
}

TEST(DraughtsPerftCli, BadInputIsOneLine) {
  std::string out, err;
  EXPECT_EQ(run_perft({}, out, err), 2);
  EXPECT_NE(err.find("give a depth"), std::string::npos) << err;
  EXPECT_EQ(run_perft({"B:W33:B1", "3"}, out, err), 2);
  EXPECT_NE(err.find("'33'"), std::string::npos) << err;
  EXPECT_EQ(run_perft({"x"}, out, err), 2);
  EXPECT_NE(err.find("'x'"), std::string::npos) << err;
  EXPECT_EQ(run_perft({"3", "--fast"}, out, err), 2);
  EXPECT_NE(err.find("'--fast'"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
}

}  // namespace
}  // namespace minimax::cli
