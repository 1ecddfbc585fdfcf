// The engine's parts: SEE on the Chessprogramming-wiki examples, evaluation symmetry and the
// tuner's linear trace, the table's text form, mate scores through the transposition table, the
// time budget never above the clock, the Player interface, and bench determinism.
#include "machines/chess/engine/engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/eval_params.hpp"
#include "machines/chess/engine/evaluate.hpp"
#include "machines/chess/engine/see.hpp"
#include "machines/chess/engine/time_manager.hpp"
#include "machines/chess/engine/tt.hpp"
#include "machines/chess/registry.hpp"

namespace minimax::chess::engine {
namespace {

Position pos_of(std::string_view fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Position();
}

Move move_of(const Position& pos, std::string_view uci) {
  auto m = pos.parse_uci(uci);
  EXPECT_TRUE(m.ok()) << uci;
  return m.ok() ? *m : Move();
}

// The same position with the colours exchanged (board mirrored top to bottom).
std::string colour_flipped(const std::string& fen) {
  auto f = split_whitespace(fen);
  auto ranks = split(f[0], '/');
  std::reverse(ranks.begin(), ranks.end());
  std::string board = join(ranks, "/");
  for (char& c : board)
    if (std::isalpha(static_cast<unsigned char>(c)))
      c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                      : char(std::toupper(c));
  std::string side = f[1] == "w" ? "b" : "w";
  std::string castling = f[2];
  for (char& c : castling)
    if (c != '-')
      c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c))
                                                      : char(std::toupper(c));
  std::string ep = f[3];
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
  return board + " " + side + " " + castling + " " + ep + " 0 1";
}

// Chessprogramming wiki, "Static Exchange Evaluation": Rxe5 wins a pawn; Nxe5 loses the knight
// for a pawn once the defenders recapture.
TEST(See, WikiExamples) {
  auto a = pos_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1");
  EXPECT_TRUE(see_ge(a, move_of(a, "e1e5"), 0));
  EXPECT_TRUE(see_ge(a, move_of(a, "e1e5"), 100));
  EXPECT_FALSE(see_ge(a, move_of(a, "e1e5"), 101));
  auto b = pos_of("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
  EXPECT_FALSE(see_ge(b, move_of(b, "d3e5"), 0));
  EXPECT_TRUE(see_ge(b, move_of(b, "d3e5"), 100 - 320));
  // A quiet move to a square a pawn attacks loses the piece.
  auto c = pos_of("4k3/8/8/4p3/8/8/8/2B1K3 w - - 0 1");
  EXPECT_FALSE(see_ge(c, move_of(c, "c1f4"), 0));
  EXPECT_TRUE(see_ge(c, move_of(c, "c1f4"), -330));
}

TEST(Evaluate, SymmetricUnderColourFlip) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r1bq4/1p4kp/3p1n2/p4pB1/2pQ4/8/1P4PP/4RRK1 w - - 0 1",
      "8/8/2k5/8/2P5/2K5/8/3b4 w - - 0 1",
  };
  for (const char* fen : fens) {
    auto p = pos_of(fen);
    auto q = pos_of(colour_flipped(fen));
    EXPECT_EQ(evaluate(p), evaluate(q)) << fen;
  }
}

TEST(Evaluate, MaterialAdvantageShows) {
  // White a queen up: far ahead for White, far behind for Black to move.
  auto w = pos_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  auto b = pos_of("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
  EXPECT_GT(evaluate(w), 700);
  EXPECT_LT(evaluate(b), -700);
  // K+N v K cannot be won: scaled to nothing.
  auto n = pos_of("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
  EXPECT_LE(std::abs(evaluate(n)), 20);
}

TEST(Evaluate, TraceIsExactlyLinearInTheTable) {
  const EvalParams& params = eval_params();
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r1bq4/1p4kp/3p1n2/p4pB1/2pQ4/8/1P4PP/4RRK1 b - - 0 1"}) {
    auto p = pos_of(fen);
    EvalTrace trace;
    const int v = evaluate_traced(p, params, trace);
    Score total = 0;
    for (int i = 0; i < kNumParams; ++i) total += trace.coef[i] * params[i];
    EXPECT_EQ(taper(total, trace.phase, trace.scale), v) << fen;
    EXPECT_EQ(p.side() == white ? v : -v, evaluate(p)) << fen;
  }
}

TEST(EvalParams, TextRoundTrip) {
  std::ostringstream out;
  write_params(out, default_params());
  EvalParams read{};
  std::istringstream in(out.str());
  ASSERT_TRUE(read_params(in, read).ok());
  EXPECT_EQ(read, default_params());
  std::istringstream bad("material 9 1 1\n");
  auto s = read_params(bad, read);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("index"), std::string::npos);
}

// The table the engine plays with (the starting values and the tuner's changes) is the one
// eval_params() holds, and it keeps the values a chess player would sign: pawn < knight, bishop
// < rook < queen in both phases, a bishop pair and a passed pawn on the sixth worth something,
// doubled and isolated pawns a weakness.
TEST(EvalParams, TheTunedTableIsInUseAndStillReadsLikeChess) {
  const EvalParams t = tuned_params();
  EXPECT_EQ(eval_params(), t);
  for (auto v : {mg_value, eg_value}) {
    EXPECT_LT(v(t[kMaterial + 0]), v(t[kMaterial + 1]));
    EXPECT_LT(v(t[kMaterial + 1]), v(t[kMaterial + 3]));
    EXPECT_LT(v(t[kMaterial + 2]), v(t[kMaterial + 3]));
    EXPECT_LT(v(t[kMaterial + 3]), v(t[kMaterial + 4]));
    EXPECT_GT(v(t[kMaterial + 0]), 50);
    EXPECT_GT(v(t[kPassedPawn + 5]), 0);
  }
  EXPECT_GT(eg_value(t[kBishopPair]), 0);
  EXPECT_LT(eg_value(t[kDoubledPawn]), 0);
  EXPECT_LT(eg_value(t[kIsolatedPawn]), 0);
}

TEST(TranspositionTable, MateScoresAreStoredRelativeToTheNode) {
  TranspositionTable tt(1);
  // A mate in 3 plies from a node at ply 5 (score kMate - 8 from the root) is kMate - 3 from the
  // node; found again at ply 2 it is kMate - 5 from the root.
  tt.store(0x1234, 5, Move(e2, e4), kMate - 8, 10, 7, kBoundExact);
  TTHit hit;
  ASSERT_TRUE(tt.probe(0x1234, 2, hit));
  EXPECT_EQ(hit.score, kMate - 5);
  EXPECT_EQ(hit.depth, 7);
  EXPECT_EQ(hit.bound, kBoundExact);
  EXPECT_EQ(hit.move, Move(e2, e4));
  EXPECT_FALSE(tt.probe(0x4321, 2, hit));
}

TEST(TimeManager, NeverPlansBeyondTheClock) {
  for (std::int64_t time : {1, 5, 30, 100, 1000, 10000, 60000, 600000})
    for (std::int64_t inc : {0, 10, 100, 1000})
      for (int mtg : {0, 1, 2, 10, 40})
        for (int overhead : {0, 10, 100}) {
          TimeManager tm;
          ClockLimits c;
          c.time_ms = time;
          c.increment_ms = inc;
          if (mtg) c.moves_to_go = mtg;
          tm.start(c, overhead, 30);
          EXPECT_GE(tm.maximum(), 1);
          EXPECT_LE(tm.optimum(), tm.maximum());
          if (time > overhead + 20) {
            EXPECT_LE(tm.maximum(), time - overhead - 10) << time << " " << inc << " " << mtg;
          }
        }
}

TEST(Search, FindsMateInTwoAndAvoidsHangingTheQueen) {
  Engine engine;
  SearchLimits limits;
  auto wac1 = pos_of("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
  limits.mate = 2;
  auto r = engine.search(wac1, limits);
  EXPECT_EQ(wac1.move_to_string(r.best), "g3g6");
  EXPECT_EQ(r.score, kMate - 3);
  // Black to move must save the queen attacked by a pawn.
  limits.mate.reset();
  limits.depth = 5;
  auto q = pos_of("rnb1kbnr/pppp1ppp/8/4p3/3q4/2P5/PP1PPPPP/RNBQKBNR b KQkq - 0 3");
  r = engine.search(q, limits);
  ASSERT_TRUE(r.best);
  EXPECT_EQ(q.move_to_string(r.best).substr(0, 2), "d4");
}

TEST(Search, DrawsByRepetitionAndFiftyMovesAreSeen) {
  Engine engine;
  SearchLimits limits;
  limits.depth = 6;
  // A rook up but the fifty-move count is at 99: any quiet move ends in a draw, so the score is 0
  // unless a capture or pawn move is possible (none here).
  auto p = pos_of("6k1/8/8/8/8/8/8/K6R w - - 99 120");
  auto r = engine.search(p, limits);
  EXPECT_EQ(r.score, 0);
}

TEST(Player, EngineIsRegisteredLastAndPlaysLegalMoves) {
  auto machines = chess_machines();
  ASSERT_FALSE(machines.empty());
  EXPECT_EQ(machines.back().name, "engine");
  auto player = make_chess_machine("ENGINE");
  ASSERT_TRUE(player.ok());
  ASSERT_TRUE((*player)->set_option("hash", "4").ok());
  EXPECT_FALSE((*player)->set_option("Hash", "x").ok());
  Limits limits;
  limits.depth = 4;
  Position pos;
  auto t = (*player)->choose(pos, limits);
  Position::MoveList legal;
  pos.generate_moves(legal);
  EXPECT_TRUE(legal.contains(t.move));
}

TEST(Strength, LimitedLevelsPlayLegalMovesReproducibly) {
  auto pos = pos_of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  Position::MoveList legal;
  pos.generate_moves(legal);
  std::string first;
  for (int round = 0; round < 2; ++round) {
    Engine engine;
    engine.set_limit_strength(true);
    engine.set_elo(1000);
    engine.new_game();
    std::string moves;
    for (int i = 0; i < 5; ++i) {
      SearchLimits limits;
      limits.movetime_ms = 10000;  // the level's own node cap ends the search long before
      auto r = engine.search(pos, limits);
      EXPECT_TRUE(legal.contains(r.best));
      moves += pos.move_to_string(r.best) + " ";
    }
    if (round == 0)
      first = moves;
    else
      EXPECT_EQ(moves, first);
  }
}

TEST(Bench, SignatureIsDeterministic) {
  auto run = [] {
    std::vector<std::string> args{"bench", "5"};
    std::istringstream in;
    std::ostringstream out, err;
    EXPECT_EQ(cli::run_main(args, in, out, err), 0) << err.str();
    const std::string s = out.str();
    auto at = s.find("Nodes searched  : ");
    EXPECT_NE(at, std::string::npos);
    return s.substr(at, s.find('\n', at) - at);
  };
  const std::string a = run(), b = run();
  EXPECT_EQ(a, b);
}

TEST(Bench, BadArgumentsAreNamed) {
  for (std::vector<std::string> args : {std::vector<std::string>{"bench", "deep"},
                                        {"bench", "0"},
                                        {"bench", "5", "6"},
                                        {"tune", "/no/such/file"},
                                        {"tune", "--epochs", "x"},
                                        {"uci", "extra"}}) {
    std::istringstream in;
    std::ostringstream out, err;
    EXPECT_NE(cli::run_main(args, in, out, err), 0) << args[1];
    const std::string e = err.str();
    EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
  }
}

}  // namespace
}  // namespace minimax::chess::engine
