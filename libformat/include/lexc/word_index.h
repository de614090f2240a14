// lexc/word_index.h -- words numbered in lexicographic order: word -> number
// and number -> word.
//
// Word numbers run from 0 to size() - 1 in the order ForEachWord lists the
// words (tile code order, shorter prefix first). A study counts plays per
// word in an array indexed by these numbers (lexc/selfplay), and
// `lexc query IMG index WORD` / `lexc query IMG word N` expose them.
//
// WordIndex::Of builds the index for an image. (Session 4, step 1: the index
// is computed in memory from the image's words; step 2 reads it from the
// image's optional WIDX section, the classic DAWG perfect hash, and computes
// the same numbers when the section is absent.)
// Thread safety: const methods may be called concurrently.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc {

class WordIndex {
 public:
  WordIndex() = default;

  // The index of `lex`'s words. `lex` must outlive the index. On an image
  // that was only opened (not verified) the numbers may be wrong but every
  // read stays in bounds. Errors: kLimit when the words do not fit memory.
  static Result<WordIndex> Of(const Lexicon& lex);

  // Words in the lexicon.
  std::uint64_t size() const { return offsets_.empty() ? 0 : offsets_.size() - 1; }

  // The word's number, or nullopt when `word` is not a word of the lexicon.
  std::optional<std::uint64_t> Number(std::span<const Tile> word) const;

  // Word number n (n < size()) into *out (replaced). kInvalidArgument when
  // n >= size().
  Status Word(std::uint64_t n, std::vector<Tile>* out) const;

 private:
  // Step 1: every word's tiles, concatenated, and where each starts.
  std::vector<Tile> tiles_;
  std::vector<std::uint64_t> offsets_;
};

}  // namespace lexc
