// minimax learn samuel and samuel-match from the command line: a run written and resumed, its
// plot, and bad input answered by one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace minimax::cli {
namespace {

namespace fs = std::filesystem;

int run_learn(std::vector<std::string> args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  args.insert(args.begin(), "learn");
  const int rc = run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(SamuelCli, ARunIsWrittenAndResumed) {
  const fs::path json = fs::temp_directory_path() / "minimax_samuel_cli_run.json";
  const fs::path svg = fs::temp_directory_path() / "minimax_samuel_cli_run.svg";
  fs::remove(json);
  fs::remove(svg);
  std::string out, err;
  ASSERT_EQ(run_learn({"samuel", "--games", "1", "--depth", "1", "--max-plies", "20", "--out",
                       json.string(), "--svg", svg.string()},
                      out, err),
            0)
      << err;
  EXPECT_TRUE(fs::exists(json));
  EXPECT_TRUE(fs::exists(svg));
  EXPECT_NE(out.find("game 1: Alpha"), std::string::npos);
  ASSERT_EQ(run_learn({"samuel", "--games", "1", "--out", json.string(), "--svg", svg.string(),
                       "--resume"},
                      out, err),
            0)
      << err;
  EXPECT_NE(out.find("resuming after 1 games"), std::string::npos);
  EXPECT_NE(out.find("game 2: Alpha"), std::string::npos);
  fs::remove(json);
  fs::remove(svg);
}

TEST(SamuelCli, ACorruptRunIsOneLine) {
  const fs::path json = fs::temp_directory_path() / "minimax_samuel_cli_bad.json";
  {
    std::ofstream f(json);
    f << "{\"format\": \"something else\"}";
  }
  std::string out, err;
  EXPECT_EQ(run_learn({"samuel", "--out", json.string(), "--resume"}, out, err), 1);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("not a Samuel learning run"), std::string::npos) << err;
  fs::remove(json);
}

TEST(SamuelCli, BadArgumentsAreOneLine) {
  std::string out, err;
  EXPECT_EQ(run_learn({"samuel", "--games", "0", "--out", "x.json"}, out, err), 2);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_EQ(run_learn({"samuel-match", "untrained", "/no/such/file.json"}, out, err), 2);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("/no/such/file.json"), std::string::npos) << err;
}

TEST(SamuelCli, AMatchGivesTheScore) {
  std::string out, err;
  ASSERT_EQ(run_learn({"samuel-match", "untrained", "strachey", "--games", "2", "--depth", "1",
                       "--max-plies", "20"},
                      out, err),
            0)
      << err;
  EXPECT_NE(out.find("untrained against strachey: +"), std::string::npos) << out;
  EXPECT_NE(out.find("mean depth of look-ahead"), std::string::npos) << out;
}

}  // namespace
}  // namespace minimax::cli
