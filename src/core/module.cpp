#include "core/module.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

namespace minimax {

namespace {

// dlerror()'s text, without the path it usually starts with (the caller names the path).
std::string dl_reason(const std::string& path) {
  const char* e = dlerror();
  std::string reason = e ? e : "unknown error";
  if (reason.rfind(path + ": ", 0) == 0) reason.erase(0, path.size() + 2);
  return reason;
}

}  // namespace

std::filesystem::path executable_dir() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe.parent_path();
}

std::filesystem::path installed_file(const std::string& name) {
  const std::filesystem::path dir = executable_dir();
  if (dir.empty()) return {};
  std::error_code ec;
  for (const std::filesystem::path& p : {dir / name, dir / ".." / "share" / "minimax" / name})
    if (std::filesystem::exists(p, ec)) return p.lexically_normal();
  return {};
}

Expected<void*> load_module(const std::string& name, const char* env_var,
                            const std::string& built_path, bool global) {
  namespace fs = std::filesystem;
  std::vector<std::string> paths;
  const char* from_env = env_var ? std::getenv(env_var) : nullptr;
  if (from_env && *from_env) {
    paths.push_back(from_env);
  } else {
    // Beside the executable (the build folder), then where `make install` puts modules, then the
    // build's own path (a test binary elsewhere).
    std::error_code ec;
    for (const fs::path& dir : {executable_dir(), executable_dir() / ".." / "lib" / "minimax"})
      if (!dir.empty()) paths.push_back((dir / name).lexically_normal().string());
    if (!built_path.empty()) {
      bool same = false;
      for (const auto& p : paths)
        same = same || p == built_path || fs::equivalent(p, built_path, ec);
      if (!same) paths.push_back(built_path);
    }
  }
  std::string tried;
  for (const auto& path : paths) {
    if (void* handle = dlopen(path.c_str(), RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL)))
      return handle;
    tried += (tried.empty() ? "" : "; ") + path + ": " + dl_reason(path);
  }
  std::string hint;
  if (env_var)
    hint = from_env && *from_env ? std::string(" (the path in ") + env_var + ")"
                                 : std::string(" (set ") + env_var + " to its path)";
  return Error{"cannot load " + name + ": " + (paths.empty() ? "no path to try" : tried) + hint};
}

Expected<void*> module_symbol(void* module, const std::string& name, const char* symbol) {
  dlerror();
  if (void* address = dlsym(module, symbol)) return address;
  const char* e = dlerror();
  return Error{name + " has no " + symbol + " (" + (e ? e : "a null symbol") +
               "): it was built from other sources than this minimax"};
}

}  // namespace minimax
