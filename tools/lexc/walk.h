// tools/lexc/walk.h -- whole-graph traversals the tool needs and the library
// does not offer: independent figures for `stats`, raw accepted strings for
// `dump --graph`, and the exact-language check of `verify --words` / `build`.
//
// Every walk is bounded (kMaxDepth arcs deep, cycles detected), so it cannot
// run away on an image that only passed the cheap open.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "lexc/graph.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"
#include "lexc/wordlist.h"

namespace lexc::cli {

inline constexpr int kMaxDepth = 1024;

// Figures of one graph, found by visiting each distinct node reachable from
// the root once.
struct GraphTally {
  std::uint64_t nodes = 0;        // distinct non-empty nodes
  std::uint64_t arcs = 0;         // distinct arc slots (shared sibling tails once)
  std::uint64_t strings = 0;      // accepted strings (paths ending in an accepting arc)
  std::uint32_t longest_path = 0; // arcs
  std::vector<std::uint64_t> fanout;  // fanout[k]: nodes with k arcs; [0] unused
};
// Errors: kCorrupt on a cycle, a path deeper than kMaxDepth, or a target
// outside the arc array.
Result<GraphTally> TallyGraph(const Graph& g);

// Calls f for every accepted string of g, in tile order (the separator, tile
// 0, first); stops when f returns false. Paths deeper than max_depth (give
// META's max-len, +1 for a GADDAG) or kMaxDepth are cut.
void ForEachString(const Graph& g, std::size_t max_depth, const std::function<bool(std::span<const Tile>)>& f);

// Whether g accepts exactly the string s.
bool Accepts(const Graph& g, std::span<const Tile> s);

struct LanguageReport {
  std::uint64_t image_words = 0;     // words the image enumerated
  std::uint64_t gaddag_strings = 0;  // GADDAG strings checked (0 without a GADDAG)
  std::string difference;            // empty when the languages are equal
};
// Checks that the image's language is exactly `words`: the enumerated words
// compared in order, and, with a GADDAG, every rev(x)^y of every word
// accepted and nothing else (the accepted-string count equals the tiles).
// Reports the first difference ("missing from image: FOO", "not in word
// list: BAR"). Precondition: lex passed Verify().
LanguageReport CheckLanguage(const Lexicon& lex, const WordList& words);

}  // namespace lexc::cli
