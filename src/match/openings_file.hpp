#pragma once
// An openings file, whatever the game: one opening a line, blank lines and lines starting with #
// skipped. `parse(line)` reads one (an Expected<Opening>); an error is given back as
// "PATH:LINE: message", a file that cannot be read or holds no opening as one line naming it.
#include <fstream>
#include <string>
#include <vector>

#include "core/expected.hpp"
#include "core/text.hpp"

namespace minimax::match {

template <class Opening, class Parse>
Expected<std::vector<Opening>> read_openings_file(const std::string& path, Parse parse) {
  std::ifstream f(path);
  if (!f) return Error{"cannot read openings file '" + path + "'"};
  std::vector<Opening> out;
  std::string line;
  int number = 0;
  while (std::getline(f, line)) {
    ++number;
    const std::string text(trim(line));
    if (text.empty() || text[0] == '#') continue;
    auto opening = parse(text);
    if (!opening) return Error{path + ":" + std::to_string(number) + ": " + opening.error()};
    out.push_back(std::move(*opening));
  }
  if (out.empty()) return Error{"openings file '" + path + "' has no openings"};
  return out;
}

}  // namespace minimax::match
