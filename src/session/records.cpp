#include "session/records.hpp"

#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace minimax::session {

namespace fs = std::filesystem;

Expected<std::string> data_folder() {
  // The XDG Base Directory specification: an unset or relative XDG_DATA_HOME is ignored.
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && *xdg && fs::path(xdg).is_absolute()) return (fs::path(xdg) / "minimax").string();
  const char* home = std::getenv("HOME");
  if (home && *home) return (fs::path(home) / ".local" / "share" / "minimax").string();
  return Error{"no data folder: neither XDG_DATA_HOME nor HOME is set (give --pgn FILE)"};
}

Expected<std::string> new_record_path(std::string_view game, std::string_view extension) {
  auto folder = data_folder();
  if (!folder) return Error{folder.error()};
  const fs::path dir = fs::path(*folder) / "games";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot create " + dir.string() + ": " + ec.message()};
  const std::time_t t = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::gmtime(&t));
  const std::string base = std::string(game) + "-" + stamp;
  for (int n = 1;; ++n) {
    const fs::path p = dir / (base + (n > 1 ? "-" + std::to_string(n) : std::string()) + "." +
                              std::string(extension));
    if (!fs::exists(p, ec)) return p.string();
  }
}

}  // namespace minimax::session
