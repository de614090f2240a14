// lexc/strategy/leave_values.h -- leave values for the inner loop of a player.
//
// LeaveValues answers "what is this leave worth" for a LeaveTable
// (lexc/interop/leave_table.h: read from KLV2 or lexc's leave file) in
// constant time: a hash index of the table's keys, built once and shared
// by every thread. RackLeaves then values every sub-multiset of one rack
// once (at most 2^7 = 128 for a 7-tile rack), so the leave of each play or
// exchange of that rack is one array read: the value of the tiles kept.
//
// Conventions (the engines'): a leave is the multiset of tiles kept, blanks
// included; the empty leave and any leave the table does not list are worth
// 0. Values are points, as stored (float).
// Thread safety: LeaveValues is immutable after Create (share it);
// RackLeaves is per-thread state.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "lexc/gen/move.h"
#include "lexc/interop/leave_table.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::strategy {

class LeaveValues {
 public:
  // Indexes `table` (which must outlive the LeaveValues). Keys of at most
  // kMaxHashedTiles tiles over at most 63 letters are hashed; longer keys
  // and larger alphabets fall back to the table's binary search. Memory:
  // about 24 bytes per entry. Errors: kInvalidArgument when `letters`, the
  // alphabet's tile count, differs from table.letters().
  static Result<LeaveValues> Create(const interop::LeaveTable& table, int letters);
  // A table of no leaves: every leave is worth 0 (a greedy player's view).
  LeaveValues() = default;

  static constexpr int kMaxHashedTiles = 9;

  // The value of a sorted key (blanks as 0 first, LeaveTable's key order),
  // 0 when absent. O(key length).
  float Value(std::span<const Tile> key) const;
  // The value of the tiles of `leave`. O(tiles).
  float Value(const Rack& leave) const;
  // Starts loading the slot Value(key) reads first (no effect when the key
  // is not hashed): lookups of many keys overlap their cache misses when
  // each is prefetched a few keys ahead. Never faults.
  void Prefetch(std::span<const Tile> key) const;
  const interop::LeaveTable* table() const { return table_; }
  std::size_t size() const { return table_ ? table_->size() : 0; }

 private:
  static std::uint64_t Pack(std::span<const Tile> key);
  std::uint64_t Slot(std::uint64_t packed) const;

  const interop::LeaveTable* table_ = nullptr;
  bool hashed_ = false;
  std::vector<std::uint64_t> keys_;  // 0 = empty slot
  std::vector<float> values_;
  std::uint64_t mask_ = 0;
};

class RackLeaves {
 public:
  // `values` must outlive this object.
  explicit RackLeaves(const LeaveValues& values) : values_(&values) {}

  // Values every sub-multiset of `rack` (at most 15 tiles: 2^15 subsets).
  // O(subsets x key length); O(1) when rack is the rack already set.
  // Precondition: rack.size() <= 15.
  void SetRack(const Rack& rack);
  const Rack& rack() const { return rack_; }

  // What the tiles kept after `p` are worth; p's new tiles must come from
  // rack() (a blank cell from a blank). O(tiles placed).
  float AfterPlay(const gen::Play& p) const;
  // What the tiles kept after putting back `thrown` (part of rack()) are worth.
  float AfterExchange(const Rack& thrown) const;
  // What the whole rack is worth kept (a pass). O(1).
  float Whole() const { return value_[full_]; }
  // The highest value of a leave of exactly `tiles` tiles of rack() (0 for
  // none). Precondition: 0 <= tiles <= rack().size(). O(1).
  float BestKept(int tiles) const { return best_kept_[std::size_t(tiles)]; }
  // The same among the leaves that keep fewer blanks than rack() holds (what
  // a play placing a blank may keep; 0 for none). O(1).
  float BestKeptSpendingBlank(int tiles) const { return best_kept_spending_blank_[std::size_t(tiles)]; }

 private:
  const LeaveValues* values_;
  bool set_ = false;  // rack_ and the tables below hold a rack's values
  Rack rack_;
  std::array<std::uint8_t, 256> slot_{};              // tile code -> slot + 1 (0: not on the rack)
  std::array<std::uint32_t, 17> stride_{};            // slot -> its place value; slot 16 = blanks
  std::uint32_t full_ = 0;                            // index of the whole rack
  std::vector<float> value_;                          // index (mixed radix of counts kept) -> value
  std::array<float, 16> best_kept_{};                 // by leave size
  std::array<float, 16> best_kept_spending_blank_{};  // by leave size, fewer blanks than the rack
};

}  // namespace lexc::strategy
