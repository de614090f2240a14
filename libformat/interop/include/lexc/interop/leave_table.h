// lexc/interop/leave_table.h -- leave values: a rack multiset -> float.
//
// A leave is the multiset of tiles a player keeps after a play; engines
// value it (in points) to choose between plays (static equity). LeaveTable is
// that table in memory, the form the strategy layer consumes; it is read from
// and written to KLV2 files (klv2.h) and lexc's own leave table file (this
// header; formats/leaves.md: versioned, checksummed).
//
// A key is the leave's tiles in increasing code order with blanks first as
// tile 0 (kLeaveBlank), the KLV2 convention: "?EIR" is {0, E, I, R}. Entries
// are kept in that key order (shorter first on a common prefix), which is
// the order of the words of a KLV2's leave DAWG, so entry i is KLV2 leave i.
// Thread safety: immutable after construction; share freely.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::interop {

inline constexpr Tile kLeaveBlank = 0;
// The longest leave stored (racks hold 7 tiles; leave tables 1..6).
inline constexpr int kMaxLeaveTiles = 15;

struct LeaveEntry {
  std::vector<Tile> key;  // sorted, blanks (0) first, 1..kMaxLeaveTiles tiles
  float value = 0;        // points, finite
};

class LeaveTable {
 public:
  LeaveTable() = default;

  // Sorts the entries into key order and checks them: each key 1..
  // kMaxLeaveTiles tiles, non-decreasing, codes 0..letters; each value
  // finite; no key twice. `letters` is the alphabet's size (1..255).
  // Errors: kInvalidArgument naming the entry ("leave {0,5,5}: twice").
  // O(n log n).
  static Result<LeaveTable> FromEntries(std::vector<LeaveEntry> entries, int letters);
  // The same from keys already in strictly increasing order (as a KLV2's
  // leave KWG and a leave table file list them), concatenated: key i is
  // tiles[starts[i]] up to tiles[starts[i + 1]] (starts[0] = 0, one more
  // start than values), its value values[i]. No sort and no allocation per
  // key: O(total tiles). Errors: kInvalidArgument naming the entry, as
  // FromEntries, and "not after the previous leave" for one out of order
  // or twice; also for starts that do not fit `tiles`.
  static Result<LeaveTable> FromSortedKeys(std::vector<Tile> tiles, std::vector<std::uint32_t> starts,
                                           std::vector<float> values, int letters);

  std::size_t size() const { return values_.size(); }
  int letters() const { return letters_; }
  std::span<const Tile> key(std::size_t i) const {
    return {tiles_.data() + starts_[i], static_cast<std::size_t>(starts_[i + 1] - starts_[i])};
  }
  float value(std::size_t i) const { return values_[i]; }
  // Longest key in tiles (0 for an empty table).
  int longest() const { return longest_; }

  // The entry of `key` (sorted as above), or none. O(log n x key length).
  std::optional<std::size_t> Find(std::span<const Tile> key) const;
  // The value of a rack's leave, 0 when the table has none (the engines'
  // convention for the empty leave and unlisted ones). O(log n).
  float Value(const Rack& leave) const;
  // The key of a rack: blanks as 0 first, then its tiles in code order.
  static std::vector<Tile> KeyOf(const Rack& leave);

  // Key text for messages and listings: tiles by the alphabet's labels in
  // brackets where needed, '?' for a blank ("?EIR", "[CH]A").
  static std::string KeyText(std::span<const Tile> key, const Alphabet& alphabet);

 private:
  int letters_ = 0, longest_ = 0;
  std::vector<Tile> tiles_;
  std::vector<std::uint32_t> starts_{0};
  std::vector<float> values_;
};

// ---- lexc's leave table file (formats/leaves.md) ----

// Encodes `table` with the labels of `alphabet` (whose size must equal
// table.letters()). Errors: kInvalidArgument (sizes differ).
Result<std::vector<std::byte>> EncodeLeavesFile(const LeaveTable& table, const Alphabet& alphabet);

// Decodes and checks a leave table file: magic, version, reserved fields,
// the CRC32C, the labels (equal to `alphabet`'s when given, else only kept),
// every record (key sorted, in strictly increasing order, codes in range,
// value finite) and the count. `name` prefixes errors. Memory follows the
// bytes, never the count the file claims. Errors: kBadInput with the
// offset ("x.leaves: offset 1234: leave 12: ..."), kBadVersion.
struct LeavesFile {
  LeaveTable table;
  std::vector<std::string> labels;  // tile 1..letters, as stored
};
Result<LeavesFile> DecodeLeavesFile(std::span<const std::byte> bytes, const Alphabet* alphabet, std::string_view name);
// Whether `bytes` starts with the leave table file's magic.
bool IsLeavesFile(std::span<const std::byte> bytes);

}  // namespace lexc::interop
