// Draughts models the Game concept: the generic minimax, alpha-beta and retrograde solver run on
// it unchanged.
#include <gtest/gtest.h>
#include <pthread.h>

#include "games/draughts/notation.hpp"
#include "search/alpha_beta.hpp"
#include "search/minimax.hpp"
#include "search/retrograde.hpp"

namespace minimax::draughts {
namespace {

// Material from the side to move's view: a man 1, a king 3 (Strachey's first values, Bowden 1953).
struct Material {
  int operator()(const Draughts& p) const {
    const Bits own = p.pieces(p.side_to_move()), opp = p.pieces(opposite(p.side_to_move()));
    return count(own) + 2 * count(own & p.kings()) - count(opp) - 2 * count(opp & p.kings());
  }
};

TEST(DraughtsSearch, AlphaBetaAgreesWithMinimax) {
  Draughts start;
  for (int depth = 1; depth <= 5; ++depth) {
    auto mm = search::minimax(start, depth, Material{});
    auto ab = search::alpha_beta(start, depth, Material{});
    EXPECT_EQ(ab.score, mm.score) << depth;
    EXPECT_LE(ab.nodes, mm.nodes) << depth;
  }
  EXPECT_EQ(start.to_string(), kStartFen);
  // Taking the last man wins at once.
  auto p = parse_fen("B:W18:B14,1");
  ASSERT_TRUE(p.ok());
  auto r = search::alpha_beta(*p, 3, Material{});
  ASSERT_TRUE(r.best.has_value());
  EXPECT_EQ(move_text(*p, *r.best), "14x23");
  EXPECT_EQ(search::plies_to_end(r.score), 1);
}

// The solver enumerates depth first, one call (with its move list) per position on the path, and
// in a king ending that path runs through most of the graph: tens of thousands of frames, more
// than the usual 8 MB stack. The test gives it a thread with a large one.
template <class F>
void with_large_stack(F f) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, std::size_t{512} << 20);
  pthread_t thread;
  auto run = [](void* p) -> void* {
    (*static_cast<F*>(p))();
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, run, &f), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

TEST(DraughtsSearch, RetrogradeSolvesTwoKingsAgainstOne) {
  with_large_stack([] {
    // Two kings against one: the graph of every position reachable (about 30,000), solved by
    // working back from the ends. The draw rules are off: the solver's positions carry no history.
    auto p = parse_fen("B:WK32:BK1,K6");
    ASSERT_TRUE(p.ok());
    p->set_draw_rules({false, 0});
    auto solved = search::RetrogradeSolver<Draughts>::solve(*p, 200'000);
    ASSERT_TRUE(solved.ok()) << solved.error();
    EXPECT_EQ(solved->root().value, Outcome::win);
    EXPECT_GT(solved->root().distance, 1);
    EXPECT_GT(solved->positions(), 10'000u);
    // With White to move, the lone king is still lost.
    auto q = parse_fen("W:WK32:BK1,K6");
    q->set_draw_rules({false, 0});
    auto solved_q = search::RetrogradeSolver<Draughts>::solve(*q, 200'000);
    ASSERT_TRUE(solved_q.ok());
    EXPECT_EQ(solved_q->root().value, Outcome::loss);
    // One king each is a draw.
    auto r = parse_fen("B:WK32:BK1");
    r->set_draw_rules({false, 0});
    auto solved_r = search::RetrogradeSolver<Draughts>::solve(*r, 200'000);
    ASSERT_TRUE(solved_r.ok());
    EXPECT_EQ(solved_r->root().value, Outcome::draw);
  });
}

}  // namespace
}  // namespace minimax::draughts
