// The endgame solver's transposition table and Zobrist keys (internal).
//
// A fixed array of 2^k entries of two 64-bit words, shared by every search
// thread without locks: an entry stores (key ^ data, data), so a torn write
// (one word from each of two stores) fails the key check and reads as a
// miss (Hyatt and Mann's lockless hashing). Replacement: always, except
// that a depth-independent (exact) entry is not replaced by a
// depth-limited one of the same position.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "lexc/gen/board.h"
#include "lexc/gen/move.h"
#include "lexc/status.h"

namespace lexc::endgame::internal {

enum class Bound : std::uint8_t { kExact = 0, kLower = 1, kUpper = 2 };

struct TableEntry {
  int value = 0;
  int depth = 0;  // plies searched below the position (0..255)
  Bound bound = Bound::kExact;
  bool exact = false;      // the value holds whatever the depth (no leaf cut by it)
  std::uint32_t move = 0;  // MoveKey of the best move found, 0: none
};

class TranspositionTable {
 public:
  // The largest power of two of entries fitting in `bytes` (at least one).
  // Errors: kLimit when the memory cannot be allocated.
  static Result<TranspositionTable> Create(std::size_t bytes);

  std::size_t entries() const { return max_mask_ + 1; }
  bool Load(std::uint64_t key, TableEntry* out) const;
  // Asks for the entry of `key` ahead of its Load: the table is far larger
  // than the caches, so a Load right after moving is a cache miss.
  void Prefetch(std::uint64_t key) const { __builtin_prefetch(words_.get() + 2 * (key & Mask())); }
  // The table in use grows with the search: it starts with kStartEntries
  // (or all, when smaller) and is made four times larger, up to entries(),
  // once the nodes searched reach twice the entries in use. A small search
  // so touches (and has zeroed, a huge page at a time) a few MiB, not the
  // whole table. The entries move to where the larger mask looks for them
  // (one thread moves them; a store racing with the move may be lost: a
  // miss, never a wrong entry, since every entry is checked against its
  // whole key). Any thread may call it.
  void Grow(std::uint64_t nodes);
  static constexpr std::uint64_t kStartEntries = std::uint64_t(1) << 18;  // 4 MiB
  void Store(std::uint64_t key, const TableEntry& e);

 private:
  // Two words per entry (check, data), read and written through
  // std::atomic_ref. Zeroed by the system on first touch: the pages a
  // search never touches are never zeroed, so a large table costs nothing
  // to a small endgame. A table of 2 MiB or more sits on transparent huge
  // pages (lexc/huge_pages.h): the search reads it at random, one entry a
  // node, and 4 KiB pages made most of those reads a TLB miss too.
  struct FreeWords {
    std::size_t bytes;  // 0: calloc'd (value-initialized: 0)
    void operator()(std::uint64_t* p) const;
  };
  std::unique_ptr<std::uint64_t[], FreeWords> words_;
  std::uint64_t Mask() const {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(mask_)).load(std::memory_order_relaxed);
  }
  std::uint64_t mask_ = 0;      // in use (atomic_ref: Grow raises it while others read)
  std::uint64_t max_mask_ = 0;  // the whole table
  std::uint64_t growing_ = 0;   // 1 while a thread grows it (atomic_ref)
};

// Zobrist keys, computed (splitmix64) rather than tabled: a few multiplies
// per placed tile, no cache misses.
std::uint64_t SquareKey(int square, gen::Cell cell);
// The copy-th (from 0) copy of `tile` (0: a blank) on the rack in `role`
// (0: the side to move, 1: the other).
std::uint64_t RackTileKey(int role, int tile, int copy);
std::uint64_t ScorelessKey(int scoreless_turns);

// A 20-bit non-zero fingerprint of a move, for the table's best move:
// kPassKey for the pass.
inline constexpr std::uint32_t kPassKey = 1;
std::uint32_t MoveKey(const gen::Play& play);

}  // namespace lexc::endgame::internal
