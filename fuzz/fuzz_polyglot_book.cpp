// Polyglot books: any bytes give a book or one line of error; a book read is probed in the start
// position, its entries' moves decoded there, and it writes back to the same bytes.
#include "fuzz_common.hpp"
#include "games/chess/polyglot_book.hpp"
#include "games/chess/position.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto book = chess::polyglot::Book::from_bytes(fuzz::text_of(data, size), "fuzz");
  if (!book) {
    fuzz::one_line(book.error(), "Book::from_bytes");
    return 0;
  }
  auto start =
      chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  (void)book->moves(*start);
  (void)book->positions();
  std::size_t n = 0;
  for (const auto& e : book->entries()) {
    if (++n > 64) break;
    (void)book->entries_for(e.key);
    (void)chess::polyglot::decode_move(*start, e.move);
    (void)chess::polyglot::move_code_text(e.move);
  }
  fuzz::require(book->to_bytes() == std::string(fuzz::text_of(data, size)),
                "a book read does not write back to the same bytes");
  return 0;
}
