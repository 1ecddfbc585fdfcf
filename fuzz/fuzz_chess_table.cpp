// minimax's own chess tables (`minimax tables`): a cached table file that is damaged is found on
// loading, said in one line and left, never trusted and never a crash. The input's first line
// names the ending (Material::parse is fuzzed too); the rest is the file's bytes.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "fuzz_common.hpp"
#include "machines/chess/endgame/tables.hpp"

using namespace minimax;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace fs = std::filesystem;
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("minimax-fuzz-tables-" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  const auto [ending, bytes] = fuzz::first_line(fuzz::text_of(data, size));
  if (ending.size() > 16) return 0;
  for (const auto& entry : fs::directory_iterator(dir)) fs::remove(entry.path());
  // Write the bytes under the name the cache gives the canonical ending, when it parses.
  chess::endgame::Tables probe_names(dir.string());
  auto parsed = chess::endgame::Material::parse(ending);
  if (!parsed) {
    fuzz::one_line(parsed.error(), "Material::parse");
    auto none = probe_names.load_cached(ending);
    fuzz::require(!none, "an ending that does not parse was loaded");
    return 0;
  }
  {
    std::ofstream out(dir / (parsed->canonical().name() + ".mmtb"), std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  std::string news;
  chess::endgame::Tables tables(dir.string());
  auto loaded = tables.load_cached(ending, [&](const std::string& line) { news += line; });
  if (!loaded) {
    fuzz::one_line(loaded.error(), "Tables::load_cached");
    return 0;
  }
  if (!*loaded) {
    fuzz::one_line(news, "Tables::load_cached's log");
    return 0;
  }
  // A file the checks accepted: its report counts again from the cells.
  fuzz::require(tables.report(parsed->canonical().name()).has_value(), "loaded without a report");
  return 0;
}
