#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace minimax::cli {

int run(std::vector<std::string> args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  int rc = run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(Cli, HelpListsCommands) {
  std::string out, err;
  EXPECT_EQ(run({"help"}, out, err), 0);
  EXPECT_NE(out.find("help"), std::string::npos);
}

TEST(Cli, UnknownCommandIsOneLineErrorAndNonZero) {
  std::string out, err;
  EXPECT_NE(run({"frobnicate"}, out, err), 0);
  EXPECT_NE(err.find("unknown command 'frobnicate'"), std::string::npos);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
}

TEST(Cli, EveryCommandAnswersHelp) {
  for (const auto& c : commands()) {
    std::string out, err;
    EXPECT_EQ(run({std::string(c.name), "--help"}, out, err), 0) << c.name;
    EXPECT_NE(out.find("usage:"), std::string::npos) << c.name;
  }
}

}  // namespace minimax::cli
