// lexc/interop/klv2.h -- KLV2, the leave value file of wolges, MAGPIE and
// Macondo (formats/klv2.md).
//
// Layout, all little-endian:  u32 K | K arc words (a DAWG-only KWG whose
// words are the leaves, tile 0 the blank) | u32 L | L IEEE-754 binary32
// values, value i belonging to the DAWG's i-th word in KWG order.
//
// The file has no magic, version or checksum: DecodeKlv2 checks the sizes
// against the real length first, the KWG as kwg.h does (leave mode), that L
// equals the number of leaves, that each leave's tiles are in multiset order
// (non-decreasing) and that every value is finite; errors give the offset.
// Thread safety: functions only.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/interop/leave_table.h"
#include "lexc/status.h"

namespace lexc::interop {

// A KLV2 file is read whole: at most a 2^22-arc KWG and that many leaves.
inline constexpr std::uint64_t kKlv2MaxBytes = std::uint64_t(1) << 26;

// Errors: kBadInput ("x.klv2: offset 8: ..."; a 16-bit KLV file is named as
// such and refused), kLimit (more leaves than kDefaultMaxWords).
// `letters`: the alphabet's size (tiles 1..letters, 0 the blank). O(bytes).
Result<LeaveTable> DecodeKlv2(std::span<const std::byte> bytes, int letters, std::string_view name);

// The KLV2 of a table: its keys compiled into a minimal DAWG (lexc's
// builder) and written as a KWG, then the values in key order; the same
// table gives the same bytes. Errors: kLimit (the DAWG over 2^22 arcs).
Result<std::vector<std::byte>> EncodeKlv2(const LeaveTable& table);

// Reads a leave table from `path` through lexc/io.h: lexc's leave table file
// when it starts with that magic (its labels checked against `alphabet`),
// else a KLV2 over `alphabet`'s letters. What an engine calls to get its
// leaves (the strategy layer). Errors: kIo, kLimit (over kKlv2MaxBytes), and
// those of DecodeLeavesFile / DecodeKlv2.
Result<LeaveTable> LoadLeaveTable(const std::string& path, const Alphabet& alphabet);

}  // namespace lexc::interop
