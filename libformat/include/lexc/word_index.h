// lexc/word_index.h -- words numbered in lexicographic order: word -> number
// and number -> word.
//
// Word numbers run from 0 to size() - 1 in the order ForEachWord lists the
// words (tile code order, shorter prefix first). A study counts plays per
// word in an array indexed by these numbers (lexc/selfplay), and
// `lexc query IMG index WORD` / `lexc query IMG word N` expose them.
//
// The classic DAWG perfect hash: every DAWG node knows how many words its
// language holds, so a word's number is the sum, along its path, of the
// words under the earlier sibling arcs (plus one per accepting arc passed),
// and number -> word is the inverse walk. Three sources, one behaviour:
//   - the image's WIDX section (format 1.1, `lexc build --word-index`): read
//     in place, zero-copy, O(1) to set up (from_image() is true);
//   - an image with a DAWG but no WIDX: the same counts computed in memory
//     from the DAWG by the code the builder writes the section with,
//     O(arcs) time, about 4 bytes per DAWG node + arc_count / 6 bytes;
//   - a GADDAG-only image: the same counts for the GADDAG's suffix halves
//     (the node after c SEP, which is the DAWG's node after c), the first
//     tile read from the GADDAG's root as ForEachWord reads it; the same
//     costs (4 bytes per such node + arc_count / 6 bytes).
// Memory follows the arc array, never a count read from the image (META's
// word count plays no part).
// Thread safety: const methods may be called concurrently; copies share
// the computed counts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/graph.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc {

class WordIndex {
 public:
  WordIndex() = default;

  // The index of `lex`'s words. `lex`'s bytes must outlive the index. On an
  // image that was only opened (not verified) the numbers may be wrong, but
  // every read stays in bounds and Number / Word take at most max_len steps.
  // Errors: kCorrupt (computing without WIDX met a cycle: in the DAWG, or
  // in a GADDAG-only image's suffix halves; the message names the section
  // and the node, and comes after O(arcs) work whatever META claims),
  // kLimit (a node accepts more than 2^32 - 1 words).
  static Result<WordIndex> Of(const Lexicon& lex);

  // Words in the lexicon (on a verified image, meta().word_count).
  std::uint64_t size() const { return size_; }

  // Whether the numbers are read from the image's WIDX section.
  bool from_image() const { return from_image_; }

  // The word's number, or nullopt when `word` is not a word of the lexicon.
  // A number is below size() even on an unverified image (where it may be
  // wrong, or nullopt for a word). O(|word| x fan-out).
  std::optional<std::uint64_t> Number(std::span<const Tile> word) const;

  // Word number n (n < size()) into *out (replaced). O(|word| x fan-out).
  // Errors: kInvalidArgument when n >= size(); kCorrupt when the counts of
  // an unverified image lead nowhere within max_len tiles.
  Status Word(std::uint64_t n, std::vector<Tile>* out) const;

 private:
  struct Counts;  // the WIDX view and, when computed, the bytes it views
  std::shared_ptr<const Counts> counts_;
  Graph graph_;  // the DAWG; a GADDAG-only image's GADDAG (forward_)
  std::uint32_t max_len_ = 0;
  std::uint64_t size_ = 0;
  bool from_image_ = false;
  // GADDAG-only: the first tile from the GADDAG's root, the rest after the
  // separator of the node it leads to.
  bool forward_ = false;
};

}  // namespace lexc
