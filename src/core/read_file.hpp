#pragma once
// A whole file read into memory, or an Error naming the path and what went wrong.
#include <filesystem>
#include <string>

#include "core/expected.hpp"

namespace minimax {

Expected<std::string> read_file(const std::filesystem::path& path);

}  // namespace minimax
