// The move of Shannon's type A and B and TUROCHAMP onto the search core (src/search) changed
// nothing a user sees: on 23 positions (the seeds' games and some middlegames) each
// machine's move, score, depth, node count, principal line and explanation are pinned to what the
// machines' own negamax loops gave before the move (recorded at commit 75177a5, before any change).
// The shannon-b rows were recorded again when type B's side to move, below the root and not in
// check, was given the stand on f that h's unexplored moves stand for (issue 17, docs/shannon.md):
// a deliberate change of the machine, not of the core.
// Set MINIMAX_PRINT_BASELINE=1 to print the rows in this file's format instead of checking them.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "machines/chess/shannon_a.hpp"
#include "machines/chess/shannon_b.hpp"
#include "machines/chess/turochamp.hpp"
#include "turing_games.hpp"

namespace minimax::chess {
namespace {

// A position: a FEN and the moves played from it (so the game's history is there for the drawing
// rules), or the Turing game (1 or 2) before White's move `move_no`.
struct Where {
  const char* name;
  const char* fen;  // nullptr: a Turing game position
  int game = 0;
  int move_no = 0;
  const char* then = "";
};

const Where kPositions[] = {
    {"start", kStartFen.data()},
    {"italian", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"giuoco", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
    {"mate_in_one", "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1"},
    {"hanging_queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"},
    {"defended_pawn", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1"},
    {"scholar", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"},
    {"black_reply", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
    {"qgd", "rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 3 4"},
    {"sicilian", "r1bqkb1r/pp2pppp/2np1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 2 6"},
    {"rook_ending", "8/5pk1/6p1/8/2R5/6P1/r4PK1/8 b - - 0 40"},
    {"tactic_fork", "r3k2r/ppp2ppp/2n5/3qp3/8/2N5/PPP2PPP/R1BQK2R w KQkq - 0 10"},
    {"turing1_4", nullptr, 1, 4},
    {"turing1_10", nullptr, 1, 10},
    {"turing1_19", nullptr, 1, 19},
    {"turing1_24", nullptr, 1, 24},
    {"turing1_29", nullptr, 1, 29},
    {"turing2_22", nullptr, 2, 22},
    {"turing2_26", nullptr, 2, 26},
    // The drawing rules inside the search: ...Ng8 repeats the start a third time; any quiet move
    // reaches the fiftieth move.
    {"repetition", kStartFen.data(), 0, 0, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"},
    {"fifty_moves", "8/8/4k3/8/3p4/4K3/4R3/8 w - - 99 120"},
};

Position position_of(const Where& w) {
  if (w.fen) {
    auto p = Position::from_fen(w.fen);
    EXPECT_TRUE(p.ok()) << w.fen;
    Position pos = p.ok() ? *p : Position();
    for (const auto& m : split_whitespace(w.then)) pos.play(*pos.parse_uci(m));
    return pos;
  }
  Position pos;
  const auto moves = split_whitespace(w.game == 1 ? test::kTuringGame1 : test::kTuringGame2);
  for (int i = 0; i < 2 * (w.move_no - 1); ++i)
    pos.play(*pos.parse_uci(moves[static_cast<std::size_t>(i)]));
  return pos;
}

// The machines as a user meets them, with a few options that exercise other paths.
struct Setup {
  const char* name;
  std::unique_ptr<ChessPlayer> (*make)();
  std::vector<std::pair<const char*, const char*>> options;
  Limits limits;
};

Limits depth(int d) {
  Limits l;
  l.depth = d;
  return l;
}

std::vector<Setup> setups() {
  std::vector<Setup> s;
  s.push_back({"shannon-a d3", [] { return make_shannon_a(); }, {}, depth(3)});
  s.push_back(
      {"shannon-a d2 tol30", [] { return make_shannon_a(); }, {{"Tolerance", "30"}}, depth(2)});
  s.push_back({"shannon-b", [] { return make_shannon_b(); }, {{"MaxDepth", "8"}}, {}});
  s.push_back({"shannon-b d2 tol20",
               [] { return make_shannon_b(); },
               {{"MaxDepth", "6"}, {"Tolerance", "20"}},
               depth(2)});
  s.push_back({"turochamp", [] { return make_turochamp(); }, {}, {}});
  s.push_back({"turochamp cap4", [] { return make_turochamp(); }, {{"MaxPlies", "4"}}, {}});
  return s;
}

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

struct Row {
  const char* machine;
  const char* position;
  const char* move;
  int score;
  int depth;
  std::uint64_t nodes;
  const char* line;
  std::uint64_t explanation;  // FNV-1a of the explanation text
};

// clang-format off
const Row kBaseline[] = {
#include "search_core_baseline.inc"
};
// clang-format on

TEST(SearchCoreBaseline, MachinesUnchangedOnTheCore) {
  const bool print = std::getenv("MINIMAX_PRINT_BASELINE") != nullptr;
  std::size_t row = 0;
  for (const auto& setup : setups()) {
    for (const auto& where : kPositions) {
      auto machine = setup.make();
      for (const auto& [o, v] : setup.options) ASSERT_TRUE(machine->set_option(o, v).ok()) << o;
      const Position pos = position_of(where);
      const auto t = machine->choose(pos, setup.limits);
      std::vector<std::string> line;
      for (const Move m : t.line) line.push_back(pos.move_to_string(m));  // UCI is position-free
      const std::string line_text = join(line, " ");
      const std::string move = pos.move_to_string(t.move);
      if (print) {
        std::printf("{\"%s\", \"%s\", \"%s\", %d, %d, %lluull, \"%s\", %lluull},\n", setup.name,
                    where.name, move.c_str(), t.score.value_or(0), t.depth,
                    static_cast<unsigned long long>(t.nodes), line_text.c_str(),
                    static_cast<unsigned long long>(fnv1a(t.explanation)));
        continue;
      }
      ASSERT_LT(row, std::size(kBaseline));
      const Row& b = kBaseline[row++];
      SCOPED_TRACE(std::string(setup.name) + " on " + where.name);
      EXPECT_STREQ(b.machine, setup.name);
      EXPECT_STREQ(b.position, where.name);
      EXPECT_EQ(move, b.move);
      EXPECT_EQ(t.score.value_or(0), b.score);
      EXPECT_EQ(t.depth, b.depth);
      EXPECT_EQ(t.nodes, b.nodes);
      EXPECT_EQ(line_text, b.line);
      EXPECT_EQ(fnv1a(t.explanation), b.explanation) << t.explanation;
    }
  }
  if (!print) {
    EXPECT_EQ(row, std::size(kBaseline));
  }
}

}  // namespace
}  // namespace minimax::chess
