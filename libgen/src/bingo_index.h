// Which multisets of tiles spell a word: an index that lets the best-first
// search prove that no bingo exists in a position, so its score bounds can
// leave out the bingo bonus.
//
// A multiset's key is the sum of fixed pseudo-random 64-bit values of its
// tiles (a multiset hash: order does not matter, counts do). The index holds
// the keys of every word of kRackSize tiles or more in an open-addressing
// table. Lookups can answer "maybe" for a multiset that is no word (a key
// collision) but never "no" for one that is, which is the safe direction:
// a "maybe" only keeps the bonus in a bound.
//
// Memory and time follow the image, never its word count: a verified image
// of a few kilobytes can accept 10^17 words (every string of 1..12 letters).
// For() lists at most kWordsPerImageByte words per image byte and keeps at
// most kKeysPerImageByte keys per image byte (the table then takes at most
// 32 bytes per key, the listing up to 16 more while it runs: under 48 bytes per
// image byte in all). When the image holds more words than that, the index
// is left empty and complete() false: MaybeWord then answers "maybe" for
// every key, so the search keeps the bingo bonus in its bounds and stays
// exact, only with less pruning (the plain best-first search).
// Real lexicons fit with room to spare: SOWPODS as a DAWG-only image is
// 707,776 bytes for 267,751 words, 226,246 of them of 7+ tiles.
//
// One index per image per process: For() builds it on first use (one
// depth-first walk of the DAWG carrying each path's key, at most
// kArcsPerImageByte arcs read per image byte; a GADDAG-only image lists its
// words with ForEachWord; O(image bytes) either way) and shares it with every
// generator over the same image (weak references in a registry under a
// mutex). Immutable once built; any number of threads may read it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/lexicon.h"

namespace lexc::gen::internal {

class BingoIndex {
 public:
  static constexpr std::uint64_t kWordsPerImageByte = 4;
  static constexpr std::uint64_t kKeysPerImageByte = 1;
  // Arcs the DAWG walk of For() may read per image byte (a verified DAWG's
  // walk reads each prefix of a word once: SOWPODS about 1.1 M arcs for a
  // 4.66 MB image).
  static constexpr std::uint64_t kArcsPerImageByte = 16;

  static std::shared_ptr<const BingoIndex> For(const Lexicon& lex);

  static std::uint64_t Key(Tile t) { return kKeys[t & 63]; }
  // Whether the index holds every word of kRackSize tiles or more; when
  // false, MaybeWord answers true for every key.
  bool complete() const { return complete_; }
  // Bytes the table takes.
  std::size_t table_bytes() const { return table_.size() * sizeof(std::uint64_t); }
  bool MaybeWord(std::uint64_t key) const {
    if (!complete_) return true;
    if (key == 0) key = 1;
    for (std::uint64_t i = key & mask_;; i = (i + 1) & mask_) {
      if (table_[i] == key) return true;
      if (table_[i] == 0) return false;
    }
  }
  // Requests the memory MaybeWord(key) reads first (no effect on answers).
  void Prefetch(std::uint64_t key) const {
    if (complete_) __builtin_prefetch(table_.data() + ((key == 0 ? 1 : key) & mask_));
  }
  // Whether MaybeWord(key + Key(t)) holds for some tile t of `tiles` (bit t:
  // tile t): a blank standing for any of them. Every probe's first slot is
  // requested from memory before the first is read, so the cache misses of
  // the probes overlap rather than follow one another.
  bool MaybeWordWithOneOf(std::uint64_t key, std::uint64_t tiles) const {
    if (!complete_) return true;
    for (std::uint64_t t = tiles; t; t &= t - 1) {
      const std::uint64_t k = key + Key(static_cast<Tile>(__builtin_ctzll(t)));
      __builtin_prefetch(table_.data() + ((k == 0 ? 1 : k) & mask_));
    }
    for (std::uint64_t t = tiles; t; t &= t - 1)
      if (MaybeWord(key + Key(static_cast<Tile>(__builtin_ctzll(t))))) return true;
    return false;
  }

 private:
  static const std::uint64_t kKeys[64];
  void Insert(std::uint64_t key);
  std::vector<std::uint64_t> table_;
  std::uint64_t mask_ = 0;
  bool complete_ = false;
};

}  // namespace lexc::gen::internal
