// minimax_mpi.so: learn/mpi_module.hpp's interface over MPI's C library, the only file that
// includes <mpi.h>. Built as a loadable module (CMakeLists.txt) linking MPI and none of minimax's
// libraries; learn/distributed.cpp loads it with dlopen when mpirun started the process.
#include "learn/mpi_module.hpp"

#include <mpi.h>

#include <string>
#include <vector>

namespace minimax::learn::mpi {

namespace {

int init(int* rank, int* size) {
  int already = 0, joined = 0;
  MPI_Initialized(&already);
  if (!already) {
    MPI_Init(nullptr, nullptr);
    joined = 1;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, size);
  return joined;
}

void gather(const char* data, long long size, long long* sizes, Reserve reserve, void* context) {
  int rank = 0, world = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  MPI_Gather(&size, 1, MPI_LONG_LONG, sizes, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<int> counts, displs;
  char* all = nullptr;
  if (rank == 0) {
    long long total = 0;
    for (int r = 0; r < world; ++r) {
      counts.push_back(static_cast<int>(sizes[r]));
      displs.push_back(static_cast<int>(total));
      total += sizes[r];
    }
    all = reserve(context, total);
  }
  MPI_Gatherv(data, static_cast<int>(size), MPI_CHAR, all, counts.data(), displs.data(), MPI_CHAR,
              0, MPI_COMM_WORLD);
}

void broadcast(const char* data, long long* size, Reserve reserve, void* context) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast(size, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  char* buffer = rank == 0 ? const_cast<char*>(data) : reserve(context, *size);
  MPI_Bcast(buffer, static_cast<int>(*size), MPI_CHAR, 0, MPI_COMM_WORLD);
}

void finalize() {
  int done = 0;
  MPI_Finalized(&done);
  if (!done) MPI_Finalize();
}

constexpr MpiApi kApi{kApiVersion, init, gather, broadcast, finalize};

}  // namespace

}  // namespace minimax::learn::mpi

// The module's one export, named as kMpiApiSymbol says.
extern "C" __attribute__((visibility("default"))) const minimax::learn::mpi::MpiApi*
minimax_mpi_api(int version) {
  return version == minimax::learn::mpi::kApiVersion ? &minimax::learn::mpi::kApi : nullptr;
}
