#pragma once
// Every file minimax writes (game records, plots, tables, learning runs) is written whole to a
// temporary file beside it, flushed, and renamed over the target, so that a reader, or the user
// after a crash, sees either the old file or the new one, never half of one.
#include <filesystem>
#include <string_view>

#include "core/expected.hpp"

namespace minimax {

// Writes `text` to `path` atomically, creating the parent folders if needed. An Error names the
// path and what went wrong; the target is then untouched and no temporary file is left.
Status write_file_atomically(const std::filesystem::path& path, std::string_view text);

}  // namespace minimax
