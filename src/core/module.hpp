#pragma once
// Optional parts of minimax built as loadable modules beside the executable (minimax_http.so for
// `minimax serve`, minimax_mpi.so for learning runs under mpirun): each links a large library
// (cpp-httplib with OpenSSL, Open MPI) that every start of minimax would otherwise load, so they
// are loaded with dlopen by the one command that needs them, on its first use.
#include <filesystem>
#include <string>

#include "core/expected.hpp"

namespace minimax {

// The folder of the running executable ("" if it cannot be known).
std::filesystem::path executable_dir();
// A file or folder that goes with the executable: `name` beside it (the build folder), else in
// ../share/minimax/ (where `make install` puts it); "" if neither exists.
std::filesystem::path installed_file(const std::string& name);

// Loads the module file `name` (e.g. "minimax_http.so") and returns its handle, never closed:
// from the path in the environment variable `env_var` when it is set (and from nowhere else),
// otherwise from the folder of the running executable, from ../lib/minimax beside it (installed),
// or from `built_path` (where the build wrote it). `global`: its symbols and its libraries' are
// made visible to libraries loaded after it (RTLD_GLOBAL). An Error is one line naming each path
// tried with dlopen's reason.
Expected<void*> load_module(const std::string& name, const char* env_var,
                            const std::string& built_path, bool global = false);

// The address of `symbol` in a loaded module, or an Error of one line naming both.
Expected<void*> module_symbol(void* module, const std::string& name, const char* symbol);

}  // namespace minimax
