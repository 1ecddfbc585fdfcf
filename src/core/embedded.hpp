#pragma once
// A file built into the program (tools/embed_files.cmake): its name and its bytes. A table of
// none has one placeholder row past its count, never read.
#include <span>
#include <string_view>

namespace minimax {

struct EmbeddedFile {
  std::string_view name;
  std::string_view bytes;
};

// The file of that name among `files`, or nullptr.
inline const EmbeddedFile* find_embedded(std::span<const EmbeddedFile> files,
                                         std::string_view name) {
  for (const EmbeddedFile& f : files)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace minimax
