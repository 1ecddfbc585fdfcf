#include "games/chess/pgn.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"
#include "games/chess/san.hpp"

namespace minimax::chess {

std::optional<std::string> PgnGame::tag(std::string_view key) const {
  for (const auto& [k, v] : tags)
    if (k == key) return v;
  return std::nullopt;
}

void PgnGame::set_tag(std::string_view key, std::string value) {
  for (auto& [k, v] : tags)
    if (k == key) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(key), std::move(value));
}

Expected<Position> PgnGame::start_position() const {
  auto fen = tag("FEN");
  if (!fen) return Position();
  auto variant = tag("Variant");
  const bool c960 = variant && (iequals(*variant, "chess960") || iequals(*variant, "chess 960") ||
                                iequals(*variant, "fischerandom"));
  auto pos = Position::from_fen(*fen, c960);
  if (!pos) return Error{"PGN: bad FEN tag: " + pos.error()};
  return pos;
}

std::vector<Move> PgnGame::main_line() const {
  std::vector<Move> out;
  for (const auto& m : moves) out.push_back(m.move);
  return out;
}

namespace {

constexpr int kMaxVariationDepth = 100;

bool is_result(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

int glyph_nag(std::string_view g) {
  if (g == "!") return 1;
  if (g == "?") return 2;
  if (g == "!!") return 3;
  if (g == "??") return 4;
  if (g == "!?") return 5;
  if (g == "?!") return 6;
  return 0;
}

class PgnReader {
 public:
  explicit PgnReader(std::string_view text) : t_(text) {}

  Expected<std::vector<PgnGame>> read_all() {
    std::vector<PgnGame> games;
    for (;;) {
      skip_space();
      if (at_end()) break;
      auto g = read_game();
      if (!g)
        return Error{g.error() +
                     (games.empty() ? "" : " (game " + std::to_string(games.size() + 1) + ")")};
      games.push_back(std::move(*g));
    }
    return games;
  }

 private:
  bool at_end() const { return i_ >= t_.size(); }
  char peek() const { return at_end() ? '\0' : t_[i_]; }
  void advance() {
    if (t_[i_] == '\n')
      ++line_, col_ = 1;
    else
      ++col_;
    ++i_;
  }
  std::string where() const {
    return "PGN line " + std::to_string(line_) + ", column " + std::to_string(col_);
  }
  Error fail(const std::string& token, const std::string& why) const {
    return Error{where_token_ + ": " + (token.empty() ? "" : "'" + token + "': ") + why};
  }

  // Whitespace, and '%' escape lines (a '%' in the first column).
  void skip_space() {
    while (!at_end()) {
      if (col_ == 1 && peek() == '%') {
        while (!at_end() && peek() != '\n') advance();
      } else if (std::isspace(static_cast<unsigned char>(peek()))) {
        advance();
      } else {
        break;
      }
    }
  }

  Expected<PgnGame> read_game() {
    PgnGame g;
    // Tag pairs.
    for (;;) {
      skip_space();
      if (peek() != '[') break;
      where_token_ = where();
      advance();
      skip_space();
      std::string key;
      while (!at_end() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_'))
        key += peek(), advance();
      if (key.empty())
        return fail(std::string(1, peek()), "a tag must start with its name, e.g. [Event \"...\"]");
      skip_space();
      if (peek() != '"') return fail(key, "the tag's value must be a \"quoted string\"");
      advance();
      std::string value;
      for (;;) {
        if (at_end() || peek() == '\n') return fail(key, "the tag's value is not closed with '\"'");
        char c = peek();
        advance();
        if (c == '\\' && (peek() == '"' || peek() == '\\')) {
          value += peek();
          advance();
        } else if (c == '"') {
          break;
        } else {
          value += c;
        }
      }
      skip_space();
      if (peek() != ']') return fail(key, "the tag pair is not closed with ']'");
      advance();
      g.tags.emplace_back(key, value);
    }
    auto start = g.start_position();
    if (!start) {
      where_token_ = where();
      return fail("", start.error());
    }
    Position pos = *start;
    auto st = read_line(pos, g.moves, &g.comments_before, 0, &g.result);
    if (!st) return Error{st.error()};
    if (auto r = g.tag("Result"); r && is_result(*r) && *r != g.result && g.result != "*")
      return Error{where() + ": the movetext ends in " + g.result + " but the Result tag says " +
                   *r};
    return g;
  }

  // Reads moves into line until ')' (depth > 0) or a result (depth 0).
  Status read_line(Position pos, std::vector<PgnMove>& line, std::vector<std::string>* before,
                   int depth, std::string* result) {
    Position before_last = pos;  // the position before line.back(), for variations
    for (;;) {
      skip_space();
      where_token_ = where();
      if (at_end()) {
        if (depth > 0) return fail("", "the variation is not closed with ')'");
        return Ok{};  // no result token: tolerated at the end of the text
      }
      const char c = peek();
      if (c == '{') {
        advance();
        std::string text;
        while (!at_end() && peek() != '}') text += peek(), advance();
        if (at_end()) return fail("{", "the comment is not closed with '}'");
        advance();
        text = std::string(trim(text));
        if (line.empty()) {
          if (before) before->push_back(text);
        } else {
          line.back().comments.push_back(text);
        }
        continue;
      }
      if (c == ';') {
        std::string text;
        advance();
        while (!at_end() && peek() != '\n') text += peek(), advance();
        text = std::string(trim(text));
        if (line.empty()) {
          if (before) before->push_back(text);
        } else {
          line.back().comments.push_back(text);
        }
        continue;
      }
      if (c == '(') {
        advance();
        if (line.empty())
          return fail("(", "a variation needs a move before it to be an alternative to");
        // Each level of nesting is a level of recursion holding a position: a bound keeps a
        // hostile file from overflowing the stack (real annotations nest a handful deep).
        if (depth + 1 > kMaxVariationDepth)
          return fail("(", "variations nested more than 100 deep");
        std::vector<PgnMove> variation;
        auto st = read_line(before_last, variation, nullptr, depth + 1, nullptr);
        if (!st) return st;
        line.back().variations.push_back(std::move(variation));
        continue;
      }
      if (c == ')') {
        if (depth == 0) return fail(")", "no variation is open");
        advance();
        return Ok{};
      }
      if (c == '[')
        return fail("[", "a tag pair inside the movetext (is the previous game's result missing?)");
      // A symbol: move number, move, NAG, glyph or result.
      std::string tok;
      while (!at_end() && !std::isspace(static_cast<unsigned char>(peek())) && peek() != '{' &&
             peek() != '(' && peek() != ')' && peek() != ';' && peek() != '[')
        tok += peek(), advance();
      if (tok.empty()) return fail(std::string(1, c), "unexpected character");
      if (is_result(tok)) {
        if (depth > 0) return fail(tok, "a result inside a variation");
        if (result) *result = tok;
        return Ok{};
      }
      if (tok[0] == '$') {
        auto n = parse_int(tok.substr(1));
        if (!n || *n < 0 || *n > 255) return fail(tok, "a NAG is $ and a number 0-255");
        if (line.empty()) return fail(tok, "a NAG needs a move before it");
        line.back().nags.push_back(static_cast<int>(*n));
        continue;
      }
      if (int nag = glyph_nag(tok)) {
        if (line.empty()) return fail(tok, "a move assessment needs a move before it");
        line.back().nags.push_back(nag);
        continue;
      }
      // Move number "12." / "12..." possibly glued to the move ("12.e4").
      std::size_t k = 0;
      while (k < tok.size() && std::isdigit(static_cast<unsigned char>(tok[k]))) ++k;
      if (k > 0 && k < tok.size() && tok[k] == '.') {
        while (k < tok.size() && tok[k] == '.') ++k;
        tok = tok.substr(k);
        if (tok.empty()) continue;
      } else if (k == tok.size()) {
        return fail(tok, "a move number needs its '.'");
      }
      // Glyphs glued to the move: "e4!?", "Nf3?".
      std::string glyph;
      while (!tok.empty() && (tok.back() == '!' || tok.back() == '?'))
        glyph.insert(glyph.begin(), tok.back()), tok.pop_back();
      if (tok.empty()) return fail(glyph, "unknown move assessment '" + glyph + "'");
      auto m = parse_san(pos, tok);
      if (!m) return fail(tok, m.error());
      PgnMove pm;
      pm.move = *m;
      pm.san = to_san(pos, *m);
      if (!glyph.empty()) {
        int nag = glyph_nag(glyph);
        if (!nag) return fail(tok + glyph, "unknown move assessment '" + glyph + "'");
        pm.nags.push_back(nag);
      }
      before_last = pos;
      pos.play(*m);
      line.push_back(std::move(pm));
    }
  }

  std::string_view t_;
  std::size_t i_ = 0;
  int line_ = 1, col_ = 1;
  std::string where_token_;
};

// A comment as words, so that wrapping may break it. A brace comment cannot hold '}' (PGN has no
// escape for it), and a ';' comment read from a file may: it is written as ')' so that the PGN
// written reads back.
void push_comment(const std::string& c, std::vector<std::string>& out) {
  std::string text = c;
  std::replace(text.begin(), text.end(), '}', ')');
  auto words = split_whitespace(text);
  if (words.empty()) words.emplace_back();
  words.front() = "{" + words.front();
  words.back() += "}";
  out.insert(out.end(), words.begin(), words.end());
}

// Movetext as tokens, then wrapped.
void line_tokens(Position pos, const std::vector<PgnMove>& line, std::vector<std::string>& out) {
  bool need_number = true;
  for (const auto& m : line) {
    const int n = pos.fullmove_number();
    // The number stays on the line of its move.
    if (pos.side() == white)
      out.push_back(std::to_string(n) + ". " + m.san);
    else if (need_number)
      out.push_back(std::to_string(n) + "... " + m.san);
    else
      out.push_back(m.san);
    need_number = false;
    for (int nag : m.nags) out.push_back("$" + std::to_string(nag));
    for (const auto& c : m.comments) {
      push_comment(c, out);
      need_number = true;
    }
    for (const auto& v : m.variations) {
      std::vector<std::string> inner;
      line_tokens(pos, v, inner);
      if (inner.empty()) continue;
      inner.front() = "(" + inner.front();
      inner.back() += ")";
      out.insert(out.end(), inner.begin(), inner.end());
      need_number = true;
    }
    pos.play(m.move);
  }
}

std::string quote(const std::string& v) {
  std::string out = "\"";
  for (char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

Expected<std::vector<PgnGame>> parse_pgn(std::string_view text) {
  return PgnReader(text).read_all();
}

PgnGame make_pgn_game(const Position& start, const std::vector<Move>& moves, std::string result,
                      std::vector<std::pair<std::string, std::string>> tags) {
  PgnGame g;
  g.tags = std::move(tags);
  g.result = std::move(result);
  g.set_tag("Result", g.result);
  if (start.chess960()) g.set_tag("Variant", "Chess960");
  if (start.fen() != kStartFen || start.chess960()) {
    g.set_tag("SetUp", "1");
    g.set_tag("FEN", start.fen());
  }
  Position pos = start;
  for (Move m : moves) {
    g.moves.push_back({m, to_san(pos, m), {}, {}, {}});
    pos.play(m);
  }
  return g;
}

std::string write_pgn(const PgnGame& game) {
  static const char* kRoster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  std::string out;
  for (const char* key : kRoster) {
    auto v = game.tag(key);
    std::string value = v ? *v
                          : (std::string_view(key) == "Date"     ? "????.??.??"
                             : std::string_view(key) == "Result" ? game.result
                                                                 : "?");
    out += "[" + std::string(key) + " " + quote(value) + "]\n";
  }
  for (const auto& [k, v] : game.tags) {
    bool in_roster = false;
    for (const char* key : kRoster) in_roster |= k == key;
    if (!in_roster) out += "[" + k + " " + quote(v) + "]\n";
  }
  out += "\n";
  std::vector<std::string> tokens;
  for (const auto& c : game.comments_before) push_comment(c, tokens);
  auto start = game.start_position();
  line_tokens(start ? *start : Position(), game.moves, tokens);
  tokens.push_back(game.result);
  std::string line;
  for (const auto& t : tokens) {
    if (!line.empty() && line.size() + 1 + t.size() > 80) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + t;
  }
  out += line + "\n";
  return out;
}

}  // namespace minimax::chess
