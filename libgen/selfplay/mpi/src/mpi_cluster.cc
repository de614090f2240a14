#include "lexc/selfplay/mpi_cluster.h"

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace lexc::selfplay {
namespace {

constexpr int kSizeTag = 1, kDataTag = 2;
constexpr std::uint64_t kPiece = std::uint64_t(1) << 30;

Status MpiError(const char* what, int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  return Status(Errc::kIo, std::string(what) + " failed: " + std::string(text, std::size_t(len)));
}

}  // namespace

MpiCluster::MpiCluster() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

bool MpiCluster::AllOk(bool ok) {
  int mine = ok ? 1 : 0, all = 0;
  if (MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS) return false;
  return all == 1;
}

Result<std::vector<nlohmann::json>> MpiCluster::GatherToRoot(const nlohmann::json& part) {
  std::vector<nlohmann::json> out;
  if (rank_ != 0) {
    const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(part);
    std::uint64_t n = bytes.size();
    if (int rc = MPI_Send(&n, 1, MPI_UINT64_T, 0, kSizeTag, MPI_COMM_WORLD); rc != MPI_SUCCESS)
      return MpiError("MPI_Send", rc);
    for (std::uint64_t at = 0; at < n; at += kPiece)
      if (int rc = MPI_Send(bytes.data() + at, int(std::min(kPiece, n - at)), MPI_BYTE, 0, kDataTag, MPI_COMM_WORLD);
          rc != MPI_SUCCESS)
        return MpiError("MPI_Send", rc);
    return out;
  }
  out.push_back(part);
  for (int r = 1; r < size_; ++r) {
    std::uint64_t n = 0;
    if (int rc = MPI_Recv(&n, 1, MPI_UINT64_T, r, kSizeTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE); rc != MPI_SUCCESS)
      return MpiError("MPI_Recv", rc);
    std::vector<std::uint8_t> bytes;
    for (std::uint64_t at = 0; at < n; at += kPiece) {
      const std::uint64_t piece = std::min(kPiece, n - at);
      bytes.resize(at + piece);  // grows with what arrives, not with the size announced
      if (int rc = MPI_Recv(bytes.data() + at, int(piece), MPI_BYTE, r, kDataTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          rc != MPI_SUCCESS)
        return MpiError("MPI_Recv", rc);
    }
    nlohmann::json j = nlohmann::json::from_cbor(bytes, true, false);
    if (j.is_discarded()) return Status(Errc::kBadInput, "rank " + std::to_string(r) + "'s statistics: not valid CBOR");
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace lexc::selfplay
