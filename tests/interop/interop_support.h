// Test support for lexc::interop: an independent KWG reader and a plain
// trie KWG writer, both written here from formats/kwg.md (bit layout and
// root entries), sharing no code with the library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "test_support.h"

namespace lexc::interop::test {

using lexc::test::Word;
using lexc::test::WordSet;

// Little-endian 32-bit words of a KWG file.
std::vector<std::uint32_t> DecodeWords(std::span<const std::byte> bytes);
std::vector<std::byte> EncodeWords(const std::vector<std::uint32_t>& words);

// Every accepted string below the list starting at index `list` (0: none),
// in list order (a string before its extensions), at most `max_depth` arcs.
std::vector<Word> KwgStrings(const std::vector<std::uint32_t>& kwg, std::uint32_t list, int max_depth = 40);
// The DAWG's words (entry 0) and the GADDAG's strings (entry 1).
std::vector<Word> KwgDawgWords(const std::vector<std::uint32_t>& kwg);
std::vector<Word> KwgGaddagStrings(const std::vector<std::uint32_t>& kwg);

// A KWG laid out as a plain trie (no node shared, lists in depth-first
// order): what a builder without minimization writes. Entry 0 is the DAWG of
// `dawg`; with `gaddag`, entry 1 is the trie of those strings (tile 0 the
// separator).
std::vector<std::uint32_t> TrieKwg(const WordSet& dawg, const WordSet* gaddag);

}  // namespace lexc::interop::test
