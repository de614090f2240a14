#include "lexc/word_index.h"

#include <algorithm>
#include <string>

#include "lexc/query.h"

namespace lexc {

Result<WordIndex> WordIndex::Of(const Lexicon& lex) {
  WordIndex index;
  index.offsets_.push_back(0);
  ForEachWord(lex, [&](const WordMatch& m) {
    const std::span<const Tile> w = m.tiles;
    index.tiles_.insert(index.tiles_.end(), w.begin(), w.end());
    index.offsets_.push_back(index.tiles_.size());
    return true;
  });
  return index;
}

std::optional<std::uint64_t> WordIndex::Number(std::span<const Tile> word) const {
  std::uint64_t lo = 0, hi = size();
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    const std::span<const Tile> w(tiles_.data() + offsets_[mid], offsets_[mid + 1] - offsets_[mid]);
    if (std::lexicographical_compare(w.begin(), w.end(), word.begin(), word.end()))
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == size()) return std::nullopt;
  const std::span<const Tile> w(tiles_.data() + offsets_[lo], offsets_[lo + 1] - offsets_[lo]);
  if (!std::equal(w.begin(), w.end(), word.begin(), word.end())) return std::nullopt;
  return lo;
}

Status WordIndex::Word(std::uint64_t n, std::vector<Tile>* out) const {
  if (n >= size())
    return Status(Errc::kInvalidArgument,
                  "word number " + std::to_string(n) + ": the lexicon has " + std::to_string(size()) + " words");
  out->assign(tiles_.begin() + offsets_[n], tiles_.begin() + offsets_[n + 1]);
  return Status::Ok();
}

}  // namespace lexc
