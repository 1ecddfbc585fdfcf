#include "core/protocol_line.hpp"

namespace minimax {

std::optional<std::string> ProtocolLine::value(std::string_view name) const {
  for (const auto& [n, v] : args)
    if (n == name) return v;
  return std::nullopt;
}

bool ProtocolLine::has(std::string_view name) const {
  for (const auto& a : args)
    if (a.first == name) return true;
  return false;
}

Expected<ProtocolLine> parse_protocol_line(std::string_view line) {
  ProtocolLine out;
  std::size_t i = 0;
  const auto space = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
  };
  const auto word_end = [&](std::size_t from) {
    while (from < line.size() && line[from] != ' ' && line[from] != '\t' && line[from] != '=' &&
           line[from] != '\r')
      ++from;
    return from;
  };
  space();
  std::size_t end = word_end(i);
  out.command = std::string(line.substr(i, end - i));
  i = end;
  if (i < line.size() && line[i] == '=') return Error{"a line must start with a command word"};
  for (;;) {
    space();
    if (i >= line.size()) break;
    end = word_end(i);
    std::string name(line.substr(i, end - i));
    if (name.empty())
      return Error{"an argument without a name at '" + std::string(line.substr(i)) + "'"};
    i = end;
    if (i < line.size() && line[i] == '=') {
      ++i;
      std::string value;
      if (i < line.size() && line[i] == '"') {
        const std::size_t close = line.find('"', i + 1);
        if (close == std::string_view::npos)
          return Error{"unclosed quote in the value of '" + name + "'"};
        value = std::string(line.substr(i + 1, close - i - 1));
        i = close + 1;
      } else {
        std::size_t stop = i;
        while (stop < line.size() && line[stop] != ' ' && line[stop] != '\t' && line[stop] != '\r')
          ++stop;
        value = std::string(line.substr(i, stop - i));
        i = stop;
      }
      out.args.emplace_back(std::move(name), std::move(value));
    } else {
      out.args.emplace_back(std::move(name), std::nullopt);
    }
  }
  return out;
}

std::string protocol_value(std::string_view value) {
  if (value.empty() || value.find_first_of(" \t=\"") != std::string_view::npos)
    return "\"" + std::string(value) + "\"";
  return std::string(value);
}

}  // namespace minimax
