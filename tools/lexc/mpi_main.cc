// lexc-mpi -- the lexc tool inside MPI: the same subcommands, and `lexc-mpi
// selfplay ... --stats DIR` run by `mpirun -np N` plays one part of the
// study on each rank (threads inside), rank 0 gathering the parts and
// writing DIR/stats.json. A second binary so that plain lexc never loads
// libmpi (see the README for the start-up cost it would add).
#include <mpi.h>
#include <unistd.h>

#include <cstdio>

#include "lexc/selfplay/mpi_cluster.h"
#include "study_cli.h"

int LexcMain(int argc, char** argv);  // main.cc

int main(int argc, char** argv) {
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    std::fprintf(stderr, "lexc-mpi: MPI_Init_thread failed\n");
    return 1;
  }
  int rc = 0;
  {
    lexc::selfplay::MpiCluster cluster;
    lexc::cli::SetStudyCluster(&cluster);
    rc = LexcMain(argc, argv);
    lexc::cli::SetStudyCluster(nullptr);
    // Interrupted ranks (129 SIGHUP, 130 SIGINT, 143 SIGTERM, and 130 for
    // the ranks another rank's interruption stopped) wrote their checkpoints
    // and end together; any other failure ends the whole job, rank 0 last
    // so that its message is printed first.
    if (rc != 0 && rc != 129 && rc != 130 && rc != 143) {
      if (cluster.rank() != 0) ::usleep(500 * 1000);
      MPI_Abort(MPI_COMM_WORLD, rc);
    }
  }
  MPI_Finalize();
  return rc;
}
