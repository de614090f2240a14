// Image builder. Layout and field meanings: formats/lexicon-image.md.
//
// Phases:
//   1. DAWG: incremental minimal construction over the sorted words. Each
//      time a new prefix x of a word appears, remember (x, accepts) and, once
//      its state is registered, the DAWG state delta(x).
//   2. GADDAG front: the strings rev(x) for every distinct prefix x, sorted,
//      built incrementally into the same register. The state after rev(x)
//      gets a separator arc to delta(x) (when x can be extended), so the
//      suffix halves of the GADDAG are exactly the DAWG's states, and a
//      front state equal to a DAWG state is merged by the shared register.
//   3. Layout (state_layout.h): states reachable from the requested roots;
//      a state whose arc list equals a proper tail of another state's list
//      is stored inside it; lists placed in depth-first discovery order.
//   4. Serialization, then the trailer CRC. With word_index, the WIDX
//      section is computed from the ARCS just written, by the code the
//      reader uses for an image without it (word_index_section.h).
// With BuildOptions::threads > 1, phases 1 and 2 are built in runs of
// leading tiles on as many threads (leading_tile_build.h), phase 3's walk
// begins while phase 2's runs are imported and its tail look-ups are split
// too; the image does not change (docs/design.md).
// LayOutGraphs runs phases 1-3 as named steps: CheckOptions, MeasureText
// (text_figures.h: input validation, META's figures but the text's CRC),
// BuildDawg, BuildGaddagFront (beside its import: the layout's walk begins
// and ChecksumText, the CRC), PlaceStates (or beside it ChecksumText),
// CountGraphFigures. BuildImage then chooses the arc width and calls
// EncodeImage (image_writer.h: the sections, header, table and trailer),
// given WriteArcWords for ARCS; BuildArcWords (the KWG writer's) writes the
// arc words alone, with no CRC computed.
#include "lexc/builder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <utility>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "automaton.h"
#include "bytes.h"
#include "image_codec.h"
#include "image_writer.h"
#include "leading_tile_build.h"
#include "lexc/crc32c.h"
#include "lexc/format.h"
#include "lexc/huge_pages.h"
#include "lexc/run_beside.h"
#include "lexc/zeroed_array.h"
#include "state_layout.h"
#include "text_figures.h"

namespace lexc {
namespace {

using internal::ArcAccepts;
using internal::ArcTarget;
using internal::ArcTile;
using internal::ChecksumText;
using internal::Discovery;
using internal::IncrementalBuilder;
using internal::MeasureText;
using internal::PackArc;
using internal::PackedArc;
using internal::PlaceStates;
using internal::StateId;
using internal::StateLayout;
using internal::StateStore;
using internal::TextFigures;
using internal::WriteArcWords;

__extension__ typedef unsigned __int128 u128;

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A distinct prefix x = word[0, len) met during the DAWG pass. 24 bytes:
// Polish has 5.8 million of them.
struct PrefixEntry {
  // rev(x) packed MSB-first when it fits (see SortPrefixes): the high and
  // low halves. Unpacked: key_hi is 0 and key_lo the index of the first
  // word with prefix x.
  std::uint64_t key_hi, key_lo;
  StateId state;  // delta(x) in the DAWG, 0 if x has no extension
  std::uint8_t len;
  bool accepts;  // x is a word
  u128 key() const { return (u128(key_hi) << 64) | key_lo; }
};
static_assert(sizeof(PrefixEntry) == 24);
using PrefixList = internal::HugeVector<PrefixEntry>;

// Bits per tile of the packed rev(x) keys, or 0 when the longest word's
// key would not fit in 128 bits (then the word list spells the prefixes).
int KeyBits(int alphabet_size, std::uint32_t longest) {
  const int bits = std::bit_width(static_cast<unsigned>(alphabet_size));
  return longest * static_cast<std::uint32_t>(bits) <= 128 ? bits : 0;
}

// Packed keys are sorted in two steps: a counting pass on the top 16 key
// bits, which moves every entry to its bucket (into a second array for
// small lists; in place for large ones: American flag sort), then small sorts of each bucket, several times
// faster than one big comparison sort at SOWPODS sizes. Tile codes are
// >= 1, so zero padding orders a string before its extensions, as
// lexicographic order requires.
constexpr int kKeyBuckets = 1 << 16;
// Per-bucket counters and starts (256 KiB each: on a huge page, one page
// fault instead of 64, lexc/huge_pages.h).
using BucketStarts = internal::HugeVector<std::uint32_t>;
std::size_t KeyBucket(const PrefixEntry& e) { return static_cast<std::size_t>(e.key_hi >> 48); }

// Lists up to this many entries (48 MB) are bucketed into a second array
// (BucketPieces); longer ones in place (BucketInPlace), where the memory peak
// is (Polish: 139 MB).
constexpr std::size_t kScatterEntries = std::size_t(2) << 20;

// The DAWG pass's prefixes: one list per piece of leading tiles
// (BuildByLeadingTile), each in word order. The entries of piece r >= 1 name
// their piece's own states from first_new on; maps[r] gives their ids in the
// shared store (Id).
struct PiecePrefixes {
  std::vector<PrefixList> lists;
  std::vector<internal::StateMap> maps;
  StateId first_new = 0;

  StateId Id(std::size_t r, StateId s) const { return r && s >= first_new ? maps[r][s - first_new] : s; }
  std::size_t size() const {
    std::size_t n = 0;
    for (const PrefixList& l : lists) n += l.size();
    return n;
  }
};

// Every piece's prefixes in one list, in word order, with the shared
// store's ids. Consumes *pieces (piece 0's list grows in place: the DAWG pass
// reserved it for all).
PrefixList Concatenate(PiecePrefixes* pieces) {
  PrefixList all = std::move(pieces->lists[0]);
  for (std::size_t r = 1; r < pieces->lists.size(); ++r) {
    for (PrefixEntry e : pieces->lists[r]) {
      e.state = pieces->Id(r, e.state);
      all.push_back(e);
    }
    PrefixList().swap(pieces->lists[r]);
  }
  return all;
}

// Moves every piece's prefixes to their buckets in *out, with the shared
// store's ids, each piece on a thread of its own (RunParts): each counts its
// entries per bucket, then writes them at its own offsets, after those of
// the pieces before it (the order within a bucket is moot: the keys are
// distinct, and SortBuckets sorts each bucket). Returns the kKeyBuckets + 1
// bucket starts. Consumes *pieces.
BucketStarts BucketPieces(PiecePrefixes* pieces, ZeroedArray<PrefixEntry>* out) {
  const std::size_t parts = pieces->lists.size();
  std::vector<BucketStarts> next(parts, BucketStarts(kKeyBuckets, 0));
  internal::RunParts(parts, [&](std::size_t r) {
    for (const PrefixEntry& e : pieces->lists[r]) ++next[r][KeyBucket(e)];
  });
  BucketStarts start(kKeyBuckets + 1, 0);
  std::uint32_t at = 0;
  for (std::size_t b = 0; b < kKeyBuckets; ++b) {
    start[b] = at;
    for (std::size_t r = 0; r < parts; ++r) at += std::exchange(next[r][b], at);
  }
  start[kKeyBuckets] = at;
  *out = ZeroedArray<PrefixEntry>(at);  // fresh pages: first touched by the threads below
  PrefixEntry* to = out->data();
  internal::RunParts(parts, [&](std::size_t r) {
    std::uint32_t* slot = next[r].data();
    for (PrefixEntry e : pieces->lists[r]) {
      e.state = pieces->Id(r, e.state);
      to[slot[KeyBucket(e)]++] = e;
    }
    PrefixList().swap(pieces->lists[r]);
  });
  return start;
}

// Sorts `entries` into their buckets in place (American flag sort: each
// move settles one entry). Returns the kKeyBuckets + 1 bucket starts.
BucketStarts BucketInPlace(PrefixList* entries) {
  BucketStarts start(kKeyBuckets + 1, 0);
  for (const PrefixEntry& e : *entries) ++start[KeyBucket(e) + 1];
  for (int b = 0; b < kKeyBuckets; ++b) start[b + 1] += start[b];
  BucketStarts next(start.begin(), start.end() - 1);
  PrefixEntry* a = entries->data();
  for (std::size_t b = 0; b < kKeyBuckets; ++b) {
    while (next[b] < start[b + 1]) {  // cycle leader: each move settles one entry
      PrefixEntry e = a[next[b]];
      for (std::size_t d = KeyBucket(e); d != b; d = KeyBucket(e)) std::swap(e, a[next[d]++]);
      a[next[b]++] = e;
    }
  }
  return start;
}

void SortBuckets(std::span<PrefixEntry> entries, std::span<const std::uint32_t> start, std::size_t from,
                 std::size_t to) {
  for (std::size_t b = from; b < to; ++b)
    std::sort(entries.begin() + start[b], entries.begin() + start[b + 1],
              [](const PrefixEntry& x, const PrefixEntry& y) { return x.key() < y.key(); });
}

// Unpacked keys: one comparison sort on the reversed prefixes.
void SortUnpackedPrefixes(const WordList& words, PrefixList* entries) {
  std::sort(entries->begin(), entries->end(), [&](const PrefixEntry& a, const PrefixEntry& b) {
    auto wa = words[a.key_lo], wb = words[b.key_lo];
    for (int i = a.len - 1, j = b.len - 1; i >= 0 && j >= 0; --i, --j) {
      if (wa[static_cast<std::size_t>(i)] != wb[static_cast<std::size_t>(j)])
        return wa[static_cast<std::size_t>(i)] < wb[static_cast<std::size_t>(j)];
    }
    return a.len < b.len;
  });
}

// Bucket cuts splitting bucketed entries into `parts` runs of whole leading
// tiles (the top `bits` key bits) of about equal size: parts + 1 bucket
// indices, the first 0 and the last kKeyBuckets. Runs may be empty.
std::vector<std::size_t> CutByLeadingTile(std::span<const std::uint32_t> start, int bits, std::size_t parts) {
  const std::size_t per_tile = std::size_t(1) << (16 - bits), tiles = kKeyBuckets / per_tile;
  const std::uint64_t total = start[kKeyBuckets];
  std::vector<std::size_t> cuts{0};
  for (std::size_t r = 1; r < parts; ++r) {
    const std::uint64_t target = total * r / parts;
    std::size_t t = cuts.back() / per_tile;
    while (t < tiles && start[(t + 1) * per_tile] <= target) ++t;
    if (t < tiles && start[(t + 1) * per_tile] - target < target - start[t * per_tile]) ++t;
    cuts.push_back(std::max(cuts.back(), t * per_tile));
  }
  cuts.push_back(kKeyBuckets);
  return cuts;
}

std::string OptionsText(const BuildOptions& o, const Alphabet& a, const ArcEncoding& encoding) {
  std::string s = "graphs=";
  s += o.dawg && o.gaddag ? "dawg,gaddag" : o.dawg ? "dawg" : "gaddag";
  s += " max-len=" + std::to_string(o.max_len);
  s += encoding.packed() ? " arc-bits=" + std::to_string(encoding.arc_bits())
                         : " arc-width=" + std::to_string(encoding.width);
  s += " alphabet=" + (a.name().empty() ? std::string("unnamed") : a.name());
  return s;
}

Status CheckOptions(const BuildOptions& options, const Alphabet& alphabet) {
  if (!options.dawg && !options.gaddag)
    return Status(Errc::kInvalidArgument, "no graph requested (need DAWG, GADDAG or both)");
  if (options.word_index && !options.dawg)
    return Status(Errc::kInvalidArgument, "a word index numbers the DAWG's words: it needs the DAWG");
  if (options.max_len < 1 || options.max_len > static_cast<int>(format::kMaxWordLen))
    return Status(Errc::kInvalidArgument, "max-len: expected 1.." + std::to_string(format::kMaxWordLen) + ", got " +
                                              std::to_string(options.max_len));
  if (options.arc_width != 0 && options.arc_width != 4 && options.arc_width != 8)
    return Status(Errc::kInvalidArgument, "arc width: expected 0, 4 or 8, got " + std::to_string(options.arc_width));
  if (options.compact && options.arc_width != 0)
    return Status(Errc::kInvalidArgument,
                  "compact (bit-packed) arcs have no arc width: expected 0, got " + std::to_string(options.arc_width));
  if (alphabet.size() < 1) return Status(Errc::kInvalidArgument, "the alphabet has no tiles");
  return Status::Ok();
}

// Word cuts splitting the sorted words into `parts` runs of whole first
// tiles of about equal size: parts + 1 word indices. Runs may be empty.
std::vector<std::size_t> CutByFirstTile(const WordList& words, std::size_t parts) {
  const std::size_t n = words.size();
  const auto first = [&](std::size_t i) { return words[i].empty() ? Tile{0} : words[i][0]; };
  const auto first_tile_start = [&](std::size_t i) {  // the first word with words[i]'s first tile
    std::size_t lo = 0, hi = i;
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (first(mid) < first(i))
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  };
  std::vector<std::size_t> cuts{0};
  for (std::size_t r = 1; r < parts; ++r) {
    const std::size_t target = n * r / parts;
    std::size_t cut = n;
    if (target < n) {
      const std::size_t below = first_tile_start(target);
      std::size_t above = target;  // the next first tile's start
      while (above < n && first(above) == first(target)) ++above;
      cut = target - below <= above - target ? below : above;
    }
    cuts.push_back(std::max(cuts.back(), cut));
  }
  cuts.push_back(n);
  return cuts;
}

// The length of the common prefix of a and b, 8 tiles at a time.
std::size_t CommonPrefix(std::span<const Tile> a, std::span<const Tile> b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + 8 <= n; i += 8) {
      std::uint64_t x, y;
      std::memcpy(&x, a.data() + i, 8);
      std::memcpy(&y, b.data() + i, 8);
      if (x != y) return i + static_cast<std::size_t>(std::countr_zero(x ^ y) >> 3);
    }
  }
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

// Adds words [from, to) to the DAWG on `store`; with a GADDAG requested,
// also records every distinct prefix x with its packed rev(x) key (bits per
// tile, 0: unpacked) and, once registered, delta(x). Returns the root's arcs.
template <class Progress>
std::vector<PackedArc> AddDawgWords(const WordList& words, std::size_t from, std::size_t to,
                                    const BuildOptions& options, int bits, StateStore* store, PrefixList* prefixes,
                                    Progress&& progress) {
  std::vector<std::uint32_t> pending;  // depth -> index in prefixes of the path state's prefix
  if (options.gaddag) {
    // Distinct prefixes per tile: SOWPODS 0.24, Polish 0.15.
    const std::size_t tiles =
        to > from ? std::size_t(words[to - 1].data() + words[to - 1].size() - words[from].data()) : 0;
    prefixes->reserve(prefixes->size() + tiles / 3 + 16);
    pending.assign(static_cast<std::size_t>(options.max_len) + 2, 0);
  }
  // key(w[0,d)) = w[d-1] then key(w[0,d-1)) shifted down: O(1) per prefix.
  std::vector<u128> path_key(static_cast<std::size_t>(options.max_len) + 2, 0);
  IncrementalBuilder b(store);
  auto on_register = [&](std::size_t depth, StateId id) {
    if (options.gaddag) (*prefixes)[pending[depth]].state = id;
  };
  constexpr std::size_t kProgressEvery = std::size_t(1) << 16;
  std::span<const Tile> prev;  // the word before, from the list itself
  for (std::size_t i = from; i < to; ++i) {
    if ((i - from) % kProgressEvery == 0) progress(i - from);
    const auto w = words[i];
    const std::size_t lcp = CommonPrefix(prev, w);
    b.AddAfter(w, lcp, true, nullptr, on_register);
    prev = w;
    if (options.gaddag) {
      for (std::size_t d = lcp + 1; d <= w.size(); ++d) {
        pending[d] = static_cast<std::uint32_t>(prefixes->size());
        PrefixEntry e{0, i, 0, static_cast<std::uint8_t>(d), d == w.size()};
        if (bits) {
          const u128 key = (u128(w[d - 1]) << (128 - bits)) | (path_key[d - 1] >> bits);
          path_key[d] = key;
          e.key_hi = static_cast<std::uint64_t>(key >> 64);
          e.key_lo = static_cast<std::uint64_t>(key);
        }
        prefixes->push_back(e);
      }
    }
  }
  return b.FinishBelowRoot(on_register);
}

// Phase 1: the DAWG, in runs of first tiles on options.threads threads
// (BuildByLeadingTile); the prefixes come out in word order whatever the
// number. Returns the DAWG's root.
StateId BuildDawg(const WordList& words, const BuildOptions& options, int bits, StateStore* store,
                  PiecePrefixes* prefixes) {
  const std::size_t parts = static_cast<std::size_t>(std::max(options.threads, 1));
  const std::vector<std::size_t> cuts = CutByFirstTile(words, parts);
  prefixes->lists.assign(parts, {});
  // Piece 0's list has room for all (address space only), should they be
  // concatenated (Concatenate).
  if (options.gaddag) prefixes->lists[0].reserve(words.total_tiles() / 3 + 16);
  auto piece = [&](std::size_t r, StateStore* piece_store) {
    const std::size_t from = cuts[r], to = cuts[r + 1];
    // The calling thread (piece 0) reports, its share scaled to the whole.
    const double scale = to == from ? 0.0 : double(words.size()) / double(to - from);
    return AddDawgWords(words, from, to, options, bits, piece_store, &prefixes->lists[r], [&](std::size_t done) {
      if (r == 0 && options.progress)
        options.progress("dawg", static_cast<std::uint64_t>(double(done) * scale), words.size());
    });
  };
  prefixes->first_new = static_cast<StateId>(store->size());
  const StateId root = internal::BuildByLeadingTile(store, parts, piece, &prefixes->maps);
  if (options.progress) options.progress("dawg", words.size(), words.size());
  return root;
}

// Gives the memory pages lying wholly inside `consumed` back to the system
// (their content is not read again): the front's register grows as the
// prefixes are consumed, so the peak is about the larger of the two, not
// their sum (Polish: 139 MB of prefixes, 148 MB of register).
void ReleaseConsumed(std::span<const PrefixEntry> consumed) {
#if defined(__linux__)
  constexpr std::uintptr_t kPage = 4096;
  const auto from = (reinterpret_cast<std::uintptr_t>(consumed.data()) + kPage - 1) & ~(kPage - 1);
  const auto to = reinterpret_cast<std::uintptr_t>(consumed.data() + consumed.size()) & ~(kPage - 1);
  if (to > from) (void)::madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
#else
  (void)consumed;
#endif
}

// Adds `entries` (sorted) to `b`: rev(x), then the separator arc into the
// DAWG. `progress(n)`: n entries added so far.
template <class Progress>
void AddReversedPrefixes(const WordList& words, int bits, std::span<const PrefixEntry> entries, IncrementalBuilder* b,
                         Progress&& progress) {
  auto ignore = [](std::size_t, StateId) {};
  std::vector<Tile> rev(format::kMaxWordLen);  // rev(x) of the last entry: rev[0, rev_len)
  std::size_t rev_len = 0;
  constexpr std::size_t kStep = std::size_t(1) << 16;
  const bool release = entries.size_bytes() >= (std::size_t(8) << 20);  // small lists: not worth the calls
  std::size_t done = 0;
  u128 prev_key = 0;
  for (const PrefixEntry& e : entries) {
    if (done++ % kStep == 0) {
      progress(done - 1);
      // The step just added (a page astride two steps stays).
      if (release && done > kStep) ReleaseConsumed(entries.subspan(done - 1 - kStep, kStep));
    }
    const PackedArc sep = PackArc(kSeparator, false, e.state);
    if (bits) {
      // Decode rev(x) from the key: the word list is in another order, so
      // reading it here would miss the cache on every entry. The tiles
      // shared with the previous key (whole tiles of equal leading bits;
      // the first entry shares none) are in rev already.
      const u128 key = e.key(), diff = key ^ prev_key;
      const auto hi = static_cast<std::uint64_t>(diff >> 64), lo = static_cast<std::uint64_t>(diff);
      const int same_bits = hi ? std::countl_zero(hi) : lo ? 64 + std::countl_zero(lo) : 128;
      const std::size_t lcp =
          done == 1 ? 0 : std::min({static_cast<std::size_t>(same_bits / bits), std::size_t{e.len}, rev_len});
      // The new tiles from the top of the key shifted past the shared ones,
      // a tile at a time on the two 64-bit halves (no 128-bit shift by a
      // variable amount per tile). bits < 64, and lcp * bits < 128 when a tile is new.
      const u128 rest = lcp < e.len ? key << (bits * static_cast<int>(lcp)) : 0;
      std::uint64_t top = static_cast<std::uint64_t>(rest >> 64), low = static_cast<std::uint64_t>(rest);
      for (std::size_t i = lcp; i < e.len; ++i) {
        rev[i] = static_cast<Tile>(top >> (64 - bits));
        top = (top << bits) | (low >> (64 - bits));
        low <<= bits;
      }
      prev_key = key;
      rev_len = e.len;
      b->AddAfter(std::span<const Tile>(rev.data(), rev_len), lcp, e.accepts, e.state ? &sep : nullptr, ignore);
    } else {
      auto w = words[e.key_lo];
      for (int i = 0; i < e.len; ++i) rev[static_cast<std::size_t>(i)] = w[static_cast<std::size_t>(e.len - 1 - i)];
      b->Add(std::span<const Tile>(rev.data(), e.len), e.accepts, e.state ? &sep : nullptr, ignore);
    }
  }
}

// Phase 2: the GADDAG front over the reversed prefixes, each given its
// separator arc into the DAWG. Consumes *prefixes. Returns the GADDAG's root.
// With packed keys and threads > 1, the front is built in runs of leading
// tiles on as many threads (BuildByLeadingTile), each run's buckets sorted
// by its own thread; the image is the same. Then `beside` runs while the
// runs are imported (BuildByLeadingTile says what it may read).
template <class BesideImport>
StateId BuildGaddagFront(const WordList& words, const BuildOptions& options, int bits, PiecePrefixes* pieces,
                         StateStore* store, BesideImport&& beside) {
  const std::size_t total = pieces->size();
  auto report = [&](std::size_t done) {
    if (options.progress) options.progress("gaddag", done, total);
  };
  StateId root = 0;
  PrefixList list;                     // the pieces' lists concatenated
  ZeroedArray<PrefixEntry> scattered;  // or scattered to their buckets
  std::span<PrefixEntry> prefixes;
  if (!bits) {
    list = Concatenate(pieces);
    SortUnpackedPrefixes(words, &list);
    IncrementalBuilder b(store);
    AddReversedPrefixes(words, bits, list, &b, report);
    root = b.Finish([](std::size_t, StateId) {});
  } else {
    BucketStarts start;
    if (total <= kScatterEntries) {
      start = BucketPieces(pieces, &scattered);
      prefixes = std::span(scattered.data(), scattered.size());
    } else {
      list = Concatenate(pieces);
      start = BucketInPlace(&list);
      prefixes = list;
    }
    const std::size_t parts = static_cast<std::size_t>(std::max(options.threads, 1));
    const std::vector<std::size_t> cuts = CutByLeadingTile(start, bits, parts);
    const std::span<const PrefixEntry> all(prefixes);
    auto piece = [&](std::size_t r, StateStore* piece_store) {
      SortBuckets(prefixes, start, cuts[r], cuts[r + 1]);
      const auto run = all.subspan(start[cuts[r]], start[cuts[r + 1]] - start[cuts[r]]);
      IncrementalBuilder b(piece_store);
      // The calling thread (piece 0) reports, its share scaled to the whole.
      const double scale = run.empty() ? 0.0 : double(total) / double(run.size());
      AddReversedPrefixes(words, bits, run, &b, [&](std::size_t done) {
        if (r == 0) report(static_cast<std::size_t>(double(done) * scale));
      });
      return b.FinishBelowRoot([](std::size_t, StateId) {});
    };
    std::vector<internal::StateMap> maps;
    root = internal::BuildByLeadingTile(store, parts, piece, &maps, beside);
  }
  report(total);
  return root;
}

// The requested arc width, or the smallest that holds `slots` arcs and the
// alphabet's tiles. Errors: kLimit.
Result<int> ChooseArcWidth(int requested, std::uint64_t slots, const Alphabet& alphabet) {
  int width = requested;
  const bool fits4 = slots <= format::kArc32MaxArcs && alphabet.size() <= int(format::kArc32MaxTile);
  if (width == 0) width = fits4 ? 4 : 8;
  if (width == 4 && !fits4) {
    if (alphabet.size() > int(format::kArc32MaxTile))
      return Status(Errc::kLimit, "4-byte arcs hold tiles 1.." + std::to_string(format::kArc32MaxTile) +
                                      ", the alphabet has " + std::to_string(alphabet.size()) + " (use arc width 8)");
    return Status(Errc::kLimit, std::to_string(slots) + " arcs exceed the " + std::to_string(format::kArc32MaxArcs) +
                                    " that 4-byte arcs address (use arc width 8)");
  }
  if (slots > format::kArc64MaxArcs)
    return Status(Errc::kLimit, std::to_string(slots) + " arcs exceed the " + std::to_string(format::kArc64MaxArcs) +
                                    " that the format addresses");
  return width;
}

// Per-graph figures. By construction the DAWG accepts the words and its
// longest path is the longest word; the GADDAG accepts |w| strings per word
// w, and its longest path is rev(x) SEP y over the longest word. Nodes and
// distinct arc slots are counted over the layout (roots[0] is the GADDAG's
// when there is one). Verify() recomputes all of them from the image.
void CountGraphFigures(const StateLayout& layout, std::span<const StateId> roots, std::size_t parts, bool gaddag_first,
                       std::uint64_t words, const TextFigures& text, GraphInfo* dawg_info, GraphInfo* gaddag_info) {
  dawg_info->strings = words;
  dawg_info->longest_path = text.longest;
  gaddag_info->strings = text.tile_total;
  gaddag_info->longest_path = text.longest >= 2 ? text.longest + 1 : text.longest;
  const internal::LayoutFigures figures = internal::CountLayoutFigures(layout, roots.size(), parts);
  for (std::size_t ri = 0; ri < roots.size(); ++ri) {
    GraphInfo* info = (gaddag_first && ri == 0) ? gaddag_info : dawg_info;
    info->nodes = figures.nodes[ri];
    info->arcs = figures.arcs[ri];
  }
}

// Phases 1-3: the graphs built, minimized and laid out, with their
// figures. `text_crc`: compute the list text's CRC for META (only an image
// needs it).
struct LaidOutGraphs {
  StateStore store;
  StateLayout layout;
  TextFigures text;
  GraphInfo dawg_info, gaddag_info;
  std::size_t parts = 1;
  double t_dawg = 0, t_gaddag = 0, t_layout = 0;
};

Status LayOutGraphs(const WordList& words, const Alphabet& alphabet, const BuildOptions& options, bool text_crc,
                    LaidOutGraphs* out) {
  LEXC_RETURN_IF_ERROR(CheckOptions(options, alphabet));
  auto measured = MeasureText(words, alphabet, options.max_len);
  if (!measured.ok()) return measured.status();
  TextFigures& text = out->text;
  text = *measured;

  StateStore& store = out->store;
  // Rough sizes, on the high side (SOWPODS: 77K states and 177K arcs for the
  // DAWG, 649K and 1.4M with the GADDAG, 2.4M tiles); reserving only maps
  // address space.
  if (options.gaddag)
    store.Reserve(text.tile_total / 3, text.tile_total * 3 / 4);
  else
    store.Reserve(words.size() / 2, words.size());

  auto t0 = std::chrono::steady_clock::now();
  const int bits = KeyBits(alphabet.size(), text.longest);
  PiecePrefixes prefixes;
  const StateId dawg_root = BuildDawg(words, options, bits, &store, &prefixes);
  out->t_dawg = Since(t0);

  t0 = std::chrono::steady_clock::now();
  // With the GADDAG built on threads, the layout's discovery walk begins
  // while its runs are imported (Discovery), and the text's CRC (only META
  // needs it) is computed there too, after it.
  Discovery discovery;
  bool text_checksummed = !text_crc;
  const StateId gaddag_root =
      options.gaddag
          ? BuildGaddagFront(words, options, bits, &prefixes, &store,
                             [&](std::span<const PackedArc> first_root_arcs, std::size_t max_states) {
                               discovery.WalkEarly(store, first_root_arcs, options.dawg ? dawg_root : 0, max_states);
                               if (!text_checksummed) ChecksumText(words, alphabet, options.max_len, &text);
                               text_checksummed = true;
                             })
          : 0;
  out->t_gaddag = Since(t0);
  if (store.overflow())
    return Status(Errc::kLimit, "the automaton holds more than 2^32 arcs, beyond what the format addresses");

  // Phase 3: layout. The GADDAG first: its depth-first pass then counts its
  // nodes for free.
  t0 = std::chrono::steady_clock::now();
  std::vector<StateId> roots;
  if (options.gaddag) roots.push_back(gaddag_root);
  if (options.dawg) roots.push_back(dawg_root);
  const std::size_t parts = static_cast<std::size_t>(std::max(options.threads, 1));
  out->parts = parts;
  // Otherwise, with threads to spare, the CRC is computed beside the layout
  // on a thread of its own, taken from the layout's (on 2 cores, 3 threads
  // made the layout of SOWPODS's DAWG half as slow again).
  StateLayout& layout = out->layout;
  const bool crc_beside = parts > 1 && !text_checksummed;
  (void)RunBeside(
      crc_beside,
      [&] {
        layout = PlaceStates(store, roots, crc_beside ? parts - 1 : parts, &discovery);
        return Status::Ok();
      },
      [&] {
        if (!text_checksummed) ChecksumText(words, alphabet, options.max_len, &text);
        return Status::Ok();
      });
  CountGraphFigures(layout, roots, parts, options.gaddag, words.size(), text, &out->dawg_info, &out->gaddag_info);
  out->dawg_info.root = static_cast<Node>(layout.pos[dawg_root]);
  out->gaddag_info.root = static_cast<Node>(layout.pos[gaddag_root]);
  out->t_layout = Since(t0);
  return Status::Ok();
}

void FillReport(const LaidOutGraphs& g, BuildReport* report) {
  if (!report) return;
  report->dawg = g.dawg_info;
  report->gaddag = g.gaddag_info;
  report->arc_slots = g.layout.slots;
  report->seconds_dawg = g.t_dawg;
  report->seconds_gaddag = g.t_gaddag;
  report->seconds_layout = g.t_layout;
}

}  // namespace

Result<std::vector<std::byte>> BuildImage(const WordList& words, const Alphabet& alphabet, const BuildOptions& options,
                                          BuildReport* report) {
  LaidOutGraphs g;
  LEXC_RETURN_IF_ERROR(LayOutGraphs(words, alphabet, options, true, &g));
  const auto t0 = std::chrono::steady_clock::now();
  auto chosen = ChooseArcWidth(options.arc_width, g.layout.slots, alphabet);
  if (!chosen.ok()) return chosen.status();
  const int width = *chosen;
  const ArcEncoding encoding =
      options.compact ? internal::PackedArcEncoding(g.layout.slots, alphabet.size()) : ArcEncoding{width, 0, 0};
  g.t_layout += Since(t0);

  // Phase 4: serialize (image_writer.h).
  const std::string opts = OptionsText(options, alphabet, encoding);
  internal::ImagePlan plan;
  plan.alphabet = &alphabet;
  Metadata& m = plan.meta;
  const TextFigures& text = g.text;
  m.word_count = words.size();
  m.tile_total = text.tile_total;
  m.text_bytes = text.text_bytes;
  m.longest_word = text.longest;
  m.shortest_word = text.shortest;
  m.max_len = static_cast<std::uint32_t>(options.max_len);
  m.source_crc = text.crc;
  m.options = opts;
  plan.dawg = options.dawg ? &g.dawg_info : nullptr;
  plan.gaddag = options.gaddag ? &g.gaddag_info : nullptr;
  plan.arc_encoding = encoding;
  plan.arc_count = g.layout.slots;
  plan.word_index = options.word_index;
  auto encoded =
      internal::EncodeImage(plan, [&](internal::ArcWriter& out) { WriteArcWords(out, g.store, g.layout, g.parts); });
  if (!encoded.ok()) return encoded.status();

  if (report) {
    FillReport(g, report);
    report->image_bytes = encoded->bytes.size();
    report->arc_width = encoding.width;
    report->arc_bits = encoding.arc_bits();
    report->seconds_word_index = encoded->seconds_word_index;
    report->word_index_bytes = encoded->word_index_bytes;
  }
  return std::move(encoded->bytes);
}

Result<ArcWords> BuildArcWords(const WordList& words, const Alphabet& alphabet, const BuildOptions& options,
                               std::uint32_t shift, BuildReport* report) {
  if (options.compact || options.word_index || (options.arc_width != 0 && options.arc_width != 4))
    return Status(Errc::kInvalidArgument, "arc words are 4-byte arcs: no compact encoding, word index or other width");
  LaidOutGraphs g;
  LEXC_RETURN_IF_ERROR(LayOutGraphs(words, alphabet, options, false, &g));
  FillReport(g, report);  // also when refused below: the slots tell by how much
  auto chosen = ChooseArcWidth(4, g.layout.slots, alphabet);
  if (!chosen.ok()) return chosen.status();
  if (g.layout.slots + shift > format::kArc32MaxArcs)
    return Status(Errc::kLimit, std::to_string(g.layout.slots) + " arcs and " + std::to_string(shift) +
                                    " leading words exceed the " + std::to_string(format::kArc32MaxArcs) +
                                    " that 4-byte arcs address");
  ArcWords out;
  out.words = ZeroedArray<std::uint32_t>(g.layout.slots + shift);
  out.dawg = g.dawg_info;
  out.gaddag = g.gaddag_info;
  internal::ArcWriter writer(reinterpret_cast<std::byte*>(out.words.data() + shift), ArcEncoding{4, 0, 0});
  WriteArcWords(writer, g.store, g.layout, g.parts, shift);
  if (report) {
    report->image_bytes = out.words.size() * 4;
    report->arc_width = 4;
    report->arc_bits = 32;
  }
  return out;
}

}  // namespace lexc
