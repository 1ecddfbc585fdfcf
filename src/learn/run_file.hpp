#pragma once
// A learning run's file (the chess and Samuel learners' run files, the draughts network's
// run.json): read whole and parsed by the learner's own reader, an error naming the file; written
// whole and atomically, so that a run killed at any moment leaves the last state it saved.
#include <filesystem>
#include <string>

#include "core/atomic_file.hpp"
#include "core/expected.hpp"
#include "core/read_file.hpp"

namespace minimax::learn {

// parse(text) -> Expected<Run>.
template <class Parse>
auto load_run_file(const std::filesystem::path& path, Parse parse)
    -> decltype(parse(std::string())) {
  auto text = read_file(path);
  if (!text) return Error{text.error()};
  auto run = parse(*text);
  if (!run) return Error{"'" + path.string() + "': " + run.error()};
  return run;
}

inline Status save_run_file(const std::filesystem::path& path, const std::string& text) {
  return write_file_atomically(path, text);
}

}  // namespace minimax::learn
