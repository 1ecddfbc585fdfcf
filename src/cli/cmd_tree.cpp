// minimax tree ...: draw a game tree (SVG, Graphviz dot or text) with the backed-up value at every
// node, the principal line, and with --alphabeta the pruned branches. Shannon (1950) fig. 2;
// the game-tree lecture notes' alpha-beta exercises.
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/atomic_file.hpp"
#include "core/read_file.hpp"
#include "core/text.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/trees.hpp"
#include "search/game_tree.hpp"
#include "search/tree_render.hpp"

namespace minimax::cli {

namespace {

enum class Format { svg, dot, text };

struct TreeOptions {
  bool alphabeta = false;
  Format format = Format::svg;
  std::optional<int> depth;
  std::string output;
  std::size_t max_nodes = machines::kMaxTreeNodes;
  std::vector<std::string> rest;
  std::optional<int> nim_k;  // nim only
  bool misere = false;       // nim only
};

int emit(const Expected<search::GameTree>& tree, const TreeOptions& o, const std::string& title,
         std::ostream& out, std::ostream& err) {
  if (!tree) {
    err << "minimax tree: " << tree.error() << '\n';
    return 1;
  }
  const search::RenderOptions ro{title};
  const std::string picture = o.format == Format::svg   ? search::render_svg(*tree, ro)
                              : o.format == Format::dot ? search::render_dot(*tree, ro)
                                                        : search::render_text(*tree, ro);
  if (o.output.empty()) {
    out << picture;
    return 0;
  }
  if (auto w = write_file_atomically(o.output, picture); !w) {
    err << "minimax tree: " << w.error() << '\n';
    return 1;
  }
  out << title << ": " << search::tree_summary(*tree) << "\nwrote " << o.output << '\n';
  return 0;
}

machines::TreeRequest request(const TreeOptions& o) {
  machines::TreeRequest r;
  r.depth = o.depth;
  r.alphabeta = o.alphabeta;
  r.max_nodes = o.max_nodes;
  return r;
}

}  // namespace

int cmd_tree(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  TreeOptions o;
  bool dot = false, as_text = false, svg = false, normal = false;
  int depth = 0, k = 1;
  CommandApp app(
      "tree",
      "Draws a game tree (SVG, Graphviz dot or text): every node shows its backed-up value "
      "(the root player's view), the principal line is red, and with --alphabeta the "
      "pruned moves are dashed. A tree FILE holds nested leaf values, e.g. ((3 1 4) (2 -7 "
      "5) (-6 4 0)) for Shannon's fig. 2 (tests/data/trees).");
  app.add_option("WHAT", o.rest, "a tree FILE, nim HEAPS..., or tictactoe [POSITION]");
  app.footer(
      "forms:\n"
      "  minimax tree FILE [--alphabeta] [--dot|--text] [-o OUT]\n"
      "  minimax tree nim HEAPS... [--k K] [--misere] [--depth D] [--alphabeta] [--dot|--text]\n"
      "  minimax tree tictactoe [POSITION] [--depth D] [--alphabeta] [--dot|--text]");
  app.add_flag("--alphabeta,--alpha-beta", o.alphabeta,
               "prune with alpha-beta and show what was pruned");
  auto* svg_flag = app.add_flag("--svg", svg, "an SVG picture (the default)");
  auto* dot_flag = app.add_flag("--dot", dot, "Graphviz dot")->excludes(svg_flag);
  app.add_flag("--text", as_text, "indented text")->excludes(svg_flag)->excludes(dot_flag);
  auto* depth_option =
      app.add_option("--depth", depth,
                     "plies below the root (default: the whole tree; 2 for tictactoe)")
          ->check(whole_number(1, 64));
  app.add_option("--max-nodes", o.max_nodes, "refuse a tree larger than this")
      ->check(whole_number(1, 1'000'000))
      ->capture_default_str();
  app.add_option("-o,--output", o.output, "write the picture to this file")->type_name("OUT");
  auto* k_option = app.add_option("--k", k, "nim: at most k heaps may be taken from in one move")
                       ->check(whole_number(INT32_MIN, INT32_MAX));
  auto* misere_flag = app.add_flag("--misere", o.misere, "nim: whoever takes the last match loses");
  auto* normal_flag =
      app.add_flag("--normal", normal, "nim: whoever takes the last match wins (the default)")
          ->excludes(misere_flag);
  if (auto status = parse_args(app, args, out, err)) return *status;
  if (dot) o.format = Format::dot;
  if (as_text) o.format = Format::text;
  if (depth_option->count()) o.depth = depth;
  if (k_option->count()) o.nim_k = k;
  if (o.rest.empty()) {
    err << "minimax tree: name a tree file, nim HEAPS... or tictactoe [POSITION]\n";
    return 2;
  }
  const std::string what = o.rest.front();
  const std::vector<std::string> rest(o.rest.begin() + 1, o.rest.end());
  if (what != "nim" && (k_option->count() || misere_flag->count() || normal_flag->count())) {
    err << "minimax tree: --k, --misere and --normal are for nim only\n";
    return 2;
  }
  if (what == "nim") {
    auto setup = nim::make_nim_setup(rest, o.nim_k, o.misere);
    if (!setup) {
      err << "minimax tree: " << setup.error() << '\n';
      return 2;
    }
    return emit(machines::nim_tree(*setup, request(o)), o, "nim " + nim::describe(*setup), out,
                err);
  }
  if (what == "tictactoe" || what == "noughts-and-crosses") {
    tictactoe::TicTacToe game;
    if (rest.size() > 1) {
      err << "minimax tree: more than one position ('" << rest[1] << "')\n";
      return 2;
    }
    if (!rest.empty()) {
      if (starts_with(rest[0], "-")) {
        err << "minimax tree: unknown option '" << rest[0] << "'\n";
        return 2;
      }
      auto t = tictactoe::TicTacToe::from_string(rest[0]);
      if (!t) {
        err << "minimax tree: " << t.error() << '\n';
        return 2;
      }
      game = *t;
    }
    return emit(machines::tictactoe_tree(game, request(o)), o, "tictactoe " + game.to_string(), out,
                err);
  }
  // A tree file.
  if (!rest.empty()) {
    err << "minimax tree: unexpected '" << rest.front() << "' after the file name\n";
    return 2;
  }
  if (starts_with(what, "-")) {
    err << "minimax tree: unknown option '" << what << "'\n";
    return 2;
  }
  auto text = read_file(what);
  if (!text) {
    err << "minimax tree: cannot read '" << what << "' (give a tree file, nim or tictactoe)\n";
    return 2;
  }
  auto tree = machines::file_tree(*text, request(o));
  if (!tree) {
    err << "minimax tree: " << what << ": " << tree.error() << '\n';
    return 2;
  }
  std::string title = what;
  if (const auto slash = title.find_last_of('/'); slash != std::string::npos)
    title = title.substr(slash + 1);
  return emit(tree, o, title, out, err);
}

}  // namespace minimax::cli
