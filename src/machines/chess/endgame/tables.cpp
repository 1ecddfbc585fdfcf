#include "machines/chess/endgame/tables.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/atomic_file.hpp"
#include "core/read_file.hpp"
#include "search/indexed_retrograde.hpp"

namespace minimax::chess::endgame {

namespace {

constexpr char kMagic[8] = {'M', 'M', 'X', 'C', 'T', 'B', '0', '2'};
constexpr std::size_t kHeader = 64;

// FNV-1a, 64 bits: enough to tell a damaged file from a sound one.
std::uint64_t checksum(const std::uint8_t* data, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
  return h;
}

void put64(std::string& s, std::size_t at, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) s[at + static_cast<std::size_t>(i)] = static_cast<char>(v >> (8 * i));
}
std::uint64_t get64(const std::vector<std::uint8_t>& s, std::size_t at) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= std::uint64_t{s[at + static_cast<std::size_t>(i)]} << (8 * i);
  return v;
}

// A number for a canonical material in table order: the men's pieces, base 16.
int material_code(const Men& m) {
  int code = 0;
  for (int k = 2; k < m.count; ++k) code = code * 16 + m.man[k].piece;
  return code;
}
int material_code(const Material& m) {
  int code = 0;
  for (auto t : m.white) code = code * 16 + make_piece(white, t);
  for (auto t : m.black) code = code * 16 + make_piece(black, t);
  return code;
}
constexpr int kCodes = 16 * 16 * 16 * 16;

std::string table_path(const std::string& dir, const Material& m) {
  return dir + "/" + m.name() + ".mmtb";
}

}  // namespace

struct Tables::Table {
  Material material;
  TableIndex index;
  std::vector<std::uint8_t> cells;
  double seconds = 0;
  std::uint64_t memory = 0;
  bool built = false;
  explicit Table(const Material& m) : material(m), index(m) {}
};

namespace {

// The traits of search::solve_indexed for one chess table: decoding, moves, un-moves, and the
// values of captures and promotions looked up in the tables already there.
struct ChessTraits {
  const TableIndex& index;
  const Tables& tables;
  bool to_conversion = false;    // count plies to the first capture or promotion, not to mate
  mutable bool missing = false;  // a capture or promotion led to a table not loaded

  [[nodiscard]] std::uint64_t size() const { return index.size(); }

  template <class Sink>
  bool successors(std::uint64_t i, Sink& sink) const {
    Men m;
    if (!index.decode(i, m)) return false;
    bool any = false;
    for_each_move(m, [&](const Men& child, bool left) {
      any = true;
      if (!left) {
        sink.inside(index.encode(child));
        return;
      }
      const auto r = tables.probe(child);
      if (!r) {
        missing = true;
        sink.outside(Outcome::draw, 0);
        return;
      }
      sink.outside(r->wdl, to_conversion ? 0 : r->dtm);
    });
    if (!any)
      sink.terminal(m.attacks(~m.side, m.king(m.side), m.occupied()) ? Outcome::loss
                                                                     : Outcome::draw);
    return true;
  }

  template <class F>
  void predecessors(std::uint64_t i, F&& f) const {
    Men m;
    if (!index.decode(i, m)) return;
    for_each_unmove(m, [&](const Men& parent) { f(index.encode(parent)); });
  }
};

TableReport count_table(const Material& m, const TableIndex& index,
                        const std::vector<std::uint8_t>& cells) {
  TableReport r;
  r.name = m.name();
  r.indices = index.size();
  std::uint64_t longest_at = 0;
  for (std::uint64_t i = 0; i < cells.size(); ++i) {
    const std::uint8_t c = cells[i];
    if (c == 0) continue;
    ++r.positions;
    if (c == 1) {
      ++r.draws;
    } else if ((c - 2) % 2 == 1) {
      ++r.wins;
      if (c - 2 > r.longest) {
        r.longest = c - 2;
        longest_at = i;
      }
    } else {
      ++r.losses;
    }
  }
  Men men;
  if (r.longest >= 0 && index.decode(longest_at, men)) r.longest_fen = men.fen();
  return r;
}

}  // namespace

std::string default_directory() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/minimax/chess-tables";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/minimax/chess-tables";
  return "minimax-chess-tables";
}

std::vector<std::string> standard_endings() {
  return {"KQK", "KRK", "KBK", "KNK", "KPK", "KQKR", "KRKB", "KRKN", "KBNK", "KBBK", "KPKP"};
}

Tables::Tables(std::string dir) : dir_(std::move(dir)), by_code_(kCodes, nullptr) {}

void Tables::add(std::unique_ptr<Table> table) {
  by_code_[static_cast<std::size_t>(material_code(table->material))] = table.get();
  const std::string name = table->material.name();
  tables_[name] = std::move(table);
}
Tables::~Tables() = default;
Tables::Tables(Tables&&) noexcept = default;
Tables& Tables::operator=(Tables&&) noexcept = default;

const Tables::Table* Tables::find(const Material& canonical) const {
  auto it = tables_.find(canonical.name());
  return it == tables_.end() ? nullptr : it->second.get();
}

bool Tables::loaded(std::string_view ending) const {
  auto m = Material::parse(ending);
  return m && find(m->canonical()) != nullptr;
}

const std::vector<std::uint8_t>* Tables::cells(std::string_view ending) const {
  auto m = Material::parse(ending);
  if (!m) return nullptr;
  const Table* t = find(m->canonical());
  return t ? &t->cells : nullptr;
}

std::optional<TableReport> Tables::report(std::string_view ending) const {
  auto m = Material::parse(ending);
  if (!m) return std::nullopt;
  const Table* t = find(m->canonical());
  if (!t) return std::nullopt;
  TableReport r = count_table(t->material, t->index, t->cells);
  r.seconds = t->seconds;
  r.memory = t->memory;
  r.built = t->built;
  r.file_bytes = kHeader + t->cells.size();
  return r;
}

std::optional<TableResult> Tables::probe(const Men& men) const {
  if (men.count == 2) return TableResult{Outcome::draw, 0};
  const Men c = canonical_men(men);
  const Table* t = by_code_[static_cast<std::size_t>(material_code(c))];
  if (!t) return std::nullopt;
  const std::uint8_t cell = t->cells[t->index.encode(c)];
  if (cell == 0) return std::nullopt;
  if (cell == 1) return TableResult{Outcome::draw, 0};
  const int d = cell - 2;
  return TableResult{d % 2 ? Outcome::win : Outcome::loss, d};
}

std::optional<Men> men_of(const Position& position) {
  if (position.castling_rights() != 0) return std::nullopt;
  Bitboard occ = position.pieces();
  if (popcount(occ) > 4) return std::nullopt;
  Men m;
  while (occ) {
    const Square s = pop_lsb(occ);
    m.man[static_cast<std::size_t>(m.count++)] = Man{position.piece_on(s), s};
  }
  m.side = position.side();
  if (position.ep_square() != no_square) {
    Position::MoveList list;
    position.generate_moves(list);
    for (const Move mv : list)
      if (mv.is_en_passant()) m.ep = position.ep_square();
  }
  return m;
}

std::optional<TableResult> Tables::probe(const Position& position) const {
  const auto men = men_of(position);
  if (!men) return std::nullopt;
  return probe(*men);
}

std::vector<Move> Tables::best_moves(const Position& position) const {
  std::vector<Move> best;
  if (!probe(position)) return best;
  Position p = position;
  Position::MoveList list;
  p.generate_moves(list);
  // A score for the mover: wins first, quicker better; then draws; then losses, slower better.
  int best_score = -1000000;
  for (const Move m : list) {
    p.play(m);
    const auto r = probe(p);
    p.undo(m);
    if (!r) return {};
    const int score = r->wdl == Outcome::loss  ? 1000 - r->dtm
                      : r->wdl == Outcome::win ? -1000 + r->dtm
                                               : 0;
    if (score > best_score) {
      best_score = score;
      best.clear();
    }
    if (score == best_score) best.push_back(m);
  }
  return best;
}

std::optional<Move> Tables::best_move(const Position& position) const {
  auto moves = best_moves(position);
  if (moves.empty()) return std::nullopt;
  return moves.front();
}

Expected<std::vector<TableReport>> Tables::ensure(std::string_view ending, const TableLog& log,
                                                  const TableProgress& progress) {
  auto parsed = Material::parse(ending);
  if (!parsed) return Error{parsed.error()};
  const Material m = parsed->canonical();
  std::vector<TableReport> out;
  if (find(m)) return out;
  for (const Material& sub : m.sub_endings()) {
    auto r = ensure(sub.name(), log, progress);
    if (!r) return r;
    out.insert(out.end(), r->begin(), r->end());
  }
  auto r = load_or_build(m, log, progress);
  if (!r) return Error{r.error()};
  out.push_back(*r);
  return out;
}

Expected<std::vector<TableReport>> Tables::ensure_for(const Position& position, const TableLog& log,
                                                      const TableProgress& progress) {
  const auto men = men_of(position);
  if (!men)
    return Error{"no table for " + position.fen() + ": " +
                 (position.castling_rights() ? "castling rights" : "more than four men")};
  if (men->count == 2) return std::vector<TableReport>{};
  return ensure(men->material().canonical().name(), log, progress);
}

bool Tables::load_file(const Material& m, const TableLog& log, bool rebuild) {
  namespace fs = std::filesystem;
  auto table = std::make_unique<Table>(m);
  const std::string path = table_path(dir_, m);
  const std::uint64_t n = table->index.size();
  std::error_code ec;
  if (!fs::exists(path, ec)) return false;
  std::string why;
  std::vector<std::uint8_t> bytes;
  if (auto text = read_file(path))
    bytes.assign(text->begin(), text->end());
  else
    why = "cannot be read";
  if (why.empty() && (bytes.size() < kHeader || std::memcmp(bytes.data(), kMagic, 8) != 0))
    why = "not a minimax chess table";
  if (why.empty()) {
    char name[9] = {};
    std::memcpy(name, bytes.data() + 8, 8);
    if (name != m.name() || get64(bytes, 16) != n) why = "made for another table";
  }
  if (why.empty() && bytes.size() != kHeader + n)
    why = std::to_string(bytes.size()) + " bytes, " + std::to_string(kHeader + n) + " expected";
  if (why.empty() && checksum(bytes.data() + kHeader, n) != get64(bytes, 24))
    why = "checksum mismatch";
  if (!why.empty()) {
    if (log) log(path + " is damaged (" + why + (rebuild ? "); building it again" : ")"));
    return false;
  }
  table->cells.assign(bytes.begin() + kHeader, bytes.end());
  table->seconds = std::bit_cast<double>(get64(bytes, 32));
  table->memory = get64(bytes, 40);
  add(std::move(table));
  return true;
}

Expected<std::optional<TableReport>> Tables::load_cached(std::string_view ending,
                                                         const TableLog& log) {
  auto parsed = Material::parse(ending);
  if (!parsed) return Error{parsed.error()};
  const Material m = parsed->canonical();
  if (find(m) || load_file(m, log, false)) return std::optional<TableReport>(report(m.name()));
  return std::optional<TableReport>{};
}

Expected<int> Tables::longest_conversion(std::string_view ending) {
  auto parsed = Material::parse(ending);
  if (!parsed) return Error{parsed.error()};
  const Material m = parsed->canonical();
  if (auto r = ensure(m.name()); !r) return Error{r.error()};
  const TableIndex index(m);
  ChessTraits traits{index, *this, true};
  auto solved = search::solve_indexed(traits);
  if (!solved) return Error{solved.error()};
  return solved->longest_win;
}

Expected<TableReport> Tables::load_or_build(const Material& m, const TableLog& log,
                                            const TableProgress& progress) {
  if (load_file(m, log, true)) return *report(m.name());
  auto table = std::make_unique<Table>(m);
  const std::string path = table_path(dir_, m);
  const std::uint64_t n = table->index.size();
  const auto started = std::chrono::steady_clock::now();
  ChessTraits traits{table->index, *this, false};
  auto solved =
      search::solve_indexed(traits, [&](int phase, std::uint64_t done, std::uint64_t total) {
        if (progress) progress(m.name(), phase, done, total);
      });
  if (!solved) return Error{m.name() + ": " + solved.error()};
  if (traits.missing) return Error{m.name() + ": a capture or promotion led to a table not loaded"};
  table->cells.assign(n, 0);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint8_t v = solved->value[i];
    if (v == search::IndexedSolution::kDraw)
      table->cells[i] = 1;
    else if (v == search::IndexedSolution::kWin || v == search::IndexedSolution::kLoss)
      table->cells[i] = static_cast<std::uint8_t>(2 + solved->distance[i]);
  }
  table->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  table->memory = solved->peak_bytes;
  table->built = true;

  std::string file(kHeader + n, '\0');
  std::memcpy(file.data(), kMagic, 8);
  const std::string name = m.name();
  std::memcpy(file.data() + 8, name.data(), std::min<std::size_t>(name.size(), 8));
  put64(file, 16, n);
  put64(file, 24, checksum(table->cells.data(), n));
  put64(file, 32, std::bit_cast<std::uint64_t>(table->seconds));
  put64(file, 40, table->memory);
  std::memcpy(file.data() + kHeader, table->cells.data(), n);
  if (auto st = write_file_atomically(path, file); !st) {
    if (log) log(st.error() + " (the table is kept in memory only)");
  }
  add(std::move(table));
  TableReport r = *report(name);
  if (log)
    log("built " + name + ": " + std::to_string(r.positions) + " positions in " +
        std::to_string(r.seconds) + " s");
  return r;
}

}  // namespace minimax::chess::endgame
