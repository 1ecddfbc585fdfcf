#pragma once
// A small game tree written out by hand, as a game: Shannon's fig. 2 (Shannon 1950) and the
// lecture's exercises (the game-tree lecture notes) are trees of leaf values, not positions of a
// real game.
//
// File format (plain text): the tree is one item; an item is a number (a leaf's value, from the
// point of view of the player to move at the root, as Shannon's f(P) is from White's) or a list of
// items in parentheses (a choice). An item may be preceded by a label and a colon, which names the
// move leading to it; unlabelled moves are numbered 1, 2, 3, ... among their siblings. Commas are
// spaces; '#' starts a comment to the end of the line. Shannon's fig. 2 is, for example,
//     ( (1 3 2)  (-7 5 0)  (-6 4 -2) )      # three White moves, three Black replies each
//
// ExplicitTree models the Game concept (the root player is Side::first and moves at even depths),
// so the generic searches and build_tree() work on it unchanged. Use leaf_value_for_mover() as the
// evaluation. Parse errors name the line, the column and the bad token.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"
#include "core/game.hpp"
#include "core/move_list.hpp"

namespace minimax::search {

class ExplicitTree {
 public:
  static constexpr int kMaxChildren = 64;
  static constexpr int kMaxDepth = 64;
  static constexpr std::size_t kMaxNodes = 100'000;

  struct Move {
    std::uint32_t node = 0;
    bool operator==(const Move&) const = default;
  };
  using MoveList = minimax::MoveList<Move, kMaxChildren>;

  struct Node {
    std::string label;
    int value = 0;  // leaves only
    bool leaf = true;
    int depth = 0;
    std::vector<std::uint32_t> children;
  };

  static Expected<ExplicitTree> parse(std::string_view text);

  [[nodiscard]] Side side_to_move() const { return path_.size() % 2 ? Side::second : Side::first; }
  void generate_moves(MoveList& list) const;
  void play(Move m) { path_.push_back(m.node); }
  void undo(Move) { path_.pop_back(); }
  [[nodiscard]] Outcome outcome() const { return Outcome::none; }
  [[nodiscard]] std::uint64_t key() const { return 0x5bd1e995ULL * (current() + 1); }
  [[nodiscard]] std::string move_to_string(Move m) const { return (*nodes_)[m.node].label; }
  // The labels from the root, "root" at the root: "1/2".
  [[nodiscard]] std::string to_string() const;

  [[nodiscard]] std::uint32_t current() const { return path_.empty() ? 0 : path_.back(); }
  [[nodiscard]] const Node& node(std::uint32_t i) const { return (*nodes_)[i]; }
  [[nodiscard]] std::size_t size() const { return nodes_->size(); }
  [[nodiscard]] int height() const;
  // The value of the current leaf from the root player's view (0 for an inner node).
  [[nodiscard]] int leaf_value() const { return node(current()).value; }

 private:
  std::shared_ptr<const std::vector<Node>> nodes_;
  std::vector<std::uint32_t> path_;
};

static_assert(Game<ExplicitTree>);

// The evaluation for an ExplicitTree: the leaf's value from the side to move's view.
struct LeafValueForMover {
  int operator()(const ExplicitTree& t) const {
    return t.side_to_move() == Side::first ? t.leaf_value() : -t.leaf_value();
  }
};

}  // namespace minimax::search
