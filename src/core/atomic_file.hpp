#pragma once
// Every file minimax writes (game records, plots, tables, learning runs) is written whole to a
// temporary file beside it, flushed, and renamed over the target, so that a reader, or the user
// after a crash, sees either the old file or the new one, never half of one. A record that grows
// (a match's PGN) gets each game appended by one write of the whole game, cut back if it fails.
#include <filesystem>
#include <string_view>

#include "core/expected.hpp"

namespace minimax {

// Writes `text` to `path` atomically, creating the parent folders if needed. An Error names the
// path and what went wrong; the target is then untouched and no temporary file is left. The
// temporaries an earlier writer of `path` left when it was killed are removed first.
Status write_file_atomically(const std::filesystem::path& path, std::string_view text);

// Appends `text` to `path` (created if missing) in one write, synced; if it cannot all be
// written, the file is cut back to its old length and the Error says why.
Status append_file_atomically(const std::filesystem::path& path, std::string_view text);

// Whether `path` can be written (created and removed again if it did not exist): for commands
// that would otherwise play for an hour and then fail to save.
Status check_writable(const std::filesystem::path& path);

}  // namespace minimax
