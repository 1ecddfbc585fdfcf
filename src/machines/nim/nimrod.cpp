#include "machines/nim/nimrod.hpp"

#include <algorithm>

namespace minimax::nim {

namespace {

std::string heap_list(const std::vector<int>& heaps) {
  std::string s;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(heaps[i]);
  }
  return s;
}

Move move_between(const std::vector<int>& before, const std::vector<int>& after) {
  Move m;
  for (std::size_t i = 0; i < before.size(); ++i)
    m.take[i] = static_cast<std::uint16_t>(before[i] - after[i]);
  return m;
}

}  // namespace

char case_letter(NimrodCase c) { return static_cast<char>('a' + static_cast<int>(c)); }

NimrodCase determine_case(const std::vector<int>& heaps, int k) {
  const auto large = std::count_if(heaps.begin(), heaps.end(), [](int h) { return h > 1; });
  if (large >= k + 1) return NimrodCase::a;
  if (large >= 1) return NimrodCase::b;
  if (std::any_of(heaps.begin(), heaps.end(), [](int h) { return h == 1; })) return NimrodCase::c;
  return NimrodCase::d;
}

std::optional<Move> normal_routine(const Nim& nim, std::vector<std::string>* trace) {
  const int k = nim.rules().k;
  std::vector<int> h = nim.heaps();
  const int n = static_cast<int>(h.size());
  int top = 0;
  for (int x : h)
    while ((1 << top) <= x) ++top;
  std::vector<int> touched;  // in the order first touched
  auto is_touched = [&](int i) {
    return std::find(touched.begin(), touched.end(), i) != touched.end();
  };
  for (int bit = top - 1; bit >= 0; --bit) {
    int sum = 0;
    for (int x : h) sum += (x >> bit) & 1;
    int remove = sum % (k + 1);
    if (trace)
      trace->push_back("column " + std::to_string(1 << bit) + ": sum " + std::to_string(sum) +
                       (remove ? ", not divisible by " + std::to_string(k + 1)
                               : ", divisible by " + std::to_string(k + 1)));
    // Heaps already altered first: below the column where it was first touched, a touched heap
    // holds a one in every column, and may lose it at no further cost in heaps.
    for (int i : touched) {
      if (!remove) break;
      if ((h[static_cast<std::size_t>(i)] >> bit) & 1) {
        h[static_cast<std::size_t>(i)] &= ~(1 << bit);
        --remove;
        if (trace)
          trace->push_back("  take the " + std::to_string(1 << bit) + " from heap " +
                           std::string(1, heap_name(i)) + " (already altered)");
      }
    }
    // Then fresh heaps: the minimum move that removes the one in this column.
    for (int i = 0; i < n && remove; ++i) {
      auto& x = h[static_cast<std::size_t>(i)];
      if (is_touched(i) || !((x >> bit) & 1)) continue;
      x = (x & ~((1 << (bit + 1)) - 1)) | ((1 << bit) - 1);
      touched.push_back(i);
      --remove;
      if (trace)
        trace->push_back("  alter heap " + std::string(1, heap_name(i)) + ": clear the " +
                         std::to_string(1 << bit) + ", ones below, leaving " + std::to_string(x));
    }
  }
  if (touched.empty()) return std::nullopt;
  if (trace) trace->push_back("leaves " + heap_list(h));
  return move_between(nim.heaps(), h);
}

std::optional<Move> single_heaps_routine(const Nim& nim, std::vector<std::string>* trace) {
  const int k = nim.rules().k;
  const std::vector<int> h = nim.heaps();
  std::vector<int> large, singles;
  for (int i = 0; i < static_cast<int>(h.size()); ++i) {
    if (h[static_cast<std::size_t>(i)] > 1) large.push_back(i);
    if (h[static_cast<std::size_t>(i)] == 1) singles.push_back(i);
  }
  const int b = static_cast<int>(large.size());
  const int u = static_cast<int>(singles.size());
  // Every large heap must go down to 0 or 1 (x of them to 1); y single heaps may be emptied; at
  // most k heaps altered in all, and at least one match taken.
  for (int y = 0; y <= std::min(u, k - b); ++y) {
    for (int x = 0; x <= b; ++x) {
      if (b == 0 && y == 0) continue;  // case (c) must take something
      const int left = u - y + x;
      if (left % (k + 1) != 1) continue;
      std::vector<int> after = h;
      for (int j = 0; j < b; ++j)
        after[static_cast<std::size_t>(large[static_cast<std::size_t>(j)])] = j < x ? 1 : 0;
      for (int j = 0; j < y; ++j)
        after[static_cast<std::size_t>(singles[static_cast<std::size_t>(u - 1 - j)])] = 0;
      if (trace)
        trace->push_back(
            "leave " + std::to_string(left) + " single-match heap" + (left == 1 ? "" : "s") +
            " (r(k+1)+1 with r = " + std::to_string(left / (k + 1)) + "): " + heap_list(after));
      return move_between(h, after);
    }
  }
  if (trace)
    trace->push_back(std::to_string(u) +
                     " single-match heaps is already r(k+1)+1: no winning move");
  return std::nullopt;
}

Move random_move(const Nim& nim, Rng& rng) {
  std::vector<int> live;
  for (int i = 0; i < nim.heap_count(); ++i)
    if (nim.heap(i) > 0) live.push_back(i);
  Move m;
  if (live.empty()) return m;
  const int i = live[rng.below(live.size())];
  m.take[static_cast<std::size_t>(i)] =
      static_cast<std::uint16_t>(1 + rng.below(static_cast<std::uint64_t>(nim.heap(i))));
  return m;
}

NimrodDecision nimrod_move(const Nim& nim, Rng& rng) {
  NimrodDecision d;
  const std::vector<int> h = nim.heaps();
  d.kase = determine_case(h, nim.rules().k);
  d.trace.push_back("entry: heaps " + heap_list(h) + ", k = " + std::to_string(nim.rules().k) +
                    (nim.rules().misere ? ", misere" : ", normal game"));
  d.trace.push_back(std::string("case (") + case_letter(d.kase) + ")");
  if (d.kase == NimrodCase::d) {
    d.trace.push_back("all heaps are empty: the game is over");
    return d;
  }
  if (nim.rules().misere && d.kase != NimrodCase::a)
    d.move = single_heaps_routine(nim, &d.trace);
  else
    d.move = normal_routine(nim, &d.trace);
  d.winning = d.move.has_value();
  if (!d.move) {
    d.move = random_move(nim, rng);
    d.trace.push_back("faced with a winning position: random move " + nim.move_to_string(*d.move));
  }
  return d;
}

Thought<Move> NimrodPlayer::choose(const Nim& position, const Limits&) {
  NimrodDecision d = nimrod_move(position, rng_);
  Thought<Move> t;
  if (d.move) t.move = *d.move;
  t.line.push_back(t.move);
  t.score = d.winning ? 1 : -1;
  t.nodes = 1;
  for (const auto& s : d.trace) t.explanation += s + '\n';
  return t;
}

}  // namespace minimax::nim
