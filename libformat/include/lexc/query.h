// lexc/query.h -- word queries over a Lexicon.
//
// All queries traverse the mapped graphs directly and allocate only
// O(longest word) scratch, plus the result set for suffix and substring
// queries on a GADDAG, which meet words out of order and sort them. That set
// holds at most meta().word_count (Suffix) or meta().tile_total (Substring)
// words, even on an image that was never verified (they stop collecting
// there), and at most 1 MiB + 16 bytes per image byte of content (twice that
// with the vectors' spare capacity): a verified image of a
// few kilobytes can hold 10^17 words, so past that the query drops the set
// and streams its answer from a scan of every word (as on a DAWG-only
// image), in O(longest word) memory however long the answer. Memory thus
// follows the image, never its word count. Results come in tile order (the
// alphabet's order) unless noted. A callback returning false stops early.
//
// Limits, on any image that opened (verified or not): every reported word
// has 1..meta().max_len tiles; a query string longer than max-len, or holding
// a tile outside the alphabet, matches nothing; traversals stop at depth
// max-len (+1 in a GADDAG), so they terminate even on a cyclic image.
// Cost: on an image that was only opened, a query may take time exponential
// in max-len (cycles and shared nodes multiply the paths): Verify() untrusted
// images first. After Verify() succeeds every arc leads to an accepted
// string, so ForEachWord and Prefix take O(max-len + alphabet size) arc steps
// per word reported (a callback returning false bounds them), and every query
// visits at most meta().tile_total x (max-len + 1) arcs: a caller can refuse
// an image whose META figures exceed its budget before querying it.
//
// Which graph answers:
//   Contains, ForEachWord, Prefix, Anagram, Pattern: the DAWG; on a
//     GADDAG-only image, the GADDAG (rev(w) paths, a little slower).
//   Suffix, Substring: the GADDAG; on a DAWG-only image, a full DAWG scan.
// Thread safety: any number of concurrent queries on one Lexicon.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include "lexc/lexicon.h"
#include "lexc/rack.h"

namespace lexc {

// A matched word. `blank` marks, per tile, that a blank stands for it
// (anagram queries only; empty otherwise).
struct WordMatch {
  std::span<const Tile> tiles;
  std::span<const bool> blank;
};
using WordCallback = std::function<bool(const WordMatch&)>;

bool Contains(const Lexicon& lex, std::span<const Tile> word);

// Every word, in order. Returns the number of words visited.
std::uint64_t ForEachWord(const Lexicon& lex, const WordCallback& cb);

std::uint64_t Prefix(const Lexicon& lex, std::span<const Tile> prefix, const WordCallback& cb);
std::uint64_t Suffix(const Lexicon& lex, std::span<const Tile> suffix, const WordCallback& cb);
// Words containing `infix`, each once, in order.
std::uint64_t Substring(const Lexicon& lex, std::span<const Tile> infix, const WordCallback& cb);

// Parses an anagram rack, "RETAINS?": Rack::Parse (rack.h; tile text with
// '?' for a blank, formats/tile-text.md) that refuses the empty rack.
// Errors: kBadInput, Rack::Parse's or "empty rack".
Result<Rack> ParseRack(const Alphabet& a, std::string_view text);

// Words using exactly all of the rack (sub = false) or any non-empty part of
// it (sub = true). Each word is reported once, with real tiles preferred over
// blanks. Order: tile order.
std::uint64_t Anagram(const Lexicon& lex, const Rack& rack, bool sub, const WordCallback& cb);

// Pattern element: a tile, '?' (exactly one tile) or '*' (any run, possibly
// empty).
struct PatternElem {
  enum Kind : std::uint8_t { kTile, kOne, kAny } kind = kTile;
  Tile tile = 0;
};
// Parses "Q?I*": tile text (formats/tile-text.md) with the marks '?' and
// '*'; consecutive '*' are one. Errors (kBadInput): a tile-text problem
// ("unknown tile '1' at character 2 of pattern 'A1' (alphabet english)"),
// "empty pattern", more than 63 elements.
Result<std::vector<PatternElem>> ParsePattern(const Alphabet& a, std::string_view text);
std::uint64_t Pattern(const Lexicon& lex, std::span<const PatternElem> pattern, const WordCallback& cb);

}  // namespace lexc
