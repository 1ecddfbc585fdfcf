// The seeds' machines explained to the page: a small game's tree, TUROCHAMP's candidates,
// Shannon's f(P), a problem's solution (serve/analysis.hpp).
#include "serve/analysis.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <sstream>
#include <string>

#include "core/embedded.hpp"
#include "games/chess/position.hpp"
#include "games/chess/san.hpp"
#include "games/nim/nim.hpp"
#include "games/nim/setup.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "machines/chess/mate/problem.hpp"
#include "machines/chess/mate/solution_text.hpp"
#include "machines/chess/mate/solver.hpp"
#include "machines/chess/shannon_eval.hpp"
#include "machines/chess/turochamp.hpp"
#include "machines/chess/turochamp_rules.hpp"
#include "machines/trees.hpp"
#include "search/game_tree.hpp"
#include "search/tree_render.hpp"
#include "serve/request.hpp"

namespace minimax::serve {

// Built in from tests/data/trees (CMakeLists.txt, tools/embed_files.cmake).
extern const EmbeddedFile kExampleTrees[];
extern const std::size_t kExampleTreesCount;

namespace {

std::span<const EmbeddedFile> example_trees() { return {kExampleTrees, kExampleTreesCount}; }

}  // namespace

Expected<Json> tree_json(const Json& r) {
  if (!r.is_object() || !r.contains("game") || !r["game"].is_string())
    return Error{"'game' must be tictactoe, nim or file"};
  const std::string game = r["game"].get<std::string>();
  if (r.contains("alphabeta") && !r["alphabeta"].is_boolean())
    return Error{"'alphabeta' must be true or false"};
  const bool alphabeta = r.contains("alphabeta") && r["alphabeta"].get<bool>();
  std::optional<int> depth;
  if (r.contains("depth")) {
    if (!r["depth"].is_number_integer() || r["depth"].get<int>() < 1 || r["depth"].get<int>() > 9)
      return Error{"'depth' must be a whole number 1..9"};
    depth = r["depth"].get<int>();
  }
  machines::TreeRequest request;
  request.depth = depth;
  request.alphabeta = alphabeta;
  Expected<search::GameTree> tree = Error{""};
  std::string title;
  if (game == "tictactoe") {
    tictactoe::TicTacToe t;
    const std::string pos = optional_string(r, "position");
    if (pos == "\x01") return Error{"'position' must be text, e.g. \"x.o/.x./..o\""};
    if (!pos.empty()) {
      auto p = tictactoe::TicTacToe::from_string(pos);
      if (!p) return Error{"bad position: " + p.error()};
      t = *p;
    }
    tree = machines::tictactoe_tree(t, request);
    title = "tictactoe " + t.to_string();
  } else if (game == "nim") {
    auto n = nim_start(r);
    if (!n) return Error{n.error()};
    tree = machines::nim_tree(*n, request);
    title = "nim " + nim::describe(*n);
  } else if (game == "file") {
    // The example trees kept with the sources: Shannon's fig. 2 and the lecture notes' exercise.
    const std::string name = optional_string(r, "name");
    if (name != "shannon_fig2" && name != "lecture_exercise")
      return Error{"'name' must be shannon_fig2 or lecture_exercise"};
    const EmbeddedFile* file = find_embedded(example_trees(), name + ".tree");
    if (!file) return Error{"the tree '" + name + "' is not built into this minimax"};
    tree = machines::file_tree(file->bytes, request);
    if (!tree) return Error{name + ": " + tree.error()};
    title = name;
  } else {
    return Error{"unknown tree game '" + game + "' (tictactoe, nim, file)"};
  }
  if (!tree) return Error{tree.error()};
  const search::RenderOptions ro{title + (alphabeta ? " (alpha-beta)" : " (minimax)")};
  return Json{{"svg", search::render_svg(*tree, ro)},
              {"text", search::render_text(*tree, ro)},
              {"summary", search::tree_summary(*tree)},
              {"nodes", tree->nodes.size()},
              {"searched", tree->searched},
              {"value", tree->root_value()}};
}

Expected<Json> turochamp_json(const std::string& fen) {
  auto p = chess::Position::from_fen(fen);
  if (!p) return Error{"bad FEN: " + p.error()};
  if (p->outcome() != Outcome::none) return Error{"the game is over in that position"};
  chess::Position pos = *p;
  chess::turochamp::TurochampRules rules;
  std::uint64_t nodes = 0;
  const auto candidates = chess::turochamp::evaluate_moves(pos, rules, nodes);
  double best_value = -1e9;
  for (const auto& c : candidates) best_value = std::max(best_value, c.value);
  int best_pp = -1000000;
  for (const auto& c : candidates)
    if (c.value == best_value) best_pp = std::max(best_pp, c.position_play);
  const auto before = chess::turochamp::position_play(pos, pos.side(), rules);
  Json list = Json::array();
  for (const auto& c : candidates) {
    pos.play(c.move);
    const auto after = chess::turochamp::position_play(pos, p->side(), rules, c.move.is_castling());
    pos.undo(c.move);
    list.push_back({{"move", chess::to_san(pos, c.move)},
                    {"uci", pos.move_to_string(c.move)},
                    {"value", c.value},
                    {"position_play", c.position_play / 10.0},
                    {"gain", (after.total() - before.total()) / 10.0},
                    {"terms", after.describe()},
                    {"chosen", c.value == best_value && c.position_play == best_pp}});
  }
  chess::Turochamp machine;
  const auto t = machine.choose(*p, {});
  return Json{{"fen", p->fen()},
              {"candidates", list},
              {"before", before.describe()},
              {"nodes", nodes},
              {"move", chess::to_san(*p, t.move)},
              {"explanation", t.explanation}};
}

Expected<Json> shannon_json(const std::string& fen) {
  auto p = chess::Position::from_fen(fen);
  if (!p) return Error{"bad FEN: " + p.error()};
  chess::Position pos = *p;
  const chess::shannon::Weights w;
  const auto terms = chess::shannon::terms(pos);
  Json sides = Json::array();
  for (int c = 0; c < 2; ++c) {
    const auto& s = terms.side[c];
    sides.push_back({{"K", s.kings},
                     {"Q", s.queens},
                     {"R", s.rooks},
                     {"B", s.bishops},
                     {"N", s.knights},
                     {"P", s.pawns},
                     {"D", s.doubled},
                     {"S", s.backward},
                     {"I", s.isolated},
                     {"M", s.mobility}});
  }
  return Json{{"fen", p->fen()},
              {"white", sides[0]},
              {"black", sides[1]},
              {"value", chess::shannon::evaluate(terms, w)},
              {"describe", terms.describe(w)}};
}

Expected<Json> solve_json(const std::string& fen, const std::string& stipulation) {
  auto p = chess::Position::from_fen(fen);
  if (!p) return Error{"bad FEN: " + p.error()};
  auto spec = chess::mate::parse_stipulation(stipulation);
  if (!spec) return Error{spec.error()};
  if (spec->n > 8) return Error{"the page solves problems of at most 8 moves (use minimax solve)"};
  chess::mate::SolveOptions options;
  options.time_limit_s = 20;
  chess::mate::MateSolver solver(options);
  const auto result = solver.solve(*p, spec->stipulation, spec->n, spec->half_move);
  std::ostringstream out;
  chess::mate::write_solution_json(out, *p, result, options.rules);
  Json j = Json::parse(out.str(), nullptr, false);
  if (j.is_discarded()) return Error{"the solver's JSON could not be read"};
  return j;
}

}  // namespace minimax::serve
