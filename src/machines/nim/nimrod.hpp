#pragma once
// Nimrod: Ferranti's Festival of Britain machine (1951), as Bowden (1953) describes its routine.
//
// The routine, in the seed's parts: (i) entry; (ii) determination of case:
//   (a) at least k+1 heaps hold more than one match;
//   (b) between 1 and k heaps hold more than one match;
//   (c) no heap holds more than one, not all are empty;
//   (d) all heaps are empty (the game is over);
// (iii) the normal routine (case (a)): column by column from the most significant, make each
// column sum divisible by k+1 by removing ones, altering heaps already touched before fresh ones,
// and "the minimum move which removes the 1" in a fresh heap (clear the bit, set every bit below);
// (iv) cases (b) and (c): leave r(k+1)+1 heaps of one match and none larger; (v) case (d);
// (vi) a random move when the routine cannot succeed, i.e. when faced with a winning position;
// (vii) emergence.
//
// The seed's Nimrod played the misere game (taking the last match loses). For the normal game the
// normal routine alone is right in every case (Moore's rule has no exception there); cases (b) and
// (c) exist only because of the misere ending.
//
// Decisions the seed leaves open (docs/nimrod.md): a fresh heap is the first, in the order A, B, C,
// ..., with a one in the column (the seed's example "say heap A" is the first); touched heaps are
// re-used in the order they were touched; in cases (b)/(c) the large heaps are emptied rather than
// left at one where both work, and no single-match heap is taken unless needed; the random move
// takes a random number of matches from a random non-empty heap.
#include <optional>
#include <string>
#include <vector>

#include "core/player.hpp"
#include "core/rng.hpp"
#include "games/nim/nim.hpp"

namespace minimax::nim {

enum class NimrodCase { a, b, c, d };
char case_letter(NimrodCase c);

NimrodCase determine_case(const std::vector<int>& heaps, int k);

// The normal routine: a move leaving every column sum divisible by k+1, or nullopt if they all are
// already. `trace` (optional) receives the steps in the seed's words.
std::optional<Move> normal_routine(const Nim& nim, std::vector<std::string>* trace = nullptr);
// Cases (b) and (c) of the misere game: a move leaving r(k+1)+1 single-match heaps and nothing
// larger, or nullopt if the position already is one (faced with a winning position).
std::optional<Move> single_heaps_routine(const Nim& nim, std::vector<std::string>* trace = nullptr);
Move random_move(const Nim& nim, Rng& rng);

struct NimrodDecision {
  NimrodCase kase = NimrodCase::d;
  std::optional<Move> move;  // none only in case (d)
  bool winning = false;      // the routine succeeded (false: a random move, or the game is over)
  std::vector<std::string> trace;
};

NimrodDecision nimrod_move(const Nim& nim, Rng& rng);

class NimrodPlayer final : public Player<Nim> {
 public:
  explicit NimrodPlayer(std::uint64_t seed = 1951) : rng_(seed) {}
  [[nodiscard]] std::string name() const override { return "nimrod"; }
  Thought<Move> choose(const Nim& position, const Limits& limits) override;

 private:
  Rng rng_;
};

}  // namespace minimax::nim
