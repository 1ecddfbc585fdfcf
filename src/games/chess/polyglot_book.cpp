#include "games/chess/polyglot_book.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/read_file.hpp"

namespace minimax::chess::polyglot {

namespace {

std::uint64_t read_big_endian(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
  return v;
}

void write_big_endian(std::string& out, std::uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

// Entries of one key together, the highest weight first (polyglot make-book's order); a stable
// sort keeps the given order among equal weights.
void sort_entries(std::vector<Entry>& entries) {
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.key != b.key) return a.key < b.key;
    return a.weight > b.weight;
  });
}

}  // namespace

std::uint16_t encode_move(Move m) {
  // Castling is already "king takes own rook" in minimax's Move, as in Polyglot's books.
  int promo = 0;
  if (m.is_promotion()) promo = m.promotion_piece() - knight + 1;
  return static_cast<std::uint16_t>(file_of(m.to()) | (rank_of(m.to()) << 3) |
                                    (file_of(m.from()) << 6) | (rank_of(m.from()) << 9) |
                                    (promo << 12));
}

Move decode_move(const Position& pos, std::uint16_t code) {
  Position::MoveList legal;
  pos.generate_moves(legal);
  for (const Move m : legal)
    if (encode_move(m) == code) return m;
  return Move::none();
}

std::string move_code_text(std::uint16_t code) {
  const auto to = make_square(code & 7, (code >> 3) & 7);
  const auto from = make_square((code >> 6) & 7, (code >> 9) & 7);
  std::string s = square_name(from) + square_name(to);
  const int promo = (code >> 12) & 7;
  if (promo >= 1 && promo <= 4)
    s += "nbrq"[promo - 1];
  else if (promo != 0)
    s += '?';
  return s;
}

Expected<Book> Book::from_bytes(std::string_view bytes, const std::string& name) {
  if (bytes.size() % kEntryBytes != 0)
    return Error{name + ": truncated Polyglot book (" + std::to_string(bytes.size()) +
                 " bytes is not a whole number of 16-byte entries)"};
  Book b;
  b.entries_.resize(bytes.size() / kEntryBytes);
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  for (std::size_t i = 0; i < b.entries_.size(); ++i, p += kEntryBytes) {
    Entry& e = b.entries_[i];
    e.key = read_big_endian(p, 8);
    e.move = static_cast<std::uint16_t>(read_big_endian(p + 8, 2));
    e.weight = static_cast<std::uint16_t>(read_big_endian(p + 10, 2));
    e.learn = static_cast<std::uint32_t>(read_big_endian(p + 12, 4));
    if (i > 0 && e.key < b.entries_[i - 1].key)
      return Error{name + ": not a Polyglot book: keys not sorted (entry " + std::to_string(i) +
                   " of " + std::to_string(b.entries_.size()) + ")"};
  }
  return b;
}

Expected<Book> Book::load(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    return Error{"cannot open book '" + path.string() + "': no such file"};
  if (std::filesystem::is_directory(path, ec))
    return Error{"cannot open book '" + path.string() + "': it is a directory"};
  auto bytes = read_file(path);
  if (!bytes) return Error{"cannot open book '" + path.string() + "': not readable"};
  return from_bytes(*bytes, "book '" + path.string() + "'");
}

Book Book::from_entries(std::vector<Entry> entries) {
  sort_entries(entries);
  Book b;
  b.entries_ = std::move(entries);
  return b;
}

std::size_t Book::positions() const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (i == 0 || entries_[i].key != entries_[i - 1].key) ++n;
  return n;
}

std::span<const Entry> Book::entries_for(std::uint64_t key) const {
  const auto first = std::lower_bound(entries_.begin(), entries_.end(), key,
                                      [](const Entry& e, std::uint64_t k) { return e.key < k; });
  auto last = first;
  while (last != entries_.end() && last->key == key) ++last;
  return {first, last};
}

std::vector<BookMove> Book::moves(const Position& pos) const {
  std::vector<BookMove> out;
  std::uint64_t total = 0;
  for (const Entry& e : entries_for(pos.key())) {
    const Move m = decode_move(pos, e.move);
    if (!m) continue;
    out.push_back({m, e.weight, e.learn, 0.0});
    total += e.weight;
  }
  for (BookMove& b : out) b.share = total ? static_cast<double>(b.weight) / total : 0.0;
  return out;
}

std::string Book::to_bytes() const {
  std::string out;
  out.reserve(entries_.size() * kEntryBytes);
  for (const Entry& e : entries_) {
    write_big_endian(out, e.key, 8);
    write_big_endian(out, e.move, 2);
    write_big_endian(out, e.weight, 2);
    write_big_endian(out, e.learn, 4);
  }
  return out;
}

Status Book::save(const std::filesystem::path& path) const {
  return write_file_atomically(path, to_bytes());
}

// ---- making a book --------------------------------------------------------------------------

std::size_t BookMaker::find_or_add(std::uint64_t key, std::uint16_t move, Color side) {
  auto& list = by_key_[key];
  for (const std::size_t i : list)
    if (counts_[i].move == move) return i;
  counts_.push_back({key, move, 0, 0, side});
  list.push_back(counts_.size() - 1);
  return counts_.size() - 1;
}

void BookMaker::halve(std::uint64_t key) {
  // polyglot: n = (n + 1) / 2 and sum = (sum + 1) / 2 for every move of the position.
  for (const std::size_t i : by_key_[key]) {
    counts_[i].games = static_cast<std::uint16_t>((counts_[i].games + 1) / 2);
    counts_[i].points = static_cast<std::uint16_t>((counts_[i].points + 1) / 2);
  }
}

void BookMaker::add_game(const Position& start, const std::vector<Move>& moves,
                         std::string_view result) {
  // From White's view: +1 a win, -1 a loss, 0 anything else; it changes sign every ply.
  int score = result == "1-0" ? 1 : result == "0-1" ? -1 : 0;
  if (start.side() == black) score = -score;
  Position pos = start;
  int ply = 0;
  for (const Move m : moves) {
    if (ply >= settings_.max_plies) break;
    const std::size_t i = find_or_add(pos.key(), encode_move(m), pos.side());
    counts_[i].games = static_cast<std::uint16_t>(counts_[i].games + 1);
    counts_[i].points = static_cast<std::uint16_t>(counts_[i].points + score + 1);
    if (counts_[i].games >= 16384) halve(pos.key());
    pos.play(m);
    ++ply;
    score = -score;
  }
  ++games_;
}

Book BookMaker::book() const {
  std::vector<Entry> kept;
  for (const Count& c : counts_) {
    if (c.games < settings_.min_games || c.points == 0) continue;
    if (settings_.only_white && c.side != white) continue;
    if (settings_.only_black && c.side != black) continue;
    kept.push_back({c.key, c.move, settings_.uniform ? std::uint16_t(1) : c.points, 0});
  }
  return Book::from_entries(std::move(kept));
}

}  // namespace minimax::chess::polyglot
