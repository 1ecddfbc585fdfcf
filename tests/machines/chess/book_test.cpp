// A book as machines use it (machines/chess/book.hpp): the choice by weight and the best move,
// a machine behind a book (NAME:Book=FILE), the engine's OwnBook/BookFile over UCI, and the
// `minimax book` command; a bad book is one line and play goes on without it. The books are made
// here, in a temporary folder.
#include "machines/chess/book.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
#include "games/chess/polyglot_book.hpp"
#include "machines/chess/players.hpp"
#include "uci/uci.hpp"

namespace minimax::chess {
namespace {

namespace fs = std::filesystem;
namespace pg = polyglot;

class BookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("minimax_book_test_" + std::to_string(getpid()));
    fs::create_directories(dir_);
    // The start: e4 weight 3, d4 weight 1, c4 weight 0 (never played). After 1. e4: c5 only.
    const Position start;
    Position after_e4 = start;
    after_e4.play(move(start, "e2e4"));
    const pg::Book book = pg::Book::from_entries({
        {start.key(), pg::encode_move(move(start, "e2e4")), 3, 0},
        {start.key(), pg::encode_move(move(start, "d2d4")), 1, 0},
        {start.key(), pg::encode_move(move(start, "c2c4")), 0, 0},
        {after_e4.key(), pg::encode_move(move(after_e4, "c7c5")), 10, 42},
    });
    ASSERT_TRUE(book.save(path()).ok());
    ASSERT_TRUE(write_file_atomically(dir_ / "short.bin", book.to_bytes().substr(0, 40)).ok());
  }
  void TearDown() override { fs::remove_all(dir_); }
  static Move move(const Position& pos, const char* uci) { return *pos.parse_uci(uci); }
  [[nodiscard]] std::string path() const { return (dir_ / "book.bin").string(); }
  fs::path dir_;
};

TEST_F(BookTest, ChoiceByWeightAndBestMove) {
  auto book = pg::Book::load(path());
  ASSERT_TRUE(book.ok()) << book.error();
  const Position start;
  std::map<std::string, int> seen;
  Rng rng(3);
  for (int i = 0; i < 4000; ++i)
    ++seen[start.move_to_string(choose_book_move(*book, start, rng, false)->move)];
  // Weights 3 : 1 : 0. With this seed the counts are fixed; the bounds are those of the weights.
  EXPECT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen.count("c2c4"), 0u);
  EXPECT_NEAR(seen["e2e4"] / 4000.0, 0.75, 0.03);
  EXPECT_NEAR(seen["d2d4"] / 4000.0, 0.25, 0.03);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(choose_book_move(*book, start, rng, true)->move, move(start, "e2e4"));
  // Out of the book: no move.
  Position pos = start;
  pos.play(move(pos, "g1f3"));
  EXPECT_FALSE(choose_book_move(*book, pos, rng, false));
  // Only moves of weight 0: no move either.
  auto zero = pg::Book::from_entries({{start.key(), pg::encode_move(move(start, "c2c4")), 0, 0}});
  EXPECT_FALSE(choose_book_move(zero, start, rng, false));
}

TEST_F(BookTest, AMachineBehindABookPlaysFromItThenThinks) {
  auto p = make_chess_player("random:Book=" + path() + ",BestBookMove=true,Seed=9");
  ASSERT_TRUE(p.ok()) << p.error();
  Position pos;
  auto t = (*p)->choose(pos, {});
  EXPECT_EQ(t.move, move(pos, "e2e4"));
  EXPECT_EQ(t.explanation, "book move e4 (weight 3, 75.0%)");
  pos.play(t.move);
  t = (*p)->choose(pos, {});
  EXPECT_EQ(t.move, move(pos, "c7c5"));
  pos.play(t.move);
  pos.play(move(pos, "g1f3"));
  // Out of the book: the machine (random) answers, with no book explanation.
  pos.play(move(pos, "d7d6"));
  pos.play(move(pos, "d2d4"));
  t = (*p)->choose(pos, {});
  EXPECT_TRUE(t.move);
  EXPECT_EQ(t.explanation.find("book"), std::string::npos);
  // Its options are the book's and the machine's.
  bool has_book = false, has_seed = false;
  for (const auto& o : (*p)->options()) {
    has_book = has_book || o.name == "Book";
    has_seed = has_seed || o.name == "Seed";
  }
  EXPECT_TRUE(has_book && has_seed);
  EXPECT_EQ((*p)->name(), "random");
}

TEST_F(BookTest, ABadBookIsOneLineForEveryMachine) {
  for (const std::string& file :
       {std::string("/no/such/book.bin"), (dir_ / "short.bin").string()}) {
    auto p = make_chess_player("shannon-a:Book=" + file);
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.error().find('\n'), std::string::npos);
    EXPECT_NE(p.error().find("option Book of shannon-a"), std::string::npos) << p.error();
  }
  auto e = make_chess_player("engine:OwnBook=true,BookFile=" + (dir_ / "short.bin").string());
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("truncated"), std::string::npos) << e.error();
}

TEST_F(BookTest, TheEngineAsAPlayerUsesItsOwnBook) {
  auto p = make_chess_player("engine:OwnBook=true,BookFile=" + path() + ",BestBookMove=true");
  ASSERT_TRUE(p.ok()) << p.error();
  const Position start;
  auto t = (*p)->choose(start, {});
  EXPECT_EQ(t.move, move(start, "e2e4"));
  EXPECT_NE(t.explanation.find("book move e4"), std::string::npos);
}

std::string uci_session(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  uci::run_uci(in, out);
  return out.str();
}

TEST_F(BookTest, UciOwnBookAnswersFromTheBookAndSaysSo) {
  const std::string out = uci_session(
      "uci\nsetoption name OwnBook value true\nsetoption name BookFile value " + path() +
      "\nsetoption name BestBookMove value true\nposition startpos\ngo movetime 50\n"
      "position startpos moves e2e4\ngo wtime 1000 btime 1000\nquit\n");
  EXPECT_NE(out.find("option name OwnBook type check default false"), std::string::npos);
  EXPECT_NE(out.find("option name BookFile type string default <empty>"), std::string::npos);
  EXPECT_NE(out.find("info string book move e4 (weight 3, 75.0%)\nbestmove e2e4\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("info string book move c5 (weight 10, 100.0%)\nbestmove c7c5\n"),
            std::string::npos)
      << out;
}

TEST_F(BookTest, UciWithABadBookSaysSoAndSearches) {
  const std::string out =
      uci_session("uci\nsetoption name OwnBook value true\nsetoption name BookFile value " +
                  (dir_ / "short.bin").string() + "\nposition startpos\ngo depth 2\nquit\n");
  EXPECT_NE(out.find("info string bad value"), std::string::npos) << out;
  EXPECT_NE(out.find("truncated Polyglot book"), std::string::npos) << out;
  EXPECT_EQ(out.find("book move"), std::string::npos) << out;
  EXPECT_NE(out.find("bestmove "), std::string::npos) << out;
}

int run(const std::vector<std::string>& args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  const int rc = cli::run_main(args, in, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

TEST_F(BookTest, CommandMakesProbesAndDumps) {
  const std::string pgn =
      "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n\n"
      "[Result \"0-1\"]\n\n1. d4 d5 0-1\n";
  ASSERT_TRUE(write_file_atomically(dir_ / "g.pgn", pgn).ok());
  const std::string made = (dir_ / "made.bin").string();
  std::string out, err;
  ASSERT_EQ(run({"book", "make", (dir_ / "g.pgn").string(), "-o", made, "--min-games", "1",
                 "--max-ply", "2"},
                out, err),
            0)
      << err;
  // Plies 1-2 of three games: e4 (2 games: 2 + 1), d4 (0 points: dropped), e5 (0: dropped),
  // c5 (1), d5 (2).
  EXPECT_EQ(out, made + ": 3 entries for 3 positions from 3 games (max ply 2, min games 1)\n");
  ASSERT_EQ(run({"book", "probe", made}, out, err), 0) << err;
  EXPECT_EQ(out,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1  key 463b96181691fc9c\n"
            "1 book move, total weight 3\n"
            "  move     uci     weight    share       learn\n"
            "  e4       e2e4         3  100.00%           0\n");
  ASSERT_EQ(run({"book", "probe", made, "startpos", "--moves", "d2d4"}, out, err), 0) << err;
  EXPECT_NE(out.find("  d5       d7d5         2  100.00%"), std::string::npos) << out;
  ASSERT_EQ(run({"book", "probe", path(), "--moves", "e4"}, out, err), 0) << err;
  EXPECT_NE(out.find("  c5       c7c5        10  100.00%          42"), std::string::npos) << out;
  ASSERT_EQ(run({"book", "probe", made, "8/8/8/8/8/8/8/K1k5 w - - 0 1"}, out, err), 0) << err;
  EXPECT_NE(out.find("not in the book"), std::string::npos) << out;
  ASSERT_EQ(run({"book", "dump", path()}, out, err), 0) << err;
  EXPECT_NE(out.find("463b96181691fc9c e2e4        3          0\n"), std::string::npos) << out;
  EXPECT_NE(out.find(": 4 entries, 2 positions"), std::string::npos) << out;
  // Bad input: one line each.
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"book", "probe", (dir_ / "short.bin").string()},
                                             {"book", "probe", "/no/such.bin"},
                                             {"book", "probe", made, "not a fen"},
                                             {"book", "probe", made, "--moves", "e4", "Ke3"},
                                             {"book", "dump", (dir_ / "short.bin").string()},
                                             {"book", "make", "/no/such.pgn", "-o", made}}) {
    EXPECT_NE(run(args, out, err), 0) << args[2];
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
}

}  // namespace
}  // namespace minimax::chess
