#pragma once
// The MPI that learn/distributed.cpp uses, as a small C interface: its one implementation is
// learn/mpi_module.cpp, built as the loadable module minimax_mpi.so beside the executable when
// CMake finds MPI (CMakeLists.txt). distributed.cpp loads it with dlopen only when mpirun started
// this process, so no other start of minimax loads Open MPI's libraries (libmpi, open-rte,
// open-pal, hwloc, libevent).
//
// The module and minimax share this header and nothing else; the module exports one C function,
// kMpiApiSymbol, of type MpiApiGetter.

namespace minimax::learn::mpi {

// Raised whenever MpiApi changes; the module answers only for its own version.
inline constexpr int kApiVersion = 1;

// Where gathered or broadcast bytes go: reserve(context, n) returns room for n bytes.
using Reserve = char* (*)(void* context, long long bytes);

struct MpiApi {
  int version;
  // Joins the MPI world (MPI_Init) unless this process has joined it already; sets rank and
  // size. 1 when this call joined it (finalize() leaves it), 0 when it had been joined before.
  int (*init)(int* rank, int* size);
  // Gathers each rank's `size` bytes to rank 0, in rank order. On rank 0, sizes[r] (room for the
  // world's size) becomes rank r's count and the bytes go to reserve(context, their total),
  // called on rank 0 only.
  void (*gather)(const char* data, long long size, long long* sizes, Reserve reserve,
                 void* context);
  // Rank 0's bytes on every rank: rank 0 gives data and *size; on the others *size becomes rank
  // 0's count and the bytes go to reserve(context, *size).
  void (*broadcast)(const char* data, long long* size, Reserve reserve, void* context);
  // Leaves the world (MPI_Finalize) unless it was left already.
  void (*finalize)();
};

// The module's one export: its MpiApi, or nullptr when `version` is not kApiVersion.
using MpiApiGetter = const MpiApi* (*)(int version);
inline constexpr const char* kMpiApiSymbol = "minimax_mpi_api";

}  // namespace minimax::learn::mpi
