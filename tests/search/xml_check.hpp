#pragma once
// A small XML well-formedness check for the SVG the tree command writes (tests must not depend on
// xmllint being installed): one root element, tags properly nested and closed, attributes quoted
// and not repeated, only the five predefined entities or character references, no '<' or bare '&'
// in text, no control characters. Returns an empty string if well formed, else what is wrong.
#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace minimax::test {

inline std::string xml_problem(std::string_view s) {
  std::vector<std::string> open;
  std::size_t i = 0;
  int roots = 0;
  auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
           c == ':';
  };
  auto check_entity = [&](std::size_t at) -> bool {
    const std::size_t semi = s.find(';', at);
    if (semi == std::string_view::npos || semi - at > 10) return false;
    const std::string_view ent = s.substr(at + 1, semi - at - 1);
    if (ent == "amp" || ent == "lt" || ent == "gt" || ent == "quot" || ent == "apos") return true;
    if (ent.size() >= 2 && ent[0] == '#') {
      for (std::size_t k = 1; k < ent.size(); ++k)
        if (!std::isxdigit(static_cast<unsigned char>(ent[k])) && !(k == 1 && ent[k] == 'x'))
          return false;
      return true;
    }
    return false;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r')
      return "control character at " + std::to_string(i);
    if (c == '&') {
      if (!check_entity(i)) return "bad entity at " + std::to_string(i);
      ++i;
      continue;
    }
    if (c != '<') {
      if (open.empty() && !std::isspace(static_cast<unsigned char>(c)))
        return "text outside the root element at " + std::to_string(i);
      ++i;
      continue;
    }
    if (s.substr(i, 5) == "<?xml") {
      if (i != 0) return "XML declaration not at the start";
      const auto e = s.find("?>", i);
      if (e == std::string_view::npos) return "unclosed XML declaration";
      i = e + 2;
      continue;
    }
    if (s.substr(i, 4) == "<!--") {
      const auto e = s.find("-->", i);
      if (e == std::string_view::npos) return "unclosed comment";
      i = e + 3;
      continue;
    }
    if (s.substr(i, 2) == "</") {
      std::size_t j = i + 2;
      while (j < s.size() && name_char(s[j])) ++j;
      const std::string name(s.substr(i + 2, j - i - 2));
      while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j]))) ++j;
      if (j >= s.size() || s[j] != '>') return "bad end tag at " + std::to_string(i);
      if (open.empty() || open.back() != name) return "end tag </" + name + "> does not match";
      open.pop_back();
      i = j + 1;
      continue;
    }
    // Start tag.
    std::size_t j = i + 1;
    while (j < s.size() && name_char(s[j])) ++j;
    const std::string name(s.substr(i + 1, j - i - 1));
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
      return "bad tag name at " + std::to_string(i);
    std::set<std::string> attrs;
    for (;;) {
      while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j]))) ++j;
      if (j >= s.size()) return "unclosed tag <" + name + ">";
      if (s[j] == '>' || s.substr(j, 2) == "/>") break;
      std::size_t k = j;
      while (k < s.size() && name_char(s[k])) ++k;
      if (k == j) return "bad attribute in <" + name + "> at " + std::to_string(j);
      const std::string attr(s.substr(j, k - j));
      if (!attrs.insert(attr).second) return "attribute " + attr + " repeated in <" + name + ">";
      if (k >= s.size() || s[k] != '=') return "attribute " + attr + " without a value";
      ++k;
      if (k >= s.size() || (s[k] != '"' && s[k] != '\''))
        return "attribute " + attr + " not quoted";
      const char q = s[k];
      const std::size_t end = s.find(q, k + 1);
      if (end == std::string_view::npos) return "unterminated attribute " + attr;
      for (std::size_t m = k + 1; m < end; ++m) {
        if (s[m] == '<') return "'<' in attribute " + attr;
        if (s[m] == '&' && !check_entity(m)) return "bad entity in attribute " + attr;
      }
      j = end + 1;
    }
    if (open.empty()) {
      if (++roots > 1) return "more than one root element";
    }
    if (s[j] == '/') {
      i = j + 2;
    } else {
      open.push_back(name);
      i = j + 1;
    }
  }
  if (!open.empty()) return "element <" + open.back() + "> not closed";
  if (roots != 1) return "no root element";
  return "";
}

}  // namespace minimax::test
