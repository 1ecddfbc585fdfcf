#pragma once
// A line of a protocol written as a command word followed by arguments, each a name or
// name=value, a value in double quotes when it holds spaces: `pos pos=Bbbbe... moves="9-13 22-18"`
// (the Hub protocol's syntax, Letouzey's Scan 3.1; docs/hub.md).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.hpp"

namespace minimax {

struct ProtocolLine {
  std::string command;
  std::vector<std::pair<std::string, std::optional<std::string>>> args;
  // The value of `name` (nullopt if the argument is absent or has no value).
  [[nodiscard]] std::optional<std::string> value(std::string_view name) const;
  // Whether `name` is there, with or without a value.
  [[nodiscard]] bool has(std::string_view name) const;
};

// An Error names what is wrong (an unclosed quote, an empty name); a blank line is a line with
// an empty command.
Expected<ProtocolLine> parse_protocol_line(std::string_view line);

// A value as it goes on a line: quoted when it is empty or holds a space, '=' or a quote.
std::string protocol_value(std::string_view value);

}  // namespace minimax
