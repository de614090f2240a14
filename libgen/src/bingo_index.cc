#include "bingo_index.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

#include "lexc/gen/position.h"
#include "lexc/query.h"

namespace lexc::gen::internal {
namespace {

constexpr std::uint64_t SplitMix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// The keys of the DAWG's words of kRackSize to kMaxBoardDim tiles (longer
// words fit no board), by one depth-first walk carrying the key of the
// path: no word is spelled out. Stops (false: the listing is incomplete) past
// max_listed words, max_keys keys or max_arcs arcs read, so a damaged
// image's walk stays bounded; arcs outside the graph also stop it.
template <class C>
class DawgKeyLister {
 public:
  DawgKeyLister(const GraphView<C>& g, std::uint64_t max_listed, std::uint64_t max_keys, std::uint64_t max_arcs,
                BingoIndex::Keys* keys)
      : g_(g), max_listed_(max_listed), max_keys_(max_keys), max_arcs_(max_arcs), keys_(keys) {}

  // Lists the words below `node` (the path so far: `depth` tiles, `key`).
  bool Walk(Node node, std::uint64_t key, int depth) {
    if (node == kNoNode) return true;
    for (std::uint64_t i = node;; ++i) {
      if (i >= g_.arc_count() || ++arcs_ > max_arcs_) return false;
      const typename C::Word w = g_.arc(i);
      const std::uint64_t k = key + BingoIndex::Key(g_.tile(w));
      if (g_.accepts(w)) {
        if (++listed_ > max_listed_) return false;
        if (depth + 1 >= kRackSize) {
          if (keys_->size() == max_keys_) return false;
          keys_->push_back(k);
        }
      }
      if (depth + 1 < kMaxBoardDim && !Walk(g_.target(w), k, depth + 1)) return false;
      if (g_.last(w)) return true;
    }
  }

 private:
  const GraphView<C>& g_;
  const std::uint64_t max_listed_, max_keys_, max_arcs_;
  BingoIndex::Keys* keys_;
  std::uint64_t listed_ = 0, arcs_ = 0;
};

// Sorts `v` and drops repeats. The values are hashes, so their top bits
// spread evenly: one counting pass into buckets of about 128 values by the
// top bits (few enough buckets for the pass to stay in the cache), then
// each bucket sorted on its own.
void SortUnique(BingoIndex::Keys* v) {
  const std::size_t n = v->size();
  if (n < 2) return;
  const int bits = std::clamp(static_cast<int>(std::bit_width(n)) - 7, 1, 16);
  const int shift = 64 - bits;
  lexc::internal::HugeVector<std::uint32_t> start((std::size_t(1) << bits) + 1, 0);
  for (std::uint64_t x : *v) ++start[(x >> shift) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  BingoIndex::Keys out(n);
  {
    std::vector<std::uint32_t> at(start.begin(), start.end() - 1);
    for (std::uint64_t x : *v) out[at[x >> shift]++] = x;
  }
  for (std::size_t b = 0; b + 1 < start.size(); ++b) std::sort(out.begin() + start[b], out.begin() + start[b + 1]);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  *v = std::move(out);
}

}  // namespace

const std::uint64_t BingoIndex::kKeys[64] = {
#define K(i) SplitMix(i), SplitMix(i + 1), SplitMix(i + 2), SplitMix(i + 3)
    K(0), K(4), K(8), K(12), K(16), K(20), K(24), K(28), K(32), K(36), K(40), K(44), K(48), K(52), K(56), K(60),
#undef K
};

bool BingoIndex::Build(Keys keys) {
  // The keys' hashes under the seed, sorted (so that the slots each key
  // touches move steadily through the arrays) and each once: Hash is a
  // bijection, so anagrams' equal keys are the only equal hashes.
  Keys hashes;
  const auto hash_keys = [&](int attempt) {
    seed_ = SplitMix(0x6B696E676F6C6578ull + static_cast<std::uint64_t>(attempt));
    hashes.resize(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) hashes[i] = Hash(keys[i]);
    SortUnique(&hashes);
  };
  hash_keys(0);
  const std::size_t distinct = hashes.size();

  // The sizes of the 4-wise binary fuse filter (the paper's): segments of a
  // power of two slots growing with n, 1.075-1.1 slots per key for large n.
  const double n = static_cast<double>(std::max<std::size_t>(distinct, 2));
  const int length_bits = std::clamp(static_cast<int>(std::floor(std::log(n) / std::log(2.91) - 0.5)), 1, 18);
  const std::size_t length = std::size_t(1) << length_bits;
  const double factor = std::max(1.075, 0.77 + 0.305 * std::log(600000.0) / std::log(n));
  const auto capacity = static_cast<std::size_t>(std::round(n * factor));
  std::size_t segments = (capacity + length - 1) / length;
  segments = segments > kArity - 1 ? segments - (kArity - 1) : 1;
  const std::size_t slots = (segments + kArity - 1) * length;
  segment_length_ = static_cast<std::uint32_t>(length);
  segment_mask_ = static_cast<std::uint32_t>(length - 1);
  segment_count_length_ = static_cast<std::uint32_t>(segments * length);

  // Per slot: (keys there) << 2 | the XOR of their slot numbers (0..3), and
  // the XOR of their hashes; a slot holding one key then names it.
  lexc::internal::HugeVector<std::uint8_t> count(slots);
  Keys xor_hash(slots);
  lexc::internal::HugeVector<std::uint32_t> alone;
  struct Peeled {
    std::uint64_t hash;
    std::uint32_t which;  // the slot number (0..3) that was its key's alone
  };
  lexc::internal::HugeVector<Peeled> order;
  order.reserve(distinct);
  for (int attempt = 0; attempt < kMaxSeeds; ++attempt) {
    if (attempt > 0) hash_keys(attempt);
    std::fill(count.begin(), count.end(), 0);
    std::fill(xor_hash.begin(), xor_hash.end(), 0);
    bool crowded = false;
    for (std::uint64_t h : hashes) {
      const Slots s = SlotsOfHash(h);
      for (std::uint32_t j = 0; j < kArity; ++j) {
        std::uint8_t& c = count[s.at[j]];
        crowded |= c >= 0xFC;  // 63 keys in one slot: no room to count more (never in practice)
        c = static_cast<std::uint8_t>((c + 4) ^ j);
        xor_hash[s.at[j]] ^= h;
      }
    }
    if (crowded) continue;
    alone.clear();
    for (std::size_t i = 0; i < slots; ++i)
      if ((count[i] >> 2) == 1) alone.push_back(static_cast<std::uint32_t>(i));
    order.clear();
    while (!alone.empty()) {
      const std::uint32_t i = alone.back();
      alone.pop_back();
      if ((count[i] >> 2) != 1) continue;  // peeled since it was queued
      const std::uint64_t h = xor_hash[i];
      order.push_back({h, count[i] & 3u});
      const Slots s = SlotsOfHash(h);
      for (std::uint32_t j = 0; j < kArity; ++j) {
        std::uint8_t& c = count[s.at[j]];
        c = static_cast<std::uint8_t>((c - 4) ^ j);
        xor_hash[s.at[j]] ^= h;
        if ((c >> 2) == 1) alone.push_back(s.at[j]);
      }
    }
    if (order.size() != distinct) continue;  // a core that does not peel: another seed
    // Last peeled first: each key's own slot is set so that its four
    // fingerprints XOR to its fingerprint; slots set later are never its.
    fingerprints_ = lexc::internal::FilledVector<std::uint16_t>(slots, 0);  // pages mapped at once
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const Slots s = SlotsOfHash(it->hash);
      std::uint16_t f = s.fingerprint;
      for (std::uint32_t j = 0; j < kArity; ++j)
        if (j != it->which) f ^= fingerprints_[s.at[j]];
      fingerprints_[s.at[it->which]] = f;
    }
    return true;
  }
  fingerprints_.clear();
  return false;
}

namespace {

// Identity of an image: where it is, how big, and what words it holds.
using ImageId = std::tuple<const void*, std::size_t, std::uint32_t, std::uint64_t>;

ImageId IdOf(const Lexicon& lex) {
  return {lex.bytes().data(), lex.bytes().size(), lex.meta().source_crc, lex.meta().word_count};
}

std::mutex registry_mu;
std::map<ImageId, std::weak_ptr<const BingoIndex>> registry;  // under registry_mu
std::map<ImageId, std::uint64_t> asks;                        // WhenWorthIt's count per image, under registry_mu
constexpr std::size_t kMaxCounted = 1024;                     // images counted at once

}  // namespace

std::shared_ptr<const BingoIndex> BingoIndex::WhenWorthIt(const Lexicon& lex) {
  {
    const std::lock_guard<std::mutex> lock(registry_mu);
    const ImageId id = IdOf(lex);
    if (const auto it = registry.find(id); it != registry.end())
      if (auto found = it->second.lock()) return found;
    // Counts of images never indexed (closed since, say) go with the rest
    // past a bound, so a process that opens image after image keeps no
    // more than that; a count that restarts only delays a build.
    if (asks.size() >= kMaxCounted && !asks.contains(id)) asks.clear();
    if (++asks[id] <= kAsksBeforeBuild) return nullptr;
    asks.erase(id);
  }
  return For(lex);
}

std::shared_ptr<const BingoIndex> BingoIndex::For(const Lexicon& lex) {
  const ImageId id = IdOf(lex);
  std::lock_guard<std::mutex> lock(registry_mu);
  if (auto found = registry[id].lock()) return found;
  auto index = std::make_shared<BingoIndex>();
  Keys keys;
  // Words to list: META's count (an image that was never verified could
  // list more), and at most what the image's size allows.
  const std::uint64_t image_bytes = lex.bytes().size();
  const std::uint64_t max_listed = std::min(lex.meta().word_count, kWordsPerImageByte * image_bytes);
  const std::uint64_t max_keys = kKeysPerImageByte * image_bytes;
  std::uint64_t listed = 0;
  bool complete = true;
  if (max_listed > 0 && lex.dawg().valid()) {
    complete = lex.dawg().Dispatch([&](const auto& g) {
      DawgKeyLister lister(g, max_listed, max_keys, kArcsPerImageByte * image_bytes, &keys);
      return lister.Walk(g.root(), 0, 0);
    });
  } else if (max_listed > 0) {
    ForEachWord(lex, [&](const WordMatch& m) {
      if (m.tiles.size() >= std::size_t(kRackSize)) {
        if (keys.size() == max_keys) return complete = false;
        std::uint64_t key = 0;
        for (Tile t : m.tiles) key += Key(t);
        keys.push_back(key);
      }
      if (++listed < max_listed) return true;
      // Stopped at the limit: complete only if that was every word.
      complete = listed == lex.meta().word_count;
      return false;
    });
  }
  if (complete) {
    index->complete_ = index->Build(std::move(keys));
  }
  registry[id] = index;
  for (auto it = registry.begin(); it != registry.end();)
    it = it->second.expired() ? registry.erase(it) : std::next(it);
  return index;
}

}  // namespace lexc::gen::internal
