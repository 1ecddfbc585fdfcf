#pragma once
// Small text helpers shared by every parser (FEN, SAN, PGN, PDN, UCI, command line).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.hpp"

namespace minimax {

// Split on runs of whitespace; no empty tokens.
std::vector<std::string> split_whitespace(std::string_view s);
// Split on a single character; keeps empty fields.
std::vector<std::string> split(std::string_view s, char sep);
std::string_view trim(std::string_view s);
std::string to_lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
bool starts_with(std::string_view s, std::string_view prefix);

// Whole-token integer parse; nullopt on anything else (sign allowed, no trailing junk).
std::optional<std::int64_t> parse_int(std::string_view s);
// Same, with a message naming `what` and the bad token, and a range check.
Expected<std::int64_t> parse_int(std::string_view s, std::string_view what, std::int64_t lo,
                                 std::int64_t hi);
std::optional<double> parse_double(std::string_view s);

// Join with a separator.
std::string join(const std::vector<std::string>& parts, std::string_view sep);

}  // namespace minimax
