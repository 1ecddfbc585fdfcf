#include "search/tree_render.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "core/svg.hpp"

namespace minimax::search {

namespace {

std::string escape_dot(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string signed_number(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

const TreeNode& at(const GameTree& t, int i) { return t.nodes[static_cast<std::size_t>(i)]; }

}  // namespace

std::string value_text(const TreeNode& node) {
  if (node.kind == NodeValue::pruned) return "";
  std::string v;
  if (is_win_score(node.value))
    v = "W" + std::to_string(plies_to_end(node.value));
  else if (is_loss_score(node.value))
    v = "L" + std::to_string(plies_to_end(node.value));
  else
    v = signed_number(node.value);
  if (node.kind == NodeValue::lower) return ">=" + v;
  if (node.kind == NodeValue::upper) return "<=" + v;
  return v;
}

std::string tree_summary(const GameTree& tree) {
  std::ostringstream s;
  s << "value " << value_text(tree.nodes.front());
  const auto line = tree.principal_line();
  if (!line.empty()) {
    const TreeNode& first = at(tree, line.front());
    const auto& siblings = tree.nodes.front().children;
    const auto pos = std::find(siblings.begin(), siblings.end(), line.front()) - siblings.begin();
    s << ", best move " << first.move << " (move " << pos + 1 << " of " << siblings.size() << ")";
    s << ", line";
    for (int n : line) s << ' ' << at(tree, n).move;
  }
  s << "; " << tree.searched << " nodes searched by "
    << (tree.alphabeta ? "alpha-beta" : "minimax");
  if (tree.alphabeta) {
    const auto pruned = std::count_if(tree.nodes.begin(), tree.nodes.end(), [](const TreeNode& n) {
      return n.kind == NodeValue::pruned;
    });
    s << ", " << pruned << " moves pruned";
  }
  return s.str();
}

std::string render_svg(const GameTree& tree, const RenderOptions& options) {
  // Layout: leaves side by side in order, a parent centred over its children, one row per ply.
  constexpr double kLeafWidth = 56, kRowHeight = 90, kMargin = 30, kTop = 70, kRadius = 17;
  const std::size_t n = tree.nodes.size();
  std::vector<double> x(n, 0.0);
  double next_leaf = kMargin + kLeafWidth / 2;
  int max_depth = 0;
  // Post-order without recursion: children have larger indices than their parent (pre-order
  // numbering), so walking the indices backwards places children first; leaves need the in-order
  // position, so assign leaves in index order first.
  for (std::size_t i = 0; i < n; ++i) {
    max_depth = std::max(max_depth, tree.nodes[i].depth);
    if (tree.nodes[i].children.empty()) {
      x[i] = next_leaf;
      next_leaf += kLeafWidth;
    }
  }
  for (std::size_t i = n; i-- > 0;) {
    const auto& ch = tree.nodes[i].children;
    if (!ch.empty())
      x[i] = (x[static_cast<std::size_t>(ch.front())] + x[static_cast<std::size_t>(ch.back())]) / 2;
  }
  auto y = [&](const TreeNode& node) { return kTop + node.depth * kRowHeight; };
  const std::string summary = tree_summary(tree);
  // Wide enough for the leaves and for the caption (about 6.5 pixels a character at this size).
  const double text_width =
      2 * kMargin + 6.5 * static_cast<double>(std::max<std::size_t>(summary.size(), 70));
  const double width = std::max(next_leaf - kLeafWidth / 2 + kMargin, text_width);
  const double height = kTop + max_depth * kRowHeight + 72;

  const std::string title = options.title.empty() ? "game tree" : options.title;
  svg::Document doc(width, height, {{"font-family", "sans-serif"}, {"font-size", "12"}});
  doc.title(title)
      .element("rect", {{"width", "100%"}, {"height", "100%"}, {"fill", "white"}})
      .text(kMargin, 22, title, {{"font-size", "14"}, {"font-weight", "bold"}})
      .text(kMargin, 42, summary, {{"class", "summary"}});
  // Edges first, so nodes are drawn over them.
  doc.begin_group({{"class", "edges"}});
  for (std::size_t i = 1; i < n; ++i) {
    const TreeNode& c = tree.nodes[i];
    const TreeNode& p = at(tree, c.parent);
    const bool pruned = c.kind == NodeValue::pruned;
    const char* colour = c.principal ? "#c0392b" : pruned ? "#aaaaaa" : "#333333";
    const double x1 = x[static_cast<std::size_t>(c.parent)], y1 = y(p), x2 = x[i], y2 = y(c);
    svg::Attrs stroke{{"stroke", colour}, {"stroke-width", c.principal ? 3 : 1.2}};
    if (pruned) stroke.emplace_back("stroke-dasharray", "5,4");
    doc.line(x1, y1, x2, y2, stroke)
        .text((x1 + x2) / 2 + 4, (y1 + y2) / 2, c.move, {{"fill", colour}, {"font-size", "11"}});
  }
  doc.end_group().begin_group({{"class", "nodes"}});
  for (std::size_t i = 0; i < n; ++i) {
    const TreeNode& c = tree.nodes[i];
    const bool pruned = c.kind == NodeValue::pruned;
    const char* stroke = c.principal ? "#c0392b" : pruned ? "#aaaaaa" : "#333333";
    const char* fill = pruned ? "#f2f2f2" : c.maximizing ? "#fdf5e6" : "#eaf2fb";
    doc.begin_group({{"class", std::string("node") + (pruned ? " pruned" : "") +
                                   (c.principal ? " principal" : "")}});
    doc.title((c.move.empty() ? std::string("root") : c.move) + ": " +
              (pruned ? std::string("pruned") : value_text(c)) +
              (c.position.empty() ? "" : " [" + c.position + "]"));
    // Wide enough for the value written in it (bounds such as "<=+6" are longer).
    const std::string label = pruned ? std::string("pruned") : value_text(c);
    const double half = std::max(kRadius, 3.6 * static_cast<double>(label.size()) + 5);
    svg::Attrs shape{{"fill", fill}, {"stroke", stroke}, {"stroke-width", c.principal ? 2.5 : 1.2}};
    if (pruned) shape.emplace_back("stroke-dasharray", "3,3");
    if (c.maximizing)
      doc.rect(x[i] - half, y(c) - kRadius, 2 * half, 2 * kRadius, shape);
    else
      doc.ellipse(x[i], y(c), half, kRadius, shape);
    doc.text(x[i], y(c) + 4, label,
             {{"text-anchor", "middle"},
              {"fill", pruned ? "#888888" : "#000000"},
              {"font-size", pruned ? 9 : 11}});
    doc.end_group();
  }
  doc.end_group();
  doc.text(kMargin, height - 28,
           "squares: the root player chooses (maximum); circles: the opponent (minimum); values "
           "from the root "
           "player's side",
           {{"font-size", "10"}, {"fill", "#555555"}});
  doc.text(kMargin, height - 14,
           std::string("red: principal line; W/L n: won/lost at ply n") +
               (tree.alphabeta ? "; dashed: pruned by alpha-beta; >=v, <=v: bounds" : ""),
           {{"font-size", "10"}, {"fill", "#555555"}});
  return doc.str();
}

std::string render_dot(const GameTree& tree, const RenderOptions& options) {
  std::ostringstream s;
  s << "digraph game_tree {\n"
    << "  label=\""
    << escape_dot((options.title.empty() ? "" : options.title + ": ") + tree_summary(tree))
    << "\";\n  labelloc=t;\n  node [fontname=\"sans-serif\", fontsize=11];\n"
    << "  edge [fontname=\"sans-serif\", fontsize=10];\n";
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& c = tree.nodes[i];
    const bool pruned = c.kind == NodeValue::pruned;
    s << "  n" << i << " [label=\"" << escape_dot(pruned ? "pruned" : value_text(c))
      << "\", shape=" << (c.maximizing ? "box" : "ellipse");
    if (c.principal) s << ", color=red, penwidth=2.5";
    if (pruned) s << ", style=dashed, color=gray, fontcolor=gray";
    s << "];\n";
  }
  for (std::size_t i = 1; i < tree.nodes.size(); ++i) {
    const TreeNode& c = tree.nodes[i];
    s << "  n" << c.parent << " -> n" << i << " [label=\"" << escape_dot(c.move) << "\"";
    if (c.principal) s << ", color=red, penwidth=3";
    if (c.kind == NodeValue::pruned) s << ", style=dashed, color=gray";
    s << "];\n";
  }
  s << "}\n";
  return s.str();
}

std::string render_text(const GameTree& tree, const RenderOptions& options) {
  std::ostringstream s;
  if (!options.title.empty()) s << options.title << '\n';
  s << tree_summary(tree) << '\n';
  // Pre-order numbering means index order is already depth-first order.
  for (const TreeNode& c : tree.nodes) {
    s << std::string(static_cast<std::size_t>(c.depth) * 2, ' ')
      << (c.move.empty() ? "root" : c.move) << (c.maximizing ? " [max] " : " [min] ")
      << (c.kind == NodeValue::pruned ? std::string("pruned") : value_text(c))
      << (c.principal ? " *" : "") << '\n';
  }
  return s.str();
}

}  // namespace minimax::search
