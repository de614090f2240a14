// lexc/strategy/leave_file.h -- a leave table file opened for play: KLV2 or
// lexc's leave file (interop::LoadLeaveTable), checked against the image's
// alphabet, with the identity a study records.
//
// Alphabet check: lexc's leave file stores its labels, which must be the
// alphabet's. A KLV2 stores none; its codes must lie within the alphabet
// (DecodeKlv2), and the table must value every single tile of the set (each
// letter with tiles, and the blank when the set has blanks): every table the
// engines or `lexc leaves` make does, and a table made for another alphabet
// (fewer letters) does not.
// Thread safety: functions only.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>  // the full header in the .cc files that use it
#include <string>

#include "lexc/alphabet.h"
#include "lexc/interop/leave_table.h"
#include "lexc/status.h"

namespace lexc::strategy {

struct LeaveFile {
  interop::LeaveTable table;
  std::string path;
  std::uint64_t size = 0;    // bytes
  std::uint32_t crc32c = 0;  // of the whole file
  // {"path", "size", "crc32c", "entries"}: what a study records.
  nlohmann::json Identity() const;
};

// Errors: LoadLeaveTable's (kIo, kLimit, kBadInput naming the file and
// offset); kBadInput "x.klv2: no value for the single tile 'Ź': a leave table
// for another alphabet?" from CheckSingleTiles.
Result<LeaveFile> LoadLeaveFile(const std::string& path, const Alphabet& alphabet);

// The single-tile check above; `name` prefixes the message.
Status CheckSingleTiles(const interop::LeaveTable& table, const Alphabet& alphabet, const std::string& name);

}  // namespace lexc::strategy
