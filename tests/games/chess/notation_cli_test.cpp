// minimax show and minimax legal: what they print, and one clear line with a non-zero exit status
// for every kind of bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace minimax::cli {
namespace {

struct CommandRun {
  int rc;
  std::string out, err;
};

CommandRun run(std::vector<std::string> args) {
  std::istringstream in;
  std::ostringstream o, e;
  int rc = run_main(args, in, o, e);
  return {rc, o.str(), e.str()};
}

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

TEST(ShowCommand, UnicodeBoardAndWhatTheFenSays) {
  CommandRun r =
      run({"show", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", "w", "KQkq", "-", "0", "2"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("side to move: white\ncastling: KQkq\nen passant: -\n"), std::string::npos)
      << r.out;
  EXPECT_TRUE(r.err.empty());
}

TEST(ShowCommand, AsciiBoardEnPassantCheckAndMate) {
  CommandRun r =
      run({"show", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "--ascii"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("5  . . . p P p . .\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("♔"), std::string::npos);
  EXPECT_NE(r.out.find("en passant: f6\n"), std::string::npos) << r.out;
  CommandRun mate =
      run({"show", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "--ascii"});
  EXPECT_NE(mate.out.find("side to move: white\n"), std::string::npos);
  EXPECT_NE(mate.out.find("\ncheckmate\n"), std::string::npos) << mate.out;
  CommandRun start = run({"show", "startpos"});
  EXPECT_EQ(start.rc, 0);
}

TEST(ShowCommand, BadInputIsOneLineAndNonZero) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"show"},
           {"show", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "extra"},
           {"show", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"},
           {"show", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "x", "KQkq", "-", "0", "1"},
           {"show", "startpos", "--bogus"},
           {"show", "hello"}}) {
    CommandRun r = run(args);
    EXPECT_EQ(r.rc, 2) << args.back();
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_TRUE(r.err.starts_with("minimax show: ")) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  EXPECT_EQ(
      run({"show", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"}).err,
      "minimax show: FEN: the board has 7 ranks, not 8 ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP')\n");
  EXPECT_EQ(run({"show", "startpos", "--bogus"}).err,
            "minimax show: unknown option '--bogus' (options: --ascii, --chess960)\n");
}

// A subcommand's stray words are errors too (they were ignored once: `endgame check kpk
// no-such-dir` ran the whole check).
TEST(SubcommandArguments, StrayWordsAndUnknownOptionsAreOneLine) {
  EXPECT_EQ(run({"endgame", "check", "kpk", "no-such-dir"}).err,
            "minimax endgame check: unexpected argument 'no-such-dir'\n");
  EXPECT_EQ(run({"endgame", "check", "kpk", "--t", "x"}).err,
            "minimax endgame check: unknown option '--t' (options: --tb)\n");
  EXPECT_EQ(run({"book", "dump", "a.bin", "b.bin"}).rc, 2);
  EXPECT_EQ(run({"tables", "info", "--dir", "tb", "zz"}).err,
            "minimax tables info: unexpected argument 'zz'\n");
}

TEST(LegalCommand, LegalMovesInAnyNotation) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(run({"legal", start, "e2e4"}).out, "legal: e4\n");
  EXPECT_EQ(run({"legal", start, "Nf3"}).out, "legal: Nf3\n");
  EXPECT_EQ(run({"legal", start, "nf3"}).out, "legal: Nf3\n");
  EXPECT_EQ(run({"legal", start, "P-K4"}).out, "legal: e4\n");
  EXPECT_EQ(run({"legal", start, "Kt-QB3"}).out, "legal: Nc3\n");
  // The FEN as separate fields, and a descriptive move with spaces as separate words.
  EXPECT_EQ(run({"legal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1",
                 "Kt", "-", "KB3"})
                .out,
            "legal: Nf3\n");
  EXPECT_EQ(run({"legal", "startpos", "e4"}).rc, 0);
  EXPECT_EQ(run({"legal", "k7/8/8/8/8/8/8/1R3KR1 w GB - 0 1", "--chess960", "O-O-O"}).out,
            "legal: O-O-O\n");
}

TEST(LegalCommand, SaysWhyNotInOneLine) {
  auto verdict = [](std::vector<std::string> args) {
    CommandRun r = run(std::move(args));
    EXPECT_EQ(r.rc, 1);
    EXPECT_EQ(lines(r.out), 1) << r.out;
    return r.out;
  };
  EXPECT_EQ(verdict({"legal", "startpos", "e2e5"}),
            "illegal: 'e2e5': no white pawn can move to e5\n");
  EXPECT_EQ(verdict({"legal", "startpos", "Ne5"}),
            "illegal: 'Ne5': no white knight can move to e5\n");
  EXPECT_EQ(verdict({"legal", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3"}),
            "illegal: 'Nc3': the king on e1 would be in check\n");
  EXPECT_EQ(verdict({"legal", "4k3/8/8/8/8/8/8/4K2r w - - 0 1", "Kf1"}),
            "illegal: 'Kf1': the king on e1 would be in check\n");
  EXPECT_EQ(verdict({"legal", "startpos", "Kt-B3"}), "ambiguous: 'Kt-B3' could be Nc3, Nf3\n");
  EXPECT_EQ(verdict({"legal", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2"}),
            "ambiguous: 'Nd2' could be Nbd2, Nfd2\n");
  EXPECT_EQ(verdict({"legal", "startpos", "O-O"}),
            "illegal: 'O-O': the squares between are occupied or attacked\n");
}

TEST(LegalCommand, BadInputIsOneLineAndNonZero) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"legal"},
           {"legal", "startpos"},
           {"legal", "startpos", "xyzzy"},
           {"legal", "startpos", "e9"},
           {"legal", "8/8/8/8/8/8/8/8 w - - 0 1", "e4"},
           {"legal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4"},
           {"legal", "startpos", "e4", "--nope"}}) {
    CommandRun r = run(args);
    EXPECT_EQ(r.rc, 2) << args.back();
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_TRUE(r.err.starts_with("minimax legal: ")) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_EQ(run({"legal", "startpos", "xyzzy"}).err,
            "minimax legal: malformed move 'xyzzy': not UCI (e2e4), SAN (Nf3) or descriptive "
            "notation (P-K4)\n");
  EXPECT_EQ(run({"legal", "8/8/8/8/8/8/8/8 w - - 0 1", "e4"}).err,
            "minimax legal: FEN: there is no white king\n");
}

}  // namespace
}  // namespace minimax::cli
