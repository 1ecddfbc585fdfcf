#include "games/draughts/pdn.hpp"

#include <cctype>

#include "core/text.hpp"
#include "games/draughts/notation.hpp"

namespace minimax::draughts {

namespace {

// The result tokens; PDN 3.0's two-point scores are read as the usual ones.
std::string result_of(std::string_view t) {
  if (t == "1-0" || t == "2-0") return "1-0";
  if (t == "0-1" || t == "0-2") return "0-1";
  if (t == "1/2-1/2" || t == "1-1") return "1/2-1/2";
  if (t == "0-0") return "0-0";
  if (t == "*") return "*";
  return "";
}

class PdnReader {
 public:
  explicit PdnReader(std::string_view text) : t_(text) {}

  Expected<std::vector<PdnGame>> read_all() {
    std::vector<PdnGame> games;
    for (;;) {
      skip_space();
      if (at_end()) break;
      auto g = read_game(games.size() + 1);
      if (!g) return Error{g.error()};
      games.push_back(std::move(*g));
    }
    if (games.empty()) return Error{"PDN: no game found"};
    return games;
  }

 private:
  bool at_end() const { return i_ >= t_.size(); }
  char peek() const { return at_end() ? '\0' : t_[i_]; }
  void advance() {
    if (t_[i_] == '\n') ++line_;
    ++i_;
  }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) advance();
  }
  std::string where(std::size_t game) const {
    return "PDN game " + std::to_string(game) + ", line " + std::to_string(line_) + ": ";
  }

  Expected<PdnGame> read_game(std::size_t number) {
    PdnGame g;
    // Tag pairs.
    while (peek() == '[') {
      advance();
      std::string name, value;
      while (!at_end() && !std::isspace(static_cast<unsigned char>(peek())) && peek() != '"' &&
             peek() != ']')
        name += t_[i_], advance();
      skip_space();
      if (peek() != '"') return Error{where(number) + "tag [" + name + " has no quoted value"};
      advance();
      while (!at_end() && peek() != '"' && peek() != '\n') {
        // Only \" and \\ are escapes (a backslash before a line break is itself: the value
        // ends at the line break, as it does unescaped; found by make fuzz).
        if (peek() == '\\' && i_ + 1 < t_.size() && (t_[i_ + 1] == '"' || t_[i_ + 1] == '\\'))
          advance();
        value += t_[i_];
        advance();
      }
      if (peek() != '"') return Error{where(number) + "tag [" + name + " has no closing quote"};
      advance();
      skip_space();
      if (peek() != ']') return Error{where(number) + "tag [" + name + " has no closing ']'"};
      advance();
      if (name.empty()) return Error{where(number) + "a tag without a name"};
      g.tags.emplace_back(name, value);
      skip_space();
    }
    if (const std::string type = g.tag("GameType"); !type.empty()) {
      const std::string kind = type.substr(0, type.find(','));
      if (kind != "21")
        return Error{where(number) + "GameType '" + type + "' is not English draughts (21)"};
    }
    if (const std::string fen = g.tag("FEN"); !fen.empty()) {
      auto p = parse_fen(fen);
      if (!p) return Error{where(number) + "FEN tag: " + p.error()};
      g.start = std::move(*p);
    }
    // Movetext.
    Draughts position = g.start;
    for (;;) {
      skip_space();
      if (at_end() || peek() == '[') return g;  // no result written: "*"
      if (peek() == '{') {
        advance();
        std::string comment;
        while (!at_end() && peek() != '}') comment += t_[i_], advance();
        if (at_end()) return Error{where(number) + "a comment '{' is never closed"};
        advance();
        std::string& into = g.moves.empty() ? g.opening_comment : g.moves.back().comment;
        if (!into.empty()) into += ' ';
        into += std::string(trim(comment));
        continue;
      }
      if (peek() == '(') {  // a variation: skipped, nested ones too
        int depth = 0;
        do {
          if (peek() == '(') ++depth;
          if (peek() == ')') --depth;
          advance();
        } while (!at_end() && depth > 0);
        if (depth > 0) return Error{where(number) + "a variation '(' is never closed"};
        continue;
      }
      std::string token;
      while (!at_end() && !std::isspace(static_cast<unsigned char>(peek())) && peek() != '{' &&
             peek() != '(' && peek() != '[')
        token += t_[i_], advance();
      if (token.empty())
        return Error{where(number) + "unexpected '" + std::string(1, peek()) + "'"};
      if (const std::string r = result_of(token); !r.empty()) {
        g.result = r;
        return g;
      }
      // A move number, "12." or "12...", perhaps glued to its move.
      std::size_t digits = 0;
      while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
        ++digits;
      if (digits > 0 && digits < token.size() && token[digits] == '.') {
        std::size_t dots = digits;
        while (dots < token.size() && token[dots] == '.') ++dots;
        token = token.substr(dots);
        if (token.empty()) continue;
      }
      while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.pop_back();
      if (token.empty()) continue;
      auto m = parse_move(position, token);
      if (!m) {
        return Error{where(number) + "ply " + std::to_string(g.moves.size() + 1) + " (" +
                     (position.side_to_move() == kBlack ? "Black" : "White") + "): " + m.error()};
      }
      position.play(*m);
      g.moves.push_back({*m, ""});
    }
  }

  std::string_view t_;
  std::size_t i_ = 0;
  int line_ = 1;
};

}  // namespace

Draughts PdnGame::final_position() const {
  Draughts p = start;
  for (const PdnMove& m : moves) p.play(m.move);
  return p;
}

std::string PdnGame::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return "";
}

Expected<std::vector<PdnGame>> read_pdn(std::string_view text) {
  return PdnReader(text).read_all();
}

Expected<PdnGame> read_pdn_game(std::string_view text) {
  auto games = read_pdn(text);
  if (!games) return Error{games.error()};
  return std::move(games->front());
}

std::string write_pdn(const PdnGame& game) {
  std::string out;
  const std::string fen = to_fen(game.start);
  const bool setup = fen != kStartFen;
  bool wrote_fen = false;
  for (const auto& [name, value] : game.tags) {
    if (name == "FEN") {
      if (!setup) continue;
      wrote_fen = true;
    }
    std::string escaped;
    for (char c : name == "FEN" ? fen : value) {
      if (c == '"' || c == '\\') escaped += '\\';
      escaped += c;
    }
    out += "[" + name + " \"" + escaped + "\"]\n";
  }
  if (setup && !wrote_fen) out += "[FEN \"" + fen + "\"]\n";
  out += '\n';
  std::string line;
  const auto emit = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > 80) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
  };
  if (!game.opening_comment.empty()) emit("{" + game.opening_comment + "}");
  Draughts p = game.start;
  int number = 1;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Move m = game.moves[i].move;
    if (p.side_to_move() == kBlack) {
      emit(std::to_string(number) + ".");
    } else if (i == 0) {
      emit(std::to_string(number) + "...");
    }
    emit(move_text(p, m));
    if (!game.moves[i].comment.empty()) emit("{" + game.moves[i].comment + "}");
    if (p.side_to_move() == kWhite) ++number;
    p.play(m);
  }
  emit(game.result.empty() ? "*" : game.result);
  out += line + '\n';
  return out;
}

}  // namespace minimax::draughts
