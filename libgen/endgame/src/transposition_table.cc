#include "transposition_table.h"

#include <algorithm>
#include <new>
#include <string>

#include "lexc/huge_pages.h"

namespace lexc::endgame::internal {
namespace {

std::uint64_t Mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// data word: value (32 bits), depth (8), bound (2), exact (1), move (20), valid (1).
constexpr std::uint64_t kValid = std::uint64_t(1) << 63;
constexpr std::size_t kEntryBytes = 2 * sizeof(std::uint64_t);

std::uint64_t Pack(const TableEntry& e) {
  return std::uint64_t(std::uint32_t(e.value)) | std::uint64_t(e.depth & 0xFF) << 32 |
         std::uint64_t(static_cast<std::uint8_t>(e.bound)) << 40 | std::uint64_t(e.exact) << 42 |
         std::uint64_t(e.move & 0xFFFFF) << 43 | kValid;
}

TableEntry Unpack(std::uint64_t d) {
  TableEntry e;
  e.value = static_cast<int>(static_cast<std::int32_t>(std::uint32_t(d & 0xFFFFFFFFu)));
  e.depth = static_cast<int>((d >> 32) & 0xFF);
  e.bound = static_cast<Bound>((d >> 40) & 3);
  e.exact = ((d >> 42) & 1) != 0;
  e.move = static_cast<std::uint32_t>((d >> 43) & 0xFFFFF);
  return e;
}

}  // namespace

Result<TranspositionTable> TranspositionTable::Create(std::size_t bytes) {
  std::size_t n = 1;
  while (n * 2 * kEntryBytes <= bytes) n *= 2;
  TranspositionTable t;
  const std::size_t table_bytes = n * kEntryBytes;
  std::uint64_t* words = nullptr;
  if (table_bytes >= lexc::internal::kHugeBlock) {
    try {
      words = static_cast<std::uint64_t*>(lexc::internal::AllocateHuge(table_bytes));
      t.words_ = std::unique_ptr<std::uint64_t[], FreeWords>(words, FreeWords{table_bytes});
    } catch (const std::bad_alloc&) {
      words = nullptr;
    }
  } else {
    words = static_cast<std::uint64_t*>(std::calloc(2 * n, sizeof(std::uint64_t)));
    t.words_ = std::unique_ptr<std::uint64_t[], FreeWords>(words, FreeWords{0});
  }
  if (!words)
    return Status(Errc::kLimit, "transposition table: cannot reserve " + std::to_string(table_bytes) +
                                    " bytes of memory (the whole table is reserved at the start, used as it grows)");
  t.max_mask_ = n - 1;
  t.mask_ = std::min<std::uint64_t>(n, kStartEntries) - 1;
  return t;
}

void TranspositionTable::Grow(std::uint64_t nodes) {
  std::uint64_t m = Mask();
  if (m >= max_mask_ || nodes < 2 * (m + 1)) return;
  std::atomic_ref<std::uint64_t> busy(growing_);
  std::uint64_t idle = 0;
  if (!busy.compare_exchange_strong(idle, 1, std::memory_order_acquire)) return;  // another thread grows it
  m = Mask();
  const std::uint64_t wider = std::min(max_mask_, (m + 1) * 4 - 1);
  // Each entry moves to where the wider mask will look for it, before that
  // mask is published. Entries stored meanwhile by other threads under the
  // narrow mask may be lost (a miss later) or overwritten by an older entry
  // of the same position (still true, perhaps shallower), never taken for
  // another position's: a slot's two words must agree with its key.
  for (std::uint64_t i = 0; i <= m; ++i) {
    std::atomic_ref<std::uint64_t> check(words_[2 * i]), stored(words_[2 * i + 1]);
    const std::uint64_t data = stored.load(std::memory_order_relaxed);
    const std::uint64_t key = check.load(std::memory_order_relaxed) ^ data;
    if (!(data & kValid) || (key & m) != i || (key & wider) == i) continue;
    const std::uint64_t j = key & wider;
    std::atomic_ref<std::uint64_t>(words_[2 * j + 1]).store(data, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(words_[2 * j]).store(key ^ data, std::memory_order_relaxed);
  }
  std::atomic_ref<std::uint64_t>(mask_).store(wider, std::memory_order_relaxed);
  busy.store(0, std::memory_order_release);
}

void TranspositionTable::FreeWords::operator()(std::uint64_t* p) const {
  if (bytes)
    lexc::internal::FreeHuge(p, bytes);
  else
    std::free(p);
}

bool TranspositionTable::Load(std::uint64_t key, TableEntry* out) const {
  std::uint64_t* slot = words_.get() + 2 * (key & Mask());
  const std::uint64_t data = std::atomic_ref<std::uint64_t>(slot[1]).load(std::memory_order_relaxed);
  const std::uint64_t check = std::atomic_ref<std::uint64_t>(slot[0]).load(std::memory_order_relaxed);
  if (!(data & kValid) || (check ^ data) != key) return false;
  *out = Unpack(data);
  return true;
}

void TranspositionTable::Store(std::uint64_t key, const TableEntry& e) {
  std::uint64_t* slot = words_.get() + 2 * (key & Mask());
  std::atomic_ref<std::uint64_t> check(slot[0]), stored(slot[1]);
  const std::uint64_t old = stored.load(std::memory_order_relaxed);
  if (!e.exact && (old & kValid) && (check.load(std::memory_order_relaxed) ^ old) == key && Unpack(old).exact) return;
  const std::uint64_t data = Pack(e);
  stored.store(data, std::memory_order_relaxed);
  check.store(key ^ data, std::memory_order_relaxed);
}

std::uint64_t SquareKey(int square, gen::Cell cell) {
  return Mix(0x5851F42D4C957F2Dull ^ (std::uint64_t(square) << 8 | cell));
}

std::uint64_t RackTileKey(int role, int tile, int copy) {
  return Mix(0x14057B7EF767814Full ^ (std::uint64_t(role) << 24 | std::uint64_t(tile) << 16 | std::uint64_t(copy)));
}

std::uint64_t ScorelessKey(int scoreless_turns) { return Mix(0x2545F4914F6CDD1Dull + std::uint64_t(scoreless_turns)); }

std::uint32_t MoveKey(const gen::Play& play) {
  // The squares and the score, not the letters: cheap, and two plays that
  // share all of it differ only by blank designations or letters scoring
  // alike (a collision then only costs move ordering).
  const std::uint64_t h =
      Mix(std::uint64_t(play.row) | std::uint64_t(play.col) << 8 |
          std::uint64_t(static_cast<std::uint8_t>(play.dir)) << 16 | std::uint64_t(play.length) << 17 |
          std::uint64_t(play.through) << 24 | std::uint64_t(std::uint32_t(play.score)) << 32);
  const auto k = static_cast<std::uint32_t>(h & 0xFFFFF);
  return k <= kPassKey ? k + 2 : k;
}

}  // namespace lexc::endgame::internal
