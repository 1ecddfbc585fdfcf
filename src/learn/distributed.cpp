#include "learn/distributed.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>

#ifdef MINIMAX_HAVE_MPI
#include "core/module.hpp"
#include "learn/mpi_module.hpp"
#endif

namespace minimax::learn::distributed {

namespace {

// The number of processes mpirun (Open MPI, or another launcher speaking PMI) says it started;
// none when this process was not started by a launcher.
std::optional<int> launcher_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char* v = std::getenv(name)) {
      const int n = std::atoi(v);
      if (n >= 1) return n;
    }
  if (std::getenv("PMIX_RANK")) return 1;  // started by a PMIx launcher; the size comes from MPI
  return std::nullopt;
}

struct State {
  bool initialised = false;  // MPI_Init was called by us
  bool finished = false;     // and MPI_Finalize since: the world is one process again
  World world;
#ifdef MINIMAX_HAVE_MPI
  const mpi::MpiApi* mpi = nullptr;  // the module, once loaded
#endif
};

State& state() {
  static State s;
  return s;
}

#ifdef MINIMAX_HAVE_MPI
// Jobs' texts packed into one buffer: for each, its length (8 bytes) and its bytes.
std::string pack(const std::vector<std::string>& texts) {
  std::string buf;
  for (const auto& t : texts) {
    const std::uint64_t n = t.size();
    buf.append(reinterpret_cast<const char*>(&n), sizeof n);
    buf += t;
  }
  return buf;
}

// The MPI module (learn/mpi_module.hpp), loaded on the first call: its interface, or why not.
Expected<const mpi::MpiApi*> load_mpi() {
  const std::string name = "minimax_mpi.so";
  // Global: the plugins Open MPI opens in MPI_Init may look for libmpi's symbols in the global
  // scope (in builds whose plugins do not link libmpi themselves; Debian's do, and also work when
  // the module is loaded RTLD_LOCAL).
  auto module = load_module(name, "MINIMAX_MPI_MODULE", MINIMAX_MPI_MODULE_PATH, true);
  if (!module) return Error{module.error()};
  auto symbol = module_symbol(*module, name, mpi::kMpiApiSymbol);
  if (!symbol) return Error{symbol.error()};
  const mpi::MpiApi* api = reinterpret_cast<mpi::MpiApiGetter>(*symbol)(mpi::kApiVersion);
  if (!api)
    return Error{name + " was built for another version of its interface than this minimax " +
                 "(learn/mpi_module.hpp): rebuild both"};
  return api;
}

// Room in a std::string for bytes an MPI call brings.
char* reserve_in_string(void* text, long long bytes) {
  auto& s = *static_cast<std::string*>(text);
  s.resize(static_cast<std::size_t>(bytes));
  return s.data();
}

std::vector<std::string> unpack(const char* data, std::size_t size) {
  std::vector<std::string> texts;
  std::size_t at = 0;
  while (at + sizeof(std::uint64_t) <= size) {
    std::uint64_t n = 0;
    std::memcpy(&n, data + at, sizeof n);
    at += sizeof n;
    texts.emplace_back(data + at, static_cast<std::size_t>(n));
    at += static_cast<std::size_t>(n);
  }
  return texts;
}
#endif

}  // namespace

bool compiled_with_mpi() {
#ifdef MINIMAX_HAVE_MPI
  return true;
#else
  return false;
#endif
}

Expected<World> world() {
  State& s = state();
  if (s.initialised || s.finished) return s.world;
  const auto launched = launcher_size();
  if (!launched) return s.world;  // a world of one, without MPI
#ifdef MINIMAX_HAVE_MPI
  if (!s.mpi) {
    auto api = load_mpi();
    if (!api) {
      if (*launched == 1) return s.world;  // as without MPI: a world of one needs none
      return Error{"mpirun started " + std::to_string(*launched) +
                   " processes but this minimax cannot share a run among them: " + api.error()};
    }
    s.mpi = *api;
  }
  s.initialised = s.mpi->init(&s.world.rank, &s.world.size) == 1;
  return s.world;
#else
  if (*launched > 1)
    return Error{"this minimax was built without MPI, so mpirun cannot share a run among " +
                 std::to_string(*launched) +
                 " processes (install libopenmpi-dev and rebuild, or run one process)"};
  return s.world;
#endif
}

std::vector<std::string> run_jobs(int count, const std::function<std::string(int)>& job) {
  const World w = state().world;
  std::vector<std::string> mine;
  for (int i = w.rank; i < count; i += w.size) mine.push_back(job(i));
  if (w.size == 1) return mine;
#ifdef MINIMAX_HAVE_MPI
  const std::string buf = pack(mine);
  std::vector<long long> sizes(w.leader() ? static_cast<std::size_t>(w.size) : 0);
  std::string all;
  state().mpi->gather(buf.data(), static_cast<long long>(buf.size()), sizes.data(),
                      reserve_in_string, &all);
  if (!w.leader()) return {};
  // Rank r's k-th job is job r + k * size: put each back in its place.
  std::vector<std::string> ordered(static_cast<std::size_t>(count));
  std::size_t at = 0;
  for (int r = 0; r < w.size; ++r) {
    const auto bytes = static_cast<std::size_t>(sizes[static_cast<std::size_t>(r)]);
    auto texts = unpack(all.data() + at, bytes);
    at += bytes;
    for (std::size_t k = 0; k < texts.size(); ++k)
      ordered[static_cast<std::size_t>(r) + k * static_cast<std::size_t>(w.size)] =
          std::move(texts[k]);
  }
  return ordered;
#else
  return mine;
#endif
}

std::string broadcast(const std::string& text) {
  const World w = state().world;
  if (w.size == 1) return text;
#ifdef MINIMAX_HAVE_MPI
  long long n = static_cast<long long>(text.size());
  std::string out = w.leader() ? text : std::string();
  state().mpi->broadcast(text.data(), &n, reserve_in_string, &out);
  return out;
#else
  return text;
#endif
}

void finish() {
#ifdef MINIMAX_HAVE_MPI
  State& s = state();
  if (s.initialised) {
    s.mpi->finalize();
    s.initialised = false;
    s.finished = true;
    s.world = {};
  }
#endif
}

}  // namespace minimax::learn::distributed
