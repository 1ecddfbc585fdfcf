// UCI conformance (issue 4, item 1): `minimax uci` driven through a pipe, as a GUI drives it.
// What is asserted comes from the UCI specification of April 2006 (Huber, Meyer-Kahlen): the
// handshake, isready answered during a search, no bestmove under infinite/ponder before
// stop/ponderhit, MultiPV lines, Chess960 castling as king-takes-rook, options matched
// case-insensitively with spaces, and `bestmove 0000` without a legal move.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "uci_pipe.hpp"

namespace minimax::test {
namespace {

bool has_prefix(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }
bool contains(const std::string& s, const std::string& p) { return s.find(p) != std::string::npos; }

std::string token_after(const std::string& line, const std::string& word) {
  auto t = split_whitespace(line);
  for (std::size_t i = 0; i + 1 < t.size(); ++i)
    if (t[i] == word) return t[i + 1];
  return "";
}

bool is_legal_in(const std::string& fen, const std::string& move, bool chess960 = false) {
  auto pos = chess::Position::from_fen(fen, chess960);
  if (!pos) return false;
  return pos->parse_uci(move).ok();
}

class Uci : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(uci.ok()); }
  // Sends isready and returns every line up to readyok.
  std::vector<std::string> sync() {
    std::vector<std::string> lines;
    uci.send("isready");
    auto r = uci.read_starting("readyok", 20, [&](const std::string& l) { lines.push_back(l); });
    EXPECT_TRUE(r.has_value()) << "no readyok";
    return lines;
  }
  UciPipe uci{MINIMAX_BINARY};
};

TEST_F(Uci, HandshakeListsIdOptionsAndUciok) {
  uci.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(uci.read_starting("uciok", 20, [&](const std::string& l) { lines.push_back(l); }));
  std::string all = join(lines, "\n");
  EXPECT_TRUE(contains(all, "id name "));
  EXPECT_TRUE(contains(all, "id author "));
  for (const char* option :
       {"option name Hash type spin", "option name Clear Hash type button",
        "option name Threads type spin", "option name MultiPV type spin",
        "option name Ponder type check", "option name Move Overhead type spin",
        "option name UCI_Chess960 type check", "option name UCI_LimitStrength type check",
        "option name UCI_Elo type spin", "option name UCI_ShowWDL type check",
        "option name Machine type combo default engine"})
    EXPECT_TRUE(contains(all, option)) << option;
  sync();
  uci.send("quit");
  EXPECT_EQ(uci.wait_exit(), 0);
}

TEST_F(Uci, IsreadyDuringInfiniteSearchAndNoBestmoveBeforeStop) {
  uci.send("position startpos moves e2e4");
  uci.send("go infinite");
  ASSERT_TRUE(uci.read_starting("info depth"));
  // isready is answered while the search goes on, and nothing says bestmove before stop.
  for (const auto& line : sync()) EXPECT_FALSE(has_prefix(line, "bestmove")) << line;
  for (const auto& line : sync()) EXPECT_FALSE(has_prefix(line, "bestmove")) << line;
  uci.send("stop");
  auto best = uci.read_starting("bestmove");
  ASSERT_TRUE(best);
  EXPECT_TRUE(is_legal_in("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                          token_after(*best, "bestmove")))
      << *best;
  // The engine keeps serving after the search.
  sync();
}

TEST_F(Uci, PonderWaitsForPonderhitThenMovesOnItsClock) {
  uci.send("setoption name Ponder value true");
  uci.send("position startpos moves e2e4 e7e5");
  uci.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
  ASSERT_TRUE(uci.read_starting("info depth"));
  for (const auto& line : sync()) EXPECT_FALSE(has_prefix(line, "bestmove")) << line;
  uci.send("ponderhit");
  auto best = uci.read_starting("bestmove");
  ASSERT_TRUE(best);
  EXPECT_TRUE(is_legal_in("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                          token_after(*best, "bestmove")));
}

TEST_F(Uci, StopDuringPonderAlsoGivesBestmove) {
  uci.send("position startpos");
  uci.send("go ponder movetime 100000");
  ASSERT_TRUE(uci.read_starting("info depth"));
  uci.send("stop");
  ASSERT_TRUE(uci.read_starting("bestmove"));
}

TEST_F(Uci, MultiPvThreeGivesThreeDistinctLines) {
  uci.send("setoption name multipv value 3");  // odd case on purpose
  uci.send("position startpos");
  uci.send("go depth 6");
  std::set<std::string> first_moves;
  std::set<std::string> multipv_seen;
  auto best = uci.read_starting("bestmove", 60, [&](const std::string& l) {
    if (has_prefix(l, "info depth 6 ") && contains(l, " multipv ")) {
      multipv_seen.insert(token_after(l, "multipv"));
      first_moves.insert(token_after(l, "pv"));
    }
  });
  ASSERT_TRUE(best);
  EXPECT_EQ(multipv_seen, (std::set<std::string>{"1", "2", "3"}));
  EXPECT_EQ(first_moves.size(), 3u);
}

TEST_F(Uci, Chess960CastlingIsKingTakesRook) {
  // King f1, rooks b1 and g1 (Shredder-FEN rights GB): O-O is f1g1, after which the king stands
  // on g1 and the rook on f1.
  const std::string fen = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1";
  uci.send("setoption name UCI_Chess960 value true");
  uci.send("position fen " + fen);
  uci.send("go depth 2 searchmoves f1g1");
  auto best = uci.read_starting("bestmove");
  ASSERT_TRUE(best);
  EXPECT_EQ(token_after(*best, "bestmove"), "f1g1");
  // Play it, and Black's reply castling long the same way; then the rook on f1 must be movable.
  uci.send("position fen " + fen + " moves f1g1 f8b8");
  uci.send("go depth 1 searchmoves f1e1");
  best = uci.read_starting("bestmove");
  ASSERT_TRUE(best);
  EXPECT_EQ(token_after(*best, "bestmove"), "f1e1") << join(uci.transcript(), "\n");
  for (const auto& line : sync()) EXPECT_FALSE(has_prefix(line, "info string")) << line;
}

TEST_F(Uci, OptionsMatchCaseInsensitivelyWithSpaces) {
  uci.send("setoption name move OVERHEAD value 50");
  uci.send("setoption name clear hash");
  uci.send("setoption name HASH value 8");
  uci.send("setoption name uci_showwdl value TRUE");
  for (const auto& line : sync()) EXPECT_FALSE(has_prefix(line, "info string")) << line;
  uci.send("position startpos");
  uci.send("go depth 3");
  auto info = uci.read_starting("info depth 3");
  ASSERT_TRUE(info);
  EXPECT_TRUE(contains(*info, " wdl ")) << *info;
  ASSERT_TRUE(uci.read_starting("bestmove"));
}

TEST_F(Uci, BadInputIsNamedAndTheLastGoodStateKept) {
  uci.send("position startpos moves e2e4");
  uci.send("frobnicate now");
  auto l = uci.read_starting("info string");
  ASSERT_TRUE(l);
  EXPECT_TRUE(contains(*l, "frobnicate")) << *l;

  uci.send("setoption name Hash value lots");
  l = uci.read_starting("info string");
  ASSERT_TRUE(l);
  EXPECT_TRUE(contains(*l, "lots")) << *l;

  uci.send("setoption name No Such Option value 3");
  l = uci.read_starting("info string");
  ASSERT_TRUE(l);
  EXPECT_TRUE(contains(*l, "No Such Option")) << *l;

  uci.send("setoption name Machine value nobody");
  l = uci.read_starting("info string");
  ASSERT_TRUE(l);
  EXPECT_TRUE(contains(*l, "nobody")) << *l;

  uci.send("position fen this is not a fen");
  l = uci.read_starting("info string");
  ASSERT_TRUE(l);
  EXPECT_TRUE(contains(*l, "FEN")) << *l;

  uci.send("position startpos moves e2e4 e7e5 e1e3");
  l = uci.read_starting("info string");
  ASSERT_TRUE(l);
  EXPECT_TRUE(contains(*l, "e1e3")) << *l;

  uci.send("go depth banana");
  l = uci.read_starting("info string");
  ASSERT_TRUE(l);
  EXPECT_TRUE(contains(*l, "banana")) << *l;
  // A GUI waits for bestmove after every go: the bad value is ignored and a move still comes.
  ASSERT_TRUE(uci.read_starting("bestmove"));

  // The last good position is still 1. e4: only Black's moves are legal.
  uci.send("go depth 1 searchmoves e7e5");
  auto best = uci.read_starting("bestmove");
  ASSERT_TRUE(best);
  EXPECT_EQ(token_after(*best, "bestmove"), "e7e5");
}

TEST_F(Uci, NoLegalMoveGivesScoreAndNullMove) {
  // Fool's mate: White is mated.
  uci.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  uci.send("go depth 4");
  std::vector<std::string> lines;
  auto best = uci.read_starting("bestmove", 20, [&](const std::string& x) { lines.push_back(x); });
  ASSERT_TRUE(best);
  EXPECT_EQ(*best, "bestmove 0000");
  EXPECT_TRUE(contains(join(lines, "\n"), "score mate 0"));
  // Stalemate: Black to move has none.
  uci.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  uci.send("go wtime 1000 btime 1000");
  lines.clear();
  best = uci.read_starting("bestmove", 20, [&](const std::string& x) { lines.push_back(x); });
  ASSERT_TRUE(best);
  EXPECT_EQ(*best, "bestmove 0000");
  EXPECT_TRUE(contains(join(lines, "\n"), "score cp 0"));
}

TEST_F(Uci, GoMateFindsTheMate) {
  // Reinfeld, Win at Chess no. 1: 1. Qg6 mates in two.
  uci.send("position fen 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
  uci.send("go mate 2");
  std::string last_info;
  auto best = uci.read_starting("bestmove", 60, [&](const std::string& x) {
    if (has_prefix(x, "info depth")) last_info = x;
  });
  ASSERT_TRUE(best);
  EXPECT_EQ(token_after(*best, "bestmove"), "g3g6");
  EXPECT_TRUE(contains(last_info, "score mate 2")) << last_info;
}

TEST_F(Uci, StopEndsAGoMateWhileTheSolverWorks) {
  // No mate in 10 from the start: the solver would work for its 30 s; stop must end it at once
  // and a legal bestmove follow (well inside 10 s).
  uci.send("position startpos");
  uci.send("go mate 10");
  for (const auto& line : sync()) EXPECT_FALSE(has_prefix(line, "bestmove")) << line;
  uci.send("stop");
  auto best = uci.read_starting("bestmove", 10);
  ASSERT_TRUE(best);
  EXPECT_TRUE(is_legal_in("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          token_after(*best, "bestmove")))
      << *best;
  sync();
}

TEST_F(Uci, BoundedSearchEndsByItselfAndQuitExits) {
  uci.send("position startpos");
  uci.send("go movetime 200");
  auto best = uci.read_starting("bestmove");
  ASSERT_TRUE(best);
  EXPECT_TRUE(is_legal_in(std::string(chess::kStartFen), token_after(*best, "bestmove")));
  uci.send("go wtime 300 btime 300 movestogo 1");
  ASSERT_TRUE(uci.read_starting("bestmove"));
  uci.send("quit");
  EXPECT_EQ(uci.wait_exit(), 0);
}

}  // namespace
}  // namespace minimax::test

namespace minimax::test {
namespace {

// A search stopped before its first iteration ends reports no score it does not have (it once
// printed "score mate --250"), and still a legal bestmove.
TEST_F(Uci, StoppedAtOnceGivesNoMadeUpScore) {
  for (int i = 0; i < 20; ++i) {
    uci.send("position startpos");
    uci.send("go infinite");
    uci.send("stop");
    std::vector<std::string> lines;
    auto best =
        uci.read_starting("bestmove", 20, [&](const std::string& l) { lines.push_back(l); });
    ASSERT_TRUE(best);
    EXPECT_TRUE(is_legal_in(std::string(chess::kStartFen), token_after(*best, "bestmove")));
    for (const auto& l : lines) {
      EXPECT_FALSE(contains(l, "--")) << l;
      if (contains(l, " score mate ")) ADD_FAILURE() << "a mate from the start position: " << l;
    }
  }
}

}  // namespace
}  // namespace minimax::test
