// The UCI loop fed a whole session: any text, line by line, then isready; the loop must answer
// readyok at the end and never crash. Searches are kept short (every go gets a node limit and a
// movetime; Hash and Threads are capped) so that each input runs in milliseconds.
#include <sstream>
#include <string>

#include "fuzz_common.hpp"
#include "uci/uci.hpp"

using namespace minimax;

namespace {

std::string tame(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  int lines = 0;
  while (start <= text.size() && ++lines <= 64) {
    auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    std::string line(text.substr(start, nl - start));
    start = nl + 1;
    const auto first = line.find_first_not_of(" \t");
    const std::string word = first == std::string::npos ? std::string() : line.substr(first);
    if (word.rfind("go", 0) == 0) line += " nodes 500 movetime 5";
    if (word.rfind("setoption", 0) == 0 &&
        (line.find("Hash") != std::string::npos || line.find("Threads") != std::string::npos ||
         line.find("Path") != std::string::npos || line.find("File") != std::string::npos))
      continue;  // sizes, threads and files are fuzzed by their own tests, not here
    if (word.rfind("perft", 0) == 0 || word.rfind("bench", 0) == 0) continue;
    out += line;
    out += '\n';
    if (word.rfind("quit", 0) == 0) break;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string session = tame(fuzz::text_of(data, size));
  const bool quits = session.find("quit") != std::string::npos;
  std::istringstream in(session + "stop\nisready\n");
  std::ostringstream out;
  (void)uci::run_uci(in, out);
  if (!quits)
    fuzz::require(out.str().find("readyok") != std::string::npos,
                  "the UCI loop did not answer isready after:\n" + session);
  return 0;
}
