// lexc/selfplay/cluster.h -- the processes a study runs on, as the study
// needs them: a rank and a count, agreement on success, and the gathering
// of the parts' accumulators on rank 0.
//
// One process is LocalCluster (rank 0 of 1). The MPI build implements it
// over MPI (lexc/selfplay/mpi_cluster.h in lexc::selfplay_mpi), so nothing
// but that target links MPI. Every call is collective: all ranks make it,
// in the same order.
// Thread safety: call from one thread per process.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "lexc/status.h"

namespace lexc::selfplay {

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // True when every rank passed ok = true (a barrier).
  virtual bool AllOk(bool ok) = 0;
  // Rank 0 gets every rank's `part` in rank order; other ranks get an empty
  // vector. Errors: kIo for a failed transfer, kBadInput for a message that
  // does not decode.
  virtual Result<std::vector<nlohmann::json>> GatherToRoot(const nlohmann::json& part) = 0;
};

class LocalCluster final : public Cluster {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  bool AllOk(bool ok) override { return ok; }
  Result<std::vector<nlohmann::json>> GatherToRoot(const nlohmann::json& part) override {
    return std::vector<nlohmann::json>{part};
  }
};

}  // namespace lexc::selfplay
