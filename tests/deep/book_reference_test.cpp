// minimax's Polyglot reader against tools nobody here wrote (make check-deep; docs/book.md):
// Debian's gnuchess-book (/usr/share/games/gnuchess/book.bin) read by Debian's polyglot 2.0.4.
//   1. `polyglot dump-book -color white|black` lists every line of the book with the share of each
//      book move ({39%}); every position on those lines is probed with minimax: the same moves,
//      and the same shares as polyglot prints them (weight / sum, "%.0f").
//   2. Positions along real games (the 8moves_v3 openings in ../shared/data/openings, played out
//      move by move, and Turing's two games): polyglot as a UCI adapter with BookRandom=false
//      plays the book's best move or, out of the book, hands the position to its engine; minimax's
//      best book move (BestBookMove) must be the same move, and "out of the book" the same
//      positions. Where such a position is also on a dumped line, 1. compares its whole list.
// Skips (with the reason) when the book, polyglot, stockfish or the shared data are absent.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "games/chess/pgn.hpp"
#include "games/chess/polyglot_book.hpp"
#include "games/chess/san.hpp"
#include "machines/chess/book.hpp"

namespace minimax::chess {
namespace {

namespace fs = std::filesystem;

constexpr const char* kBook = "/usr/share/games/gnuchess/book.bin";
constexpr const char* kPolyglot = "/usr/games/polyglot";
constexpr const char* kStockfish = "/usr/games/stockfish";

std::string run_and_read(const std::string& command) {
  std::string text;
  if (FILE* f = popen(command.c_str(), "r")) {
    char buf[65536];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    pclose(f);
  }
  return text;
}

// What polyglot's dump gives for a position: move (UCI) -> its printed percentage.
using Shares = std::map<std::string, std::string>;
struct Dumped {
  Shares shares;
  std::string fen;  // the position, as minimax reached it along the line
};

// Reads a dump-book file: "N: 1. e4{39%} a6 2. d4{100%} ... [{trans: ...}|{cycle: ...}]".
// Every move followed by {P%} is a book move of the position before it.
void read_dump(const fs::path& file, std::map<std::uint64_t, Dumped>& out, int& lines,
               std::vector<std::string>& problems) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);  // Dump of "..." for white.
  while (std::getline(in, line)) {
    ++lines;
    const auto colon = line.find(": ");
    std::string body = line.substr(colon + 2);
    if (const auto brace = body.find(" {"); brace != std::string::npos) body.resize(brace);
    if (const auto brace = body.find("{trans"); brace != std::string::npos) body.resize(brace);
    if (const auto brace = body.find("{cycle"); brace != std::string::npos) body.resize(brace);
    Position pos;
    for (const std::string& token : split_whitespace(body)) {
      if (!token.empty() && token.back() == '.') continue;  // a move number
      std::string san = token, pct;
      if (const auto b = token.find('{'); b != std::string::npos) {
        san = token.substr(0, b);
        pct = token.substr(b + 1, token.find('%') - b - 1);
      }
      auto m = parse_san(pos, san);
      if (!m) {
        problems.push_back("line " + std::to_string(lines) + ": " + m.error());
        break;
      }
      if (!pct.empty()) {
        auto& dumped = out[pos.key()];
        dumped.fen = pos.fen();
        auto& shares = dumped.shares;
        const std::string uci = pos.move_to_string(*m);
        if (shares.count(uci) && shares[uci] != pct)
          problems.push_back("polyglot printed two shares for " + uci);
        shares[uci] = pct;
      }
      pos.play(*m);
    }
  }
}

// minimax's book moves as polyglot prints them: weight > 0 (polyglot skips the others), share
// 100 * (weight / sum) with "%.0f".
Shares minimax_shares(const polyglot::Book& book, const Position& pos) {
  Shares s;
  std::uint64_t total = 0;
  for (const auto& m : book.moves(pos)) total += m.weight;
  for (const auto& m : book.moves(pos)) {
    if (m.weight == 0) continue;
    char pct[16];
    // As polyglot computes it: the probability first, then times 100 (23 / 40 prints 57, not 58).
    const double probability = static_cast<double>(m.weight) / static_cast<double>(total);
    std::snprintf(pct, sizeof pct, "%.0f", 100 * probability);
    s[pos.move_to_string(m.move)] = pct;
  }
  return s;
}

// Polyglot as a UCI adapter in front of stockfish, behind two pipes.
class PolyglotAdapter {
 public:
  PolyglotAdapter() {
    int to[2], from[2];
    if (pipe(to) != 0 || pipe(from) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to[0], 0);
      dup2(from[1], 1);
      close(to[1]);
      close(from[0]);
      execl(kPolyglot, kPolyglot, "-noini", "-ec", kStockfish, "-pg", "Book=true", "-pg",
            (std::string("BookFile=") + kBook).c_str(), "-pg", "BookRandom=false", "-pg",
            "BookTreshold=0", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to[0]);
    close(from[1]);
    in_ = to[1];
    out_ = from[0];
    signal(SIGPIPE, SIG_IGN);
    send("uci");
    std::string l;
    while (read_line(l) && l != "uciok") {
    }
  }
  ~PolyglotAdapter() {
    send("quit");
    close(in_);
    close(out_);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  // The book's best move in UCI notation, or "" when polyglot asked its engine.
  std::string book_move(const Position& pos) {
    send("position fen " + pos.fen());
    send("go depth 1");
    std::string l, previous;
    while (read_line(l)) {
      if (starts_with(l, "bestmove")) {
        return previous == "info depth 1 time 0 nodes 0 nps 0 cpuload 0" ? l.substr(9) : "";
      }
      previous = l;
    }
    return "?";
  }

 private:
  void send(const std::string& s) {
    const std::string line = s + "\n";
    if (write(in_, line.data(), line.size()) < 0) return;
  }
  bool read_line(std::string& line) {
    for (;;) {
      if (const auto nl = pending_.find('\n'); nl != std::string::npos) {
        line = pending_.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        pending_.erase(0, nl + 1);
        return true;
      }
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, 30000) <= 0) return false;
      char buf[4096];
      const ssize_t n = read(out_, buf, sizeof buf);
      if (n <= 0) return false;
      pending_.append(buf, static_cast<std::size_t>(n));
    }
  }
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string pending_;
};

TEST(BookReference, GnuchessBookAgreesWithPolyglot) {
  for (const char* f : {kBook, kPolyglot, kStockfish})
    if (access(f, R_OK) != 0) GTEST_SKIP() << f << " is not installed";
  const fs::path shared = fs::path(MINIMAX_SOURCE_DIR) / ".." / "shared" / "data";
  const fs::path openings = shared / "openings" / "8moves_v3.pgn.gz";
  if (!fs::exists(openings)) GTEST_SKIP() << openings << " not found";
  auto book = polyglot::Book::load(kBook);
  ASSERT_TRUE(book.ok()) << book.error();

  // 1. Every position on polyglot's dumped lines.
  const fs::path dir = fs::temp_directory_path() / ("minimax_book_ref_" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::map<std::uint64_t, Dumped> dumped;
  std::vector<std::string> problems;
  int lines = 0;
  for (const char* colour : {"white", "black"}) {
    const fs::path out = dir / (std::string(colour) + ".txt");
    run_and_read(std::string(kPolyglot) + " dump-book -bin " + kBook + " -color " + colour +
                 " -out " + out.string() + " > /dev/null 2>&1");
    read_dump(out, dumped, lines, problems);
  }
  fs::remove_all(dir);
  EXPECT_TRUE(problems.empty()) << problems.front();
  int dump_mismatches = 0;
  for (const auto& [key, d] : dumped) {
    auto pos = Position::from_fen(d.fen);
    ASSERT_TRUE(pos.ok() && pos->key() == key) << d.fen;
    if (minimax_shares(*book, *pos) != d.shares) {
      ++dump_mismatches;
      if (dump_mismatches <= 10) ADD_FAILURE() << d.fen << ": shares differ from polyglot's dump";
    }
  }

  // 2. Positions along real games.
  auto text = run_and_read("gzip -dc " + openings.string());
  auto games = parse_pgn(text);
  ASSERT_TRUE(games.ok()) << games.error();
  std::vector<PgnGame> all = *games;
  for (const char* g : {"turing_game1.pgn", "turing_game2.pgn"}) {
    std::ifstream in(fs::path(MINIMAX_SOURCE_DIR) / "tests" / "data" / "games" / g);
    std::stringstream s;
    s << in.rdbuf();
    auto more = parse_pgn(s.str());
    ASSERT_TRUE(more.ok()) << more.error();
    for (auto& game : *more) all.push_back(game);
  }
  PolyglotAdapter adapter;
  Rng rng(1);
  std::set<std::uint64_t> seen;
  int compared = 0, in_book = 0, best_mismatches = 0, on_lines = 0, line_mismatches = 0;
  const std::size_t kGames = 300;
  for (std::size_t gi = 0; gi < all.size(); ++gi) {
    // The first kGames openings and Turing's two games.
    if (gi >= kGames && gi + 2 < all.size()) continue;
    const PgnGame& g = all[gi];
    Position pos = *g.start_position();
    std::vector<Move> moves = g.main_line();
    for (std::size_t i = 0; i <= moves.size(); ++i) {
      if (seen.insert(pos.key()).second && pos.has_legal_move()) {
        ++compared;
        const auto ours = choose_book_move(*book, pos, rng, true);
        const std::string mine = ours ? pos.move_to_string(ours->move) : "";
        const std::string theirs = adapter.book_move(pos);
        in_book += !mine.empty();
        if (mine != theirs) {
          ++best_mismatches;
          ADD_FAILURE() << pos.fen() << ": minimax '" << mine << "', polyglot '" << theirs << "'";
        }
        if (auto d = dumped.find(pos.key()); d != dumped.end()) {
          ++on_lines;
          if (minimax_shares(*book, pos) != d->second.shares) {
            ++line_mismatches;
            ADD_FAILURE() << pos.fen() << ": shares differ from polyglot's dump";
          }
        }
      }
      if (i < moves.size()) pos.play(moves[i]);
    }
  }
  std::cout << "gnuchess book: " << book->size() << " entries, " << book->positions()
            << " positions\n"
            << "polyglot dump-book: " << lines << " lines, " << dumped.size()
            << " positions with their book moves; minimax's moves and shares there: "
            << dump_mismatches << " mismatches\n"
            << "positions from games: " << compared << " distinct (" << in_book
            << " in the book), best move against polyglot's adapter: " << best_mismatches
            << " mismatches\n"
            << "  of them on polyglot's dumped lines: " << on_lines
            << ", move lists and shares: " << line_mismatches << " mismatches\n";
  EXPECT_GE(compared, 1000);
  EXPECT_GE(in_book, 1000);
}

// A book made by `minimax book make` from the 34,700 8moves_v3 openings is the very file
// `polyglot make-book` makes from them, and polyglot's dump of it agrees with minimax's probes.
TEST(BookReference, MinimaxMakeBookEqualsPolyglotMakeBook) {
  if (access(kPolyglot, X_OK) != 0) GTEST_SKIP() << kPolyglot << " is not installed";
  const fs::path openings =
      fs::path(MINIMAX_SOURCE_DIR) / ".." / "shared" / "data" / "openings" / "8moves_v3.pgn.gz";
  if (!fs::exists(openings)) GTEST_SKIP() << openings << " not found";
  const fs::path dir =
      fs::temp_directory_path() / ("minimax_book_make_ref_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path pgn = dir / "8moves.pgn", ours = dir / "ours.bin", theirs = dir / "theirs.bin";
  ASSERT_TRUE(write_file_atomically(pgn, run_and_read("gzip -dc " + openings.string())).ok());
  std::istringstream in;
  std::ostringstream out, err;
  const std::vector<std::string> args = {"book",      "make", pgn.string(),  "-o", ours.string(),
                                         "--max-ply", "12",   "--min-games", "3"};
  ASSERT_EQ(cli::run_main(args, in, out, err), 0) << err.str();
  run_and_read(std::string(kPolyglot) + " make-book -pgn " + pgn.string() + " -bin " +
               theirs.string() + " -max-ply 12 -min-game 3 > /dev/null 2>&1");
  auto a = polyglot::Book::load(ours), b = polyglot::Book::load(theirs);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_GT(a->size(), 1000u);
  EXPECT_EQ(a->size(), b->size());
  EXPECT_TRUE(a->to_bytes() == b->to_bytes()) << "the books differ";
  // polyglot reads minimax's book: every position on its dumped lines, minimax's shares.
  std::map<std::uint64_t, Dumped> dumped;
  std::vector<std::string> problems;
  int lines = 0, mismatches = 0;
  for (const char* colour : {"white", "black"}) {
    const fs::path txt = dir / (std::string(colour) + ".txt");
    run_and_read(std::string(kPolyglot) + " dump-book -bin " + ours.string() + " -color " + colour +
                 " -out " + txt.string() + " > /dev/null 2>&1");
    read_dump(txt, dumped, lines, problems);
  }
  EXPECT_TRUE(problems.empty());
  for (const auto& [key, d] : dumped)
    mismatches += minimax_shares(*a, *Position::from_fen(d.fen)) != d.shares;
  std::cout << out.str() << "polyglot make-book from the same games: " << b->size()
            << " entries, files identical: " << (a->to_bytes() == b->to_bytes() ? "yes" : "no")
            << "\npolyglot dump-book of minimax's book: " << lines << " lines, " << dumped.size()
            << " positions; minimax's moves and shares there: " << mismatches << " mismatches\n";
  EXPECT_GT(dumped.size(), 500u);
  EXPECT_EQ(mismatches, 0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace minimax::chess
