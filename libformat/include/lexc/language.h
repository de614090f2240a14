// lexc/language.h -- the strings an image's graphs accept, and the exact
// check that an image holds a given word list and nothing else.
//
// Verify() (lexicon.h) proves an image is well formed and agrees with its own
// META figures; VerifyWords proves it holds the intended words. `lexc verify
// --words`, `lexc build --check-words`, bindings and interop code call it.
//
// Safety: ForEachString and Accepts are memory-safe and terminate on any
// image that passed Lexicon::FromBytes (walks are at most kMaxStringDepth
// arcs deep). VerifyWords requires an image that passed Verify().
// Thread safety: read-only over immutable views; reentrant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "lexc/graph.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace lexc {

// The deepest path ForEachString follows, whatever max_depth it is given.
inline constexpr std::size_t kMaxStringDepth = 1024;

// Calls f for every accepted string of g in tile order (the separator, tile
// 0, first); stops when f returns false. Paths longer than max_depth arcs
// (give META's max-len, +1 for a GADDAG) or kMaxStringDepth are cut. A
// string reachable along several paths of a DAG is reported once per path,
// so on a verified image each string once. O(total length of the strings).
void ForEachString(const Graph& g, std::size_t max_depth, const std::function<bool(std::span<const Tile>)>& f);

// Whether g accepts exactly the string s (the separator is tile 0). O(|s| x
// fan-out).
bool Accepts(const Graph& g, std::span<const Tile> s);

// What VerifyWords compared, and the first difference it found.
struct VerifyWordsReport {
  std::uint64_t words_enumerated = 0;        // words ForEachWord listed before a difference (or all)
  std::uint64_t gaddag_strings_checked = 0;  // rev(x)^y and rev(w) strings walked; 0 without a GADDAG
  // Empty when the image's language is exactly the list; otherwise the first
  // difference, rendered with the image's labels ('^' for the separator):
  //   "not in word list: BAR"                       the image has a word the list lacks
  //   "missing from image: FOO"                     the list has a word the image lacks
  //   "missing from image: FOO (GADDAG lacks O^O)"  the GADDAG lacks one split of a word
  //   "not in word list: X (GADDAG accepts ...)"    the GADDAG accepts a string of no listed word
  std::string difference;
  bool equal() const { return difference.empty(); }
};

// Checks that the image's language is exactly `words` (sorted and unique, as
// a WordList always is, in the image's alphabet): the words ForEachWord
// enumerates are compared with the list in step, and, with a GADDAG, every
// rev(x)^y split and rev(w) of every word must be accepted and nothing else
// (the GADDAG's accepted-string count, which Verify() proved equal to its
// descriptor, must equal the strings walked). Stops at the first difference.
// Precondition: lex passed Verify(). Differences are reported, not errors.
// O(image words + list tiles), plus O(list tiles x longest word) GADDAG arc
// steps in the worst case (a word shares its walks with its predecessor's
// common prefix); memory O(longest word^2).
VerifyWordsReport VerifyWords(const Lexicon& lex, const WordList& words);

}  // namespace lexc
