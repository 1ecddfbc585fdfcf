// Saved chess learning runs (`minimax learn chess --out`, JSON): a corrupt file gives one line of
// error, never a crash; a run that reads writes back to text that reads to the same run.
#include "fuzz_common.hpp"
#include "learn/chess_learning.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace cl = learn::chess_learning;
  auto run = cl::from_json(std::string(fuzz::text_of(data, size)));
  if (!run) {
    fuzz::one_line(run.error(), "chess_learning::from_json");
    return 0;
  }
  const std::string again = cl::to_json(*run);
  auto reread = cl::from_json(again);
  fuzz::require(static_cast<bool>(reread), "a run that was read does not read back: " +
                                               (reread ? std::string() : reread.error()));
  fuzz::require(cl::to_json(*reread) == again, "a run written back reads to another run");
  auto params = cl::params_from_json(std::string(fuzz::text_of(data, size)));
  if (!params) fuzz::one_line(params.error(), "chess_learning::params_from_json");
  return 0;
}
