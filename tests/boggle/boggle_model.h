// Test support for lexc::boggle: an independent brute-force solver, random
// boards, and lexicons built in memory.
//
// The brute-force solver shares nothing with the library's: it follows every
// path of distinct, 8-adjacent cubes (up to all of them), spelling the
// cubes' tiles, and stops a path as soon as no word of a std::set starts
// with the spelling (lower_bound on the set). Found words go into a set, so
// a word traced several ways counts once; points come from the table
// written out here.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/boggle/grid.h"
#include "lexc/lexicon.h"
#include "test_support.h"

namespace lexc::boggle::test {

using lexc::test::Word;
using lexc::test::WordSet;

// Points by length in tiles: 3-4: 1, 5: 2, 6: 3, 7: 5, 8+: 11, else 0.
int ModelPoints(int tiles);

struct ModelResult {
  WordSet words;
  int score = 0;
};
ModelResult BruteForce(const Grid& b, const WordSet& words, int min_len);

// A board of rows x cols whose cubes show tiles drawn from `pool` (a tile
// multiset); the tile `q` (0: none) is the Qu face {q, u}.
Grid RandomGrid(std::mt19937_64& rng, int rows, int cols, const std::vector<Tile>& pool, Tile q, Tile u);

// Every tile of every word, as a pool for RandomGrid (letters as frequent
// as in the lexicon).
std::vector<Tile> TilePool(const WordSet& words);

// An image built in memory and opened.
struct BuiltLexicon {
  lexc::test::Image image;
  Lexicon lex;
};
BuiltLexicon Build(const WordSet& words, const Alphabet& a, bool dawg, bool gaddag, int arc_width = 0,
                   bool compact = false);

// Words of a fixture file in the alphabet (tokenized by the library's
// Alphabet::Tokenize; the word list is input here, not under test).
WordSet FixtureWords(const std::string& rel, const Alphabet& a);
// formats/alphabets/<name>.txt
Alphabet NamedAlphabet(const std::string& name);
// The tile whose label is `label`, or 0.
Tile TileOf(const Alphabet& a, const std::string& label);

}  // namespace lexc::boggle::test
