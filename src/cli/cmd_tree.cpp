// minimax tree ...: draw a game tree (SVG, Graphviz dot or text) with the backed-up value at every
// node, the principal line, and with --alphabeta the pruned branches. Shannon (seed 001) fig. 2;
// the lecture's (seed 003) alpha-beta exercises.
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/text.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/tictactoe/open_lines.hpp"
#include "search/game_tree.hpp"
#include "search/tree_file.hpp"
#include "search/tree_render.hpp"

namespace minimax::cli {

namespace {

enum class Format { svg, dot, text };

struct TreeOptions {
  bool alphabeta = false;
  Format format = Format::svg;
  std::optional<int> depth;
  std::string output;
  std::size_t max_nodes = 5000;
  std::vector<std::string> rest;
};

Expected<TreeOptions> read_tree_options(Args args) {
  TreeOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* what) -> Expected<std::string> {
      if (i + 1 >= args.size()) return Error{std::string(a) + " needs " + what};
      return args[++i];
    };
    if (a == "--alphabeta" || a == "--alpha-beta") {
      o.alphabeta = true;
    } else if (a == "--dot") {
      o.format = Format::dot;
    } else if (a == "--text") {
      o.format = Format::text;
    } else if (a == "--svg") {
      o.format = Format::svg;
    } else if (a == "--depth") {
      auto v = value("a number of plies");
      if (!v) return Error{v.error()};
      auto d = parse_int(*v, "depth", 1, 64);
      if (!d) return Error{d.error()};
      o.depth = static_cast<int>(*d);
    } else if (a == "--max-nodes") {
      auto v = value("a number");
      if (!v) return Error{v.error()};
      auto d = parse_int(*v, "max-nodes", 1, 1'000'000);
      if (!d) return Error{d.error()};
      o.max_nodes = static_cast<std::size_t>(*d);
    } else if (a == "-o" || a == "--output") {
      auto v = value("a file name");
      if (!v) return Error{v.error()};
      o.output = *v;
    } else {
      o.rest.push_back(a);
    }
  }
  return o;
}

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
  std::ofstream f(o.output);
  if (!f || !(f << picture)) {
    err << "minimax tree: cannot write '" << o.output << "'\n";
    return 1;
  }
  out << title << ": " << search::tree_summary(*tree) << "\nwrote " << o.output << '\n';
  return 0;
}

}  // namespace

int cmd_tree(Args args, std::istream&, std::ostream& out, std::ostream& err) {
  auto options = read_tree_options(args);
  if (!options) {
    err << "minimax tree: " << options.error() << '\n';
    return 2;
  }
  TreeOptions& o = *options;
  if (o.rest.empty()) {
    err << "minimax tree: name a tree file, nim HEAPS... or tictactoe [POSITION]\n";
    return 2;
  }
  const std::string what = o.rest.front();
  const std::vector<std::string> rest(o.rest.begin() + 1, o.rest.end());
  if (what == "nim") {
    auto setup = nim::parse_nim_setup(rest);
    if (!setup) {
      err << "minimax tree: " << setup.error() << '\n';
      return 2;
    }
    nim::Nim game = *setup;
    const int depth = o.depth.value_or(std::max(1, game.total()));
    auto tree = search::build_tree(game, depth, [](const nim::Nim&) { return 0; }, o.alphabeta, o.max_nodes);
    return emit(tree, o, "nim " + nim::describe(game), out, err);
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
    // Cut off before the end, a position is estimated by its open lines (machines/tictactoe).
    auto tree = search::build_tree(game, o.depth.value_or(2), tictactoe::OpenLines{}, o.alphabeta, o.max_nodes);
    return emit(tree, o, "tictactoe " + game.to_string(), out, err);
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
  std::ifstream f(what);
  if (!f) {
    err << "minimax tree: cannot read '" << what << "' (give a tree file, nim or tictactoe)\n";
    return 2;
  }
  std::stringstream text;
  text << f.rdbuf();
  auto parsed = search::ExplicitTree::parse(text.str());
  if (!parsed) {
    err << "minimax tree: " << what << ": " << parsed.error() << '\n';
    return 2;
  }
  search::ExplicitTree t = *parsed;
  auto tree = search::build_tree(t, o.depth.value_or(t.height()), search::LeafValueForMover{},
                                 o.alphabeta, std::max<std::size_t>(o.max_nodes, t.size()));
  std::string title = what;
  if (const auto slash = title.find_last_of('/'); slash != std::string::npos) title = title.substr(slash + 1);
  return emit(tree, o, title, out, err);
}

}  // namespace minimax::cli
