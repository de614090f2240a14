// Test support for libgen: lexicons built in memory, an independent
// brute-force move generator, random positions, and diagnostics.
//
// The brute-force generator shares nothing with the library's analysis or
// traversal: for every row and column, every span of squares whose ends are
// free, every word of the span's length from a std::set that fits the board
// tiles, every cross word checked in the set, and every way to supply the
// new tiles from the rack (real tile or blank). Scores are recomputed from
// the layout square by square.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/lexicon.h"
#include "lexc/rack.h"
#include "lexc/wordlist.h"
#include "test_support.h"

namespace lexc::gen::test {

// The word model of the libformat tests (header-only parts of test_support.h).
using lexc::test::Word;
using lexc::test::WordSet;

std::string SourcePath(const std::string& rel);
// $LEXC_SOWPODS, else ../shared/lexica/SOWPODS.txt; nullopt when absent.
std::optional<std::string> SowpodsPath();

// SOWPODS read and built (both graphs, default options) once per process:
// its word list and image. Null, with a Catch WARN saying the test is
// skipped, when the list is absent.
struct SowpodsImage {
  WordList words;
  std::vector<std::uint64_t> store;  // the image bytes, 8-byte aligned
  std::size_t image_bytes = 0;
  Lexicon lexicon;
};
const SowpodsImage* Sowpods();

// An image built in memory and opened from its bytes; `compact`: with
// bit-packed arcs (format 1.3) instead of 4-byte ones.
class TestLexicon {
 public:
  TestLexicon(const WordSet& words, const Alphabet& a, bool dawg = true, bool gaddag = true, bool compact = false);
  const Lexicon& lexicon() const { return lex_; }
  const WordSet& words() const { return words_; }
  const Alphabet& alphabet() const { return lex_.alphabet(); }

 private:
  std::vector<std::uint64_t> store_;
  Lexicon lex_;
  WordSet words_;
};

// Alphabet of `letters` tiles A.. with scores 1..4 cycling and counts large
// enough for random boards, and `blanks` blanks.
Alphabet SmallAlphabet(int letters, int blanks = 2);
// Random words of 2..max_len tiles over the alphabet's first `letters`.
WordSet RandomWords(std::mt19937_64& rng, int count, int letters, int max_len);
// A lexicon dense in long words over `letters` letters: `short_words`
// random words of up to `short_max` tiles, then random words of
// long_min..long_max tiles up to `total` words.
WordSet DenseLongWords(std::mt19937_64& rng, int letters, int short_words, int short_max, int long_min, int long_max,
                       unsigned total);
// English words (ASCII) to tiles of the English alphabet.
WordSet EnglishWords(const std::vector<std::string>& words);
// The non-empty lines of a file of the source tree (read through
// lexc::ReadFileBytes, the project's one I/O module).
std::vector<std::string> FixtureLines(const std::string& rel);
// Words of a fixture file (english-small.txt), one per line, '#' comments.
WordSet EnglishFixture(const std::string& rel);

// A leave-like bonus: a hash of the tiles the play leaves on the rack,
// mapped into [lo, hi]. Depends only on the multiset kept, as a leave does.
struct LeaveLikeBonus {
  Rack rack;
  double lo, hi;
  std::uint64_t salt;
  double operator()(const Play& p) const {
    Rack kept = rack;
    for (int i = 0; i < p.length; ++i) {
      if (p.IsThrough(i)) continue;
      kept.Remove(CellTile(p.cells[i]), CellIsBlank(p.cells[i]));
    }
    std::uint64_t h = salt ^ std::uint64_t(kept.blanks()) * 0x9E3779B97F4A7C15ull;
    for (int t = 1; t <= kMaxGenTile; ++t)
      h = (h ^ std::uint64_t(kept.count(Tile(t)))) * 0x100000001B3ull + std::uint64_t(t);
    h ^= h >> 29;
    const double unit = double(h % 1001) / 1000.0;
    return kept.empty() ? 0.0 : lo + (hi - lo) * unit;
  }
};

// Every play, sorted with BetterPlay.
std::vector<Play> BruteForce(const Board& board, const Layout& layout, const Alphabet& a, const WordSet& words,
                             const Rack& rack, int bingo = 50);
// Every play from the generator, sorted.
std::vector<Play> Generated(MoveGenerator& gen, const Rack& rack, Algorithm alg);
// Checks (Catch) that TopWithBonus(n) lists the first n of `want`, every
// play rated by score + bonus, best first (ties by BetterPlay).
void CheckTopWithBonus(MoveGenerator& gen, const Rack& rack, Algorithm alg, PlayBonus bonus, const double* bounds,
                       std::size_t n, const std::vector<RatedPlay>& want, const double* blank_bounds = nullptr);

// A layout of rows x cols with the start square at the centre and a few
// premiums scattered deterministically (from `seed`).
Layout SmallLayout(int rows, int cols, std::uint64_t seed);
// A square layout of random premiums that is its own transpose (square
// (r, c) mirrors (c, r); Layout::Transposable), the start square in the middle.
Layout MirroredLayout(int side, std::uint64_t seed);

// Board with tiles scattered at random (density in [0,1]), blanks among them.
Board RandomBoard(std::mt19937_64& rng, int rows, int cols, int letters, double density);
// Rack of n tiles (blanks drawn with probability blank_p each).
Rack RandomRack(std::mt19937_64& rng, int letters, int n, double blank_p);

// REQUIREs that two generators hold the same board, anchors, cross-check
// sets, cross sums and cross flags; with `both_ways`, also that the GADDAG
// computes every cross-check set as the DAWG does.
void RequireSameAnalysis(const MoveGenerator& a, const MoveGenerator& b, bool both_ways = false);

std::string Describe(const Play& p, const Alphabet& a);
std::string ShowBoard(const Board& b, const Alphabet& a);
// A readable difference of two sorted play lists (at most `max` lines).
std::string DiffPlays(const std::vector<Play>& want, const std::vector<Play>& got, const Alphabet& a,
                      std::size_t max = 10);

}  // namespace lexc::gen::test
