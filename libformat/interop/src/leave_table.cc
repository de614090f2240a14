// LeaveTable and lexc's leave table file (formats/leaves.md).
#include "lexc/interop/leave_table.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "lexc/crc32c.h"
#include "lexc/tile_text.h"
#include "messages.h"

namespace lexc::interop {
namespace {

// "\x89LVS\r\n^Z\n": the image magic's reasoning (formats/lexicon-image.md).
constexpr unsigned char kLeavesMagic[8] = {0x89, 'L', 'V', 'S', 0x0D, 0x0A, 0x1A, 0x0A};
constexpr std::uint16_t kLeavesMajor = 1;
constexpr std::uint16_t kLeavesMinor = 0;
constexpr std::size_t kLeavesHeadSize = 32;

using internal::Num;

std::string KeyDigits(std::span<const Tile> key) {
  std::string s = "{";
  for (std::size_t i = 0; i < key.size(); ++i) s += (i ? "," : "") + Num(key[i]);
  return s + "}";
}

bool KeyLess(std::span<const Tile> a, std::span<const Tile> b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

// Checks one key and value; "" when fine, else the problem.
std::string EntryProblem(std::span<const Tile> key, float value, int letters) {
  if (key.empty() || key.size() > static_cast<std::size_t>(kMaxLeaveTiles))
    return Num(key.size()) + " tiles, expected 1.." + Num(kMaxLeaveTiles);
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (key[i] > letters) return "tile " + Num(key[i]) + " outside 0.." + Num(letters);
    if (i > 0 && key[i] < key[i - 1]) return "tiles not in increasing order (a multiset is stored sorted)";
  }
  if (!std::isfinite(value)) return "value is not a finite number";
  return "";
}

template <class T>
void Put(std::vector<std::byte>& out, T v) {
  const auto at = out.size();
  out.resize(at + sizeof v);
  std::memcpy(out.data() + at, &v, sizeof v);
}
template <class T>
T Get(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

}  // namespace

Result<LeaveTable> LeaveTable::FromEntries(std::vector<LeaveEntry> entries, int letters) {
  if (letters < 1 || letters > 255) return Status(Errc::kInvalidArgument, "letters: expected 1..255");
  for (const LeaveEntry& e : entries) {
    const std::string p = EntryProblem(e.key, e.value, letters);
    if (!p.empty()) return Status(Errc::kInvalidArgument, "leave " + KeyDigits(e.key) + ": " + p);
  }
  std::sort(entries.begin(), entries.end(),
            [](const LeaveEntry& a, const LeaveEntry& b) { return KeyLess(a.key, b.key); });
  LeaveTable t;
  t.letters_ = letters;
  t.values_.reserve(entries.size());
  t.starts_.reserve(entries.size() + 1);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i > 0 && entries[i].key == entries[i - 1].key)
      return Status(Errc::kInvalidArgument, "leave " + KeyDigits(entries[i].key) + ": twice");
    t.tiles_.insert(t.tiles_.end(), entries[i].key.begin(), entries[i].key.end());
    t.starts_.push_back(static_cast<std::uint32_t>(t.tiles_.size()));
    t.values_.push_back(entries[i].value);
    t.longest_ = std::max(t.longest_, static_cast<int>(entries[i].key.size()));
  }
  return t;
}

Result<LeaveTable> LeaveTable::FromSortedKeys(std::vector<Tile> tiles, std::vector<std::uint32_t> starts,
                                              std::vector<float> values, int letters) {
  if (letters < 1 || letters > 255) return Status(Errc::kInvalidArgument, "letters: expected 1..255");
  if (starts.size() != values.size() + 1 || starts.front() != 0 || starts.back() != tiles.size())
    return Status(Errc::kInvalidArgument, "leave keys: " + Num(starts.size()) + " starts for " + Num(values.size()) +
                                              " values and " + Num(tiles.size()) + " tiles");
  LeaveTable t;
  t.letters_ = letters;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (starts[i + 1] < starts[i] || starts[i + 1] > tiles.size())
      return Status(Errc::kInvalidArgument, "leave " + Num(i) + ": its tiles end at " + Num(starts[i + 1]) +
                                                ", outside " + Num(starts[i]) + ".." + Num(tiles.size()));
    const std::span<const Tile> key(tiles.data() + starts[i], starts[i + 1] - starts[i]);
    const std::string p = EntryProblem(key, values[i], letters);
    if (!p.empty()) return Status(Errc::kInvalidArgument, "leave " + KeyDigits(key) + ": " + p);
    if (i > 0 && !KeyLess({tiles.data() + starts[i - 1], starts[i] - starts[i - 1]}, key))
      return Status(Errc::kInvalidArgument, "leave " + KeyDigits(key) + ": not after the previous leave");
    t.longest_ = std::max(t.longest_, static_cast<int>(key.size()));
  }
  t.tiles_ = std::move(tiles);
  t.starts_ = std::move(starts);
  t.values_ = std::move(values);
  return t;
}

std::optional<std::size_t> LeaveTable::Find(std::span<const Tile> k) const {
  std::size_t lo = 0, hi = size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (KeyLess(key(mid), k))
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < size() && std::ranges::equal(key(lo), k)) return lo;
  return std::nullopt;
}

std::vector<Tile> LeaveTable::KeyOf(const Rack& leave) {
  std::vector<Tile> k(static_cast<std::size_t>(leave.blanks()), kLeaveBlank);
  for (int t = 1; t <= kMaxTiles; ++t)
    k.insert(k.end(), static_cast<std::size_t>(leave.count(static_cast<Tile>(t))), static_cast<Tile>(t));
  return k;
}

float LeaveTable::Value(const Rack& leave) const {
  const auto i = Find(KeyOf(leave));
  return i ? values_[*i] : 0.0f;
}

std::string LeaveTable::KeyText(std::span<const Tile> key, const Alphabet& alphabet) {
  std::string out;
  TileTextWriter w(alphabet, &out, "?");
  for (Tile t : key) {
    if (t == kLeaveBlank)
      w.AppendOther("?");
    else if (t <= alphabet.size())
      w.Append(t);
    else
      w.AppendOther("[<" + Num(t) + ">]");
  }
  return out;
}

bool IsLeavesFile(std::span<const std::byte> bytes) {
  return bytes.size() >= sizeof kLeavesMagic && std::memcmp(bytes.data(), kLeavesMagic, sizeof kLeavesMagic) == 0;
}

Result<std::vector<std::byte>> EncodeLeavesFile(const LeaveTable& table, const Alphabet& alphabet) {
  if (alphabet.size() != table.letters())
    return Status(Errc::kInvalidArgument,
                  "the table has " + Num(table.letters()) + " letters, the alphabet " + Num(alphabet.size()));
  std::vector<std::byte> out;
  out.reserve(kLeavesHeadSize + 8 * table.size() + 1024);
  for (unsigned char c : kLeavesMagic) out.push_back(std::byte{c});
  Put<std::uint16_t>(out, kLeavesMajor);
  Put<std::uint16_t>(out, kLeavesMinor);
  Put<std::uint32_t>(out, 0);
  Put<std::uint64_t>(out, table.size());
  Put<std::uint32_t>(out, static_cast<std::uint32_t>(table.letters()));
  std::string labels;
  for (int t = 1; t <= alphabet.size(); ++t) {
    const std::string& l = alphabet.tile(static_cast<Tile>(t)).label;
    labels += static_cast<char>(l.size());
    labels += l;
  }
  Put<std::uint32_t>(out, static_cast<std::uint32_t>(labels.size()));
  for (char c : labels) out.push_back(static_cast<std::byte>(c));
  for (std::size_t i = 0; i < table.size(); ++i) {
    const auto k = table.key(i);
    out.push_back(static_cast<std::byte>(k.size()));
    for (Tile t : k) out.push_back(static_cast<std::byte>(t));
    Put<float>(out, table.value(i));
  }
  Put<std::uint32_t>(out, Crc32c(0, out.data(), out.size()));
  return out;
}

Result<LeavesFile> DecodeLeavesFile(std::span<const std::byte> bytes, const Alphabet* alphabet, std::string_view name) {
  const std::string prefix = std::string(name) + ": ";
  const auto bad = [&](std::size_t at, const std::string& what) {
    return Status(Errc::kBadInput, prefix + "offset " + Num(at) + ": " + what);
  };
  if (!IsLeavesFile(bytes)) return Status(Errc::kBadInput, prefix + "not a lexc leave table (magic)");
  if (bytes.size() < kLeavesHeadSize + 4)
    return bad(bytes.size(), "truncated: " + Num(bytes.size()) + " bytes, less than a header and checksum");
  const std::byte* p = bytes.data();
  const auto major = Get<std::uint16_t>(p + 8);
  if (major != kLeavesMajor)
    return Status(Errc::kBadVersion,
                  prefix + "leave table major version: expected " + Num(kLeavesMajor) + ", got " + Num(major));
  const std::size_t body_end = bytes.size() - 4;
  const std::uint32_t crc = Crc32c(0, p, body_end);
  if (crc != Get<std::uint32_t>(p + body_end))
    return Status(Errc::kBadInput, prefix + "checksum mismatch: the file is damaged (CRC32C " +
                                       Num(Get<std::uint32_t>(p + body_end)) + " stored, " + Num(crc) + " computed)");
  if (Get<std::uint32_t>(p + 12) != 0) return bad(12, "flags must be 0");
  const auto count = Get<std::uint64_t>(p + 16);
  const auto letters = Get<std::uint32_t>(p + 24);
  const auto labels_len = Get<std::uint32_t>(p + 28);
  if (letters < 1 || letters > 255) return bad(24, "letters: expected 1..255, got " + Num(letters));
  if (labels_len > body_end - kLeavesHeadSize)
    return bad(28, "labels of " + Num(labels_len) + " bytes run past the end");
  LeavesFile out;
  std::size_t at = kLeavesHeadSize;
  const std::size_t labels_end = at + labels_len;
  for (std::uint32_t t = 1; t <= letters; ++t) {
    if (at >= labels_end) return bad(at, "labels end before tile " + Num(t));
    const auto len = static_cast<std::size_t>(p[at]);
    if (len < 1 || len > static_cast<std::size_t>(kMaxLabelBytes) || at + 1 + len > labels_end)
      return bad(at, "tile " + Num(t) + ": label length " + Num(len));
    out.labels.emplace_back(reinterpret_cast<const char*>(p + at + 1), len);
    at += 1 + len;
  }
  if (at != labels_end) return bad(at, "labels: " + Num(labels_end - at) + " bytes left over");
  if (alphabet) {
    if (alphabet->size() != static_cast<int>(letters))
      return bad(24, Num(letters) + " letters, the alphabet " + alphabet->name() + " has " + Num(alphabet->size()));
    for (std::uint32_t t = 1; t <= letters; ++t)
      if (alphabet->tile(static_cast<Tile>(t)).label != out.labels[t - 1])
        return bad(kLeavesHeadSize, "tile " + Num(t) + " is " + out.labels[t - 1] + ", the alphabet's " +
                                        alphabet->tile(static_cast<Tile>(t)).label);
  }
  // The keys concatenated as they come (memory follows the bytes read,
  // not the count declared), checked one by one.
  std::vector<Tile> tiles;
  std::vector<std::uint32_t> starts{0};
  std::vector<float> values;
  while (at < body_end) {
    const std::size_t start = at;
    const auto which = [&] { return "leave " + Num(values.size()) + ": "; };
    if (values.size() >= count) return bad(start, "more leaves than the " + Num(count) + " declared");
    const auto len = static_cast<std::size_t>(p[at]);
    if (at + 1 + len + 4 > body_end) return bad(start, which() + "runs past the end");
    const std::size_t from = tiles.size();
    for (std::size_t i = 0; i < len; ++i) tiles.push_back(static_cast<Tile>(p[at + 1 + i]));
    const float value = Get<float>(p + at + 1 + len);
    at += 1 + len + 4;
    const std::span<const Tile> key(tiles.data() + from, len);
    const std::string problem = EntryProblem(key, value, static_cast<int>(letters));
    if (!problem.empty()) return bad(start, which() + problem);
    if (!values.empty() && !KeyLess({tiles.data() + starts[starts.size() - 2], from - starts[starts.size() - 2]}, key))
      return bad(start, which() + "not after the previous leave (keys are stored in increasing order)");
    starts.push_back(static_cast<std::uint32_t>(tiles.size()));
    values.push_back(value);
  }
  if (values.size() != count) return bad(16, "declares " + Num(count) + " leaves, holds " + Num(values.size()));
  auto table =
      LeaveTable::FromSortedKeys(std::move(tiles), std::move(starts), std::move(values), static_cast<int>(letters));
  if (!table.ok()) return table.status();
  out.table = std::move(table).value();
  return out;
}

}  // namespace lexc::interop
