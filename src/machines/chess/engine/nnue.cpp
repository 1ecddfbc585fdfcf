#include "machines/chess/engine/nnue.hpp"

#include <algorithm>

namespace minimax::chess::engine {

int net_inputs(const Position& pos, Color perspective, int* out) {
  int n = 0;
  for (Bitboard b = pos.pieces(); b; b &= b - 1) {
    const Square s = lsb(b);
    out[n++] = net_input(perspective, pos.piece_on(s), s);
  }
  return n;
}

NetChange net_change(const Position& before, Move m) {
  NetChange c;
  const Square from = m.from(), to = m.to();
  const Piece mover = before.piece_on(from);
  const Color us = color_of(mover);
  auto remove = [&c](Piece p, Square s) {
    c.removed_piece[c.removed_count] = p;
    c.removed_square[c.removed_count++] = s;
  };
  auto add = [&c](Piece p, Square s) {
    c.added_piece[c.added_count] = p;
    c.added_square[c.added_count++] = s;
  };
  if (m.is_castling()) {
    // King takes own rook: the king goes to the g or c file, the rook to the f or d file.
    const bool king_side = file_of(to) > file_of(from);
    const int rank = rank_of(from);
    remove(mover, from);
    remove(before.piece_on(to), to);
    add(mover, make_square(king_side ? 6 : 2, rank));
    add(before.piece_on(to), make_square(king_side ? 5 : 3, rank));
    return c;
  }
  remove(mover, from);
  if (m.is_en_passant()) {
    const Square taken = make_square(file_of(to), rank_of(from));
    remove(before.piece_on(taken), taken);
  } else if (before.piece_on(to) != no_piece) {
    remove(before.piece_on(to), to);
  }
  add(m.is_promotion() ? make_piece(us, m.promotion_piece()) : mover, to);
  return c;
}

void net_refresh(const nn::Network& net, const Position& pos, nn::Accumulator& acc) {
  int active[32];
  for (const Color perspective : {white, black}) {
    const int n = net_inputs(pos, perspective, active);
    net.refresh(acc, perspective, active, n);
  }
}

void net_apply(const nn::Network& net, const NetChange& change, const nn::Accumulator& parent,
               nn::Accumulator& child) {
  for (const Color perspective : {white, black}) {
    int removed[3], added[2];
    for (int k = 0; k < change.removed_count; ++k)
      removed[k] = net_input(perspective, change.removed_piece[k], change.removed_square[k]);
    for (int k = 0; k < change.added_count; ++k)
      added[k] = net_input(perspective, change.added_piece[k], change.added_square[k]);
    net.update(parent, child, perspective, added, change.added_count, removed,
               change.removed_count);
  }
}

int net_score(const nn::Network& net, const nn::Accumulator& acc, Color to_move, int pieces) {
  const std::int64_t raw = net.output(acc, to_move, net_bucket(pieces, net.buckets()));
  const std::int64_t s = raw * kEvalScale / (nn::kQA * nn::kQB);
  // Inside the engine's range for ordinary scores, below any table win or mate.
  return static_cast<int>(std::clamp<std::int64_t>(s, -9000, 9000));
}

Expected<std::shared_ptr<const nn::Network>> embedded_network() {
  return Error{"this build has no chess network built in"};
}

Expected<std::shared_ptr<const nn::Network>> load_network(const std::string& path) {
  return nn::load_network(path, kNetTag, kNetInputs);
}

}  // namespace minimax::chess::engine
