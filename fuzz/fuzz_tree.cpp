// The tree file format (minimax tree): read or one line of error.
#include "fuzz_common.hpp"
#include "search/tree_file.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto t = search::ExplicitTree::parse(fuzz::text_of(data, size));
  if (!t) fuzz::one_line(t.error(), "ExplicitTree::parse");
  return 0;
}
