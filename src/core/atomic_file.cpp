#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
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

// Whether no process `pid` runs: none is there, or only its zombie (killed, its parent not yet
// told; in a container nobody may ever reap it).
bool process_gone(pid_t pid) {
  if (::kill(pid, 0) != 0) return errno == ESRCH;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const std::size_t paren = line.rfind(')');
  return paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'Z';
}

// A writer stopped between creating its temporary and renaming it (kill -9, a power cut) leaves
// `<file>.tmp<pid>` behind. The next write of the same file removes those whose process is gone;
// one whose process still runs (or that cannot be judged) is left to its writer.
void remove_stale_temporaries(const std::filesystem::path& path) {
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  const std::string prefix = path.filename().string() + ".tmp";
  std::error_code ec;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= prefix.size() || name.size() > prefix.size() + 9 ||
        name.compare(0, prefix.size(), prefix) != 0)
      continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(digits));
    if (pid <= 0 || pid == ::getpid()) continue;
    if (!process_gone(pid)) continue;
    std::error_code gone;
    std::filesystem::remove(it->path(), gone);
  }
}

}  // namespace

Status write_file_atomically(const std::filesystem::path& path, std::string_view text) {
  make_parents(path);
  remove_stale_temporaries(path);
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
