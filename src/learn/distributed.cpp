#include "learn/distributed.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>

#ifdef MINIMAX_HAVE_MPI
#include <mpi.h>
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
  int already = 0;
  MPI_Initialized(&already);
  if (!already) {
    MPI_Init(nullptr, nullptr);
    s.initialised = true;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &s.world.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &s.world.size);
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
  const long long my_size = static_cast<long long>(buf.size());
  std::vector<long long> sizes(w.leader() ? static_cast<std::size_t>(w.size) : 0);
  MPI_Gather(&my_size, 1, MPI_LONG_LONG, sizes.data(), 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<int> counts, displs;
  std::string all;
  if (w.leader()) {
    long long total = 0;
    for (long long n : sizes) {
      counts.push_back(static_cast<int>(n));
      displs.push_back(static_cast<int>(total));
      total += n;
    }
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(buf.data(), static_cast<int>(buf.size()), MPI_CHAR, all.data(), counts.data(),
              displs.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (!w.leader()) return {};
  // Rank r's k-th job is job r + k * size: put each back in its place.
  std::vector<std::string> ordered(static_cast<std::size_t>(count));
  for (int r = 0; r < w.size; ++r) {
    auto texts = unpack(all.data() + displs[static_cast<std::size_t>(r)],
                        static_cast<std::size_t>(counts[static_cast<std::size_t>(r)]));
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
  MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string out = w.leader() ? text : std::string(static_cast<std::size_t>(n), '\0');
  MPI_Bcast(out.data(), static_cast<int>(n), MPI_CHAR, 0, MPI_COMM_WORLD);
  return out;
#else
  return text;
#endif
}

void finish() {
#ifdef MINIMAX_HAVE_MPI
  State& s = state();
  if (s.initialised) {
    int done = 0;
    MPI_Finalized(&done);
    if (!done) MPI_Finalize();
    s.initialised = false;
    s.finished = true;
    s.world = {};
  }
#endif
}

}  // namespace minimax::learn::distributed
