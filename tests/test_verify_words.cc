// VerifyWords (lexc/language.h) against an independent model: the image's
// intended language is a std::set of words, the list another; the expected
// report is the first word of their symmetric difference in tile order,
// computed here without the library. Every graph choice (DAWG only, GADDAG
// only, both) and both arc widths; plus images whose GADDAG was edited to
// differ from its DAWG while still passing Verify().
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/language.h"
#include "lexc/lexicon.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

// The difference VerifyWords must report between an image holding `image`
// and the list `list`: "" when equal, else the smallest word in exactly one.
std::string ExpectedDifference(const WordSet& image, const WordSet& list) {
  auto i = image.begin();
  auto l = list.begin();
  const WordLess less;
  while (i != image.end() || l != list.end()) {
    if (l == list.end() || (i != image.end() && less(*i, *l))) return "not in word list: " + Spell(*i);
    if (i == image.end() || less(*l, *i)) return "missing from image: " + Spell(*l);
    ++i;
    ++l;
  }
  return "";
}

std::uint64_t Tiles(const WordSet& words) {
  std::uint64_t n = 0;
  for (const Word& w : words) n += w.size();
  return n;
}

// Builds `image_words`, checks Verify(), runs VerifyWords against `list`.
VerifyWordsReport Check(const WordSet& image_words, const WordSet& list, const GraphChoice& g, int width) {
  const Image img = BuildOrFail(image_words, Alphabet::English(), Options(g, width));
  const Lexicon lex = OpenOrFail(img);
  REQUIRE(lex.Verify().ok());
  return VerifyWords(lex, ToWordList(list));
}

const WordSet& SmallWords() {
  static const WordSet w = ToSet({{1},
                                  {1, 2},
                                  {2, 1},
                                  {1, 2, 3},
                                  {3, 1, 2},
                                  {2, 3, 1},
                                  {3, 3},
                                  {1, 3, 3, 1},
                                  {2, 2, 2, 2, 2},
                                  {5, 1, 20},
                                  {5, 1, 20, 19},
                                  {20, 5, 1}});
  return w;
}

}  // namespace

TEST_CASE("VerifyWords: equal languages, with the words and GADDAG strings counted") {
  for (const GraphChoice& g : kGraphChoices) {
    for (int width : {4, 8}) {
      INFO(g.name << " width " << width);
      const VerifyWordsReport r = Check(SmallWords(), SmallWords(), g, width);
      CHECK(r.equal());
      CHECK(r.difference.empty());
      CHECK(r.words_enumerated == SmallWords().size());
      CHECK(r.gaddag_strings_checked == (g.gaddag ? Tiles(SmallWords()) : 0));
    }
  }
}

TEST_CASE("VerifyWords: a word missing from the image is named") {
  for (const GraphChoice& g : kGraphChoices) {
    INFO(g.name);
    for (const Word& gone : SmallWords()) {
      WordSet image = SmallWords();
      image.erase(gone);
      const VerifyWordsReport r = Check(image, SmallWords(), g, 0);
      CHECK(r.difference == "missing from image: " + Spell(gone));
      CHECK_FALSE(r.equal());
    }
  }
}

TEST_CASE("VerifyWords: a word the list lacks is named") {
  for (const GraphChoice& g : kGraphChoices) {
    INFO(g.name);
    for (const Word& extra : SmallWords()) {
      WordSet list = SmallWords();
      list.erase(extra);
      const VerifyWordsReport r = Check(SmallWords(), list, g, 0);
      CHECK(r.difference == "not in word list: " + Spell(extra));
    }
  }
}

TEST_CASE("VerifyWords: random lists and random edits agree with the set model") {
  std::mt19937_64 rng(1313);
  for (int round = 0; round < 40; ++round) {
    const WordSet base = ToSet(RandomWords(rng, 60, 26, 8));
    WordSet image = base, list = base;
    // Remove from one side or add to the other, a few times each.
    const int edits = static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      WordSet& side = rng() % 2 ? image : list;
      if (rng() % 2 && !side.empty()) {
        auto it = side.begin();
        std::advance(it, static_cast<long>(rng() % side.size()));
        side.erase(it);
      } else {
        for (const Word& w : RandomWords(rng, 1, 26, 8)) side.insert(w);
      }
    }
    if (image.empty()) continue;  // nothing to build
    const GraphChoice& g = kGraphChoices[rng() % 3];
    INFO("round " << round << " " << g.name);
    const VerifyWordsReport r = Check(image, list, g, 0);
    CHECK(r.difference == ExpectedDifference(image, list));
    if (r.equal()) CHECK(r.gaddag_strings_checked == (g.gaddag ? Tiles(list) : 0));
  }
}

TEST_CASE("VerifyWords: an empty list against an image names the image's first word") {
  for (const GraphChoice& g : kGraphChoices) {
    INFO(g.name);
    const VerifyWordsReport r = Check(SmallWords(), WordSet{}, g, 0);
    CHECK(r.difference == "not in word list: " + Spell(*SmallWords().begin()));
  }
}

// Words AB and AC: the GADDAG front holds B -> (A accepts) and C -> (A
// accepts), one shared node that the DAWG does not use. Relabelling its arc A
// as D keeps every count Verify() checks (strings, rev(w) and c^y words,
// longest word, text bytes), so the image verifies, but the GADDAG now spells
// rev(AB) as BD: it differs from the DAWG, and only VerifyWords can tell.
TEST_CASE("VerifyWords: a GADDAG that differs from its DAWG is caught, though Verify() passes") {
  const WordSet words = ToSet({{1, 2}, {1, 3}});
  for (const GraphChoice& g : {kGraphChoices[1], kGraphChoices[2]}) {
    INFO(g.name);
    Image img = BuildOrFail(words, Alphabet::English(), Options(g));
    RawImage raw(&img);
    const std::uint64_t root = raw.Root("GADG");
    std::uint64_t shared = 0;
    for (std::uint64_t i = root;; ++i) {
      const RawImage::Arc a = raw.GetArc(i);
      if (a.tile == 2) shared = a.target;  // B
      if (a.last) break;
    }
    REQUIRE(shared != 0);
    RawImage::Arc arc = raw.GetArc(shared);
    REQUIRE(arc.tile == 1);
    REQUIRE(arc.accepts);
    REQUIRE(arc.last);
    arc.tile = 4;  // D
    raw.SetArc(shared, arc);
    raw.FixCrc();

    const Lexicon lex = OpenOrFail(img);
    REQUIRE(lex.Verify().ok());
    CHECK(AllWords(lex) == ToVector(words));  // the enumerated words still agree
    const VerifyWordsReport r = VerifyWords(lex, ToWordList(words));
    CHECK(r.difference == "missing from image: AB (GADDAG lacks BA)");
    CHECK(r.words_enumerated == 2);
  }
}

TEST_CASE("VerifyWords: ForEachString and Accepts see the GADDAG's strings") {
  const Image img = BuildOrFail(SmallWords(), Alphabet::English(), Options(kGraphChoices[2]));
  const Lexicon lex = OpenOrFail(img);
  REQUIRE(lex.Verify().ok());
  const WordSet model = GaddagModel(SmallWords());
  std::vector<Word> seen;
  ForEachString(lex.gaddag(), lex.meta().max_len + 1, [&](std::span<const Tile> s) {
    seen.emplace_back(s.begin(), s.end());
    return true;
  });
  CHECK(seen == ToVector(model));
  for (const Word& s : model) CHECK(lexc::Accepts(lex.gaddag(), s));
  for (const Word& s : {Word{2, 2}, Word{1, 0}, Word{0, 1}, Word{3, 2, 2}}) {
    REQUIRE(model.count(s) == 0);
    CHECK_FALSE(lexc::Accepts(lex.gaddag(), s));
  }
  std::size_t calls = 0;
  ForEachString(lex.dawg(), lex.meta().max_len, [&](std::span<const Tile>) { return ++calls < 3; });
  CHECK(calls == 3);  // stops when the callback says so
}
