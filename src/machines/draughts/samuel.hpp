#pragma once
// Samuel's checkers player (Samuel 1959; Michie 1966, section 7), on the generic alpha-beta of
// src/search.
//
// The search: minimax with alpha-beta, to a minimum depth (Depth, default 4 here, for speed), in
// which captures are not counted as moves, so a line with a capture in it goes one
// move further for each capture, and a position where a capture is pending is never taken as the
// horizon (Michie: forcing exchanges extend the look-ahead). MaxPly caps every line.
//
// The scoring polynomial (samuel_terms.hpp): piece advantage, 2 for a man and 3 for a king, with
// a fixed weight, plus the working set of Samuel's terms with their coefficients; the terms score
// for the side that has just moved (Samuel's passive side).
//
// Rote learning (samuel_rote.hpp): each position the machine moves from is saved with its
// backed-up score and the depth it stands for; at the horizon a saved position's score replaces
// the static one. Samuel's preference for a quick win and a slow loss: every score at the horizon
// is moved one point towards zero for each ply it lies from the root, a saved score for the plies
// it stands for as well, so of two ways to the same advantage the shorter scores more, and of two
// ways to the same disadvantage the longer scores less badly (finished games already score so,
// search/score.hpp).
//
// docs/samuel.md has the sources and the decisions.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "core/player.hpp"
#include "games/draughts/draughts.hpp"
#include "machines/draughts/samuel_rote.hpp"
#include "machines/draughts/samuel_terms.hpp"

namespace minimax::draughts {

namespace samuel {

// The weight of one unit of material credit (a man is 2 units, a king 3); the strategic terms'
// coefficients are bounded well below it, so no term outweighs a man.
inline constexpr int kPieceWeight = 100;
inline constexpr double kMaxCoefficient = 40.0;
// Samuel's working set was 16 of his terms, the rest held in reserve.
inline constexpr int kWorkingSetSize = 16;

struct Polynomial {
  std::array<double, kTermCount> coefficient{};
  std::array<bool, kTermCount> in_use{};

  // The untrained polynomial: the first 16 terms of Samuel's list in use, each at `initial` (a
  // guess that every term's credit to the passive side is good for it, which learning corrects).
  static Polynomial untrained(double initial = 4.0);
  [[nodiscard]] std::vector<Term> working() const;
  // The polynomial's own view of a position, from the side to move's view: piece advantage, less
  // the working terms (which score for the passive side, the side that has just moved).
  [[nodiscard]] int static_score(const Draughts& position) const;
  // The working terms' part, for the passive side, as a real number.
  [[nodiscard]] double terms_score(const Draughts& position) const;
};

// JSON: {"coefficients": {"ADV": 1.5, ...}, "working": ["ADV", ...]}.
std::string polynomial_to_json(const Polynomial& p);
// Reads a polynomial from its JSON, or from a learning run's (its "alpha" member).
Expected<Polynomial> polynomial_from_json(const std::string& text);
Expected<Polynomial> load_polynomial(const std::string& path);

struct Settings {
  int depth = 4;     // the minimum look-ahead, captures not counted
  int max_ply = 24;  // no line goes further
  bool rote = true;  // consult the rote store at the horizon
};

// What the search found at the root.
struct Choice {
  std::optional<Move> best;
  int score = 0;  // backed up, from the side to move's view
  std::vector<Move> line;
  std::uint64_t nodes = 0;
  int deepest = 0;              // the deepest ply reached, a rote entry counted as its depth more
  std::uint64_t rote_hits = 0;  // horizon positions answered by the store
};

// One search (the store, if given and settings.rote, is consulted; it is not written).
Choice search(const Draughts& position, const Polynomial& polynomial, const Settings& settings,
              RoteStore* store = nullptr);

// A score moved `plies` points towards zero (never past it).
constexpr int towards_zero(int score, int plies) {
  if (score > 0) return score > plies ? score - plies : 0;
  if (score < 0) return -score > plies ? score + plies : 0;
  return 0;
}

}  // namespace samuel

class SamuelMachine final : public Player<Draughts> {
 public:
  SamuelMachine();
  ~SamuelMachine() override;
  [[nodiscard]] std::string name() const override { return "samuel"; }
  // Saves the rote store to its file, if one is set.
  void new_game() override;
  // limits.depth overrides Depth for one move.
  Thought<Move> choose(const Draughts& position, const Limits& limits) override;

  [[nodiscard]] const samuel::Polynomial& polynomial() const { return polynomial_; }
  void set_polynomial(const samuel::Polynomial& p) { polynomial_ = p; }
  [[nodiscard]] const samuel::Settings& settings() const { return settings_; }
  samuel::RoteStore& rote() { return rote_; }
  // Whether the machine saves the positions it moves from (Rote option; learning turns it off).
  [[nodiscard]] bool learns_by_rote() const { return settings_.rote; }
  // The one-line message about a rote file that could not be read (empty if none).
  [[nodiscard]] const std::string& rote_warning() const { return rote_warning_; }
  Status save_rote() const;

 private:
  samuel::Settings settings_;
  samuel::Polynomial polynomial_ = samuel::Polynomial::untrained();
  samuel::RoteStore rote_;
  std::int64_t rote_size_ = 100000;
  std::string rote_file_;
  std::string rote_warning_;
};

std::unique_ptr<Player<Draughts>> make_samuel();

}  // namespace minimax::draughts
