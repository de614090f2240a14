// Fuzz target: arbitrary bytes as a leave table -- a KLV2 (DecodeKlv2) or
// lexc's leave table file (DecodeLeavesFile), lexc/interop/klv2.h and
// leave_table.h.
//
// The first byte chooses: even, a KLV2 over 26 letters; odd, a leave table
// file, read as it is and again with its CRC32C trailer recomputed (so that
// the fuzzer reaches the checks behind the checksum). Errors are bad input
// (a bad version for the file) with a detail. A table that decodes has keys
// of 1..15 sorted tiles in range, in strictly increasing order, with finite
// values; written again in the same format it decodes to the same table, and
// written in the other format too.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fuzz_support.h"
#include "lexc/crc32c.h"
#include "lexc/interop/klv2.h"
#include "lexc/interop/leave_table.h"

namespace {

using namespace lexc;
using namespace lexc::interop;

bool SameTable(const LeaveTable& a, const LeaveTable& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!std::ranges::equal(a.key(i), b.key(i)) || a.value(i) != b.value(i)) return false;
  return true;
}

void CheckTable(const LeaveTable& t) {
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto k = t.key(i);
    FUZZ_CHECK(!k.empty() && k.size() <= static_cast<std::size_t>(kMaxLeaveTiles));
    FUZZ_CHECK(std::is_sorted(k.begin(), k.end()));
    for (Tile x : k) FUZZ_CHECK(x <= t.letters());
    FUZZ_CHECK(std::isfinite(t.value(i)));
    if (i > 0) {
      const auto p = t.key(i - 1);
      FUZZ_CHECK(std::lexicographical_compare(p.begin(), p.end(), k.begin(), k.end()));
    }
  }
  auto klv = EncodeKlv2(t);
  FUZZ_CHECK_MSG(klv.ok(), klv.status().ToString());
  auto back = DecodeKlv2(*klv, t.letters(), "again.klv2");
  FUZZ_CHECK_MSG(back.ok(), back.status().ToString());
  FUZZ_CHECK(SameTable(*back, t));
}

void Expect(const Status& st) {
  FUZZ_CHECK(fuzz::IsReportedError(st));
  FUZZ_CHECK(st.code() == Errc::kBadInput || st.code() == Errc::kBadVersion || st.code() == Errc::kLimit);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  fuzz::AlignedBytes bytes(data + 1, size - 1);
  if ((data[0] & 1) == 0) {
    auto t = DecodeKlv2(bytes.bytes(), 26, "fuzz.klv2");
    if (!t.ok()) return Expect(t.status()), 0;
    CheckTable(*t);
    return 0;
  }
  for (int fixed = 0; fixed < 2; ++fixed) {
    if (fixed == 1) {
      if (bytes.size() < 4) return 0;
      const std::uint32_t crc = Crc32c(0, bytes.data(), bytes.size() - 4);
      std::memcpy(bytes.data() + bytes.size() - 4, &crc, 4);
    }
    auto f = DecodeLeavesFile(bytes.bytes(), nullptr, "fuzz.leaves");
    if (!f.ok()) {
      Expect(f.status());
      continue;
    }
    FUZZ_CHECK(f->labels.size() == static_cast<std::size_t>(f->table.letters()));
    CheckTable(f->table);
    std::vector<TileInfo> tiles;
    for (const std::string& l : f->labels) tiles.push_back({l, "", 0, 0});
    auto alphabet = Alphabet::FromTiles("fuzz", std::move(tiles), 0, 0);
    if (!alphabet.ok()) continue;  // labels a file may hold but an alphabet refuses
    auto again = EncodeLeavesFile(f->table, *alphabet);
    FUZZ_CHECK_MSG(again.ok(), again.status().ToString());
    auto back = DecodeLeavesFile(*again, &*alphabet, "again.leaves");
    FUZZ_CHECK_MSG(back.ok(), back.status().ToString());
    FUZZ_CHECK(SameTable(back->table, f->table));
  }
  return 0;
}
