#include "machines/draughts/egdb/build.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "machines/draughts/egdb/moves.hpp"

namespace minimax::draughts::egdb {

namespace {

enum : std::uint8_t { kOpen = 0, kWin = 1, kLoss = 2, kDraw = 3 };

struct Work {
  Slice slice;
  SliceIndex index;
  std::vector<std::uint8_t> state;  // kOpen, kWin, kLoss, kDraw
  std::vector<std::uint8_t> count;  // moves within the pair not yet known to win for the opponent
  std::vector<std::uint16_t> distance;
  explicit Work(Slice s) : slice(s), index(s) {
    state.assign(index.size(), kOpen);
    count.assign(index.size(), 0);
    distance.assign(index.size(), 0);
  }
};

using Entry = std::uint64_t;  // (which slice of the pair << 63) | index
constexpr Entry entry(int j, std::uint64_t i) { return (Entry(j) << 63) | i; }

class PairBuilder {
 public:
  PairBuilder(Slice s, const Database& db, Progress& progress,
              const std::function<void(const Progress&)>& report)
      : db_(db), progress_(progress), report_(report) {
    work_.emplace_back(s);
    if (!s.symmetric()) work_.emplace_back(s.flipped());
  }

  void run() {
    for (int j = 0; j < static_cast<int>(work_.size()); ++j) settle_moves(j);
    for (std::size_t d = 0; d < levels_.size(); ++d) {
      // levels_ grows while it is read: index, not iterators.
      for (std::size_t k = 0; k < levels_[d].size(); ++k) {
        const Entry e = levels_[d][k];
        work_back(static_cast<int>(e >> 63), e & ~(Entry(1) << 63), static_cast<int>(d));
        tick();
      }
      levels_[d].clear();
      levels_[d].shrink_to_fit();
    }
    for (auto& w : work_)
      for (auto& s : w.state)
        if (s == kOpen) s = kDraw;
  }

  [[nodiscard]] const std::vector<Work>& work() const { return work_; }

 private:
  int mirror(int j) const { return work_.size() == 1 ? 0 : 1 - j; }

  void settle(int j, std::uint64_t i, std::uint8_t value, int d) {
    work_[static_cast<std::size_t>(j)].state[i] = value;
    work_[static_cast<std::size_t>(j)].distance[i] = static_cast<std::uint16_t>(d);
    if (levels_.size() <= static_cast<std::size_t>(d))
      levels_.resize(static_cast<std::size_t>(d) + 1);
    levels_[static_cast<std::size_t>(d)].push_back(entry(j, i));
  }

  // Step 1: every position's moves.
  void settle_moves(int j) {
    Work& w = work_[static_cast<std::size_t>(j)];
    MoveList moves;
    for (std::uint64_t i = 0; i < w.index.size(); ++i, tick()) {
      const Board b = w.index.board(i);
      generate(b, moves);
      if (moves.empty()) {
        settle(j, i, kLoss, 0);
        continue;
      }
      int inside = 0;
      bool draw_outside = false, won = false;
      for (const Move& m : moves) {
        if (stays_in_slice(b, m)) {
          ++inside;
          continue;
        }
        const Board next = after(b, m);
        if (!next.black) {  // the opponent has nothing left
          won = true;
          break;
        }
        const std::optional<Value> v = db_.probe(next);
        if (v == Value::loss) {
          won = true;
          break;
        }
        if (v == Value::draw) draw_outside = true;
      }
      if (won)
        settle(j, i, kWin, 1);
      else if (inside == 0 && draw_outside)
        w.state[i] = kDraw;
      else if (inside == 0)
        settle(j, i, kLoss, 1);
      else
        w.count[i] = static_cast<std::uint8_t>(inside + (draw_outside ? 1 : 0));
    }
  }

  // Step 2: from a position settled at distance d, its predecessors.
  void work_back(int j, std::uint64_t i, int d) {
    const Work& w = work_[static_cast<std::size_t>(j)];
    const std::uint8_t value = w.state[i];
    const int pj = mirror(j);
    Work& pw = work_[static_cast<std::size_t>(pj)];
    for_each_unmove(w.index.board(i), [&](const Board& q) {
      const std::uint64_t qi = pw.index.index(q);
      if (pw.state[qi] != kOpen) return;
      if (value == kLoss)
        settle(pj, qi, kWin, d + 1);
      else if (--pw.count[qi] == 0)
        settle(pj, qi, kLoss, d + 1);
    });
  }

  void tick() {
    if ((++progress_.done & 0xFFFF) == 0 && report_) report_(progress_);
  }

  const Database& db_;
  Progress& progress_;
  const std::function<void(const Progress&)>& report_;
  std::vector<Work> work_;
  std::vector<std::vector<Entry>> levels_;
};

SliceReport finish(const Work& w, std::vector<std::uint8_t>& values,
                   std::vector<std::uint8_t>& distances) {
  SliceReport r;
  r.slice = w.slice;
  r.positions = w.index.size();
  values.assign((r.positions + 3) / 4, 0);
  distances.assign(r.positions, 0);
  for (std::uint64_t i = 0; i < r.positions; ++i) {
    const std::uint8_t s = w.state[i];
    const Value v = s == kWin ? Value::win : s == kLoss ? Value::loss : Value::draw;
    values[i >> 2] |= static_cast<std::uint8_t>(static_cast<int>(v) << ((i & 3) * 2));
    if (v == Value::win)
      ++r.wins;
    else if (v == Value::loss)
      ++r.losses;
    else
      ++r.draws;
    if (v != Value::draw) {
      r.longest = std::max<int>(r.longest, w.distance[i]);
      distances[i] = static_cast<std::uint8_t>(std::min<int>(w.distance[i], 255));
    }
  }
  return r;
}

std::uint64_t file_bytes(const std::string& path) {
  std::error_code ec;
  const auto n = std::filesystem::file_size(path, ec);
  return ec ? 0 : static_cast<std::uint64_t>(n);
}

}  // namespace

Expected<std::vector<SliceReport>> build(const std::string& dir, int pieces, Database& db,
                                         const std::function<void(const Progress&)>& progress) {
  std::vector<SliceReport> reports;
  Progress p;
  for (int n = 2; n <= pieces; ++n)
    for (const Slice& s : slices_with(n)) p.total += SliceIndex(s).size() * 2;
  for (int n = 2; n <= pieces; ++n) {
    for (const Slice& s : slices_with(n)) {
      if (db.has(s)) continue;  // built with its mirror
      const std::vector<Slice> pair =
          s.symmetric() ? std::vector<Slice>{s} : std::vector<Slice>{s, s.flipped()};
      // Already on disk?
      bool loaded = true;
      std::vector<SliceReport> found;
      for (const Slice& t : pair) {
        const SliceIndex index(t);
        auto values = read_slice_file(slice_path(dir, t, false), t, false, index.size());
        auto distances = read_slice_file(slice_path(dir, t, true), t, true, index.size());
        if (!values || !distances) {
          loaded = false;
          break;
        }
        SliceReport r;
        r.slice = t;
        r.positions = index.size();
        for (std::uint64_t i = 0; i < r.positions; ++i) {
          const Value v = packed_value(*values, i);
          if (v == Value::win)
            ++r.wins;
          else if (v == Value::loss)
            ++r.losses;
          else
            ++r.draws;
          if (v != Value::draw) r.longest = std::max<int>(r.longest, (*distances)[i]);
        }
        r.bytes = file_bytes(slice_path(dir, t, false)) + file_bytes(slice_path(dir, t, true));
        db.add(t, std::move(*values), std::move(*distances));
        found.push_back(r);
      }
      if (loaded) {
        for (auto& r : found) {
          p.done += 2 * r.positions;
          reports.push_back(r);
        }
        continue;
      }
      p.slice = s.name();
      std::uint64_t after_pair = p.done;
      for (const Slice& t : pair) after_pair += 2 * SliceIndex(t).size();
      const auto started = std::chrono::steady_clock::now();
      PairBuilder builder(s, db, p, progress);
      builder.run();
      p.done = after_pair;
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      for (const Work& w : builder.work()) {
        std::vector<std::uint8_t> values, distances;
        SliceReport r = finish(w, values, distances);
        r.built = true;
        r.seconds = seconds / static_cast<double>(builder.work().size());
        if (auto st = write_slice_file(dir, w.slice, false, r.positions, values); !st)
          return Error{st.error()};
        if (auto st = write_slice_file(dir, w.slice, true, r.positions, distances); !st)
          return Error{st.error()};
        r.bytes = file_bytes(slice_path(dir, w.slice, false)) +
                  file_bytes(slice_path(dir, w.slice, true));
        db.add(w.slice, std::move(values), std::move(distances));
        reports.push_back(r);
      }
    }
  }
  db.update_pieces();
  p.done = p.total;
  if (progress) progress(p);
  return reports;
}

}  // namespace minimax::draughts::egdb
