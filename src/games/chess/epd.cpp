#include "games/chess/epd.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"

namespace minimax::chess {

namespace {

struct Token {
  enum Kind { word, quoted, semicolon } kind;
  std::string text;
};

// Splits on whitespace; ';' is a token of its own outside quotes; "..." is one token.
Expected<std::vector<Token>> tokenize(std::string_view s) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == ';') {
      out.push_back({Token::semicolon, ";"});
      ++i;
    } else if (c == '"') {
      const std::size_t close = s.find('"', i + 1);
      if (close == std::string_view::npos)
        return Error{"EPD: unterminated string " + std::string(s.substr(i))};
      out.push_back({Token::quoted, std::string(s.substr(i + 1, close - i - 1))});
      i = close + 1;
    } else {
      std::size_t j = i;
      while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j])) && s[j] != ';' &&
             s[j] != '"')
        ++j;
      out.push_back({Token::word, std::string(s.substr(i, j - i))});
      i = j;
    }
  }
  return out;
}

// EPD opcodes start with a letter and continue with letters, digits or underscores.
bool valid_opcode(std::string_view op) {
  if (op.empty() || !std::isalpha(static_cast<unsigned char>(op[0]))) return false;
  return std::all_of(op.begin(), op.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::optional<int> counter(const Token& t) {
  if (t.kind != Token::word) return std::nullopt;
  auto v = parse_int(t.text);
  if (!v || *v < 0 || *v > 1000000) return std::nullopt;
  return static_cast<int>(*v);
}

}  // namespace

bool epd_is_blank_or_comment(std::string_view line) {
  line = trim(line);
  return line.empty() || line.front() == '#';
}

Expected<EpdRecord> parse_epd(std::string_view line) {
  auto tokens = tokenize(line);
  if (!tokens) return Error{tokens.error()};
  const std::vector<Token>& t = *tokens;

  EpdRecord r;
  std::size_t i = 0;
  std::string* fields[4] = {&r.placement, &r.side, &r.castling, &r.en_passant};
  static constexpr const char* kFieldNames[4] = {"piece placement", "side to move", "castling",
                                                 "en passant"};
  for (int f = 0; f < 4; ++f, ++i) {
    if (i >= t.size() || t[i].kind != Token::word)
      return Error{"EPD: missing the " + std::string(kFieldNames[f]) +
                   " field (an EPD line starts with the four FEN fields)"};
    *fields[f] = t[i].text;
  }
  // Move counters written before the operations, as in "FEN 0 1; D1 20".
  if (i < t.size()) {
    if (auto h = counter(t[i])) {
      r.halfmove = h;
      ++i;
      if (i < t.size()) {
        if (auto f = counter(t[i])) {
          r.fullmove = f;
          ++i;
        }
      }
    }
  }
  while (i < t.size()) {
    if (t[i].kind == Token::semicolon) {
      ++i;
      continue;
    }
    if (t[i].kind == Token::quoted)
      return Error{"EPD: string \"" + t[i].text + "\" has no opcode before it"};
    if (!valid_opcode(t[i].text)) return Error{"EPD: bad opcode '" + t[i].text + "'"};
    EpdOperation op;
    op.opcode = t[i++].text;
    std::vector<const Token*> operands;
    while (i < t.size() && t[i].kind != Token::semicolon) operands.push_back(&t[i++]);
    if (operands.size() == 1 && operands[0]->kind == Token::quoted) {
      op.operand = operands[0]->text;
      op.quoted = true;
    } else {
      for (const Token* o : operands) {
        if (!op.operand.empty()) op.operand += ' ';
        op.operand += o->kind == Token::quoted ? '"' + o->text + '"' : o->text;
      }
    }
    r.operations.push_back(std::move(op));
  }
  return r;
}

std::string EpdRecord::fen() const {
  int h = 0, f = 1;
  if (halfmove) {
    h = *halfmove;
  } else if (auto v = operand("hmvc"); v && parse_int(*v)) {
    h = static_cast<int>(*parse_int(*v));
  }
  if (fullmove) {
    f = *fullmove;
  } else if (auto v = operand("fmvn"); v && parse_int(*v)) {
    f = static_cast<int>(*parse_int(*v));
  }
  return placement + ' ' + side + ' ' + castling + ' ' + en_passant + ' ' + std::to_string(h) +
         ' ' + std::to_string(f);
}

const EpdOperation* EpdRecord::find(std::string_view opcode) const {
  for (const auto& op : operations)
    if (op.opcode == opcode) return &op;
  return nullptr;
}

std::optional<std::string> EpdRecord::operand(std::string_view opcode) const {
  const EpdOperation* op = find(opcode);
  if (!op) return std::nullopt;
  return op->operand;
}

void EpdRecord::set(std::string_view opcode, std::string value, bool quoted) {
  for (auto& op : operations)
    if (op.opcode == opcode) {
      op.operand = std::move(value);
      op.quoted = quoted;
      return;
    }
  operations.push_back({std::string(opcode), std::move(value), quoted});
}

Expected<std::vector<std::pair<int, std::uint64_t>>> EpdRecord::perft_counts() const {
  std::vector<std::pair<int, std::uint64_t>> out;
  for (const auto& op : operations) {
    const std::string& o = op.opcode;
    if (o.size() < 2 || o[0] != 'D' ||
        !std::all_of(o.begin() + 1, o.end(), [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    auto depth = parse_int(std::string_view(o).substr(1));
    if (!depth || *depth < 1 || *depth > 99)
      return Error{"EPD: bad perft depth in opcode '" + o + "'"};
    auto count = parse_int(op.operand);
    if (!count || *count < 0)
      return Error{"EPD: " + o + " count '" + op.operand + "' is not a whole number"};
    out.emplace_back(static_cast<int>(*depth), static_cast<std::uint64_t>(*count));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

bool EpdRecord::chess960() const {
  if (auto v = operand("c960")) return iequals(*v, "true") || *v == "1" || iequals(*v, "yes");
  return std::any_of(castling.begin(), castling.end(), [](char c) {
    return c != 'K' && c != 'Q' && c != 'k' && c != 'q' && c != '-';
  });
}

std::string write_epd(const EpdRecord& r) {
  std::string s = r.placement + ' ' + r.side + ' ' + r.castling + ' ' + r.en_passant;
  if (r.halfmove || r.fullmove)
    s +=
        ' ' + std::to_string(r.halfmove.value_or(0)) + ' ' + std::to_string(r.fullmove.value_or(1));
  for (const auto& op : r.operations) {
    s += ' ' + op.opcode;
    if (op.quoted)
      s += " \"" + op.operand + '"';
    else if (!op.operand.empty())
      s += ' ' + op.operand;
    s += ';';
  }
  return s;
}

}  // namespace minimax::chess
