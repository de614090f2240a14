#include "lexc/strategy/leave_values.h"

#include <algorithm>
#include <bit>
#include <string>

#include "lexc/huge_pages.h"

namespace lexc::strategy {
namespace {

// splitmix64's finalizer: keys that differ in one tile spread over the table.
std::uint64_t Mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

// Six bits a tile, each stored plus one, so that no packed key is 0 (the
// empty slot) and keys of different lengths never collide.
std::uint64_t LeaveValues::Pack(std::span<const Tile> key) {
  std::uint64_t p = 0;
  for (Tile t : key) p = (p << 6) | std::uint64_t(t + 1);
  return p;
}

std::uint64_t LeaveValues::Slot(std::uint64_t packed) const {
  std::uint64_t s = Mix(packed) & mask_;
  while (keys_[s] != 0 && keys_[s] != packed) s = (s + 1) & mask_;
  return s;
}

Result<LeaveValues> LeaveValues::Create(const interop::LeaveTable& table, int letters) {
  if (table.letters() != letters)
    return Status(Errc::kInvalidArgument, "leave table of " + std::to_string(table.letters()) +
                                              " letters for an alphabet of " + std::to_string(letters));
  LeaveValues v;
  v.table_ = &table;
  v.hashed_ = letters <= 62 && table.longest() <= kMaxHashedTiles;
  if (!v.hashed_) return v;
  const std::size_t slots = std::bit_ceil(std::max<std::size_t>(16, table.size() * 2));
  v.keys_ = lexc::internal::FilledVector<std::uint64_t>(slots, 0);  // pages mapped at once (huge_pages.h)
  v.values_ = lexc::internal::FilledVector<float>(slots, 0.0f);
  v.mask_ = slots - 1;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::uint64_t p = Pack(table.key(i));
    const std::uint64_t s = v.Slot(p);
    v.keys_[s] = p;  // keys are unique (FromEntries checks it)
    v.values_[s] = table.value(i);
  }
  return v;
}

float LeaveValues::Value(std::span<const Tile> key) const {
  if (!table_ || key.empty()) return 0;
  if (!hashed_ || key.size() > std::size_t(kMaxHashedTiles)) {
    const auto i = table_->Find(key);
    return i ? table_->value(*i) : 0.0f;
  }
  const std::uint64_t s = Slot(Pack(key));
  return keys_[s] ? values_[s] : 0.0f;
}

void LeaveValues::Prefetch(std::span<const Tile> key) const {
  if (!hashed_ || key.empty() || key.size() > std::size_t(kMaxHashedTiles)) return;
  const std::uint64_t s = Mix(Pack(key)) & mask_;
  __builtin_prefetch(keys_.data() + s);
  __builtin_prefetch(values_.data() + s);
}

float LeaveValues::Value(const Rack& leave) const {
  if (!table_ || leave.empty() || leave.size() > interop::kMaxLeaveTiles) return 0;
  Tile key[interop::kMaxLeaveTiles];
  int n = 0;
  for (int b = 0; b < leave.blanks(); ++b) key[n++] = interop::kLeaveBlank;
  for (int t = 1; t <= kMaxTiles && n < leave.size(); ++t)
    for (int c = 0; c < leave.count(Tile(t)); ++c) key[n++] = Tile(t);
  return Value(std::span<const Tile>(key, std::size_t(n)));
}

void RackLeaves::SetRack(const Rack& rack) {
  // The same rack again (a simulation's opponent, once per candidate):
  // its values are already here.
  if (set_ && rack == rack_) return;
  set_ = true;
  rack_ = rack;
  slot_.fill(0);
  // Slots in code order: blanks (slot 16) lead every key, then tiles by code.
  struct Part {
    Tile tile;  // 0 for blanks
    int count;
  };
  Part parts[17];
  int nparts = 0;
  if (rack.blanks()) parts[nparts++] = {interop::kLeaveBlank, rack.blanks()};
  for (int t = 1, seen = rack.blanks(); t <= kMaxTiles && seen < rack.size(); ++t)
    if (int c = rack.count(Tile(t))) {
      parts[nparts++] = {Tile(t), c};
      seen += c;
    }
  std::uint32_t stride = 1;
  full_ = 0;
  for (int i = 0; i < nparts; ++i) {
    const int s = parts[i].tile == interop::kLeaveBlank ? 16 : i;
    stride_[std::size_t(s)] = stride;
    if (parts[i].tile != interop::kLeaveBlank) slot_[parts[i].tile] = std::uint8_t(s + 1);
    full_ += std::uint32_t(parts[i].count) * stride;
    stride *= std::uint32_t(parts[i].count + 1);
  }
  const std::uint32_t total = stride;
  value_.assign(total, 0.0f);
  bool seen[16] = {}, seen_spending[16] = {};
  best_kept_.fill(0.0f);
  best_kept_spending_blank_.fill(0.0f);
  // The blanks lead the index (mixed radix, slot 16 first when the rack has any).
  const std::uint32_t blank_radix = std::uint32_t(rack.blanks() + 1);
  // The leaves' keys in batches: all of a batch's slots are prefetched
  // before the first is read, so their cache misses (the table is far
  // larger than the cache) overlap instead of adding up.
  constexpr std::uint32_t kBatch = 32;
  Tile keys[kBatch][16];
  int lengths[kBatch];
  for (std::uint32_t first = 0; first < total; first += kBatch) {
    const std::uint32_t count = std::min(kBatch, total - first);
    for (std::uint32_t b = 0; b < count; ++b) {
      int n = 0;
      std::uint32_t rest = first + b;
      for (int i = 0; i < nparts; ++i) {
        const std::uint32_t base = std::uint32_t(parts[i].count + 1);
        const int kept = int(rest % base);
        rest /= base;
        for (int k = 0; k < kept; ++k) keys[b][n++] = parts[i].tile;
      }
      lengths[b] = n;
      values_->Prefetch(std::span<const Tile>(keys[b], std::size_t(n)));
    }
    for (std::uint32_t b = 0; b < count; ++b) {
      const int n = lengths[b];
      const float v = value_[first + b] = values_->Value(std::span<const Tile>(keys[b], std::size_t(n)));
      if (!seen[n] || v > best_kept_[std::size_t(n)]) best_kept_[std::size_t(n)] = v, seen[n] = true;
      if ((first + b) % blank_radix == blank_radix - 1) continue;  // every blank kept (or none on the rack)
      if (!seen_spending[n] || v > best_kept_spending_blank_[std::size_t(n)])
        best_kept_spending_blank_[std::size_t(n)] = v, seen_spending[n] = true;
    }
  }
}

float RackLeaves::AfterPlay(const gen::Play& p) const {
  std::uint32_t index = full_;
  for (int i = 0; i < p.length; ++i) {
    if (p.IsThrough(i)) continue;
    const gen::Cell c = p.cells[i];
    index -= gen::CellIsBlank(c) ? stride_[16] : stride_[slot_[gen::CellTile(c)] - 1];
  }
  return value_[index];
}

float RackLeaves::AfterExchange(const Rack& thrown) const {
  std::uint32_t index = full_ - std::uint32_t(thrown.blanks()) * stride_[16];
  for (int t = 1, seen = thrown.blanks(); t <= kMaxTiles && seen < thrown.size(); ++t)
    if (int c = thrown.count(Tile(t))) {
      index -= std::uint32_t(c) * stride_[slot_[std::size_t(t)] - 1];
      seen += c;
    }
  return value_[index];
}

}  // namespace lexc::strategy
