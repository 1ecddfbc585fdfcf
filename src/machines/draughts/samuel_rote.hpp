#pragma once
// Samuel's rote learning (Samuel 1959; Michie 1966, section 7 and Fig. 5): the positions met in
// play are saved with the score the look-ahead backed up to them and the depth that score stands
// for. A later search that meets a saved position at its horizon takes the saved score instead of
// the static one, so its effective look-ahead there is the horizon's ply plus the saved depth.
//
// The store is bounded. Samuel aged his saved positions: every position carries an age that grows
// as play goes on and is halved whenever the position is used, and the oldest are forgotten when
// memory runs short. Here the age grows by one at each move the machine makes (tick()), a use
// halves it, and when the store holds more than its capacity the oldest entries are dropped.
//
// The file is text: a header line "samuel-rote 1", then one line per position: key (16 hex
// digits), score, depth, age. It is written to a temporary file and renamed over the old one, so a
// crash never leaves half a file (core/atomic_file.hpp); a file that cannot be read is reported in
// one line naming the file and the bad line, and the store stays as it was.
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "core/expected.hpp"

namespace minimax::draughts::samuel {

struct RoteEntry {
  int score = 0;  // from the side to move's view, the machine's units
  int depth = 0;  // the plies of look-ahead the score stands for
  int age = 0;
};

class RoteStore {
 public:
  explicit RoteStore(std::size_t capacity = 100000) : capacity_(capacity) {}

  // The entry for a position, its age halved (a use refreshes it); nullptr if absent.
  const RoteEntry* use(std::uint64_t key);
  // Whether the position is saved (no refresh).
  [[nodiscard]] const RoteEntry* find(std::uint64_t key) const;
  // Saves a position's backed-up score; an entry already there is replaced only by one that
  // stands for at least as deep a look-ahead.
  void save(std::uint64_t key, int score, int depth);
  // One move made: every entry a move older; the oldest forgotten beyond the capacity.
  void tick();

  void set_capacity(std::size_t n);
  [[nodiscard]] std::size_t capacity() const { return capacity_; }
  [[nodiscard]] std::size_t size() const { return entries_.size(); }
  void clear() { entries_.clear(); }

  // Whole-file read and atomic write. A read error leaves the store unchanged.
  Status load(const std::string& path);
  Status write(const std::string& path) const;

 private:
  void forget_oldest();
  std::unordered_map<std::uint64_t, RoteEntry> entries_;
  std::size_t capacity_;
};

}  // namespace minimax::draughts::samuel
