#include "automaton.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

namespace lexc::internal {

std::uint64_t HashArcs(std::span<const PackedArc> arcs) {
  std::uint64_t h = kHashSeed;
  for (std::size_t j = arcs.size(); j-- > 0;) h = HashStep(h, arcs[j]);
  return h;
}

StateStore::StateStore() {
  starts_ = {0, 0};  // state 0: the empty state
  table_ = ZeroedArray<std::uint64_t>(kFirstSlots);
  mask_ = table_.size() - 1;
  single_ = ZeroedArray<SingleEntry>(kFirstSlots);
  single_mask_ = single_.size() - 1;
}

StateStore::StateStore(const StateStore& other)
    : table_(other.table_.size()),
      mask_(other.mask_),
      multi_count_(other.multi_count_),
      single_(other.single_.size()),
      single_mask_(other.single_mask_),
      single_count_(other.single_count_),
      pending_(other.pending_),
      overflow_(other.overflow_) {
  pool_.assign(other.pool_.begin(), other.pool_.end());
  starts_.assign(other.starts_.begin(), other.starts_.end());
  if (table_.size()) std::memcpy(table_.data(), other.table_.data(), table_.size() * sizeof(table_[0]));
  if (single_.size()) std::memcpy(single_.data(), other.single_.data(), single_.size() * sizeof(single_[0]));
}

// The size a table doubles to, or at once a whole huge page's worth once
// it reaches the size mapped on huge pages (ZeroedArray): the page is
// zeroed whole on first touch anyway, so each doubling on the way to it
// would take and zero another page of its own.
template <class Entry>
static std::size_t GrownSlots(std::size_t slots) {
  static_assert(std::has_single_bit(kHugeBlock / sizeof(Entry)), "table sizes are powers of two");
  std::size_t next = slots * 2;
  if (next * sizeof(Entry) >= kHugeMinBytes) next = std::max(next, kHugeBlock / sizeof(Entry));
  return next;
}

void StateStore::Grow() { Rehash(GrownSlots<std::uint64_t>(table_.size())); }

void StateStore::Rehash(std::size_t slots) {
  const ZeroedArray<std::uint64_t> old = std::exchange(table_, ZeroedArray<std::uint64_t>(slots));
  mask_ = table_.size() - 1;
  for (std::size_t k = 0; k < old.size(); ++k) {
    const std::uint64_t e = old[k];
    if (!e) continue;
    // Slot index comes from the stored high hash bits; re-probe linearly.
    std::uint64_t i = MultiSlot(e >> 32);
    while (table_[i]) i = (i + 1) & mask_;
    table_[i] = e;
  }
}

namespace {
bool SameArcs(std::span<const PackedArc> a, std::span<const PackedArc> b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)  // short lists: a loop beats memcmp
    if (a[i] != b[i]) return false;
  return true;
}
}  // namespace

// Single-arc states (most of them: 1.5M of the 1.8M registrations for
// SOWPODS) live in their own table whose entries hold the arc itself, so a
// hit costs one cache miss instead of two (table, then pool).
StateId StateStore::FindSingle(PackedArc a) const {
  for (std::uint64_t i = SingleSlot(a);; i = (i + 1) & single_mask_) {
    const SingleEntry& e = single_[i];
    if (e.arc == a) return e.id;
    if (!e.arc) return 0;
  }
}

StateId StateStore::Find(std::span<const PackedArc> arcs, std::uint64_t h) const {
  if (arcs.size() == 1) return FindSingle(arcs[0]);
  const std::uint64_t tag = h >> 32;
  for (std::uint64_t i = MultiSlot(tag);; i = (i + 1) & mask_) {
    const std::uint64_t e = table_[i];
    if (!e) return 0;
    if ((e >> 32) == tag && SameArcs(this->arcs(static_cast<StateId>(e)), arcs)) return static_cast<StateId>(e);
  }
}

StateId StateStore::Append(std::span<const PackedArc> arcs) {
  const StateId id = static_cast<StateId>(size());
  for (PackedArc a : arcs) pool_.push_back(a);
  if (pool_.size() > kMaxPoolArcs) overflow_ = true;
  starts_.push_back(static_cast<std::uint32_t>(pool_.size()));
  return id;
}

StateId StateStore::Register(std::span<const PackedArc> arcs, bool* created) {
  if (!pending_.empty()) FlushNew();
  if (created) *created = false;
  if (arcs.empty()) return 0;
  if (arcs.size() == 1) {
    // A valid packed arc is never 0 (an arc with target 0 accepts), so 0
    // marks an empty slot.
    const PackedArc a = arcs[0];
    std::uint64_t i = SingleSlot(a);
    for (;; i = (i + 1) & single_mask_) {
      if (single_[i].arc == a) return single_[i].id;
      if (!single_[i].arc) break;
    }
    const StateId id = Append(arcs);
    single_[i] = {a, id};
    if (++single_count_ * 2 > single_.size()) GrowSingle();
    if (created) *created = true;
    return id;
  }
  return RegisterMulti(arcs, HashArcs(arcs), created);
}

StateId StateStore::RegisterMulti(std::span<const PackedArc> arcs, std::uint64_t h, bool* created) {
  if (created) *created = false;
  const std::uint64_t tag = h >> 32;
  std::uint64_t i = MultiSlot(tag);
  for (;; i = (i + 1) & mask_) {
    const std::uint64_t e = table_[i];
    if (!e) break;
    if ((e >> 32) == tag && SameArcs(this->arcs(static_cast<StateId>(e)), arcs)) return static_cast<StateId>(e);
  }
  const StateId id = Append(arcs);
  table_[i] = (tag << 32) | id;
  if (++multi_count_ * 2 > table_.size()) Grow();
  if (created) *created = true;
  return id;
}

StateId StateStore::AddNew(std::span<const PackedArc> arcs) {
  // Never empty: the state has an arc to the state just created.
  if (arcs.size() == 1)
    __builtin_prefetch(&single_[SingleSlot(arcs[0])], 1);
  else
    __builtin_prefetch(&table_[MultiSlot(HashArcs(arcs) >> 32)], 1);
  const StateId id = Append(arcs);
  pending_.push_back(id);
  return id;
}

// Puts a state known to be absent into its table: the first empty slot.
void StateStore::Insert(StateId id) {
  const std::span<const PackedArc> a = arcs(id);
  if (a.size() == 1) {
    std::uint64_t i = SingleSlot(a[0]);
    while (single_[i].arc) i = (i + 1) & single_mask_;
    single_[i] = {a[0], id};
    if (++single_count_ * 2 > single_.size()) GrowSingle();
    return;
  }
  const std::uint64_t tag = HashArcs(a) >> 32;
  std::uint64_t i = MultiSlot(tag);
  while (table_[i]) i = (i + 1) & mask_;
  table_[i] = (tag << 32) | id;
  if (++multi_count_ * 2 > table_.size()) Grow();
}

void StateStore::FlushNew() {
  for (StateId id : pending_) Insert(id);
  pending_.clear();
}

StateMap StateStore::Import(StateStore&& other, StateId first_new) {
  other.table_ = ZeroedArray<std::uint64_t>();  // not needed here: memory for ours to grow
  other.single_ = ZeroedArray<SingleEntry>();
  // Our tables at once at the size they would reach (or a little more: the
  // states both stores began with count twice), rather than rehashed at
  // every doubling on the way.
  const auto slots_for = [](std::size_t count, std::size_t now) {
    while (count * 2 > now) now *= 2;
    return now;
  };
  if (const std::size_t s = slots_for(single_count_ + other.single_count_, single_.size()); s > single_.size())
    RehashSingle(s);
  if (const std::size_t s = slots_for(multi_count_ + other.multi_count_, table_.size()); s > table_.size()) Rehash(s);
  // Each state's level: 0 when its targets are all below first_new, else
  // one more than its highest target's (targets come before a state in id
  // order). A state depends only on states of lower levels, so each batch of
  // one level is remapped and hashed first and its register slots
  // prefetched: the look-ups then wait on memory together rather than one
  // after another. Registering in this order changes only the ids given.
  const std::size_t count = other.size() - first_new;
  StateMap map(count);
  HugeVector<std::uint16_t> level(count);
  std::vector<std::uint32_t> level_start(2, 0);  // then the start of each level in `order`
  for (std::size_t i = 0; i < count; ++i) {
    std::uint16_t l = 0;
    for (PackedArc a : other.arcs(static_cast<StateId>(first_new + i)))
      if (ArcTarget(a) >= first_new) l = std::max<std::uint16_t>(l, level[ArcTarget(a) - first_new] + 1);
    level[i] = l;
    if (l + 2u > level_start.size()) level_start.resize(l + 2u, 0);
    ++level_start[l + 1u];
  }
  for (std::size_t l = 1; l < level_start.size(); ++l) level_start[l] += level_start[l - 1];
  HugeVector<std::uint32_t> order(count);
  {
    std::vector<std::uint32_t> next(level_start.begin(), level_start.end() - 1);
    for (std::size_t i = 0; i < count; ++i) order[next[level[i]]++] = static_cast<std::uint32_t>(i);
  }
  constexpr std::size_t kBatch = 16;
  std::vector<PackedArc> batch_arcs;
  std::size_t from[kBatch + 1];
  std::uint64_t hash[kBatch];
  for (std::size_t l = 0; l + 1 < level_start.size(); ++l) {
    for (std::size_t i = level_start[l]; i < level_start[l + 1]; i += kBatch) {
      const std::size_t n = std::min<std::size_t>(kBatch, level_start[l + 1] - i);
      batch_arcs.clear();
      for (std::size_t k = 0; k < n; ++k) {
        from[k] = batch_arcs.size();
        for (PackedArc a : other.arcs(static_cast<StateId>(first_new + order[i + k])))
          batch_arcs.push_back(ArcTarget(a) >= first_new ? WithTarget(a, map[ArcTarget(a) - first_new]) : a);
        const std::span<const PackedArc> list(batch_arcs.data() + from[k], batch_arcs.size() - from[k]);
        if (list.size() == 1) {
          __builtin_prefetch(&single_[SingleSlot(list[0])]);
        } else {
          hash[k] = HashArcs(list);
          __builtin_prefetch(&table_[MultiSlot(hash[k] >> 32)]);
        }
      }
      from[n] = batch_arcs.size();
      for (std::size_t k = 0; k < n; ++k) {
        const std::span<const PackedArc> list(batch_arcs.data() + from[k], from[k + 1] - from[k]);
        map[order[i + k]] = list.size() == 1 ? Register(list) : RegisterMulti(list, hash[k], nullptr);
      }
    }
  }
  overflow_ = overflow_ || other.overflow_;
  other = StateStore();
  return map;
}

void StateStore::GrowSingle() { RehashSingle(GrownSlots<SingleEntry>(single_.size())); }

void StateStore::RehashSingle(std::size_t slots) {
  const ZeroedArray<SingleEntry> old = std::exchange(single_, ZeroedArray<SingleEntry>(slots));
  single_mask_ = single_.size() - 1;
  for (std::size_t k = 0; k < old.size(); ++k) {
    const SingleEntry& e = old[k];
    if (!e.arc) continue;
    std::uint64_t i = SingleSlot(e.arc);
    while (single_[i].arc) i = (i + 1) & single_mask_;
    single_[i] = e;
  }
}

}  // namespace lexc::internal
