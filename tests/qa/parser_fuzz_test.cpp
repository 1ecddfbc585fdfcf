// Fuzzing every parser at the program's edges (FEN, SAN, descriptive, move text, PGN, EPD, Nim
// setup, noughts and crosses positions, tree files): damaged valid inputs and degenerate ones must
// give a value or a one-line Error, never a crash or an escaping exception; what is accepted must
// be usable (a FEN accepted is a position whose moves play and undo, and whose FEN reads back).
#include <gtest/gtest.h>

#include "fuzz.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/epd.hpp"
#include "games/chess/move_text.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/position.hpp"
#include "games/chess/san.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "search/tree_file.hpp"

namespace minimax::qa {
namespace {

using chess::Position;

const std::vector<std::string> kFens = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // Chess960
    "8/8/8/8/8/8/8/K6k w - - 99 200"};

// The round trip FEN -> Position -> FEN -> Position fails for two known bugs of the FEN reader
// (see QaPositionBugs in position_bugs_test.cpp); the fuzzing skips that check for them, not the
// rest.
bool known_fen_round_trip_bug(const std::string& text, bool chess960) {
  const auto fields = split_whitespace(text);
  if (!chess960 && fields.size() >= 3 && fields[2].find_first_not_of("KQkq-") != std::string::npos)
    return true;
  if (fields.size() >= 6) {
    auto n = parse_int(fields[5]);
    if (!n || *n > 1'000'000) return true;
  }
  return false;
}

// Readers of one line or one token get no line breaks: their callers split lines first.
std::vector<std::string> one_line(std::vector<std::string> v) {
  for (auto& s : v)
    for (char& c : s)
      if (c == '\n') c = ' ';
  return v;
}

TEST(QaFuzz, FenReaderNeverCrashesAndWhatItAcceptsPlays) {
  feed(
      one_line(corpus(kFens, 3000, 11)),
      [](const std::string& text) {
        for (const bool c960 : {false, true}) {
          auto p = Position::from_fen(text, c960);
          if (!p) {
            EXPECT_TRUE(one_line_error(p.error())) << shown(text);
            continue;
          }
          Position pos = *p;
          const std::uint64_t key = pos.key();
          auto again = Position::from_fen(pos.fen(), c960);
          if (!again && known_fen_round_trip_bug(text, c960)) continue;
          ASSERT_TRUE(again) << shown(text) << " -> " << pos.fen() << ": " << again.error();
          EXPECT_EQ(again->key(), key) << shown(text);
          Position::MoveList list;
          pos.generate_moves(list);
          for (const auto m : list) {
            pos.play(m);
            (void)pos.outcome();
            pos.undo(m);
            ASSERT_EQ(pos.key(), key) << shown(text) << " " << pos.move_to_string(m);
          }
          (void)pos.outcome();
          (void)pos.to_string(false);
        }
      },
      "Position::from_fen");
}

// Seeds: every legal move of each position in UCI, SAN and descriptive notation.
std::vector<std::string> move_seeds(const Position& pos) {
  std::vector<std::string> v;
  Position::MoveList list;
  pos.generate_moves(list);
  for (const auto m : list) {
    v.push_back(pos.move_to_string(m));
    v.push_back(chess::to_san(pos, m));
    v.push_back(chess::to_descriptive(pos, m));
  }
  return v;
}

TEST(QaFuzz, MoveReadersNeverCrash) {
  std::uint64_t seed = 21;
  for (const auto& fen : kFens) {
    auto p = Position::from_fen(fen, fen.find("HFhf") != std::string::npos);
    ASSERT_TRUE(p) << fen;
    const Position pos = *p;
    feed(
        one_line(corpus(move_seeds(pos), 600, seed++)),
        [&](const std::string& text) {
          auto check = [&](const auto& r, const char* what) {
            if (!r) {
              EXPECT_TRUE(one_line_error(r.error())) << what << " " << shown(text) << " in " << fen;
            }
          };
          auto uci = pos.parse_uci(text);
          check(uci, "parse_uci");
          if (uci) {
            EXPECT_TRUE(pos.is_legal(*uci)) << shown(text);
          }
          auto san = chess::parse_san(pos, text);
          check(san, "parse_san");
          if (san) {
            EXPECT_TRUE(pos.is_legal(*san)) << shown(text);
          }
          check(chess::read_descriptive(pos, text, chess::DescriptiveMode::lenient),
                "read_descriptive");
          for (const auto mode :
               {chess::DescriptiveMode::strict, chess::DescriptiveMode::lenient}) {
            std::string slip;
            auto d = chess::parse_descriptive(pos, text, mode, &slip);
            check(d, "parse_descriptive");
            if (d) {
              EXPECT_TRUE(pos.is_legal(*d)) << shown(text);
            }
          }
          auto any = chess::parse_move_text(pos, text);
          check(any, "parse_move_text");
          if (any) {
            EXPECT_TRUE(pos.is_legal(*any)) << shown(text);
          }
        },
        "move readers");
  }
}

const std::vector<std::string> kPgns = {
    "[Event \"Casual\"]\n[Site \"?\"]\n[White \"Turing\"]\n[Black \"Glennie\"]\n[Result "
    "\"0-1\"]\n\n"
    "1. e4 e5 2. Nc3 Nf6 3. d4 Bb4 {a comment} 4. Nf3 d6 (4... exd4 5. Qxd4) 5. Bd2 Nc6 $1 6. d5 "
    "Nd4 "
    "7. h4?! Bg4 8. a4 Nxf3+ 9. gxf3 Bh5 10. Bb5+ c6 11. dxc6 O-O 0-1\n",
    "[FEN \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 fxe3 2. Rxh4+ "
    "Kxh4 *\n",
    "1. e4 e5 2. Nf3 Nc6 ; rest of line\n3. Bb5 a6 1/2-1/2\n\n1. d4 d5 1-0\n",
    "[Event \"x\"]\n{only a comment} *\n"};

TEST(QaFuzz, PgnReaderNeverCrashesAndWhatItAcceptsWritesBack) {
  feed(
      corpus(kPgns, 1500, 31),
      [](const std::string& text) {
        auto games = chess::parse_pgn(text);
        if (!games) {
          EXPECT_TRUE(one_line_error(games.error())) << shown(text);
          return;
        }
        for (const auto& g : *games) {
          const std::string written = chess::write_pgn(g);
          auto again = chess::parse_pgn(written);
          ASSERT_TRUE(again) << shown(text) << "\nwritten:\n" << written << "\n" << again.error();
          ASSERT_EQ(again->size(), 1u) << written;
          EXPECT_EQ(again->front().main_line(), g.main_line()) << written;
        }
      },
      "parse_pgn");
}

// Variations nested as deep as a file cares to: an Error or a value, never a stack overflow.
TEST(QaFuzz, PgnDeeplyNestedVariations) {
  std::string text = "1. e4 e5 ";
  for (int i = 0; i < 200000; ++i) text += "(1... d5 ";
  auto games = chess::parse_pgn(text);
  if (!games) {
    EXPECT_TRUE(one_line_error(games.error()));
  }
  text += std::string(200000, ')') + " *";
  games = chess::parse_pgn(text);
  if (!games) {
    EXPECT_TRUE(one_line_error(games.error()));
  }
}

const std::vector<std::string> kEpds = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528",
    "8/8/8/8/8/8/8/K6k w - - hmvc 3; fmvn 40; c0 \"a; quoted \\\"string\\\"\"; c960 true;"};

TEST(QaFuzz, EpdReaderNeverCrashesAndWhatItAcceptsWritesBack) {
  feed(
      one_line(corpus(kEpds, 2000, 41)),
      [](const std::string& text) {
        (void)chess::epd_is_blank_or_comment(text);
        auto r = chess::parse_epd(text);
        if (!r) {
          EXPECT_TRUE(one_line_error(r.error())) << shown(text);
          return;
        }
        auto counts = r->perft_counts();
        if (!counts) {
          EXPECT_TRUE(one_line_error(counts.error())) << shown(text);
        }
        (void)r->chess960();
        auto pos = Position::from_fen(r->fen(), r->chess960());
        if (!pos) {
          EXPECT_TRUE(one_line_error(pos.error())) << shown(text);
        }
        const std::string written = chess::write_epd(*r);
        auto again = chess::parse_epd(written);
        ASSERT_TRUE(again) << shown(text) << " -> " << shown(written) << ": " << again.error();
        EXPECT_EQ(chess::write_epd(*again), written);
      },
      "parse_epd");
}

TEST(QaFuzz, NimSetupNeverCrashes) {
  const std::vector<std::string> seeds = {"3 4 5",   "7,4,5,2",  "1 2 3",
                                          "7 4 5 2", "100000 1", "-3 4"};
  feed(
      one_line(corpus(seeds, 2000, 51)),
      [](const std::string& text) {
        auto words = split_whitespace(text);
        // The front ends parse --k and --misere; k and the variant vary with the text here.
        const std::optional<int> k =
            text.size() % 5 == 0 ? std::nullopt
                                 : std::optional<int>(static_cast<int>(text.size() % 5) - 1);
        auto nim = nim::make_nim_setup(words, k, text.size() % 2 == 1);
        if (!nim) {
          EXPECT_TRUE(one_line_error(nim.error())) << shown(text);
          return;
        }
        (void)nim::describe(*nim);
        (void)nim->outcome();
        auto m = nim->parse_move(text);
        if (!m) {
          EXPECT_TRUE(one_line_error(m.error())) << shown(text);
        }
      },
      "make_nim_setup");
}

TEST(QaFuzz, TicTacToePositionsNeverCrash) {
  const std::vector<std::string> seeds = {"x.o/.x./..o", ".../.../...", "xox/oxo/xo.",
                                          "xxx/oo./...", "x../.../..."};
  feed(
      one_line(corpus(seeds, 2000, 61)),
      [](const std::string& text) {
        auto t = tictactoe::TicTacToe::from_string(text);
        if (!t) {
          EXPECT_TRUE(one_line_error(t.error())) << shown(text);
          return;
        }
        (void)t->outcome();
        tictactoe::TicTacToe::MoveList list;
        t->generate_moves(list);
        auto m = t->parse_move(text);
        if (!m) {
          EXPECT_TRUE(one_line_error(m.error())) << shown(text);
        }
      },
      "TicTacToe::from_string");
}

TEST(QaFuzz, TreeFilesNeverCrash) {
  const std::vector<std::string> seeds = {"( (1 3 2)  (-7 5 0)  (-6 4 -2) )  # fig. 2\n",
                                          "(a: (x: 3 y: 1) b: (2, -7, 5))",
                                          "((3 1 4) (2 -7 5) (-6 4 0))", "5"};
  feed(
      corpus(seeds, 2000, 71),
      [](const std::string& text) {
        auto t = search::ExplicitTree::parse(text);
        if (!t) {
          EXPECT_TRUE(one_line_error(t.error())) << shown(text);
        }
      },
      "ExplicitTree::parse");
}

}  // namespace
}  // namespace minimax::qa
