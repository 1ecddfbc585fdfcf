// The generic search core on chess: the same templates the chess machines use. Minimax visits
// exactly the perft tree (published counts), alpha-beta agrees with it on Shannon's material
// evaluation, and chess passes the generic random-playout test.
#include <gtest/gtest.h>

#include "../games/playout.hpp"
#include "games/chess/position.hpp"
#include "search/alpha_beta.hpp"
#include "search/iterative_deepening.hpp"
#include "search/minimax.hpp"

namespace minimax::search {
namespace {

using chess::Position;

static_assert(Game<Position>);

// Shannon's (1950) material part of f(P): Q = 9, R = 5, B = N = 3, P = 1, from the side to move.
struct Material {
  int operator()(const Position& p) const {
    static constexpr int kValue[8] = {0, 1, 3, 3, 5, 9, 0, 0};
    int score = 0;
    for (int s = 0; s < 64; ++s) {
      const chess::Piece piece = p.piece_on(static_cast<chess::Square>(s));
      if (piece == chess::no_piece) continue;
      const int v = kValue[chess::type_of(piece)];
      score += chess::to_side(chess::color_of(piece)) == p.side_to_move() ? v : -v;
    }
    return score;
  }
};

TEST(ChessSearch, MinimaxVisitsThePerftTree) {
  auto start = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(start.ok());
  // 1 + 20 + 400 + 8,902 positions to three plies (perft 1-3 of the initial position).
  auto mm = minimax(*start, 3, Material{});
  EXPECT_EQ(mm.nodes, 1u + 20u + 400u + 8902u);
  auto ab = alpha_beta(*start, 3, Material{});
  EXPECT_EQ(ab.score, mm.score);
  EXPECT_LT(ab.nodes, mm.nodes);
}

TEST(ChessSearch, AlphaBetaAgreesWithMinimaxInTactics) {
  // Kiwipete (a standard perft position, many captures): equal root values at depths 1-3, with and
  // without a table, and by iterative deepening.
  auto kiwi =
      Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(kiwi.ok());
  for (int depth = 1; depth <= 3; ++depth) {
    auto mm = minimax(*kiwi, depth, Material{});
    auto ab = alpha_beta(*kiwi, depth, Material{});
    TranspositionTable<chess::Move> tt(1 << 16);
    auto abt = alpha_beta(*kiwi, depth, Material{}, NoOrdering{}, &tt);
    auto id = iterative_deepening(*kiwi, depth, Material{});
    EXPECT_EQ(ab.score, mm.score) << depth;
    EXPECT_EQ(abt.score, mm.score) << depth;
    EXPECT_EQ(id.score, mm.score) << depth;
  }
  // Mate in one is found and scored as a win in one ply: Scholar's mate.
  auto scholar =
      Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  ASSERT_TRUE(scholar.ok());
  auto r = alpha_beta(*scholar, 2, Material{});
  EXPECT_EQ(plies_to_end(r.score), 1);
  EXPECT_EQ(scholar->move_to_string(*r.best), scholar->move_to_string(*scholar->parse_uci("f3f7")));
}

TEST(ChessSearch, GenericRandomPlayouts) {
  auto start = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(start.ok());
  auto stats = test::check_random_playouts(*start, 10, 99, 300, 4096,
                                           [](const Position& p) { return p.fen(); });
  EXPECT_EQ(stats.games, 10u);
}

}  // namespace
}  // namespace minimax::search
