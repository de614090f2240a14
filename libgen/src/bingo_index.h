// Which multisets of tiles spell a word: an index that lets the best-first
// search prove that no bingo exists in a position, so its score bounds can
// leave out the bingo bonus.
//
// A multiset's key is the sum of fixed pseudo-random 64-bit values of its
// tiles (a multiset hash: order does not matter, counts do). The index is a
// filter of the keys of every word of kRackSize tiles or more: a 4-wise
// binary fuse filter (Graf and Lemire, 2022) of 16-bit fingerprints, about
// 17.7 bits per distinct key (SOWPODS: 460,800 bytes for the 208,470
// multisets of its 7+ tile words, 9.9% of the image with both graphs; an
// exact table of the keys took 4 MB, the 3-wise filter 10.4%). A lookup reads four
// fingerprints, one in each of four neighbouring segments of the array, and
// answers "maybe" when their XOR is the key's fingerprint: always for a key
// in the filter, and for any other key with probability 2^-16. A "maybe"
// for a multiset that is no word is the safe direction: it only keeps the
// bonus in a bound, so every answer of the search stays exact.
//
// Memory and time follow the image, never its word count: a verified image
// of a few kilobytes can accept 10^17 words (every string of 1..12 letters).
// For() lists at most kWordsPerImageByte words per image byte and keeps at
// most kKeysPerImageByte keys per image byte (the filter then takes under 3
// bytes per key and its construction about 30 more while it runs, the
// listing up to 16: under 50 bytes per image byte in all). When the image
// holds more words than that, or (with odds far below 10^-9) no seed of
// kMaxSeeds builds the filter, the index is left empty and complete()
// false: MaybeWord then answers "maybe" for every key, so the search keeps
// the bingo bonus in its bounds and stays exact, only with less pruning
// (the plain best-first search).
// Real lexicons fit with room to spare: SOWPODS as a DAWG-only image is
// 707,776 bytes for 267,751 words, 226,246 of them of 7+ tiles.
//
// One index per image per process: For() builds it (one
// depth-first walk of the DAWG carrying each path's key, at most
// kArcsPerImageByte arcs read per image byte; a GADDAG-only image lists its
// words with ForEachWord; O(image bytes) either way) and shares it with every
// generator over the same image (weak references in a registry under a
// mutex). The search asks for it through WhenWorthIt, which builds it only
// once the image has been asked for it often enough to repay the build.
// Immutable once built; any number of threads may read it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/huge_pages.h"
#include "lexc/lexicon.h"

namespace lexc::gen::internal {

class BingoIndex {
 public:
  // Multiset keys or their hashes while an index is built: on huge pages
  // from 256 KiB (lexc/huge_pages.h; SOWPODS lists some 200,000).
  using Keys = lexc::internal::HugeVector<std::uint64_t>;
  static constexpr std::uint64_t kWordsPerImageByte = 4;
  static constexpr std::uint64_t kKeysPerImageByte = 1;
  // Arcs the DAWG walk of For() may read per image byte (a verified DAWG's
  // walk reads each prefix of a word once: SOWPODS about 1.1 M arcs for a
  // 4.66 MB image).
  static constexpr std::uint64_t kArcsPerImageByte = 16;

  static std::shared_ptr<const BingoIndex> For(const Lexicon& lex);
  // For(lex) once the image has been asked for it more than
  // kAsksBeforeBuild times in this process (null before; "maybe" is then
  // every answer): the build (SOWPODS: about 30 ms) pays off over many
  // searches, not over the few of a one-position `lexc moves`.
  static std::shared_ptr<const BingoIndex> WhenWorthIt(const Lexicon& lex);
  static constexpr std::uint64_t kAsksBeforeBuild = 2000;

  static std::uint64_t Key(Tile t) { return kKeys[t & 63]; }
  // Whether the index holds every word of kRackSize tiles or more; when
  // false, MaybeWord answers true for every key.
  bool complete() const { return complete_; }
  // Bytes the filter takes.
  std::size_t table_bytes() const { return fingerprints_.size() * sizeof(std::uint16_t); }
  // True for the key of every word in the index; false for most other keys
  // (all but about 2^-16 of them).
  bool MaybeWord(std::uint64_t key) const {
    if (!complete_) return true;
    return Holds(SlotsOf(key));
  }
  // Requests the memory MaybeWord(key) reads (no effect on answers).
  void Prefetch(std::uint64_t key) const {
    if (complete_) Request(SlotsOf(key));
  }
  // Whether MaybeWord(key + Key(t)) holds for some tile t of `tiles` (bit t:
  // tile t): a blank standing for any of them. Every probe's slots are
  // worked out and requested from memory before the first is read, so the
  // cache misses of the probes overlap rather than follow one another.
  bool MaybeWordWithOneOf(std::uint64_t key, std::uint64_t tiles) const {
    if (!complete_) return true;
    Slots probes[64];
    int n = 0;
    for (std::uint64_t t = tiles; t; t &= t - 1)
      Request(probes[n++] = SlotsOf(key + Key(static_cast<Tile>(__builtin_ctzll(t)))));
    for (int i = 0; i < n; ++i)
      if (Holds(probes[i])) return true;
    return false;
  }
  // The tiles t of `tiles` for which MaybeWord(key + Key(t)) holds (all of
  // them when the index is not complete), the probes overlapped likewise.
  std::uint64_t MaybeTiles(std::uint64_t key, std::uint64_t tiles) const {
    if (!complete_) return tiles;
    Slots probes[64];
    int n = 0;
    for (std::uint64_t t = tiles; t; t &= t - 1)
      Request(probes[n++] = SlotsOf(key + Key(static_cast<Tile>(__builtin_ctzll(t)))));
    std::uint64_t maybe = 0;
    n = 0;
    for (std::uint64_t t = tiles; t; t &= t - 1)
      if (Holds(probes[n++])) maybe |= t & -t;
    return maybe;
  }

 private:
  static const std::uint64_t kKeys[64];
  // Seeds tried before giving up on building the filter (each fails with
  // odds well under 1%, independently).
  static constexpr int kMaxSeeds = 64;
  static constexpr std::uint32_t kArity = 4;  // slots a key occupies, in consecutive segments

  struct Slots {
    std::uint32_t at[kArity];
    std::uint16_t fingerprint;
  };
  // The key's hash under the filter's seed: a bijection of 64-bit values,
  // so distinct keys never share a hash.
  std::uint64_t Hash(std::uint64_t key) const {
    std::uint64_t x = key + seed_;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  }
  Slots SlotsOf(std::uint64_t key) const { return SlotsOfHash(Hash(key)); }
  // Requests a key's fingerprints from memory (a complete index only).
  void Request(const Slots& s) const {
    for (std::uint32_t at : s.at) __builtin_prefetch(fingerprints_.data() + at);
  }
  bool Holds(const Slots& s) const {
    return s.fingerprint ==
           (fingerprints_[s.at[0]] ^ fingerprints_[s.at[1]] ^ fingerprints_[s.at[2]] ^ fingerprints_[s.at[3]]);
  }
  Slots SlotsOfHash(std::uint64_t h) const {
    Slots s;
    // The first slot anywhere in the first segments, the other three in the
    // next three segments (aligned: a power of two slots each), at offsets
    // from other bits of the hash.
    __extension__ typedef unsigned __int128 u128;
    const auto first = static_cast<std::uint32_t>((static_cast<u128>(h) * segment_count_length_) >> 64);
    s.at[0] = first;
    s.at[1] = (first + segment_length_) ^ static_cast<std::uint32_t>((h >> 18) & segment_mask_);
    s.at[2] = (first + 2 * segment_length_) ^ static_cast<std::uint32_t>(h & segment_mask_);
    s.at[3] = (first + 3 * segment_length_) ^ static_cast<std::uint32_t>((h >> 36) & segment_mask_);
    s.fingerprint = static_cast<std::uint16_t>(h ^ (h >> 32));
    return s;
  }
  // Builds the filter of `keys` (repeats allowed: anagrams), trying seeds
  // until peeling succeeds; false when none of kMaxSeeds does.
  bool Build(Keys keys);

  std::vector<std::uint16_t> fingerprints_;
  std::uint64_t seed_ = 0;
  std::uint32_t segment_length_ = 1, segment_mask_ = 0, segment_count_length_ = 0;
  bool complete_ = false;
};

}  // namespace lexc::gen::internal
