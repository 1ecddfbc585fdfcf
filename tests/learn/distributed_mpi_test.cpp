// Learning runs shared among processes (learn/distributed.hpp): `mpirun -n 2 minimax learn ...`
// saves the same run, bit for bit, as one process with the same seed, and measures the same
// scores (chess-elo, samuel-match). Skipped, with a message, where mpirun or MPI in this build is
// missing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "learn/distributed.hpp"

namespace minimax::learn {
namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool have_mpirun() { return std::system("command -v mpirun > /dev/null 2>&1") == 0; }

// Why a test of mpirun cannot run here (empty: it can).
std::string mpi_missing() {
  if (!distributed::compiled_with_mpi()) return "minimax was built without MPI";
  if (!have_mpirun()) return "mpirun is not installed (Debian: openmpi-bin)";
  return "";
}

// An empty scratch folder of that name.
fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Runs a shell command line; its exit status.
int sh(const std::string& line) {
  const int rc = std::system(line.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

// mpirun refuses root without these, and more processes than cores without --oversubscribe.
// Under AddressSanitizer (make check-sanitize) the processes mpirun starts do not look for leaks:
// Open MPI's runtime keeps memory to the end of the process, in plugins LeakSanitizer cannot name.
#if defined(__SANITIZE_ADDRESS__)
#define MINIMAX_MPI_ASAN "ASAN_OPTIONS=detect_leaks=0 "
#else
#define MINIMAX_MPI_ASAN ""
#endif
const std::string kMpirun = MINIMAX_MPI_ASAN
    "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 "
    "mpirun --oversubscribe -n 2 ";

TEST(DistributedMpi, TwoProcessesSaveWhatOneSaves) {
  if (const std::string why = mpi_missing(); !why.empty()) GTEST_SKIP() << why;
  const fs::path dir = fresh_dir("minimax_distributed_mpi");
  const std::string bin = MINIMAX_BINARY;
  // Five games an iteration: rank 0 plays 0, 2, 4 and rank 1 plays 1, 3.
  const std::string learn =
      " learn chess --iterations 2 --games 5 --nodes 300 --max-plies 60 --epochs 20 --seed 3";
  ASSERT_EQ(sh(bin + learn + " --out " + (dir / "one.json").string() + " > /dev/null"), 0);
  ASSERT_EQ(sh(kMpirun + bin + learn + " --out " + (dir / "two.json").string() + " > " +
               (dir / "two.txt").string() + " 2>&1"),
            0)
      << file_text(dir / "two.txt");
  EXPECT_NE(file_text(dir / "two.txt").find("2 processes play the games"), std::string::npos)
      << file_text(dir / "two.txt");
  const std::string one = file_text(dir / "one.json");
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(file_text(dir / "two.json"), one);

  // Resumed by two processes: still the same as one process going on.
  ASSERT_EQ(sh(bin + " learn chess --iterations 1 --resume --out " + (dir / "one.json").string() +
               " > /dev/null"),
            0);
  ASSERT_EQ(sh(kMpirun + bin + " learn chess --iterations 1 --resume --out " +
               (dir / "two.json").string() + " > /dev/null 2>&1"),
            0);
  EXPECT_EQ(file_text(dir / "two.json"), file_text(dir / "one.json"));

  // The Elo measurement's games, shared: the same table.
  const std::string elo = " learn chess-elo " + (dir / "one.json").string() +
                          " --games 4 --checkpoints 0,3 --against material,shannon";
  ASSERT_EQ(sh(bin + elo + " --table " + (dir / "elo1.md").string() + " --svg " +
               (dir / "elo1.svg").string() + " > /dev/null"),
            0);
  ASSERT_EQ(sh(kMpirun + bin + elo + " --table " + (dir / "elo2.md").string() + " --svg " +
               (dir / "elo2.svg").string() + " > /dev/null 2>&1"),
            0);
  EXPECT_EQ(file_text(dir / "elo2.md"), file_text(dir / "elo1.md"));
  EXPECT_FALSE(file_text(dir / "elo1.md").empty());

  // Samuel's match games (without rote learning) shared: the same games, results and totals.
  const std::string match =
      " learn samuel-match untrained strachey --games 6 --depth 2 --max-plies 60 > ";
  ASSERT_EQ(sh(bin + match + (dir / "m1.txt").string()), 0);
  ASSERT_EQ(sh(kMpirun + bin + match + (dir / "m2.txt").string() + " 2> /dev/null"), 0);
  EXPECT_EQ(file_text(dir / "m2.txt"), file_text(dir / "m1.txt"));
  EXPECT_NE(file_text(dir / "m1.txt").find("untrained against strachey: "), std::string::npos);

  // A bad option under mpirun: one line from rank 0, and every process stops.
  EXPECT_NE(sh(kMpirun + bin + " learn chess --resume --out " + (dir / "none.json").string() +
               " > /dev/null 2> " + (dir / "err.txt").string()),
            0);
  const std::string err = file_text(dir / "err.txt");
  EXPECT_NE(err.find("cannot read"), std::string::npos) << err;
  fs::remove_all(dir);
}

// MPI is the module minimax_mpi.so, loaded only under mpirun: without it, two processes say so
// in one line each, naming it, and stop; one process without mpirun never looks for it.
TEST(DistributedMpi, WithoutTheModuleEachProcessSaysSo) {
  if (const std::string why = mpi_missing(); !why.empty()) GTEST_SKIP() << why;
  const fs::path dir = fresh_dir("minimax_distributed_no_module");
  const std::string bin = MINIMAX_BINARY;
  const std::string missing = "MINIMAX_MPI_MODULE=" + (dir / "none" / "minimax_mpi.so").string();
  const std::string learn = " learn chess --iterations 1 --games 2 --nodes 100 --max-plies 20 ";
  EXPECT_NE(sh(missing + " " + kMpirun + bin + learn + "--out " + (dir / "two.json").string() +
               " > /dev/null 2> " + (dir / "err.txt").string()),
            0);
  // Each process writes its line in one piece, so lines never interleave. mpirun may stop the
  // second process when the first has failed, before it speaks: at least one line, each whole.
  const std::string err = file_text(dir / "err.txt");
  const std::string whole =
      "minimax learn chess: mpirun started 2 processes but this minimax cannot share a run among "
      "them: cannot load minimax_mpi.so: " +
      (dir / "none" / "minimax_mpi.so").string() +
      ": cannot open shared object file: No such file or directory (the path in "
      "MINIMAX_MPI_MODULE)";
  std::size_t lines = 0;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);) {
    if (line.find("minimax") == std::string::npos) continue;
    EXPECT_EQ(line, whole) << err;
    ++lines;
  }
  EXPECT_GE(lines, 1u) << err;
  EXPECT_LE(lines, 2u) << err;
  EXPECT_FALSE(fs::exists(dir / "two.json"));
  // Without mpirun the module is not looked for.
  EXPECT_EQ(sh(missing + " " + bin + learn + "--out " + (dir / "one.json").string() +
               " > /dev/null 2>&1"),
            0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace minimax::learn
