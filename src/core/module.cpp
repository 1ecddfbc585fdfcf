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

Expected<void*> load_module(const std::string& name, const char* env_var,
                            const std::string& built_path, bool global) {
  namespace fs = std::filesystem;
  std::vector<std::string> paths;
  const char* from_env = env_var ? std::getenv(env_var) : nullptr;
  if (from_env && *from_env) {
    paths.push_back(from_env);
  } else {
    if (!built_path.empty()) paths.push_back(built_path);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
      const std::string beside = (exe.parent_path() / name).string();
      bool same = false;
      for (const auto& p : paths) same = same || p == beside || fs::equivalent(p, beside, ec);
      if (!same) paths.push_back(beside);
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
