// Saved Samuel learning runs (JSON): a corrupt file gives one line of error, never a crash.
#include "fuzz_common.hpp"
#include "learn/samuel_learning.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto run = learn::samuel::run_from_json(std::string(fuzz::text_of(data, size)));
  if (!run) fuzz::one_line(run.error(), "run_from_json");
  return 0;
}
