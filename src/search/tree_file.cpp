#include "search/tree_file.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"

namespace minimax::search {

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Expected<std::vector<ExplicitTree::Node>> run() {
    skip();
    if (pos_ >= text_.size()) return Error{"tree file: empty (expected a number or '(')"};
    if (!item(0, "")) return Error{error_};
    skip();
    if (pos_ < text_.size()) return Error{where() + "unexpected '" + word() + "' after the tree"};
    return std::move(nodes_);
  }

 private:
  std::string where() const {
    int line = 1, col = 1;
    for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n')
        ++line, col = 1;
      else
        ++col;
    }
    return "tree file line " + std::to_string(line) + ", column " + std::to_string(col) + ": ";
  }
  bool fail(std::string message) {
    if (error_.empty()) error_ = where() + std::move(message);
    return false;
  }
  void skip() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
        ++pos_;
      } else {
        return;
      }
    }
  }
  static bool word_char(char c) {
    return !std::isspace(static_cast<unsigned char>(c)) && c != '(' && c != ')' && c != ',' &&
           c != '#' && c != ':';
  }
  // The token at pos_ (for messages), without consuming it.
  std::string word() const {
    std::size_t e = pos_;
    while (e < text_.size() && word_char(text_[e])) ++e;
    return std::string(text_.substr(pos_, std::max<std::size_t>(e - pos_, 1)));
  }

  // Parses one item into a new node; returns false on error.
  bool item(int depth, std::string label) {
    if (depth > ExplicitTree::kMaxDepth)
      return fail("the tree is deeper than " + std::to_string(ExplicitTree::kMaxDepth));
    if (nodes_.size() >= ExplicitTree::kMaxNodes)
      return fail("more than " + std::to_string(ExplicitTree::kMaxNodes) + " nodes");
    skip();
    if (pos_ >= text_.size()) return fail("the file ends where a number or '(' was expected");
    const auto index = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back({});
    nodes_[index].label = std::move(label);
    nodes_[index].depth = depth;
    const char c = text_[pos_];
    if (c == '(') {
      const std::size_t open = pos_;
      ++pos_;
      nodes_[index].leaf = false;
      int count = 0;
      for (;;) {
        skip();
        if (pos_ >= text_.size()) {
          pos_ = open;
          return fail("this '(' is never closed");
        }
        if (text_[pos_] == ')') {
          ++pos_;
          break;
        }
        // An optional label.
        std::string child_label = std::to_string(count + 1);
        std::size_t e = pos_;
        while (e < text_.size() && word_char(text_[e])) ++e;
        if (e < text_.size() && text_[e] == ':' && e > pos_) {
          child_label = std::string(text_.substr(pos_, e - pos_));
          pos_ = e + 1;
        }
        if (++count > ExplicitTree::kMaxChildren)
          return fail("more than " + std::to_string(ExplicitTree::kMaxChildren) +
                      " moves in one list");
        const auto child = static_cast<std::uint32_t>(nodes_.size());
        if (!item(depth + 1, std::move(child_label))) return false;
        nodes_[index].children.push_back(child);
      }
      if (count == 0) {
        pos_ = open;
        return fail("an empty list '()': a choice needs at least one move");
      }
      return true;
    }
    if (c == ')') return fail("')' with no '(' to close");
    if (c == ':') return fail("':' without a label before it");
    const std::string w = word();
    auto v = parse_int(w);
    if (!v) return fail("'" + w + "' is not a whole number or '('");
    if (*v < -1'000'000 || *v > 1'000'000)
      return fail("value " + w + " is out of range -1000000..1000000");
    nodes_[index].value = static_cast<int>(*v);
    pos_ += w.size();
    return true;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<ExplicitTree::Node> nodes_;
  std::string error_;
};

}  // namespace

Expected<ExplicitTree> ExplicitTree::parse(std::string_view text) {
  auto nodes = Parser(text).run();
  if (!nodes) return Error{nodes.error()};
  ExplicitTree t;
  (*nodes)[0].label = "root";
  t.nodes_ = std::make_shared<const std::vector<Node>>(std::move(*nodes));
  return t;
}

void ExplicitTree::generate_moves(MoveList& list) const {
  list.clear();
  for (auto c : node(current()).children) list.push_back(Move{c});
}

std::string ExplicitTree::to_string() const {
  if (path_.empty()) return "root";
  std::string s;
  for (auto n : path_) {
    if (!s.empty()) s += '/';
    s += node(n).label;
  }
  return s;
}

int ExplicitTree::height() const {
  int h = 0;
  for (const auto& n : *nodes_) h = std::max(h, n.depth);
  return h;
}

}  // namespace minimax::search
