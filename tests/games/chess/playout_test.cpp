// The random-playout test (DESIGN.md, after OpenSpiel): thousands of random games of chess and of
// Chess960. At every ply:
//  - the generated moves are exactly the moves a deliberately simple, independent generator finds
//    (a mailbox walk over piece_on(), pseudo-legal moves, then "play it on a copy, is the own king
//    attacked?"): every generated move passes that slow check, and the counts agree;
//  - noisy + quiet generation partition the legal moves; is_legal and gives_check agree with them;
//  - play() changes the board as the slow board says; the incremental key equals polyglot_key()
//    computed from scratch; the FEN round-trips (same FEN, same key); undo() restores FEN and key;
//  - checkmate, stalemate, repetition and insufficient material agree with independent checks.
//  - every legal move's SAN (games/chess/san.hpp) reads back to the same move, on every 4th ply.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/chess/position.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {
namespace {

// ---- an independent, slow rules model --------------------------------------------------------

struct SlowBoard {
  std::array<Piece, 64> sq{};
  Color side = white;
  Square ep = no_square;
  Square castle_rook[16] = {};  // by CastlingRight bit; no_square when the right is absent

  static SlowBoard of(const Position& pos) {
    SlowBoard b;
    for (int s = 0; s < 64; ++s) b.sq[s] = pos.piece_on(Square(s));
    b.side = pos.side();
    b.ep = pos.ep_square();
    for (CastlingRight r : {white_oo, white_ooo, black_oo, black_ooo})
      b.castle_rook[r] = pos.castling_rook(r);
    return b;
  }

  static bool on(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

  Piece at(int f, int r) const { return sq[r * 8 + f]; }

  // Is square (f, r) attacked by colour c? Walks rays and offsets on the mailbox.
  bool attacked(int f, int r, Color c) const {
    const int pawn_dir = c == white ? -1 : 1;  // an attacking pawn stands one rank behind
    for (int df : {-1, 1})
      if (on(f + df, r + pawn_dir) && at(f + df, r + pawn_dir) == make_piece(c, pawn)) return true;
    static constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                          {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (auto& d : kKnight)
      if (on(f + d[0], r + d[1]) && at(f + d[0], r + d[1]) == make_piece(c, knight)) return true;
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        if (!df && !dr) continue;
        if (on(f + df, r + dr) && at(f + df, r + dr) == make_piece(c, king)) return true;
        const bool diagonal = df && dr;
        int x = f + df, y = r + dr;
        while (on(x, y)) {
          Piece p = at(x, y);
          if (p) {
            if (color_of(p) == c &&
                (type_of(p) == queen || type_of(p) == (diagonal ? bishop : rook)))
              return true;
            break;
          }
          x += df;
          y += dr;
        }
      }
    return false;
  }

  Square king_of(Color c) const {
    for (int s = 0; s < 64; ++s)
      if (sq[s] == make_piece(c, king)) return Square(s);
    return no_square;
  }

  bool in_check(Color c) const {
    Square k = king_of(c);
    return attacked(file_of(k), rank_of(k), ~c);
  }

  // The board after m (no legality test).
  SlowBoard after(Move m) const {
    SlowBoard b = *this;
    const Square from = m.from(), to = m.to();
    const Piece p = sq[from];
    if (m.is_castling()) {
      const bool kingside = to > from;
      const int back = rank_of(from);
      b.sq[from] = b.sq[to] = no_piece;
      b.sq[make_square(kingside ? 6 : 2, back)] = p;
      b.sq[make_square(kingside ? 5 : 3, back)] = sq[to];
    } else {
      if (m.is_en_passant()) b.sq[make_square(file_of(to), rank_of(from))] = no_piece;
      b.sq[from] = no_piece;
      b.sq[to] = m.is_promotion() ? make_piece(color_of(p), m.promotion_piece()) : p;
    }
    b.side = ~side;
    return b;
  }

  std::vector<Move> pseudo_legal() const {
    std::vector<Move> out;
    const Color us = side;
    auto target_ok = [&](int f, int r) {
      return on(f, r) && (!at(f, r) || color_of(at(f, r)) != us);
    };
    for (int s = 0; s < 64; ++s) {
      const Piece p = sq[s];
      if (!p || color_of(p) != us) continue;
      const int f = file_of(Square(s)), r = rank_of(Square(s));
      const Square from = Square(s);
      switch (type_of(p)) {
        case pawn: {
          const int dir = us == white ? 1 : -1, start = us == white ? 1 : 6,
                    last = us == white ? 7 : 0;
          auto add = [&](int tf, int tr) {
            const Square to = make_square(tf, tr);
            if (tr == last)
              for (PieceType t : {knight, bishop, rook, queen})
                out.emplace_back(from, to, Move::promotion, t);
            else
              out.emplace_back(from, to);
          };
          if (!at(f, r + dir)) {
            add(f, r + dir);
            if (r == start && !at(f, r + 2 * dir)) add(f, r + 2 * dir);
          }
          for (int df : {-1, 1}) {
            if (!on(f + df, r + dir)) continue;
            const Piece t = at(f + df, r + dir);
            if (t && color_of(t) != us) add(f + df, r + dir);
            if (ep != no_square && make_square(f + df, r + dir) == ep)
              out.emplace_back(from, ep, Move::en_passant);
          }
          break;
        }
        case knight: {
          static constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                                {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
          for (auto& d : kKnight)
            if (target_ok(f + d[0], r + d[1]))
              out.emplace_back(from, make_square(f + d[0], r + d[1]));
          break;
        }
        case king:
          for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
              if ((df || dr) && target_ok(f + df, r + dr))
                out.emplace_back(from, make_square(f + df, r + dr));
          break;
        default: {
          const PieceType t = type_of(p);
          for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
              if (!df && !dr) continue;
              const bool diagonal = df && dr;
              if (diagonal && t == rook) continue;
              if (!diagonal && t == bishop) continue;
              int x = f + df, y = r + dr;
              while (on(x, y)) {
                const Piece q = at(x, y);
                if (q && color_of(q) == us) break;
                out.emplace_back(from, make_square(x, y));
                if (q) break;
                x += df;
                y += dr;
              }
            }
        }
      }
    }
    // Castling, king takes own rook: every square either piece crosses or lands on is empty
    // (but for the two pieces), and the king is not attacked on any square it stands on or crosses.
    const CastlingRight rights[2] = {us == white ? white_oo : black_oo,
                                     us == white ? white_ooo : black_ooo};
    for (CastlingRight right : rights) {
      const Square rsq = castle_rook[right];
      if (rsq == no_square) continue;
      const Square k = king_of(us);
      const bool kingside = right == white_oo || right == black_oo;
      const int back = rank_of(k);
      const int kto = kingside ? 6 : 2, rto = kingside ? 5 : 3;
      bool ok = true;
      auto span_empty = [&](int a, int b) {
        for (int x = std::min(a, b); x <= std::max(a, b); ++x) {
          const Square s = make_square(x, back);
          if (s != k && s != rsq && sq[s]) return false;
        }
        return true;
      };
      ok = span_empty(file_of(k), kto) && span_empty(file_of(rsq), rto);
      for (int x = std::min<int>(file_of(k), kto); ok && x <= std::max<int>(file_of(k), kto); ++x)
        if (attacked(x, back, ~us)) ok = false;
      if (ok) out.emplace_back(k, rsq, Move::castling);
    }
    return out;
  }

  std::vector<Move> legal() const {
    std::vector<Move> out;
    for (Move m : pseudo_legal())
      if (!after(m).in_check(side)) out.push_back(m);
    return out;
  }
};

std::vector<std::uint16_t> raw_sorted(const std::vector<Move>& moves) {
  std::vector<std::uint16_t> r;
  for (Move m : moves) r.push_back(m.raw());
  std::sort(r.begin(), r.end());
  return r;
}

std::vector<Move> to_vector(const Position::MoveList& list) { return {list.begin(), list.end()}; }

// Chess960 starting position number n (0..959) in Scharnagl's numbering, castling as Shredder-FEN.
std::string chess960_start_fen(int n) {
  char rank[9] = "........";
  auto place_in_nth_empty = [&](int k, char piece) {
    for (int f = 0; f < 8; ++f)
      if (rank[f] == '.' && k-- == 0) {
        rank[f] = piece;
        return;
      }
  };
  rank[2 * (n % 4) + 1] = 'B';
  n /= 4;
  rank[2 * (n % 4)] = 'B';
  n /= 4;
  place_in_nth_empty(n % 6, 'Q');
  n /= 6;
  static constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                          {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  place_in_nth_empty(kKnights[n][1], 'N');  // the later one first, so the earlier index still holds
  place_in_nth_empty(kKnights[n][0], 'N');
  place_in_nth_empty(0, 'R');
  place_in_nth_empty(0, 'K');
  place_in_nth_empty(0, 'R');
  std::string white(rank), black = white, castle;
  for (auto& c : black) c = static_cast<char>(c - 'A' + 'a');
  for (int f = 7; f >= 0; --f)
    if (rank[f] == 'R') castle += char('A' + f);
  for (int f = 7; f >= 0; --f)
    if (rank[f] == 'R') castle += char('a' + f);
  return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castle + " - 0 1";
}

TEST(Chess960Start, ScharnaglNumbering) {
  EXPECT_EQ(chess960_start_fen(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  EXPECT_EQ(chess960_start_fen(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
  auto pos = Position::from_fen(chess960_start_fen(518), true);
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(pos->key(), Position().key());  // same position, same Polyglot key
  EXPECT_EQ(pos->perft(4), 197281u);
}

// Every legal move's SAN reads back to the move (and the SAN of distinct moves differs).
void check_san_round_trip(const Position& pos, const Position::MoveList& list) {
  for (Move m : list) {
    const std::string san = to_san(pos, m);
    auto back = parse_san(pos, san);
    ASSERT_TRUE(back.ok()) << pos.fen() << " " << san << ": " << back.error();
    ASSERT_EQ(*back, m) << pos.fen() << " " << san;
  }
}

struct Stats {
  long plies = 0, moves = 0, games = 0, checkmates = 0, stalemates = 0, repetitions = 0,
       insufficient = 0, fifty = 0, castlings = 0, en_passants = 0, promotions = 0;
};

// Plays one random game from pos, checking everything at every ply; false on the first failure.
void random_game(Position pos, Rng& rng, int max_plies, Stats& st) {
  std::vector<std::uint64_t> keys = {pos.key()};  // the key after each ply, for repetitions
  std::vector<Move> previous_moves;
  ++st.games;
  for (int ply = 0; ply < max_plies; ++ply) {
    const SlowBoard slow = SlowBoard::of(pos);
    Position::MoveList list, noisy, quiet;
    pos.generate_moves(list);
    pos.generate_noisy(noisy);
    pos.generate_quiet(quiet);
    const auto legal = raw_sorted(to_vector(list));
    ASSERT_EQ(legal, raw_sorted(slow.legal())) << pos.fen();
    ASSERT_EQ(std::adjacent_find(legal.begin(), legal.end()), legal.end())
        << "duplicate move in " << pos.fen();
    std::vector<Move> parts = to_vector(noisy);
    for (Move m : quiet) parts.push_back(m);
    ASSERT_EQ(raw_sorted(parts), legal) << "noisy + quiet != all in " << pos.fen();
    for (Move m : noisy) ASSERT_TRUE(pos.is_capture(m) || m.is_promotion()) << pos.fen();
    for (Move m : quiet) ASSERT_FALSE(pos.is_capture(m) || m.is_promotion()) << pos.fen();
    ASSERT_EQ(pos.in_check(), slow.in_check(pos.side())) << pos.fen();
    ASSERT_EQ(pos.has_legal_move(), !list.empty()) << pos.fen();
    // generate_checks: exactly the legal moves after which the other side is in check.
    Position::MoveList checks;
    pos.generate_checks(checks);
    std::vector<Move> checking;
    for (Move m : list) {
      pos.play(m);
      if (pos.in_check()) checking.push_back(m);
      pos.undo(m);
    }
    ASSERT_EQ(raw_sorted(to_vector(checks)), raw_sorted(checking)) << "checks in " << pos.fen();
    if (ply % 4 == 0) {
      check_san_round_trip(pos, list);
      if (::testing::Test::HasFatalFailure()) return;
    }

    // is_legal says yes exactly for the generated moves: asked of random 16-bit values, of the
    // previous position's moves (what a hash-table or killer move usually is), and of each move
    // with its kind or promotion piece changed.
    auto check_is_legal = [&](Move m) {
      ASSERT_EQ(pos.is_legal(m), std::binary_search(legal.begin(), legal.end(), m.raw()))
          << pos.fen() << " raw " << m.raw() << " " << pos.move_to_string(m);
    };
    for (int i = 0; i < 4; ++i)
      check_is_legal(Move::from_raw(static_cast<std::uint16_t>(rng.next())));
    for (Move m : previous_moves) check_is_legal(m);
    for (Move m : list) {
      check_is_legal(
          Move::from_raw(static_cast<std::uint16_t>(m.raw() ^ (1u << (12 + rng.below(4))))));
      if (::testing::Test::HasFatalFailure()) return;
    }
    previous_moves.assign(list.begin(), list.end());

    // The end of the game, against independent checks.
    const int r50 = pos.halfmove_clock();
    if (list.empty()) {
      ASSERT_EQ(pos.is_checkmate(), pos.in_check());
      ASSERT_EQ(pos.is_stalemate(), !pos.in_check());
      ASSERT_EQ(pos.outcome(), pos.in_check() ? Outcome::loss : Outcome::draw);
      ++(pos.in_check() ? st.checkmates : st.stalemates);
      return;
    }
    ASSERT_FALSE(pos.is_checkmate() || pos.is_stalemate());
    int occurrences = 0;
    for (int i = static_cast<int>(keys.size()) - 1, back = 0; i >= 0 && back <= r50; --i, ++back)
      if (back % 2 == 0 && keys[i] == pos.key()) ++occurrences;
    ASSERT_EQ(pos.is_repetition(3), occurrences >= 3) << pos.fen();
    bool bare = true;
    int minors = 0;
    for (int s = 0; s < 64; ++s) {
      const PieceType t = type_of(pos.piece_on(Square(s)));
      if (t == pawn || t == rook || t == queen) bare = false;
      if (t == knight || t == bishop) ++minors;
    }
    if (bare && minors <= 1) {
      ASSERT_TRUE(pos.is_insufficient_material()) << pos.fen();
    }
    if (!bare) {
      ASSERT_FALSE(pos.is_insufficient_material()) << pos.fen();
    }
    if (pos.outcome() != Outcome::none) {
      ASSERT_EQ(pos.outcome(), Outcome::draw);
      if (occurrences >= 3)
        ++st.repetitions;
      else if (pos.is_insufficient_material())
        ++st.insufficient;
      else
        ++st.fifty;
      return;
    }

    // Play a random move and check the board, the key and the FEN; undo and check again.
    // Uniform choice, except that a castling or en-passant move is taken half the time it is
    // there: uniform random play meets them too rarely to test them well.
    Move m = list[rng.below(list.size())];
    for (Move special : list)
      if ((special.is_castling() || special.is_en_passant()) && rng.below(2) == 0) m = special;
    const std::string fen_before = pos.fen();
    const std::uint64_t key_before = pos.key();
    const bool gives = pos.gives_check(m);
    st.castlings += m.is_castling();
    st.en_passants += m.is_en_passant();
    st.promotions += m.is_promotion();
    for (int pass = 0; pass < 2; ++pass) {
      pos.play(m);
      ASSERT_EQ(pos.in_check(), gives) << fen_before << " " << pos.move_to_string(m);
      const SlowBoard expected = slow.after(m);
      for (int s = 0; s < 64; ++s)
        ASSERT_EQ(pos.piece_on(Square(s)), expected.sq[s])
            << fen_before << " " << pos.move_to_string(m);
      ASSERT_EQ(pos.key(), polyglot_key(pos)) << fen_before << " then " << pos.move_to_string(m);
      auto again = Position::from_fen(pos.fen(), pos.chess960());
      ASSERT_TRUE(again.ok()) << pos.fen() << ": " << again.error();
      ASSERT_EQ(again->fen(), pos.fen());
      ASSERT_EQ(again->key(), pos.key()) << pos.fen();
      if (pass == 0) {
        pos.undo(m);
        ASSERT_EQ(pos.fen(), fen_before);
        ASSERT_EQ(pos.key(), key_before) << fen_before;
      }
    }
    // A null move (search uses them) is undone exactly too.
    if (!pos.in_check() && ply % 8 == 0) {
      const std::uint64_t k = pos.key();
      const std::string f = pos.fen();
      pos.play_null();
      ASSERT_EQ(pos.key(), polyglot_key(pos));
      pos.undo_null();
      ASSERT_EQ(pos.key(), k);
      ASSERT_EQ(pos.fen(), f);
    }
    keys.push_back(pos.key());
    ++st.plies;
    st.moves += static_cast<long>(list.size());
  }
}

TEST(Playout, RandomGamesOfChess) {
  Rng rng(20250101);
  Stats st;
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
  };
  for (int g = 0; g < 2100; ++g) {
    auto pos = Position::from_fen(starts[g % std::size(starts)]);
    ASSERT_TRUE(pos.ok());
    random_game(*pos, rng, 300, st);
    if (HasFatalFailure()) return;
  }
  RecordProperty("plies", std::to_string(st.plies));
  std::printf(
      "  %ld games, %ld plies, %ld moves checked; %ld mates, %ld stalemates, %ld repetitions, "
      "%ld insufficient, %ld fifty-move; %ld castlings, %ld e.p., %ld promotions\n",
      st.games, st.plies, st.moves, st.checkmates, st.stalemates, st.repetitions, st.insufficient,
      st.fifty, st.castlings, st.en_passants, st.promotions);
  EXPECT_GT(st.checkmates, 0);
  EXPECT_GT(st.stalemates, 0);
  EXPECT_GT(st.castlings, 100);
  EXPECT_GT(st.en_passants, 100);
  EXPECT_GT(st.promotions, 100);
}

TEST(Playout, RandomGamesOfChess960) {
  Rng rng(960);
  Stats st;
  for (int n = 0; n < 960; ++n) {
    auto pos = Position::from_fen(chess960_start_fen(n), true);
    ASSERT_TRUE(pos.ok()) << chess960_start_fen(n) << ": " << pos.error();
    random_game(*pos, rng, 200, st);
    if (HasFatalFailure()) return;
  }
  std::printf(
      "  %ld games, %ld plies, %ld moves checked; %ld castlings, %ld e.p., %ld promotions\n",
      st.games, st.plies, st.moves, st.castlings, st.en_passants, st.promotions);
  EXPECT_GT(st.castlings, 100);
}

}  // namespace
}  // namespace minimax::chess
