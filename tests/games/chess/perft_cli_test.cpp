// minimax perft from the command line: counts, divide, EPD checking and its exit status.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace minimax::cli {
namespace {

int run_perft(std::vector<std::string> args, std::string& out, std::string& err) {
  args.insert(args.begin(), "perft");
  std::istringstream in;
  std::ostringstream o, e;
  int rc = run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST(PerftCli, CountsStartpos) {
  std::string out, err;
  EXPECT_EQ(run_perft({"startpos", "3"}, out, err), 0) << err;
  EXPECT_NE(out.find("Nodes: 8902"), std::string::npos) << out;
}

TEST(PerftCli, ByPlay) {
  std::string out, err;
  EXPECT_EQ(run_perft({"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "3",
                       "--by-play"},
                      out, err),
            0)
      << err;
  EXPECT_NE(out.find("Nodes: 97862"), std::string::npos) << out;
}

TEST(PerftCli, FenInSeveralArguments) {
  std::string out, err;
  EXPECT_EQ(run_perft({"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8", "w", "-", "-", "2"}, out, err), 0) << err;
  EXPECT_NE(out.find("Nodes: 191"), std::string::npos) << out;
}

TEST(PerftCli, Divide) {
  std::string out, err;
  EXPECT_EQ(run_perft({"startpos", "2", "--divide"}, out, err), 0) << err;
  EXPECT_NE(out.find("e2e4: 20\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Nodes: 400"), std::string::npos) << out;
}

TEST(PerftCli, Chess960DivideWritesKingTakesRook) {
  std::string out, err;
  // Shredder-FEN: castling is written king-takes-rook (e1h1).
  EXPECT_EQ(run_perft({"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "1", "--divide"}, out, err), 0)
      << err;
  EXPECT_NE(out.find("e1h1: 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("e1a1: 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Nodes: 26"), std::string::npos) << out;
}

TEST(PerftCli, BadInputNamesTheToken) {
  std::string out, err;
  EXPECT_NE(run_perft({"startpos", "deep"}, out, err), 0);
  EXPECT_NE(err.find("'deep'"), std::string::npos) << err;
  EXPECT_NE(run_perft({"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "2"}, out, err),
            0);
  EXPECT_NE(err.find("'X'"), std::string::npos) << err;
  EXPECT_NE(run_perft({"startpos", "2", "--fast"}, out, err), 0);
  EXPECT_NE(err.find("'--fast'"), std::string::npos) << err;
  EXPECT_NE(run_perft({"--epd", "/nonexistent/file.epd"}, out, err), 0);
  EXPECT_NE(err.find("/nonexistent/file.epd"), std::string::npos) << err;
  EXPECT_NE(run_perft({"3"}, out, err), 0);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
}

TEST(PerftCli, EpdFilePassAndFail) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto good = dir / "minimax_perft_good.epd", bad = dir / "minimax_perft_bad.epd";
  {
    std::ofstream f(good);
    f << "# a comment\n\n"
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n"
         "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -; D1 14; D2 191\n";
    std::ofstream g(bad);
    g << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n";
  }
  std::string out, err;
  EXPECT_EQ(run_perft({"--epd", good.string()}, out, err), 0) << out << err;
  EXPECT_NE(out.find("2 passed, 0 failed"), std::string::npos) << out;
  EXPECT_EQ(run_perft({"--epd", good.string(), "--depth", "1"}, out, err), 0) << out << err;
  EXPECT_NE(out.find("ok    line 3  D1  20"), std::string::npos) << out;
  EXPECT_EQ(run_perft({"--epd", good.string(), "--jobs", "2"}, out, err), 0) << out << err;
  EXPECT_NE(out.find("2 passed, 0 failed"), std::string::npos) << out;
  EXPECT_LT(out.find("line 3"), out.find("line 4")) << out;  // file order whatever the threads do
  EXPECT_EQ(run_perft({"--epd", bad.string()}, out, err), 1);
  EXPECT_NE(out.find("FAIL  line 1  D2 expected 401 counted 400"), std::string::npos) << out;
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
}

}  // namespace
}  // namespace minimax::cli
