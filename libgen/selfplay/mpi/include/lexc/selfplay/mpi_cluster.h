// lexc/selfplay/mpi_cluster.h -- the Cluster of a study over MPI
// (MPI_COMM_WORLD), in its own target (lexc::selfplay_mpi) so that only the
// MPI tool links MPI.
//
// The program calls MPI_Init_thread (MPI_THREAD_FUNNELED is enough: only the
// thread that made the cluster calls MPI; the study's game threads never do)
// before making it, and MPI_Finalize after. Accumulators travel as CBOR
// (nlohmann::json::to_cbor), sent to rank 0 in pieces of at most 1 GiB, so
// any size fits MPI's int counts.
// Thread safety: one thread per process, as MPI_THREAD_FUNNELED requires.
#pragma once

#include "lexc/selfplay/cluster.h"

namespace lexc::selfplay {

class MpiCluster final : public Cluster {
 public:
  MpiCluster();  // reads the rank and size of MPI_COMM_WORLD
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  bool AllOk(bool ok) override;
  Result<std::vector<nlohmann::json>> GatherToRoot(const nlohmann::json& part) override;

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace lexc::selfplay
