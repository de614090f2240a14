#include "lexc/strategy/leave_file.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "lexc/crc32c.h"
#include "lexc/interop/klv2.h"
#include "lexc/io.h"

namespace lexc::strategy {

nlohmann::json LeaveFile::Identity() const {
  char crc[11];
  std::snprintf(crc, sizeof crc, "0x%08x", crc32c);
  return {{"path", path}, {"size", size}, {"crc32c", crc}, {"entries", table.size()}};
}

Status CheckSingleTiles(const interop::LeaveTable& table, const Alphabet& alphabet, const std::string& name) {
  for (int t = 0; t <= alphabet.size(); ++t) {
    const bool in_set = t == 0 ? alphabet.blank_count() > 0 : alphabet.tile(Tile(t)).count > 0;
    if (!in_set) continue;
    const Tile key[1] = {Tile(t)};
    if (!table.Find(key))
      return Status(Errc::kBadInput, name + ": no value for the single tile " +
                                         interop::LeaveTable::KeyText(key, alphabet) +
                                         " (every leave table values each tile of its set): a leave table for "
                                         "another alphabet, or an incomplete one");
  }
  return Status::Ok();
}

Result<LeaveFile> LoadLeaveFile(const std::string& path, const Alphabet& alphabet) {
  auto bytes = ReadFileBytes(path, interop::kKlv2MaxBytes);
  if (!bytes.ok()) return bytes.status();
  LeaveFile f;
  f.path = path;
  f.size = bytes->size();
  f.crc32c = Crc32c(0, bytes->data(), bytes->size());
  const auto span = std::as_bytes(std::span(bytes->data(), bytes->size()));
  if (interop::IsLeavesFile(span)) {
    auto file = interop::DecodeLeavesFile(span, &alphabet, path);
    if (!file.ok()) return file.status();
    f.table = std::move(file->table);
  } else {
    auto table = interop::DecodeKlv2(span, alphabet.size(), path);
    if (!table.ok()) return table.status();
    f.table = std::move(*table);
  }
  LEXC_RETURN_IF_ERROR(CheckSingleTiles(f.table, alphabet, path));
  return f;
}

}  // namespace lexc::strategy
