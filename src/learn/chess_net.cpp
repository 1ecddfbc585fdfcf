#include "learn/chess_net.hpp"

#include <algorithm>
#include <memory>

#include "core/rng.hpp"
#include "games/chess/position.hpp"
#include "machines/chess/engine/engine.hpp"
#include "machines/chess/engine/nnue.hpp"
#include "nn/bytes.hpp"

namespace minimax::learn::chess_net {

namespace ce = chess::engine;
using chess::Position;
using net_run::mix;

namespace {

constexpr int kAdjudicateScore = 2000;  // centipawns
constexpr int kAdjudicatePlies = 6;

struct Kept {
  std::uint64_t occupied = 0;
  std::uint8_t nibbles[16] = {};
  bool white_to_move = true;
  std::int16_t score = 0;
};

Kept keep(const Position& p, int score) {
  Kept k;
  k.occupied = p.pieces();
  int n = 0;
  for (chess::Bitboard b = p.pieces(); b; b &= b - 1, ++n) {
    const auto piece = static_cast<std::uint8_t>(p.piece_on(chess::lsb(b)));
    k.nibbles[n / 2] |= static_cast<std::uint8_t>(n % 2 ? piece << 4 : piece);
  }
  k.white_to_move = p.side() == chess::white;
  k.score = static_cast<std::int16_t>(std::clamp(score, -30000, 30000));
  return k;
}

net_run::Played play_game(const Settings& s, const nn::Network* net, int generation, int index) {
  net_run::Played played;
  Rng rng(
      mix(mix(s.seed, static_cast<std::uint64_t>(generation)), static_cast<std::uint64_t>(index)));
  Position p;
  Position::MoveList moves;
  for (int k = 0; k < s.random_plies && p.outcome() == Outcome::none; ++k) {
    moves.clear();
    p.generate_moves(moves);
    p.play(moves[rng.below(moves.size())]);
  }
  thread_local std::unique_ptr<ce::Engine> engine;
  if (!engine) {
    engine = std::make_unique<ce::Engine>();
    engine->set_hash(8);
    engine->set_threads(1);
  }
  // The run owns the network for the whole generation: an aliasing pointer that deletes nothing,
  // set when it changes (setting it clears the table, as new_game does for every game).
  if (engine->network() != net)
    engine->set_network(net ? std::shared_ptr<const nn::Network>(std::shared_ptr<void>(), net)
                            : nullptr);
  engine->new_game();
  ce::SearchLimits limits;
  limits.nodes = s.nodes;
  std::vector<Kept> kept;
  int result = 0;  // for White
  int streak = 0, streak_side = 0;
  while (true) {
    const Outcome o = p.outcome();
    if (o != Outcome::none) {
      const int mover = o == Outcome::win ? 1 : o == Outcome::loss ? -1 : 0;
      result = p.side() == chess::white ? mover : -mover;
      break;
    }
    if (played.plies >= s.max_plies) break;
    const ce::SearchResult r = engine->search(p, limits);
    if (!r.best) break;
    const int white_score = p.side() == chess::white ? r.score : -r.score;
    if (std::abs(r.score) >= kAdjudicateScore) {
      const int side = white_score > 0 ? 1 : -1;
      streak = side == streak_side ? streak + 1 : 1;
      streak_side = side;
      if (streak >= kAdjudicatePlies) {
        result = side;
        break;
      }
    } else {
      streak = 0;
    }
    if (!p.in_check() && !p.is_capture(r.best) && !r.best.is_promotion() &&
        std::abs(r.score) < ce::kTbWinInMaxPly && r.depth > 0)
      kept.push_back(keep(p, r.score));
    p.play(r.best);
    ++played.plies;
  }
  played.result = result;
  for (const Kept& k : kept) {
    nn::put<std::uint64_t>(played.bytes, k.occupied);
    played.bytes.append(reinterpret_cast<const char*>(k.nibbles), sizeof k.nibbles);
    nn::put<std::uint8_t>(played.bytes, k.white_to_move ? 1 : 0);
    nn::put<std::int8_t>(played.bytes,
                         static_cast<std::int8_t>(k.white_to_move ? result : -result));
    nn::put<std::int16_t>(played.bytes, k.score);
  }
  played.samples = static_cast<int>(kept.size());
  return played;
}

void read_sample(std::string_view b, int buckets, net_run::Features& f) {
  const auto occupied = nn::get<std::uint64_t>(b, 0);
  const chess::Color us = nn::get<std::uint8_t>(b, 24) != 0 ? chess::white : chess::black;
  f.result = nn::get<std::int8_t>(b, 25);
  f.score = nn::get<std::int16_t>(b, 26);
  f.nu = f.nt = 0;
  int n = 0;
  for (std::uint64_t o = occupied; o; o &= o - 1, ++n) {
    const chess::Square sq = chess::lsb(o);
    const auto byte = static_cast<std::uint8_t>(b[8 + static_cast<std::size_t>(n / 2)]);
    const auto piece = static_cast<chess::Piece>(n % 2 ? byte >> 4 : byte & 15);
    f.us[f.nu++] = ce::net_input(us, piece, sq);
    f.them[f.nt++] = ce::net_input(us == chess::white ? chess::black : chess::white, piece, sq);
  }
  f.bucket = ce::net_bucket(n, buckets);
}

net_run::Game make_game() {
  net_run::Game g;
  g.chunk_magic = "MMXCHS01";
  g.sample_bytes = 28;
  g.tag = ce::kNetTag;
  g.inputs = ce::kNetInputs;
  g.eval_scale = ce::kEvalScale;
  g.random_start = false;
  g.play = play_game;
  g.read = read_sample;
  // Left and right exchanged (a square's file mirrored, its rank kept): the same position for
  // every piece's moves; only castling tells them apart, and the inputs do not see it.
  g.mirror = [](net_run::Features& f) {
    for (int k = 0; k < f.nu; ++k) f.us[k] ^= 7;
    for (int k = 0; k < f.nt; ++k) f.them[k] ^= 7;
  };
  return g;
}

}  // namespace

Settings default_settings() {
  Settings s;
  s.games = 1000;
  s.nodes = 5000;
  s.random_plies = 8;
  s.max_plies = 400;
  s.hidden = 256;
  s.lambda = 1.0;
  s.egdb_pieces = 0;
  return s;
}

const net_run::Game& game() {
  static const net_run::Game g = make_game();
  return g;
}

}  // namespace minimax::learn::chess_net
