#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>

namespace minimax {

namespace {

std::string why(int error) { return std::strerror(error); }

// Writes all of `text` to `fd`; false (errno set) if any of it could not be written.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

void make_parents(const std::filesystem::path& path) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
}

}  // namespace

Status write_file_atomically(const std::filesystem::path& path, std::string_view text) {
  make_parents(path);
  // The process id keeps two processes writing the same file from sharing a temporary.
  std::filesystem::path tmp = path;
  tmp += ".tmp" + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"cannot write " + path.string() + ": " + why(errno)};
  // Written and on the disk before the rename, so that even a power cut leaves the old file or
  // the new one.
  if (!write_all(fd, text) || ::fsync(fd) != 0) {
    const int e = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    return Error{"cannot write " + path.string() + ": " + why(e)};
  }
  ::close(fd);
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    ::unlink(tmp.c_str());
    return Error{"cannot write " + path.string() + ": " + why(e)};
  }
  return Ok{};
}

Status append_file_atomically(const std::filesystem::path& path, std::string_view text) {
  make_parents(path);
  std::error_code ec;
  const bool existed = std::filesystem::exists(path, ec);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"cannot write " + path.string() + ": " + why(errno)};
  struct stat before {};
  const bool sized = ::fstat(fd, &before) == 0;
  if (!write_all(fd, text) || ::fsync(fd) != 0) {
    const int e = errno;
    if (sized && ::ftruncate(fd, before.st_size) != 0) {
      // nothing more to be done: the message below says the file was not written
    }
    ::close(fd);
    if (!existed) ::unlink(path.c_str());  // no empty file left behind by a failed first append
    return Error{"cannot write " + path.string() + ": " + why(e)};
  }
  ::close(fd);
  return Ok{};
}

Status check_writable(const std::filesystem::path& path) {
  make_parents(path);
  const bool existed = std::filesystem::exists(path);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"cannot write " + path.string() + ": " + why(errno)};
  ::close(fd);
  if (!existed) ::unlink(path.c_str());
  return Ok{};
}

}  // namespace minimax
