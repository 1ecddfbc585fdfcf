#pragma once
// Polyglot's Random64 table (781 numbers): 768 piece-square, 4 castling, 8 en-passant files, 1
// turn. The key of a position is the XOR of the entries that apply, exactly as Polyglot defines it,
// so positions can be looked up in Polyglot opening books.
#include <cstdint>

#include "games/chess/types.hpp"

namespace minimax::chess::zobrist {

std::uint64_t piece_square(Piece p, Square s);
std::uint64_t castling(int rights);       // XOR of the entries of the rights in the 4-bit mask
std::uint64_t en_passant_file(int file);  // only XORed when an en-passant capture is possible
std::uint64_t side();                     // XORed when White is to move (Polyglot's "turn")

}  // namespace minimax::chess::zobrist
