// The bingo index (libgen/src/bingo_index.h), a filter of the multiset keys
// of every word of 7 tiles or more, against a std::set of the words' tile
// multisets: every word's multiset answers "maybe" (no false negative: the
// best-first search stays exact), other multisets answer "no" but for about
// 2^-16 of them, and on SOWPODS the filter takes at most 10% of the image.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <set>

#include "../../libgen/src/bingo_index.h"
#include "gen_support.h"
#include "lexc/builder.h"
#include "lexc/wordlist.h"

namespace lexc::gen::test {
namespace {

using internal::BingoIndex;
using lexc::test::BuildOrFail;
using lexc::test::Image;
using lexc::test::OpenOrFail;

std::uint64_t KeyOf(std::span<const Tile> tiles) {
  std::uint64_t k = 0;
  for (Tile t : tiles) k += BingoIndex::Key(t);
  return k;
}

// Checks `index` against the words: each multiset of a word of 7+ tiles is a
// "maybe"; of `probes` random multisets of 7 or 8 tiles that are no word's,
// the number the filter lets through. Returns that number.
std::size_t CheckAgainstModel(const BingoIndex& index, const WordList& words, int letters, std::size_t probes) {
  std::set<std::vector<Tile>> multisets;
  std::size_t missed = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i].size() < std::size_t(kRackSize)) continue;
    std::vector<Tile> m(words[i].begin(), words[i].end());
    std::sort(m.begin(), m.end());
    missed += !index.MaybeWord(KeyOf(m));
    multisets.insert(std::move(m));
  }
  CHECK(missed == 0);
  std::mt19937_64 rng(11);
  std::size_t passed = 0, tried = 0;
  for (std::size_t attempts = 0; tried < probes && attempts < 20 * probes;
       ++attempts) {  // small alphabets run out of non-words
    std::vector<Tile> m(kRackSize + rng() % 2);
    for (Tile& t : m) t = static_cast<Tile>(1 + rng() % static_cast<unsigned>(letters));
    std::sort(m.begin(), m.end());
    if (multisets.count(m)) continue;
    ++tried;
    passed += index.MaybeWord(KeyOf(m));
  }
  return passed;
}

}  // namespace

TEST_CASE("bingo index: every word's multiset is a maybe, nearly every other a no", "[bingo]") {
  std::mt19937_64 rng(2026);
  for (int letters : {3, 6, 26}) {
    for (int count : {1, 50, 5000, 30000}) {
      INFO(letters << " letters, " << count << " words");
      const WordSet words = RandomWords(rng, count, letters, 10);
      const Alphabet a = SmallAlphabet(letters);
      const Image img = BuildOrFail(words, a, BuildOptions());
      const Lexicon lex = OpenOrFail(img);
      const auto index = BingoIndex::For(lex);
      REQUIRE(index->complete());
      const WordList list = ToWordList(words);
      // 3 letters have 81 multisets of 7 or 8 tiles in all: probe the few that are no word.
      const std::size_t probes = letters == 3 ? 20 : 50000;
      const std::size_t passed = CheckAgainstModel(*index, list, letters, probes);
      CHECK(passed <= probes / 1000 + 3);  // 2^-16 expected: about 1 in 50,000
    }
  }
}

TEST_CASE("bingo index: SOWPODS, exact for every 7+ tile word and under 10% of the image", "[bingo][sowpods]") {
  const SowpodsImage* sowpods = Sowpods();
  if (!sowpods) return;
  const Lexicon& lex = sowpods->lexicon;
  const auto index = BingoIndex::For(lex);
  REQUIRE(index->complete());
  CHECK(index->table_bytes() * 10 <= sowpods->image_bytes);
  const std::size_t passed = CheckAgainstModel(*index, sowpods->words, 26, 500000);
  CHECK(passed <= 40);  // about 8 expected
}

}  // namespace lexc::gen::test
