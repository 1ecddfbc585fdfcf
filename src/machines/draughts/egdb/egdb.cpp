#include "machines/draughts/egdb/egdb.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace minimax::draughts::egdb {

namespace {

constexpr char kMagic[8] = {'M', 'M', 'X', 'E', 'G', 'D', 'B', '1'};
constexpr std::size_t kHeader = 32;

int slice_code(Slice s) {
  if (s.black_men > kMaxPieces || s.black_kings > kMaxPieces || s.white_men > kMaxPieces ||
      s.white_kings > kMaxPieces)
    return -1;
  constexpr int n = kMaxPieces + 1;
  return ((s.black_men * n + s.black_kings) * n + s.white_men) * n + s.white_kings;
}
constexpr std::size_t kCodes =
    (kMaxPieces + 1) * (kMaxPieces + 1) * (kMaxPieces + 1) * (kMaxPieces + 1);

}  // namespace

struct Database::Table {
  SliceIndex index;
  std::vector<std::uint8_t> values, distances;
  int distance_file = -1;  // distances read from disk on demand, when not held in memory
  Table(SliceIndex i, std::vector<std::uint8_t> v, std::vector<std::uint8_t> d)
      : index(std::move(i)), values(std::move(v)), distances(std::move(d)) {}
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  ~Table() {
    if (distance_file >= 0) ::close(distance_file);
  }
};

std::string to_string(Value v) {
  switch (v) {
    case Value::win:
      return "win";
    case Value::loss:
      return "loss";
    default:
      return "draw";
  }
}

std::vector<Slice> slices_with(int pieces) {
  std::vector<Slice> out;
  // Fewer men first: a crowning turns a man into a king, so a slice's crownings lead to slices
  // with fewer men and as many pieces; captures lead to fewer pieces.
  for (int men = 0; men <= pieces; ++men)
    for (int bm = 0; bm <= men; ++bm) {
      const int wm = men - bm;
      for (int bk = 0; bk <= pieces - men; ++bk) {
        const int wk = pieces - men - bk;
        if (bm + bk == 0 || wm + wk == 0) continue;
        out.push_back({bm, bk, wm, wk});
      }
    }
  return out;
}

std::string default_directory() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/minimax/egdb";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/minimax/egdb";
  return "minimax-egdb";
}

Database::Database() : tables_(kCodes) {}
Database::~Database() = default;
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;

void Database::add(Slice s, std::vector<std::uint8_t> values, std::vector<std::uint8_t> distances) {
  const int code = slice_code(s);
  if (code < 0) return;
  tables_[static_cast<std::size_t>(code)] =
      std::make_unique<Table>(SliceIndex(s), std::move(values), std::move(distances));
  largest_ = std::max(largest_, s.pieces());
}

bool Database::has(Slice s) const {
  const int code = slice_code(s);
  return code >= 0 && tables_[static_cast<std::size_t>(code)] != nullptr;
}

void Database::update_pieces() {
  pieces_ = 0;
  for (int n = 2; n <= kMaxPieces; ++n) {
    for (const Slice& s : slices_with(n))
      if (!has(s)) return;
    pieces_ = n;
  }
}

std::uint64_t Database::positions() const {
  std::uint64_t n = 0;
  for (const auto& t : tables_)
    if (t) n += t->index.size();
  return n;
}

Status Database::load(const std::string& dir, int max_pieces, Distances distances_mode) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    update_pieces();
    return Ok{};
  }
  for (int n = 2; n <= kMaxPieces && (max_pieces == 0 || n <= max_pieces); ++n) {
    for (const Slice& s : slices_with(n)) {
      if (has(s)) continue;
      const std::string path = slice_path(dir, s, false);
      if (!fs::exists(path, ec)) continue;
      SliceIndex index(s);
      auto values = read_slice_file(path, s, false, index.size());
      if (!values) return Error{values.error()};
      std::vector<std::uint8_t> distances;
      const std::string dpath = slice_path(dir, s, true);
      int fd = -1;
      if (distances_mode == Distances::in_memory && fs::exists(dpath, ec)) {
        auto d = read_slice_file(dpath, s, true, index.size());
        if (!d) return Error{d.error()};
        distances = std::move(*d);
      } else if (distances_mode == Distances::on_demand &&
                 fs::file_size(dpath, ec) == kHeader + index.size() && !ec) {
        fd = ::open(dpath.c_str(), O_RDONLY | O_CLOEXEC);
      }
      add(s, std::move(*values), std::move(distances));
      tables_[static_cast<std::size_t>(slice_code(s))]->distance_file = fd;
    }
  }
  update_pieces();
  return Ok{};
}

std::optional<Value> Database::probe(const Board& b) const {
  const Slice s = slice_of(b);
  const int code = slice_code(s);
  if (code < 0) return std::nullopt;
  const Table* t = tables_[static_cast<std::size_t>(code)].get();
  if (!t) return std::nullopt;
  return packed_value(t->values, t->index.index(b));
}

std::optional<int> Database::conversion_distance(const Board& b) const {
  const int code = slice_code(slice_of(b));
  if (code < 0) return std::nullopt;
  const Table* t = tables_[static_cast<std::size_t>(code)].get();
  if (!t || (t->distances.empty() && t->distance_file < 0)) return std::nullopt;
  const std::uint64_t i = t->index.index(b);
  if (packed_value(t->values, i) == Value::draw) return std::nullopt;
  if (!t->distances.empty()) return t->distances[i];
  std::uint8_t d = 0;
  if (::pread(t->distance_file, &d, 1, static_cast<off_t>(kHeader + i)) != 1) return std::nullopt;
  return d;
}

Board board_of(const Draughts& position) {
  const Board b{position.black(), position.white(), position.kings()};
  return position.side_to_move() == kBlack ? b : flip(b);
}

std::optional<Value> Database::probe(const Draughts& position) const {
  const Board b = board_of(position);
  if (!b.black) return Value::loss;
  if (!b.white) return Value::win;
  return probe(b);
}

std::optional<int> Database::conversion_distance(const Draughts& position) const {
  const Board b = board_of(position);
  if (!b.black || !b.white) return 0;
  return conversion_distance(b);
}

std::string slice_path(const std::string& dir, Slice s, bool distances) {
  return dir + "/" + s.name() + (distances ? ".dtc" : ".wld");
}

Status write_slice_file(const std::string& dir, Slice s, bool distances, std::uint64_t positions,
                        const std::vector<std::uint8_t>& data) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot create " + dir + ": " + ec.message()};
  const std::string path = slice_path(dir, s, distances);
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return Error{"cannot write " + tmp};
    std::uint8_t header[kHeader] = {};
    std::memcpy(header, kMagic, 8);
    header[8] = static_cast<std::uint8_t>(s.black_men);
    header[9] = static_cast<std::uint8_t>(s.black_kings);
    header[10] = static_cast<std::uint8_t>(s.white_men);
    header[11] = static_cast<std::uint8_t>(s.white_kings);
    header[12] = distances ? 1 : 0;
    for (int i = 0; i < 8; ++i) header[16 + i] = static_cast<std::uint8_t>(positions >> (8 * i));
    out.write(reinterpret_cast<const char*>(header), kHeader);
    out.write(reinterpret_cast<const char*>(data.data()),
              static_cast<std::streamsize>(data.size()));
    out.flush();
    if (!out) {
      fs::remove(tmp, ec);
      return Error{"cannot write " + tmp + " (disk full?)"};
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) return Error{"cannot rename " + tmp + " to " + path + ": " + ec.message()};
  return Ok{};
}

Expected<std::vector<std::uint8_t>> read_slice_file(const std::string& path, Slice s,
                                                    bool distances, std::uint64_t positions) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read " + path};
  std::uint8_t header[kHeader] = {};
  in.read(reinterpret_cast<char*>(header), kHeader);
  std::uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= std::uint64_t{header[16 + i]} << (8 * i);
  if (!in || std::memcmp(header, kMagic, 8) != 0 || header[8] != s.black_men ||
      header[9] != s.black_kings || header[10] != s.white_men || header[11] != s.white_kings ||
      header[12] != (distances ? 1 : 0) || n != positions)
    return Error{path + ": not a database file for slice " + s.name() +
                 " (rebuild with minimax egdb build)"};
  const std::uint64_t bytes = distances ? positions : (positions + 3) / 4;
  std::vector<std::uint8_t> data(bytes);
  in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(bytes));
  if (!in || in.gcount() != static_cast<std::streamsize>(bytes)) return Error{path + ": truncated"};
  return data;
}

}  // namespace minimax::draughts::egdb
