#include "core/atomic_file.hpp"

#include <unistd.h>

#include <fstream>
#include <string>
#include <system_error>

namespace minimax {

Status write_file_atomically(const std::filesystem::path& path, std::string_view text) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  // The process id keeps two processes writing the same file from sharing a temporary.
  std::filesystem::path tmp = path;
  tmp += ".tmp" + std::to_string(::getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    f.flush();
    if (!f) {
      std::filesystem::remove(tmp, ec);
      return Error{"cannot write " + path.string() + " (writing " + tmp.string() + " failed)"};
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    std::filesystem::remove(tmp, ec);
    return Error{"cannot write " + path.string() + ": " + why};
  }
  return Ok{};
}

}  // namespace minimax
