#include "bingo_index.h"

#include <algorithm>
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
                std::vector<std::uint64_t>* keys)
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
  std::vector<std::uint64_t>* keys_;
  std::uint64_t listed_ = 0, arcs_ = 0;
};

}  // namespace

const std::uint64_t BingoIndex::kKeys[64] = {
#define K(i) SplitMix(i), SplitMix(i + 1), SplitMix(i + 2), SplitMix(i + 3)
    K(0), K(4), K(8), K(12), K(16), K(20), K(24), K(28), K(32), K(36), K(40), K(44), K(48), K(52), K(56), K(60),
#undef K
};

void BingoIndex::Insert(std::uint64_t key) {
  if (key == 0) key = 1;
  for (std::uint64_t i = key & mask_;; i = (i + 1) & mask_) {
    if (table_[i] == key) return;
    if (table_[i] == 0) {
      table_[i] = key;
      return;
    }
  }
}

std::shared_ptr<const BingoIndex> BingoIndex::For(const Lexicon& lex) {
  // Identity of an image: where it is, how big, and what words it holds.
  using Id = std::tuple<const void*, std::size_t, std::uint32_t, std::uint64_t>;
  static std::mutex mu;
  static std::map<Id, std::weak_ptr<const BingoIndex>> registry;
  const Id id{lex.bytes().data(), lex.bytes().size(), lex.meta().source_crc, lex.meta().word_count};
  std::lock_guard<std::mutex> lock(mu);
  if (auto found = registry[id].lock()) return found;
  auto index = std::make_shared<BingoIndex>();
  std::vector<std::uint64_t> keys;
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
    std::size_t size = 16;
    while (size < 2 * keys.size()) size *= 2;
    index->table_.assign(size, 0);
    index->mask_ = size - 1;
    for (std::uint64_t k : keys) index->Insert(k);
    index->complete_ = true;
  }
  registry[id] = index;
  for (auto it = registry.begin(); it != registry.end();)
    it = it->second.expired() ? registry.erase(it) : std::next(it);
  return index;
}

}  // namespace lexc::gen::internal
