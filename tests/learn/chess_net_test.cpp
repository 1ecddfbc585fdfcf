// The chess network's learning run (learn/chess_net.hpp and `minimax learn chess-net`, on
// learn/net_run.hpp, whose kill-and-resume test is draughts_net_test.cpp's): games that depend
// only on their seed, the first generation played by the hand-crafted evaluation and the second by
// the first's network, kept positions that decode to quiet positions, a run that goes on from a
// finished generation to the networks of a run never stopped, and a fit on its data.
#include "learn/chess_net.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../cli_run.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/nnue.hpp"

namespace minimax::learn::chess_net {
namespace {

namespace fs = std::filesystem;

std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ChessNet, AGameDependsOnlyOnItsSeedAndKeepsQuietPositions) {
  Settings s = default_settings();
  s.nodes = 300;
  s.max_plies = 120;
  const auto a = game().play(s, nullptr, 1, 5);
  const auto b = game().play(s, nullptr, 1, 5);
  const auto c = game().play(s, nullptr, 1, 6);
  ASSERT_GT(a.samples, 0);
  EXPECT_EQ(a.bytes, b.bytes);
  EXPECT_EQ(a.plies, b.plies);
  EXPECT_NE(a.bytes, c.bytes);
  ASSERT_EQ(a.bytes.size(), static_cast<std::size_t>(a.samples) * game().sample_bytes);
  for (int i = 0; i < a.samples; ++i) {
    net_run::Features f;
    game().read(std::string_view(a.bytes).substr(static_cast<std::size_t>(i) * 28, 28), 1, f);
    EXPECT_EQ(f.nu, f.nt);
    EXPECT_GE(f.nu, 2);
    EXPECT_LE(f.nu, 32);
    // Each side has one king: an own king among the first perspective's inputs, and the other's.
    int own_kings = 0, other_kings = 0;
    for (int k = 0; k < f.nu; ++k) {
      own_kings += f.us[k] / 64 == 5;
      other_kings += f.us[k] / 64 == 11;
    }
    EXPECT_EQ(own_kings, 1);
    EXPECT_EQ(other_kings, 1);
    EXPECT_TRUE(f.result == a.result || f.result == -a.result);
  }
}

// A position's FEN with left and right exchanged: each rank's text reversed, no castling, the en
// passant square on the mirrored file.
std::string mirrored_fen(const std::string& fen) {
  auto f = split_whitespace(fen);
  auto ranks = split(f[0], '/');
  for (auto& rank : ranks) std::reverse(rank.begin(), rank.end());
  std::string& ep = f[3];
  if (ep != "-") ep[0] = static_cast<char>('h' - (ep[0] - 'a'));
  return join(ranks, "/") + " " + f[1] + " - " + ep + " " + f[4] + " " + f[5];
}

std::vector<int> sorted(const int* begin, int count) {
  std::vector<int> v(begin, begin + count);
  std::sort(v.begin(), v.end());
  return v;
}

TEST(ChessNet, TheMirrorImageIsTheInputsOfThePositionWithLeftAndRightExchanged) {
  ASSERT_TRUE(game().mirror);
  Rng rng(3);
  int compared = 0;
  for (int g = 0; g < 20; ++g) {
    chess::Position p;
    chess::Position::MoveList moves;
    for (int ply = 0; ply < 60 && p.outcome() == Outcome::none; ++ply, ++compared) {
      auto image = chess::Position::from_fen(mirrored_fen(p.fen()));
      ASSERT_TRUE(image) << p.fen() << ": " << image.error();
      for (const chess::Color c : {chess::white, chess::black}) {
        net_run::Features f;
        f.nu = chess::engine::net_inputs(p, c, f.us);
        f.nt =
            chess::engine::net_inputs(p, c == chess::white ? chess::black : chess::white, f.them);
        const net_run::Features original = f;
        game().mirror(f);
        int us[32], them[32];
        const int nu = chess::engine::net_inputs(*image, c, us);
        const int nt = chess::engine::net_inputs(
            *image, c == chess::white ? chess::black : chess::white, them);
        EXPECT_EQ(sorted(f.us, f.nu), sorted(us, nu)) << p.fen();
        EXPECT_EQ(sorted(f.them, f.nt), sorted(them, nt)) << p.fen();
        // Twice is the position itself.
        game().mirror(f);
        EXPECT_EQ(sorted(f.us, f.nu), sorted(original.us, original.nu));
        EXPECT_EQ(sorted(f.them, f.nt), sorted(original.them, original.nt));
      }
      moves.clear();
      p.generate_moves(moves);
      p.play(moves[rng.below(moves.size())]);
    }
  }
  EXPECT_GT(compared, 500);
}

TEST(ChessNetCli, ARunGoesOnFromItsLastGenerationToTheNetworksOfARunNeverStopped) {
  const fs::path dir = fs::temp_directory_path() / "minimax_chess_net_run";
  fs::remove_all(dir);
  const std::vector<std::string> flags = {"--games",     "6", "--chunk",  "3",  "--nodes",   "200",
                                          "--epochs",    "2", "--hidden", "16", "--threads", "1",
                                          "--max-plies", "60"};
  auto learn = [&](std::vector<std::string> args) {
    args.insert(args.begin(), "learn");
    args.insert(args.end(), flags.begin(), flags.end());
    return test::run_cli(args);
  };
  const auto whole = learn({"chess-net", "--dir", (dir / "whole").string(), "--generations", "2"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_FALSE(fs::exists(dir / "whole" / "nets" / "gen-0.nnue"))
      << "generation 1 is played by the hand-crafted evaluation";
  const auto first = learn({"chess-net", "--dir", (dir / "parts").string(), "--generations", "1"});
  ASSERT_EQ(first.status, 0) << first.err;
  const auto second = learn({"chess-net", "--dir", (dir / "parts").string(), "--generations", "2"});
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_NE(second.out.find("going on with the run"), std::string::npos) << second.out;
  for (const char* f : {"nets/gen-1.nnue", "nets/gen-2.nnue", "nets/gen-2.fnet"})
    EXPECT_EQ(file_bytes(dir / "parts" / f), file_bytes(dir / "whole" / f)) << f;
  // The network loads in the engine.
  EXPECT_TRUE(chess::engine::load_network((dir / "whole" / "nets" / "gen-2.nnue").string()));

  const auto fit = test::run_cli({"learn", "chess-fit", (dir / "fit.nnue").string(), "--dir",
                                  (dir / "whole").string(), "--hidden", "16", "--epochs", "1",
                                  "--buckets", "2"});
  ASSERT_EQ(fit.status, 0) << fit.err;
  auto net = chess::engine::load_network((dir / "fit.nnue").string());
  ASSERT_TRUE(net) << net.error();
  EXPECT_EQ((*net)->buckets(), 2);
  const auto bad = test::run_cli({"learn", "chess-fit", (dir / "x.nnue").string(), "--dir",
                                  (dir / "whole").string(), "--from", "3"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("cannot fit on 3 to 2"), std::string::npos) << bad.err;
  // A mirrored fit trains on each position and its image.
  const auto plain = test::run_cli({"learn", "chess-fit", (dir / "p.nnue").string(), "--dir",
                                    (dir / "whole").string(), "--hidden", "16", "--epochs", "1"});
  const auto mirrored =
      test::run_cli({"learn", "chess-fit", (dir / "m.nnue").string(), "--dir",
                     (dir / "whole").string(), "--hidden", "16", "--epochs", "1", "--mirror"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_EQ(mirrored.status, 0) << mirrored.err;
  auto positions = [](const std::string& out) {
    const auto at = out.find(") on ");
    return at == std::string::npos ? -1L : std::stol(out.substr(at + 5));
  };
  EXPECT_GT(positions(plain.out), 0) << plain.out;
  EXPECT_EQ(positions(mirrored.out), 2 * positions(plain.out)) << mirrored.out;
  EXPECT_NE(mirrored.out.find("mirrored"), std::string::npos) << mirrored.out;
  // Patterns are draughts'; and a network with direct inputs is not the chess engine's.
  const auto patterns = test::run_cli({"learn", "chess-fit", (dir / "x.nnue").string(), "--dir",
                                       (dir / "whole").string(), "--patterns"});
  EXPECT_EQ(patterns.status, 1);
  EXPECT_NE(patterns.err.find("has no patterns"), std::string::npos) << patterns.err;
  {
    std::ofstream(dir / "direct.nnue", std::ios::binary)
        << nn::Network(std::string(chess::engine::kNetTag), chess::engine::kNetInputs, 16, 1,
                       nn::Activation::kClipped, 0, 10)
               .serialize();
  }
  auto direct = chess::engine::load_network((dir / "direct.nnue").string());
  ASSERT_FALSE(direct);
  EXPECT_NE(direct.error().find("10 direct inputs, expected none"), std::string::npos)
      << direct.error();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace minimax::learn::chess_net
