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
// One index per image per process: For() builds it on first use (one pass
// over the words, O(words)) and shares it with every generator over the same
// image (weak references in a registry under a mutex). Immutable once built;
// any number of threads may read it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/lexicon.h"

namespace lexc::gen::internal {

class BingoIndex {
 public:
  static std::shared_ptr<const BingoIndex> For(const Lexicon& lex);

  static std::uint64_t Key(Tile t) { return kKeys[t & 63]; }
  bool MaybeWord(std::uint64_t key) const {
    if (key == 0) key = 1;
    for (std::uint64_t i = key & mask_;; i = (i + 1) & mask_) {
      if (table_[i] == key) return true;
      if (table_[i] == 0) return false;
    }
  }

 private:
  static const std::uint64_t kKeys[64];
  void Insert(std::uint64_t key);
  std::vector<std::uint64_t> table_;
  std::uint64_t mask_ = 0;
};

}  // namespace lexc::gen::internal
