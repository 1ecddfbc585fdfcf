#pragma once
// The rules of chess: a bitboard position that models the Game concept (core/game.hpp).
// Standard chess and Chess960 share one code path (castling is "king takes own rook").
// The key equals the Polyglot key of the position (../shared/data/polyglot).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/move_list.hpp"
#include "core/side.hpp"
#include "games/chess/types.hpp"

namespace minimax::chess {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
 public:
  using Move = chess::Move;
  using MoveList = minimax::MoveList<chess::Move, 256>;

  Position();  // the initial position

  // --- FEN --------------------------------------------------------------------------------
  // Reads FEN, X-FEN and Shredder-FEN (castling field KQkq or rook files, e.g. HAha). The move
  // counters may be omitted (EPD). Every fault is an Error naming it: field count, piece letters,
  // rank lengths, kings, the side not to move in check, castling rights the pieces do not allow,
  // an impossible en-passant square.
  static Expected<Position> from_fen(std::string_view fen, bool chess960 = false);
  static Position start() { return Position(); }
  // FEN; the castling field is KQkq unless the position is Chess960 and a rook is not the
  // outermost on its side, where the file letter is written (X-FEN).
  [[nodiscard]] std::string fen() const;
  [[nodiscard]] bool chess960() const { return chess960_; }
  void set_chess960(bool on) { chess960_ = on; }

  // --- the board --------------------------------------------------------------------------
  [[nodiscard]] Color side() const { return side_; }
  [[nodiscard]] Side side_to_move() const { return to_side(side_); }
  [[nodiscard]] Piece piece_on(Square s) const { return board_[s]; }
  [[nodiscard]] Bitboard pieces() const { return by_color_[white] | by_color_[black]; }
  [[nodiscard]] Bitboard pieces(Color c) const { return by_color_[c]; }
  [[nodiscard]] Bitboard pieces(PieceType t) const { return by_type_[t]; }
  [[nodiscard]] Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  [[nodiscard]] Square king_square(Color c) const { return lsb(pieces(c, king)); }
  [[nodiscard]] int count(Color c, PieceType t) const { return popcount(pieces(c, t)); }

  [[nodiscard]] Bitboard checkers() const { return state().checkers; }
  [[nodiscard]] bool in_check() const { return state().checkers != 0; }
  [[nodiscard]] int castling_rights() const { return state().castling; }
  // Has colour c castled in this game, and on which wing: white_oo / white_ooo (black_oo /
  // black_ooo), or no_castling. A fact of the game: a castling move sets it and it stays, wherever
  // the king and rook go after. For the position a FEN sets up, which keeps no record of the
  // moves before it, it is read from the board: that side has no castling rights left and its
  // king and a rook stand where castling puts them (Kg1+Rf1 or Kc1+Rd1, mirrored for Black).
  [[nodiscard]] CastlingRight castled(Color c) const {
    return static_cast<CastlingRight>(state().castled & (c == white ? 3 : 12));
  }
  // The rook a castling right uses (no_square if that right is absent).
  [[nodiscard]] Square castling_rook(CastlingRight r) const;
  // The en-passant target square, set when a pawn of the side to move stands beside the pawn that
  // just made a double step (Polyglot's condition, so the key matches Polyglot's); whether the
  // capture is legal is decided by move generation.
  [[nodiscard]] Square ep_square() const { return state().ep; }
  [[nodiscard]] int halfmove_clock() const { return state().rule50; }
  [[nodiscard]] int fullmove_number() const { return 1 + game_ply_ / 2; }
  // Plies played since the position was set up (the length of the undo history).
  [[nodiscard]] int plies_played() const { return static_cast<int>(states_.size()) - 1; }
  // The piece captured by the last move played (no_piece if none).
  [[nodiscard]] Piece captured_piece() const { return state().captured; }

  // Pieces of either colour that attack s, with the given occupancy (for SEE and x-rays).
  [[nodiscard]] Bitboard attackers_to(Square s, Bitboard occupied) const;
  [[nodiscard]] Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // Does colour c attack square s?
  [[nodiscard]] bool attacked_by(Color c, Square s) const;
  // Pieces of either colour that block a slider's check on colour c's king.
  [[nodiscard]] Bitboard blockers_for_king(Color c) const { return state().blockers[c]; }

  // --- moves ------------------------------------------------------------------------------
  // Every legal move.
  void generate_moves(MoveList& list) const;
  // Legal captures (en passant included) and promotions (all four pieces).
  void generate_noisy(MoveList& list) const;
  // Legal moves that are neither captures nor promotions (castling included).
  void generate_quiet(MoveList& list) const;
  // Legal moves that give check (those of generate_moves for which gives_check holds), made
  // without generating the rest: the last move of a mate search.
  void generate_checks(MoveList& list) const;
  // Is m (any 16-bit value, e.g. from a hash table) a legal move here?
  [[nodiscard]] bool is_legal(Move m) const;
  [[nodiscard]] bool is_capture(Move m) const {
    return m.is_en_passant() || (!m.is_castling() && board_[m.to()] != no_piece);
  }
  [[nodiscard]] bool gives_check(Move m) const;
  [[nodiscard]] Piece moved_piece(Move m) const { return board_[m.from()]; }

  void play(Move m);
  void undo(Move m);
  void play_null();
  void undo_null();

  // Number of legal moves to depth (bulk counting at the last ply).
  [[nodiscard]] std::uint64_t perft(int depth);

  // --- the end of the game ----------------------------------------------------------------
  [[nodiscard]] std::uint64_t key() const { return state().key; }
  [[nodiscard]] bool is_checkmate() const;
  [[nodiscard]] bool is_stalemate() const;
  [[nodiscard]] bool has_legal_move() const;
  // Fifty moves (100 plies) without capture or pawn move; a mate on the 100th ply still wins.
  [[nodiscard]] bool is_fifty_move_draw() const;
  // Has the current position occurred `times` times in all (default three) since the last
  // irreversible move?
  [[nodiscard]] bool is_repetition(int times = 3) const;
  // Has it occurred before within the last `plies` plies (search: a repetition since the root)?
  [[nodiscard]] bool repeated_within(int plies) const;
  // Neither side can mate by any sequence of legal moves: K v K, K+minor v K, K+B v K+B with
  // bishops on one colour.
  [[nodiscard]] bool is_insufficient_material() const;
  // checkmate -> loss; stalemate, fifty moves, threefold, insufficient material -> draw.
  [[nodiscard]] Outcome outcome() const;

  // --- text -------------------------------------------------------------------------------
  // UCI long algebraic; castling as e1g1, or king-takes-rook (e1h1) when chess960().
  [[nodiscard]] std::string move_to_string(Move m) const;
  // Reads UCI long algebraic (both castling forms); the Error says why a move is not legal.
  [[nodiscard]] Expected<Move> parse_uci(std::string_view text) const;
  // The board as text, White at the bottom; unicode pieces unless ascii.
  [[nodiscard]] std::string to_string(bool ascii = true) const;

 private:
  struct State {
    std::uint64_t key = 0;
    Bitboard checkers = 0;
    Bitboard blockers[2] = {0, 0};
    Bitboard pinners[2] = {0, 0};
    Bitboard check_squares[7] = {};
    std::uint8_t castling = 0;
    std::uint8_t castled = 0;  // CastlingRight bits of the castling moves made in the game
    Square ep = no_square;
    std::uint16_t rule50 = 0;
    Piece captured = no_piece;
  };
  struct Blank {};
  explicit Position(Blank) {}
  Status parse_fen_fields(const std::vector<std::string>& fields, bool chess960);
  [[nodiscard]] const State& state() const { return states_.back(); }
  State& state() { return states_.back(); }
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void update_check_info();
  void set_castling_right(Color c, Square rook);
  [[nodiscard]] std::uint64_t compute_key() const;
  friend struct PositionAccess;  // tests: compute_key() from scratch
  friend struct MoveGenerator;   // movegen.cpp

  Piece board_[64] = {};
  Bitboard by_type_[7] = {};
  Bitboard by_color_[2] = {};
  Color side_ = white;
  int game_ply_ = 0;  // plies since the game's start, from the FEN's move number
  bool chess960_ = false;
  Square castling_rook_[16] = {};        // by CastlingRight bit
  std::uint8_t castling_mask_[64] = {};  // rights lost when a piece moves from/to a square
  std::vector<State> states_;
};

// FEN's first field for a board of 64 squares (a1 first; no_piece where empty): the pieces rank
// by rank from the eighth, runs of empty squares as digits.
std::string placement_fen(const Piece (&board)[64]);

// The key computed from scratch (tests compare it with the incremental one).
std::uint64_t polyglot_key(const Position& pos);

}  // namespace minimax::chess
