// Internal: the state store and register of the incremental minimizer.
//
// States are immutable once registered: a state is its sorted arc list, each
// arc packed in a u64 (target << 32 | tile << 1 | accepts). State 0 is the
// empty state (no arcs). Registering a list returns the id of the unique state
// with exactly that list, creating it if new: the "full register" of Daciuk et
// al., so minimization is exact, never bounded by a cache.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/huge_pages.h"
#include "lexc/zeroed_array.h"

namespace lexc::internal {

using StateId = std::uint32_t;
using PackedArc = std::uint64_t;
// Old state id -> new, as StateStore::Import returns it (huge pages from 256
// KiB, lexc/huge_pages.h).
using StateMap = HugeVector<StateId>;

inline PackedArc PackArc(Tile tile, bool accepts, StateId target) {
  return (PackedArc(target) << 32) | (PackedArc(tile) << 1) | PackedArc(accepts);
}
inline StateId ArcTarget(PackedArc a) { return static_cast<StateId>(a >> 32); }
inline Tile ArcTile(PackedArc a) { return static_cast<Tile>((a >> 1) & 0xFF); }
inline bool ArcAccepts(PackedArc a) { return a & 1; }
inline PackedArc WithTarget(PackedArc a, StateId t) { return (a & 0xFFFFFFFFu) | (PackedArc(t) << 32); }

// Hash of an arc list; a pure function of its content. It folds the arcs
// from the last to the first, so the hashes of all tails of a list come out
// of one pass: tail j is HashStep(hash of tail j+1, arcs[j]).
inline constexpr std::uint64_t kHashSeed = 0x9E3779B97F4A7C15ull;
inline std::uint64_t HashStep(std::uint64_t h, PackedArc a) {
  h = (h ^ a) * 0xFF51AFD7ED558CCDull;
  return h ^ (h >> 31);
}
std::uint64_t HashArcs(std::span<const PackedArc> arcs);

class StateStore {
 public:
  StateStore();
  // A copy holds the same states and finds them (a thread's piece of the
  // build starts from one); its look-up tables are copied, not rebuilt. It
  // reserves no more room than its states take.
  StateStore(const StateStore& other);
  StateStore(StateStore&&) noexcept = default;
  StateStore& operator=(StateStore&&) noexcept = default;
  StateStore& operator=(const StateStore&) = delete;
  // Capacity hints (no effect on results): avoids regrowing the arc pool.
  void Reserve(std::size_t states, std::size_t arcs) {
    pool_.reserve(arcs);
    starts_.reserve(states + 1);
  }
  // The room Reserve made (at least size() and arc_total()).
  std::size_t reserved_states() const { return starts_.capacity() - 1; }
  std::size_t reserved_arcs() const { return pool_.capacity(); }

  // Returns the id of the state whose arcs equal `arcs` (sorted by tile).
  // An empty list is state 0.
  StateId Register(std::span<const PackedArc> arcs) { return Register(arcs, nullptr); }
  // The same, setting *created when the state is new.
  StateId Register(std::span<const PackedArc> arcs, bool* created);
  // Adds a state known to be absent (it has an arc to a state created by
  // the registration just before and referenced by no other state), without
  // looking it up: its register slot is only prefetched, and filled by
  // FlushNew() (Register flushes first; Find expects nothing pending, as
  // after any IncrementalBuilder call). Several such states in a row then
  // wait on memory together instead of one after another.
  StateId AddNew(std::span<const PackedArc> arcs);
  void FlushNew();
  // The registered state with exactly these arcs (h == HashArcs(arcs)), or
  // 0 when there is none.
  StateId Find(std::span<const PackedArc> arcs, std::uint64_t h) const;

  // Registers every state of `other` from id `first_new` on (in id order,
  // so a state's targets come before it), its targets below `first_new`
  // taken as this store's own ids (`other` began as a copy of this store's
  // first `first_new` states). Returns the id each got here, indexed by
  // other id - first_new. `other` is emptied, its look-up tables first.
  StateMap Import(StateStore&& other, StateId first_new);

  std::size_t size() const { return starts_.size() - 1; }  // includes state 0
  std::size_t arc_total() const { return pool_.size(); }   // arcs of all states
  std::span<const PackedArc> arcs(StateId s) const { return {pool_.data() + starts_[s], starts_[s + 1] - starts_[s]}; }
  // Set when the states hold more arcs than 32-bit offsets address; the
  // builder then fails with kLimit (the format addresses 2^32 arcs anyway).
  bool overflow() const { return overflow_; }

 private:
  static constexpr std::size_t kMaxPoolArcs = 0xFFFFFFF0u;
  static constexpr std::size_t kFirstSlots = std::size_t(1) << 10;  // each table's first size
  struct SingleEntry {                                              // all zero: an empty slot
    PackedArc arc;
    StateId id;
  };
  void Grow();  // doubles a table
  void GrowSingle();
  void Rehash(std::size_t slots);  // a table of `slots` slots (a power of two), its entries moved in
  void RehashSingle(std::size_t slots);
  StateId Append(std::span<const PackedArc> arcs);
  // Register's path for two or more arcs, given h == HashArcs(arcs).
  StateId RegisterMulti(std::span<const PackedArc> arcs, std::uint64_t h, bool* created);
  std::uint64_t SingleSlot(PackedArc a) const {
    const std::uint64_t h = a * 0x9E3779B97F4A7C15ull;
    return (h ^ (h >> 29)) & single_mask_;
  }
  std::uint64_t MultiSlot(std::uint64_t tag) const { return (tag * 0x9E3779B97F4A7C15ull >> 20) & mask_; }
  void Insert(StateId id);
  StateId FindSingle(PackedArc a) const;

  HugeVector<PackedArc> pool_;
  HugeVector<std::uint32_t> starts_;  // size()+1 offsets into pool_
  // Open addressing: (hash high 32 bits << 32 | id), 0 = empty slot. The
  // tables start small and double; a new table's pages are zeroed by the
  // system as entries land (ZeroedArray), large ones in huge pages.
  ZeroedArray<std::uint64_t> table_;
  std::uint64_t mask_ = 0;
  std::size_t multi_count_ = 0;
  ZeroedArray<SingleEntry> single_;  // open addressing, arc 0 = empty slot
  std::uint64_t single_mask_ = 0;
  std::size_t single_count_ = 0;
  std::vector<StateId> pending_;  // AddNew's states, not yet in the tables
  bool overflow_ = false;
};

// Incremental construction of the minimal automaton of a set of strings
// added in strictly increasing order (Daciuk, Mihov, Watson, Watson 2000),
// with per-arc accept bits. Each added string may also give a "first arc" for
// the state it ends in (the GADDAG separator arc, tile 0, added before any
// other arc of that state).
//
// The unregistered path is a table of rows, one per depth, each with room
// for a state's most arcs (one per tile code, 0..255): a state's arcs are
// appended in tile order, never more than one per tile, so a row never
// overflows, and no arc list is ever reallocated.
class IncrementalBuilder {
 public:
  static constexpr std::size_t kRow = 256;  // arcs a state may have: one per tile code

  // `on_register(depth, id)` is called whenever the path state at `depth`
  // (>= 1) is replaced by its registered id.
  explicit IncrementalBuilder(StateStore* store) : store_(store) {}

  // Precondition: s is non-empty and greater than the previous string.
  // Returns the common prefix length with the previous string.
  template <class OnRegister>
  std::size_t Add(std::span<const Tile> s, bool accepts, const PackedArc* first_arc, OnRegister&& on_register) {
    std::size_t lcp = 0;
    const std::size_t n = s.size();
    while (lcp < n && lcp < prev_len_ && prev_[lcp] == s[lcp]) ++lcp;
    AddAfter(s, lcp, accepts, first_arc, on_register);
    if (prev_.size() < n) prev_.resize(n);
    for (std::size_t d = lcp; d < n; ++d) prev_[d] = s[d];
    return lcp;
  }

  // Add, given `lcp`, the common prefix length of s and the previous string
  // (0 for the first); only s[lcp..] is read. A caller that gives the lcp
  // keeps the strings itself: Add() cannot follow an AddAfter().
  template <class OnRegister>
  void AddAfter(std::span<const Tile> s, std::size_t lcp, bool accepts, const PackedArc* first_arc,
                OnRegister&& on_register) {
    const std::size_t n = s.size();
    Collapse(lcp, on_register);
    if (count_.size() < n + 1) Deepen(n + 1);
    PackedArc* const rows = rows_.data();
    std::uint16_t* const count = count_.data();
    for (std::size_t d = lcp; d < n; ++d) {
      rows[d * kRow + count[d]] = PackArc(s[d], accepts && d + 1 == n, 0);
      count[d] = static_cast<std::uint16_t>(count[d] + 1);
      count[d + 1] = 0;
    }
    if (first_arc) rows[n * kRow + count[n]++] = *first_arc;  // the row was just emptied
    prev_len_ = n;
  }

  // Registers the whole remaining path below the root and returns the
  // root's arcs, unregistered: a part of an automaton built by leading tile
  // (BuildByLeadingTile) gives its share of the root.
  template <class OnRegister>
  std::vector<PackedArc> FinishBelowRoot(OnRegister&& on_register) {
    Collapse(0, on_register);
    std::vector<PackedArc> root;
    if (!count_.empty()) root.assign(rows_.data(), rows_.data() + count_[0]);
    Reset();
    return root;
  }

  // Registers the whole remaining path; returns the root's id.
  template <class OnRegister>
  StateId Finish(OnRegister&& on_register) {
    Collapse(0, on_register);
    if (count_.empty()) return 0;
    const StateId root = store_->Register(Row(0));
    Reset();
    return root;
  }

 private:
  std::span<const PackedArc> Row(std::size_t d) const { return {rows_.data() + d * kRow, count_[d]}; }

  void Deepen(std::size_t depths) {
    rows_.resize(depths * kRow);
    count_.resize(depths, 0);
  }
  void Reset() {
    std::fill(count_.begin(), count_.end(), std::uint16_t{0});
    prev_len_ = 0;
  }

  // Registers the path states below `down_to` from the deepest up. Once one
  // is new, each above it is new too (its last arc leads to the state just
  // created, which nothing else references yet): those skip the look-up.
  template <class OnRegister>
  void Collapse(std::size_t down_to, OnRegister& on_register) {
    bool child_new = false;
    for (std::size_t d = prev_len_; d > down_to; --d) {
      const StateId id = child_new ? store_->AddNew(Row(d)) : store_->Register(Row(d), &child_new);
      on_register(d, id);
      PackedArc& parent = rows_[(d - 1) * kRow + count_[d - 1] - 1];
      parent = WithTarget(parent, id);
    }
    store_->FlushNew();
    prev_len_ = std::min(prev_len_, down_to);
  }

  StateStore* store_;
  std::vector<PackedArc> rows_;       // row d: the arcs of the path state at depth d, kRow slots
  std::vector<std::uint16_t> count_;  // arcs in each row
  std::vector<Tile> prev_;            // Add()'s previous string: prev_[0, prev_len_)
  std::size_t prev_len_ = 0;
};

}  // namespace lexc::internal
