#pragma once
// Learning runs spread over processes and machines with MPI: the one file of minimax that knows
// MPI (Open MPI from Debian; the build compiles it in when CMake finds MPI, MINIMAX_HAVE_MPI).
//
// The pattern every learner uses: N independent jobs (self-play games, match games), job i played
// by rank i mod K, each seeded from its own index, never from the rank, so the results do not
// depend on K; rank 0 gathers the results in job order, decides (fits, saves, prints) and
// broadcasts what the others need for the next round. Started by mpirun, a process joins the MPI
// world when a learn command first asks for it (MPI_Init is never called for other commands, nor
// when minimax was not started by mpirun); otherwise, or without MPI, the world is one process.
#include <functional>
#include <string>
#include <vector>

#include "core/expected.hpp"

namespace minimax::learn::distributed {

struct World {
  int rank = 0;
  int size = 1;
  [[nodiscard]] bool leader() const { return rank == 0; }
};

// Whether this minimax was built with MPI.
bool compiled_with_mpi();

// The world, joined on the first call (MPI_Init when mpirun started this process). An Error when
// mpirun started several processes and this minimax has no MPI (each would do the whole run).
Expected<World> world();

// Plays jobs 0..count-1 across the world: this process runs job(i) for each i with
// i mod size == rank; rank 0 returns every job's text in job order, the others an empty vector.
std::vector<std::string> run_jobs(int count, const std::function<std::string(int)>& job);

// Rank 0's text, on every rank.
std::string broadcast(const std::string& text);

// Leaves the MPI world (MPI_Finalize) if it was joined; called once at the end of a learn command.
void finish();

}  // namespace minimax::learn::distributed
