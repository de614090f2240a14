#include "automaton.h"

#include <algorithm>
#include <cstring>

namespace lexc::internal {

std::uint64_t HashArcs(std::span<const PackedArc> arcs) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ arcs.size();
  for (PackedArc a : arcs) {
    h ^= a;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  h *= 0xC4CEB9FE1A85EC53ull;
  h ^= h >> 29;
  return h;
}

StateStore::StateStore() {
  starts_ = {0, 0};  // state 0: the empty state
  table_.assign(1 << 16, 0);
  mask_ = table_.size() - 1;
}

void StateStore::Grow() {
  std::vector<std::uint64_t> old;
  old.swap(table_);
  table_.assign(old.size() * 2, 0);
  mask_ = table_.size() - 1;
  for (std::uint64_t e : old) {
    if (!e) continue;
    // Slot index comes from the stored high hash bits; re-probe linearly.
    std::uint64_t i = ((e >> 32) * 0x9E3779B97F4A7C15ull >> 20) & mask_;
    while (table_[i]) i = (i + 1) & mask_;
    table_[i] = e;
  }
}

StateId StateStore::Register(std::span<const PackedArc> arcs) {
  if (arcs.empty()) return 0;
  const std::uint64_t h = HashArcs(arcs);
  const std::uint64_t tag = h >> 32;
  std::uint64_t i = (tag * 0x9E3779B97F4A7C15ull >> 20) & mask_;
  for (;; i = (i + 1) & mask_) {
    const std::uint64_t e = table_[i];
    if (!e) break;
    if ((e >> 32) != tag) continue;
    const StateId id = static_cast<StateId>(e);
    auto have = this->arcs(id);
    if (have.size() == arcs.size() && std::equal(have.begin(), have.end(), arcs.begin())) return id;
  }
  const StateId id = static_cast<StateId>(size());
  pool_.insert(pool_.end(), arcs.begin(), arcs.end());
  starts_.push_back(static_cast<std::uint32_t>(pool_.size()));
  table_[i] = (tag << 32) | id;
  if (size() * 2 > table_.size()) Grow();
  return id;
}

}  // namespace lexc::internal
