// The Polyglot book format (games/chess/polyglot_book.hpp): the Random64 table against the
// published one, the move encoding of the format page, reading with its checks, binary search,
// writing, and making a book from games as `polyglot make-book` does (compared byte for byte with
// Debian's polyglot when it is installed).
#include "games/chess/polyglot_book.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "../../test_paths.hpp"
#include "core/atomic_file.hpp"
#include "core/rng.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/san.hpp"
#include "games/chess/zobrist.hpp"

namespace minimax::chess::polyglot {
namespace {

namespace fs = std::filesystem;

Move uci(const Position& pos, const char* text) {
  auto m = pos.parse_uci(text);
  EXPECT_TRUE(m.ok()) << text;
  return m.ok() ? *m : Move::none();
}

TEST(PolyglotBook, RandomTableIsThePublishedOne) {
  auto dir = test::shared_data_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/data not found";
  std::ifstream in(dir / "polyglot" / "random64.txt");
  ASSERT_TRUE(in);
  std::vector<std::uint64_t> table;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') table.push_back(std::stoull(line, nullptr, 16));
  ASSERT_EQ(table.size(), 781u);
  // RandomPiece: 64 * kind + 8 * rank + file, kind = 2 * (type - 1) + (white ? 1 : 0).
  for (int t = pawn; t <= king; ++t)
    for (int c = 0; c < 2; ++c)
      for (int s = 0; s < 64; ++s) {
        const int kind = 2 * (t - 1) + (c == white ? 1 : 0);
        EXPECT_EQ(zobrist::piece_square(make_piece(Color(c), PieceType(t)), Square(s)),
                  table[64 * kind + s]);
      }
  EXPECT_EQ(zobrist::castling(white_oo), table[768]);
  EXPECT_EQ(zobrist::castling(white_ooo), table[769]);
  EXPECT_EQ(zobrist::castling(black_oo), table[770]);
  EXPECT_EQ(zobrist::castling(black_ooo), table[771]);
  for (int f = 0; f < 8; ++f) EXPECT_EQ(zobrist::en_passant_file(f), table[772 + f]);
  EXPECT_EQ(zobrist::side(), table[780]);
}

TEST(PolyglotBook, MoveEncodingOfTheFormatPage) {
  const Position start;
  // to file | to rank << 3 | from file << 6 | from rank << 9 | promotion << 12.
  EXPECT_EQ(encode_move(uci(start, "e2e4")), 4 | (3 << 3) | (4 << 6) | (1 << 9));
  EXPECT_EQ(encode_move(uci(start, "g1f3")), 5 | (2 << 3) | (6 << 6) | (0 << 9));
  // Castling is the king taking its own rook: e1h1, e1a1, e8h8, e8a8.
  auto castles = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(castles.ok());
  const Move oo = uci(*castles, "e1g1");
  ASSERT_TRUE(oo.is_castling());
  EXPECT_EQ(move_code_text(encode_move(oo)), "e1h1");
  EXPECT_EQ(move_code_text(encode_move(uci(*castles, "e1c1"))), "e1a1");
  EXPECT_EQ(decode_move(*castles, encode_move(oo)), oo);
  auto black_castles = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  EXPECT_EQ(move_code_text(encode_move(uci(*black_castles, "e8g8"))), "e8h8");
  EXPECT_EQ(move_code_text(encode_move(uci(*black_castles, "e8c8"))), "e8a8");
  // Promotions: knight 1, bishop 2, rook 3, queen 4.
  auto promo = Position::from_fen("8/4P2k/8/8/8/8/8/K7 w - - 0 1");
  ASSERT_TRUE(promo.ok());
  const int e7e8 = 4 | (7 << 3) | (4 << 6) | (6 << 9);
  EXPECT_EQ(encode_move(uci(*promo, "e7e8n")), e7e8 | (1 << 12));
  EXPECT_EQ(encode_move(uci(*promo, "e7e8b")), e7e8 | (2 << 12));
  EXPECT_EQ(encode_move(uci(*promo, "e7e8r")), e7e8 | (3 << 12));
  EXPECT_EQ(encode_move(uci(*promo, "e7e8q")), e7e8 | (4 << 12));
  EXPECT_EQ(decode_move(*promo, e7e8 | (3 << 12)), uci(*promo, "e7e8r"));
  // A code that names no legal move decodes to none.
  EXPECT_FALSE(decode_move(start, encode_move(uci(*promo, "e7e8q"))));
  // Every legal move of a few positions survives the round trip.
  for (const char* fen :
       {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"}) {
    auto pos = Position::from_fen(fen);
    ASSERT_TRUE(pos.ok());
    Position::MoveList legal;
    pos->generate_moves(legal);
    for (const Move m : legal) EXPECT_EQ(decode_move(*pos, encode_move(m)), m) << fen;
  }
}

// Entries written by hand, big-endian, as the format page describes them.
std::string entry_bytes(std::uint64_t key, std::uint16_t move, std::uint16_t weight,
                        std::uint32_t learn) {
  std::string s;
  for (int i = 7; i >= 0; --i) s.push_back(static_cast<char>(key >> (8 * i)));
  for (int i = 1; i >= 0; --i) s.push_back(static_cast<char>(move >> (8 * i)));
  for (int i = 1; i >= 0; --i) s.push_back(static_cast<char>(weight >> (8 * i)));
  for (int i = 3; i >= 0; --i) s.push_back(static_cast<char>(learn >> (8 * i)));
  return s;
}

TEST(PolyglotBook, ReadsBigEndianEntriesAndProbesByKey) {
  const Position start;
  const std::uint64_t k = start.key();  // 463b96181691fc9c, the format page's first key
  const std::uint16_t e4 = encode_move(uci(start, "e2e4")), d4 = encode_move(uci(start, "d2d4"));
  const std::string bytes = entry_bytes(1, 7, 1, 0) + entry_bytes(k, e4, 3, 0x01020304) +
                            entry_bytes(k, d4, 1, 7) + entry_bytes(k, 0x7FFF, 5, 0) +
                            entry_bytes(~std::uint64_t(0), 1, 1, 0);
  auto book = Book::from_bytes(bytes);
  ASSERT_TRUE(book.ok()) << book.error();
  EXPECT_EQ(book->size(), 5u);
  EXPECT_EQ(book->positions(), 3u);
  EXPECT_EQ(book->entries_for(k).size(), 3u);
  EXPECT_EQ(book->entries_for(2).size(), 0u);
  const auto moves = book->moves(start);  // the entry naming no legal move is skipped
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].move, uci(start, "e2e4"));
  EXPECT_EQ(moves[0].weight, 3);
  EXPECT_EQ(moves[0].learn, 0x01020304u);
  EXPECT_DOUBLE_EQ(moves[0].share, 0.75);
  EXPECT_EQ(moves[1].move, uci(start, "d2d4"));
  EXPECT_EQ(moves[1].learn, 7u);
  EXPECT_DOUBLE_EQ(moves[1].share, 0.25);
  EXPECT_EQ(book->to_bytes(), bytes);  // written back exactly
}

TEST(PolyglotBook, BadFilesAreOneLineErrors) {
  const std::string one = entry_bytes(5, 1, 1, 0), two = entry_bytes(3, 1, 1, 0);
  auto truncated = Book::from_bytes(one + two.substr(0, 9), "b.bin");
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();
  EXPECT_NE(truncated.error().find("25 bytes"), std::string::npos) << truncated.error();
  auto unsorted = Book::from_bytes(one + two, "b.bin");
  ASSERT_FALSE(unsorted.ok());
  EXPECT_NE(unsorted.error().find("not sorted"), std::string::npos) << unsorted.error();
  auto missing = Book::load("/no/such/dir/book.bin");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("no such file"), std::string::npos) << missing.error();
  for (const auto* e : {&truncated, &unsorted, &missing})
    EXPECT_EQ(e->error().find('\n'), std::string::npos);
  EXPECT_TRUE(Book::from_bytes("").ok());  // an empty book is a book with no positions
}

TEST(PolyglotBook, BinarySearchFindsWhatALinearScanFinds) {
  Rng rng(7);
  std::vector<Entry> entries;
  for (int i = 0; i < 3000; ++i)
    entries.push_back({rng.below(500) * 0x9E3779B97F4A7C15ULL, static_cast<std::uint16_t>(i),
                       static_cast<std::uint16_t>(rng.below(100)), 0});
  const Book book = Book::from_entries(entries);
  auto reread = Book::from_bytes(book.to_bytes());
  ASSERT_TRUE(reread.ok());
  EXPECT_EQ(reread->entries(), book.entries());
  for (int k = 0; k < 500; ++k) {
    const std::uint64_t key = k * 0x9E3779B97F4A7C15ULL;
    std::size_t expected = 0;
    for (const Entry& e : entries) expected += e.key == key;
    const auto found = book.entries_for(key);
    EXPECT_EQ(found.size(), expected);
    for (std::size_t i = 0; i < found.size(); ++i) {
      EXPECT_EQ(found[i].key, key);
      if (i) {
        EXPECT_GE(found[i - 1].weight, found[i].weight);  // highest weight first
      }
    }
  }
}

std::vector<Move> line(const Position& start, const std::vector<std::string>& sans) {
  Position pos = start;
  auto moves = play_san_line(pos, sans);
  EXPECT_TRUE(moves.ok());
  return moves.ok() ? *moves : std::vector<Move>{};
}

TEST(PolyglotBook, MakingWeighsWinsTwoDrawsOneAsPolyglotDoes) {
  const Position start;
  BookMaker maker({.max_plies = 3, .min_games = 2});
  maker.add_game(start, line(start, {"e4", "e5", "Nf3", "Nc6"}), "1-0");
  maker.add_game(start, line(start, {"e4", "e5", "Nf3", "d6"}), "1/2-1/2");
  maker.add_game(start, line(start, {"e4", "c5"}), "0-1");
  maker.add_game(start, line(start, {"d4", "d5"}), "*");  // unfinished: a draw, as in polyglot
  const Book book = maker.book();
  EXPECT_EQ(maker.games(), 4);
  // 1. e4: 3 games, 2 + 1 + 0 points. 1. d4: one game only (min games 2). 1... e5: 2 games,
  // Black lost one and drew one: 0 + 1. 2. Nf3: 2 games, 2 + 1. Plies past 3 are not counted.
  std::map<std::string, int> weights;
  Position pos = start;
  for (const auto& bm : book.moves(pos)) weights[to_san(pos, bm.move)] = bm.weight;
  EXPECT_EQ(weights, (std::map<std::string, int>{{"e4", 3}}));
  pos.play(uci(pos, "e2e4"));
  weights.clear();
  for (const auto& bm : book.moves(pos)) weights[to_san(pos, bm.move)] = bm.weight;
  EXPECT_EQ(weights, (std::map<std::string, int>{{"e5", 1}}));
  pos.play(uci(pos, "e7e5"));
  ASSERT_EQ(book.moves(pos).size(), 1u);
  EXPECT_EQ(book.moves(pos)[0].weight, 3);
  pos.play(uci(pos, "g1f3"));
  EXPECT_TRUE(book.moves(pos).empty());
  EXPECT_EQ(book.size(), 3u);
  for (const Entry& e : book.entries()) EXPECT_EQ(e.learn, 0u);
}

TEST(PolyglotBook, MakingHalvesAPositionsCountsAt16384Games) {
  const Position start;
  BookMaker maker({.max_plies = 1, .min_games = 1});
  for (int i = 0; i < 16383; ++i) maker.add_game(start, line(start, {"e4"}), "1/2-1/2");
  for (int i = 0; i < 10; ++i) maker.add_game(start, line(start, {"d4"}), "1-0");
  // The 16384th game of 1. e4 halves every move of the start: e4 16384 -> 8192 games and
  // 16384 -> 8192 points; d4 (10 games, 20 points) -> 5 and 10.
  maker.add_game(start, line(start, {"e4"}), "1/2-1/2");
  const auto moves = maker.book().moves(start);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].weight, 8192);
  EXPECT_EQ(moves[1].weight, 10);
}

// Debian's polyglot 2.0.4, where installed, makes a book from the same games: the files must be
// identical, byte for byte (its qsort is glibc's merge sort, so equal weights keep the order in
// which the moves were first met, as minimax's stable sort does).
TEST(PolyglotBook, SameBookAsPolyglotMakeBook) {
  const char* polyglot = "/usr/games/polyglot";
  if (access(polyglot, X_OK) != 0) GTEST_SKIP() << "Debian's polyglot is not installed";
  const fs::path dir =
      fs::temp_directory_path() / ("minimax_book_make_" + std::to_string(getpid()));
  fs::create_directories(dir);
  // Games that share their openings: each ply one of the first three legal moves, the result
  // at random.
  Rng rng(11);
  std::string pgn;
  for (int g = 0; g < 400; ++g) {
    Position pos;
    std::vector<Move> moves;
    for (int ply = 0; ply < 24 && pos.has_legal_move(); ++ply) {
      Position::MoveList legal;
      pos.generate_moves(legal);
      const Move m = legal[rng.below(std::min<std::uint64_t>(3, legal.size()))];
      moves.push_back(m);
      pos.play(m);
    }
    const char* results[] = {"1-0", "0-1", "1/2-1/2"};
    pgn += write_pgn(make_pgn_game(Position(), moves, results[rng.below(3)])) + "\n";
  }
  ASSERT_TRUE(write_file_atomically(dir / "games.pgn", pgn).ok());
  const std::string cmd = std::string(polyglot) + " make-book -pgn " +
                          (dir / "games.pgn").string() + " -bin " + (dir / "theirs.bin").string() +
                          " -max-ply 16 -min-game 2 > /dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  auto games = parse_pgn(pgn);
  ASSERT_TRUE(games.ok()) << games.error();
  BookMaker maker({.max_plies = 16, .min_games = 2});
  for (const auto& g : *games) maker.add_game(*g.start_position(), g.main_line(), g.result);
  const Book ours = maker.book();
  std::ifstream in(dir / "theirs.bin", std::ios::binary);
  std::ostringstream theirs;
  theirs << in.rdbuf();
  EXPECT_GT(ours.size(), 100u);
  EXPECT_EQ(ours.size() * kEntryBytes, theirs.str().size());
  EXPECT_TRUE(ours.to_bytes() == theirs.str()) << "the books differ";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace minimax::chess::polyglot
