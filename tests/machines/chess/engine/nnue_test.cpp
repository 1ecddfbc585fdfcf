// The chess engine's learned evaluation (machines/chess/engine/nnue.hpp): the accumulator kept up
// to date move by move equals a refresh from the board after every move of random games (castling
// in both forms, en passant and promotions among them), a position and its mirror score the same,
// the trainer's floating-point output is the engine's integer score within the quantization's
// error, and the engine plays with a network file and refuses a bad one in one line.
#include "machines/chess/engine/nnue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/options.hpp"
#include "core/rng.hpp"
#include "learn/net_trainer.hpp"
#include "machines/chess/engine/engine.hpp"
#include "machines/chess/engine/engine_options.hpp"

namespace minimax::chess::engine {
namespace {

nn::Network test_network(std::uint64_t seed, int buckets = 1) {
  return learn::nets::FloatNet::random(kNetInputs, 64, seed, buckets)
      .quantize(std::string(kNetTag));
}

TEST(ChessNnue, IncrementalAccumulatorEqualsARefreshAfterEveryMove) {
  const nn::Network net = test_network(5, 2);
  Rng rng(11);
  int moves_checked = 0, castles = 0, en_passant = 0, promotions = 0;
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      // Chess960 starts: the king and a rook swap or share squares when they castle.
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
      // Few pieces, pawns near promotion.
      "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
  };
  for (int game = 0; game < 1000; ++game) {
    const bool chess960 = game % 4 == 1 || game % 4 == 2;
    auto start = Position::from_fen(starts[game % 4], chess960);
    ASSERT_TRUE(start) << start.error();
    Position p = *start;
    nn::Accumulator acc{}, next{}, fresh{};
    net_refresh(net, p, acc);
    for (int ply = 0; ply < 120 && p.outcome() == Outcome::none; ++ply) {
      Position::MoveList moves;
      p.generate_moves(moves);
      const Move m = moves[rng.below(moves.size())];
      castles += m.is_castling();
      en_passant += m.is_en_passant();
      promotions += m.is_promotion();
      net_apply(net, net_change(p, m), acc, next);
      p.play(m);
      net_refresh(net, p, fresh);
      for (int side = 0; side < 2; ++side)
        for (int k = 0; k < net.hidden(); ++k)
          ASSERT_EQ(next.v[side][k], fresh.v[side][k])
              << p.fen() << " after " << p.move_to_string(m);
      const int pieces = popcount(p.pieces());
      ASSERT_EQ(net_score(net, next, p.side(), pieces), net_score(net, fresh, p.side(), pieces));
      acc = next;
      ++moves_checked;
    }
  }
  std::printf("%d moves checked: %d castlings, %d en passant, %d promotions\n", moves_checked,
              castles, en_passant, promotions);
  EXPECT_GT(moves_checked, 50000);
  EXPECT_GT(castles, 50);
  EXPECT_GT(en_passant, 20);
  EXPECT_GT(promotions, 100);
}

TEST(ChessNnue, TheTrainersOutputIsTheEnginesScoreWithinTheQuantizationError) {
  // 10,000 positions of random games, labelled by material; a network of the built-in shape
  // trained two epochs on them, then quantized: the engine's path (refresh, output, net_score)
  // against the trainer's floats on every position.
  learn::nets::TrainingSet data(kNetInputs);
  std::vector<Position> positions;
  Rng rng(21);
  const int values[] = {0, 1, 3, 3, 5, 9, 0};
  while (data.size() < 10000) {
    Position p;
    for (int ply = 0; ply < 160 && p.outcome() == Outcome::none && data.size() < 10000; ++ply) {
      Position::MoveList moves;
      p.generate_moves(moves);
      p.play(moves[rng.below(moves.size())]);
      int us[32], them[32], diff = 0;
      for (Bitboard b = p.pieces(); b; b &= b - 1) {
        const Piece pc = p.piece_on(lsb(b));
        diff += (color_of(pc) == p.side() ? 1 : -1) * values[type_of(pc)];
      }
      const int nu = net_inputs(p, p.side(), us), nt = net_inputs(p, ~p.side(), them);
      data.add(us, nu, them, nt, static_cast<float>(1 / (1 + std::exp(-0.4 * diff))));
      positions.push_back(p);
    }
  }
  auto net = learn::nets::FloatNet::random(kNetInputs, 256, 4);
  learn::nets::TrainSettings settings;
  settings.epochs = 2;
  settings.threads = 2;
  learn::nets::train(net, data, settings);
  const nn::Network q = net.quantize(std::string(kNetTag));
  double worst = 0, sum = 0;
  for (std::size_t i = 0; i < data.size(); ++i) {
    nn::Accumulator acc{};
    net_refresh(q, positions[i], acc);
    const double engine = net_score(q, acc, positions[i].side(), popcount(positions[i].pieces()));
    const double trainer = std::clamp(net.output(data, i) * kEvalScale, -9000.0f, 9000.0f);
    const double d = std::abs(engine - trainer);
    worst = std::max(worst, d);
    sum += d;
  }
  std::printf("trainer against engine, 10,000 positions: mean %.3f, largest %.3f centipawns\n",
              sum / static_cast<double>(data.size()), worst);
  // Each hidden unit carries ~33 first-layer roundings of up to 1/(2 kQA) (a spread of about
  // 0.0065), 512 of them weighed by the output weights, each rounded by up to 1/(2 kQB); the score
  // is then truncated to a centipawn. Measured: a mean of 2.7 and a largest of 8.6 centipawns
  // (0.013 and 0.043 of a logit); a wrong scale or a lost row would be tens or hundreds.
  EXPECT_LT(sum / static_cast<double>(data.size()), 4.0);
  EXPECT_LT(worst, 20.0);
}

TEST(ChessNnue, AMirroredPositionScoresTheSame) {
  const nn::Network net = test_network(8);
  // The same position with the colours exchanged and the board turned upside down.
  const std::pair<const char*, const char*> pairs[] = {
      {"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
       "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4"},
      {"8/5k2/8/3Pp3/8/8/2K5/8 w - e6 0 1", "8/2k5/8/8/3pP3/8/5K2/8 b - e3 0 1"},
  };
  for (const auto& [a, b] : pairs) {
    auto p = Position::from_fen(a), q = Position::from_fen(b);
    ASSERT_TRUE(p && q);
    nn::Accumulator x{}, y{};
    net_refresh(net, *p, x);
    net_refresh(net, *q, y);
    const int pieces = popcount(p->pieces());
    EXPECT_EQ(net_score(net, x, p->side(), pieces), net_score(net, y, q->side(), pieces)) << a;
  }
}

TEST(ChessNnue, TheEnginePlaysWithANetworkFileAndRefusesABadOneInOneLine) {
  const auto dir = std::filesystem::temp_directory_path() / "minimax-chess-nnue-test";
  std::filesystem::create_directories(dir);
  const auto good = (dir / "net.nnue").string(), bad = (dir / "bad.nnue").string();
  {
    std::ofstream(good, std::ios::binary) << test_network(3).serialize();
    const std::string bytes = test_network(3).serialize();
    std::ofstream(bad, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  }
  Engine engine;
  Options options;
  declare_eval_options(options, engine);
  // The built-in network plays from the start where the build has one.
  const auto embedded = embedded_network();
  EXPECT_EQ(engine.network(), embedded ? embedded->get() : nullptr);
  ASSERT_TRUE(options.set("Eval", "hand"));
  EXPECT_EQ(engine.network(), nullptr);
  SearchLimits limits;
  limits.depth = 6;
  const auto hand = engine.search(Position(), limits);

  ASSERT_TRUE(options.set("EvalFile", good));
  ASSERT_NE(engine.network(), nullptr);
  EXPECT_NE(engine.network(), embedded ? embedded->get() : nullptr);
  const auto with_net = engine.search(Position(), limits);
  EXPECT_TRUE(with_net.best);
  EXPECT_NE(with_net.nodes, hand.nodes) << "the network's search is another search";

  // A bad file: one line, and the engine plays on with the built-in network (or, in a build
  // without one, the hand-crafted evaluation).
  const auto refused = options.set("EvalFile", bad);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().find('\n'), std::string::npos);
  EXPECT_NE(refused.error().find("truncated"), std::string::npos) << refused.error();
  if (embedded) {
    EXPECT_NE(refused.error().find("the built-in network plays"), std::string::npos);
    EXPECT_EQ(engine.network(), embedded->get());
  } else {
    EXPECT_NE(refused.error().find("hand-crafted evaluation plays"), std::string::npos);
    EXPECT_EQ(engine.network(), nullptr);
    EXPECT_EQ(engine.search(Position(), limits).best, hand.best);
    EXPECT_FALSE(options.set("Eval", "net")) << "no network to play with";
  }

  ASSERT_FALSE(options.set("EvalFile", (dir / "missing.nnue").string()));
  ASSERT_TRUE(options.set("EvalFile", "<built-in>"));
  ASSERT_TRUE(options.set("Eval", "hand"));
  EXPECT_EQ(engine.network(), nullptr);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace minimax::chess::engine
