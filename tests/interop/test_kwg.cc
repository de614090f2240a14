// lexc::interop KWG: images out as KWGs read back by an independent reader
// (interop_support.h), foreign KWGs (plain tries, files written by wolges) in
// as verified images, round trips both ways, multi-letter alphabets, the
// move generator on a converted image, and hostile files.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <random>

#include "gen_support.h"
#include "interop_support.h"
#include "lexc/image_writer.h"
#include "lexc/interop/kwg.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"

namespace lexc::interop::test {
namespace {

using lexc::test::BuildOrFail;
using lexc::test::GaddagModel;
using lexc::test::Image;
using lexc::test::OpenOrFail;
using lexc::test::ToSet;
using lexc::test::ToVector;

std::vector<std::uint32_t> KwgOf(const Lexicon& lex, bool gaddag) {
  KwgWriteOptions o;
  o.gaddag = gaddag;
  auto k = KwgFromLexicon(lex, o);
  INFO(k.status().ToString());
  REQUIRE(k.ok());
  return *k;
}

// BuildKwg's arcs, copied out (the build must succeed).
std::vector<std::uint32_t> BuildKwgOrFail(const WordSet& words, const Alphabet& a, const BuildOptions& bo,
                                          BuildReport* report) {
  auto built = BuildKwg(lexc::test::ToWordList(words), a, bo, report);
  INFO(built.status().ToString());
  REQUIRE(built.ok());
  return std::vector<std::uint32_t>(built->data(), built->data() + built->size());
}

Kwg ParseOrFail(const std::vector<std::uint32_t>& words, int letters, int max_len = 15) {
  KwgReadOptions o;
  o.letters = letters;
  o.max_len = max_len;
  auto k = Kwg::Parse(EncodeWords(words), o, "t.kwg");
  INFO(k.status().ToString());
  REQUIRE(k.ok());
  return std::move(k).value();
}

// The image of a parsed KWG, opened and verified.
Image ImageOf(const Kwg& kwg, const Alphabet& a, int max_len = 15) {
  auto bytes = LexiconFromKwg(kwg, a, max_len);
  INFO(bytes.status().ToString());
  REQUIRE(bytes.ok());
  Image img(*bytes);
  const Lexicon lex = OpenOrFail(img);
  const Status st = lex.Verify();
  INFO(st.ToString());
  REQUIRE(st.ok());
  return img;
}

Status ParseError(const std::vector<std::uint32_t>& words, int letters = 26, int max_len = 15) {
  KwgReadOptions o;
  o.letters = letters;
  o.max_len = max_len;
  return Kwg::Parse(EncodeWords(words), o, "t.kwg").status();
}

std::uint32_t Arc(Tile t, bool accepts, bool end, std::uint32_t index) {
  return std::uint32_t(t) << 24 | std::uint32_t(accepts) << 23 | std::uint32_t(end) << 22 | index;
}

TEST_CASE("an image out as a KWG: the independent reader finds exactly the words and GADDAG strings") {
  for (int letters : {3, 26}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      std::mt19937_64 rng(seed);
      const WordSet words = ToSet(lexc::test::RandomWords(rng, 150, letters, 7));
      const Alphabet a = lexc::test::LetterAlphabet(letters);
      for (bool gaddag : {false, true}) {
        INFO("letters " << letters << " seed " << seed << " gaddag " << gaddag);
        BuildOptions bo;
        bo.gaddag = gaddag;
        const Image img = BuildOrFail(words, a, bo);
        const Lexicon lex = OpenOrFail(img);
        const auto kwg = KwgOf(lex, gaddag);
        CHECK(kwg.size() == lex.arc_count() + (gaddag ? 1 : 0));  // as small as the image
        CHECK(KwgDawgWords(kwg) == ToVector(words));
        if (gaddag) CHECK(ToSet(KwgGaddagStrings(kwg)) == GaddagModel(words));
        // And back: the very image it came from, byte for byte.
        const Image back = ImageOf(ParseOrFail(kwg, letters), a);
        CHECK(std::ranges::equal(back.bytes(), img.bytes()));
      }
    }
  }
}

TEST_CASE("a KWG is byte-identical for the same words in any order") {
  std::mt19937_64 rng(7);
  auto list = lexc::test::RandomWords(rng, 300, 26, 8);
  const Alphabet a = Alphabet::English();
  std::vector<std::byte> first;
  for (int round = 0; round < 3; ++round) {
    std::shuffle(list.begin(), list.end(), rng);
    auto dup = list;
    dup.insert(dup.end(), list.begin(), list.begin() + 20);  // duplicates too
    auto img = BuildImage(WordList::FromUnsorted(dup), a, {}, nullptr);
    REQUIRE(img.ok());
    const Image image(*img);
    const auto bytes = KwgBytes(KwgOf(OpenOrFail(image), true));
    if (round == 0) first = bytes;
    CHECK(bytes == first);
  }
}

TEST_CASE("BuildKwg: the KWG of the image BuildImage makes, on any number of threads, without the image") {
  for (int letters : {3, 26}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      std::mt19937_64 rng(seed * 31 + std::uint64_t(letters));
      const WordSet words = ToSet(lexc::test::RandomWords(rng, 400, letters, 9));
      const Alphabet a = lexc::test::LetterAlphabet(letters);
      for (bool gaddag : {false, true}) {
        BuildOptions bo;
        bo.gaddag = gaddag;
        const auto expected = KwgOf(OpenOrFail(BuildOrFail(words, a, bo)), gaddag);
        for (int threads : {1, 2, 3}) {
          INFO("letters " << letters << " seed " << seed << " gaddag " << gaddag << " threads " << threads);
          bo.threads = threads;
          BuildReport report;
          const std::vector<std::uint32_t> kwg = BuildKwgOrFail(words, a, bo, &report);
          CHECK(kwg == expected);
          // The independent reader (interop_support.h) finds the words.
          CHECK(KwgDawgWords(kwg) == ToVector(words));
          if (gaddag) CHECK(ToSet(KwgGaddagStrings(kwg)) == GaddagModel(words));
          const Lexicon image = OpenOrFail(BuildOrFail(words, a, bo));
          CHECK(report.arc_slots == image.arc_count() + (gaddag ? 1 : 0));
          CHECK(report.image_bytes == 4 * kwg.size());
          CHECK(report.dawg.strings == words.size());
        }
      }
    }
  }
}

TEST_CASE(
    "BuildKwg over an alphabet of more than 63 tiles (8-byte image arcs): the independent reader finds the words") {
  std::mt19937_64 rng(5);
  const int letters = 70;
  const WordSet words = ToSet(lexc::test::RandomWords(rng, 300, letters, 6));
  const Alphabet a = lexc::test::LetterAlphabet(letters);
  for (bool gaddag : {false, true}) {
    INFO("gaddag " << gaddag);
    BuildOptions bo;
    bo.gaddag = gaddag;
    BuildReport report;
    const std::vector<std::uint32_t> kwg = BuildKwgOrFail(words, a, bo, &report);
    CHECK(KwgDawgWords(kwg) == ToVector(words));
    if (gaddag) CHECK(ToSet(KwgGaddagStrings(kwg)) == GaddagModel(words));
    CHECK(report.arc_slots == kwg.size());
    CHECK(kwg == KwgOf(OpenOrFail(BuildOrFail(words, a, bo)), gaddag));
  }
}

TEST_CASE("BuildArcWords: the image's arcs, shifted, decoded from the format's bit layout") {
  std::mt19937_64 rng(11);
  const WordSet words = ToSet(lexc::test::RandomWords(rng, 300, 26, 8));
  const Alphabet a = Alphabet::English();
  const Image img = BuildOrFail(words, a);
  const Lexicon lex = OpenOrFail(img);
  for (std::uint32_t shift : {0u, 1u, 5u}) {
    INFO("shift " << shift);
    auto built = BuildArcWords(lexc::test::ToWordList(words), a, BuildOptions{}, shift);
    REQUIRE(built.ok());
    REQUIRE(built->words.size() == lex.arc_count() + shift);
    CHECK(built->dawg.root == lex.dawg().root());
    CHECK(built->gaddag.root == lex.gaddag().root());
    for (std::uint32_t i = 0; i < shift; ++i) CHECK(built->words[i] == 0);
    lex.dawg().Dispatch([&](const auto& g) {
      for (std::uint64_t i = 1; i < lex.arc_count(); ++i) {
        // formats/lexicon-image.md, 4-byte arcs: accepts bit 31, last 30, tile 24..29, target 0..23.
        const std::uint32_t w = built->words[i + shift];
        const auto arc = g.arc(i);
        const Node target = g.target(arc);
        if ((w >> 31) != std::uint32_t(g.accepts(arc)) || ((w >> 30) & 1u) != std::uint32_t(g.last(arc)) ||
            ((w >> 24) & 0x3Fu) != g.tile(arc) || (w & 0xFFFFFFu) != (target == kNoNode ? 0 : target + shift)) {
          FAIL("arc " << i << " differs");
        }
      }
    });
  }
  BuildOptions compact;
  compact.compact = true;
  CHECK(BuildArcWords(lexc::test::ToWordList(words), a, compact, 0).status().code() == Errc::kInvalidArgument);
  BuildOptions indexed;
  indexed.word_index = true;
  CHECK(BuildArcWords(lexc::test::ToWordList(words), a, indexed, 0).status().code() == Errc::kInvalidArgument);
  // What shapes only an image is ignored for a KWG: the same arcs.
  BuildOptions wide;
  wide.arc_width = 8;
  wide.compact = true;
  wide.word_index = true;
  auto plain = BuildKwg(lexc::test::ToWordList(words), a, BuildOptions{});
  auto shaped = BuildKwg(lexc::test::ToWordList(words), a, wide);
  REQUIRE(plain.ok());
  REQUIRE(shaped.ok());
  CHECK(std::equal(plain->data(), plain->data() + plain->size(), shaped->data(), shaped->data() + shaped->size()));
  BuildOptions gaddag_only;
  gaddag_only.dawg = false;
  lexc::test::CheckError(BuildKwg(lexc::test::ToWordList(words), a, gaddag_only).status(), Errc::kInvalidArgument,
                         "always holds the DAWG");
}

TEST_CASE("a foreign KWG laid out as a plain trie converts to a verified image and back") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    std::mt19937_64 rng(seed);
    const WordSet words = ToSet(lexc::test::RandomWords(rng, 120, 6, 6));
    const WordSet gaddag = GaddagModel(words);
    const Alphabet a = lexc::test::LetterAlphabet(6);
    for (bool with_gaddag : {false, true}) {
      INFO("seed " << seed << " gaddag " << with_gaddag);
      const auto trie = TrieKwg(words, with_gaddag ? &gaddag : nullptr);
      REQUIRE(KwgDawgWords(trie) == ToVector(words));  // the test's own writer, checked by its own reader
      const Kwg kwg = ParseOrFail(trie, 6);
      CHECK(kwg.has_gaddag() == with_gaddag);
      CHECK(kwg.dawg().strings == words.size());
      const Image img = ImageOf(kwg, a);
      const Lexicon lex = OpenOrFail(img);
      CHECK(lexc::test::AllWords(lex) == ToVector(words));
      if (with_gaddag) CHECK(ToSet(lexc::test::AcceptedStrings(lex.gaddag(), 20)) == gaddag);
      // KWG -> lexc -> KWG keeps the language.
      const auto again = KwgOf(lex, with_gaddag);
      CHECK(KwgDawgWords(again) == ToVector(words));
      if (with_gaddag) CHECK(ToSet(KwgGaddagStrings(again)) == gaddag);
    }
  }
}

TEST_CASE("VisitWords gives the words of ForEachWord and the tiles each shares with the one before") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    std::mt19937_64 rng(seed);
    const WordSet words = ToSet(lexc::test::RandomWords(rng, 200, 4, 7));
    const Kwg kwg = ParseOrFail(TrieKwg(words, nullptr), 4);
    std::vector<std::vector<Tile>> listed;
    kwg.ForEachWord([&](std::span<const Tile> w) { listed.emplace_back(w.begin(), w.end()); });
    REQUIRE(listed == ToVector(words));
    std::size_t i = 0;
    const std::uint64_t n = kwg.VisitWords([&](std::span<const Tile> w, std::size_t kept) {
      REQUIRE(i < listed.size());
      CHECK(std::ranges::equal(w, listed[i]));
      // The model: the longest common prefix with the word before, by comparison.
      std::size_t common = 0;
      if (i > 0)
        while (common < w.size() && common < listed[i - 1].size() && w[common] == listed[i - 1][common]) ++common;
      CHECK(kept == common);
      ++i;
    });
    CHECK(n == listed.size());
    CHECK(i == listed.size());
  }
}

TEST_CASE("KWGs written by wolges convert to images holding the fixture's words") {
  const Alphabet a = Alphabet::English();
  auto list = ReadWordList(lexc::test::SourcePath("fixtures/english-small.txt"), a, {}, nullptr);
  REQUIRE(list.ok());
  for (const char* name :
       {"fixtures/interop/english-small.wolges.kwg", "fixtures/interop/english-small.wolges-dawg.kwg"}) {
    INFO(name);
    KwgReadOptions o;
    auto kwg = Kwg::Load(lexc::test::SourcePath(name), o);
    INFO(kwg.status().ToString());
    REQUIRE(kwg.ok());
    const Image img = ImageOf(*kwg, a);
    const Lexicon lex = OpenOrFail(img);
    const auto words = lexc::test::AllWords(lex);
    REQUIRE(words.size() == list->size());
    for (std::size_t i = 0; i < words.size(); ++i) CHECK(std::ranges::equal(words[i], (*list)[i]));
    CHECK(lex.has_gaddag() == (std::string(name).find("dawg") == std::string::npos));
  }
}

TEST_CASE("multi-letter alphabets: tiles numbered in the engines' order and round trips") {
  auto spanish = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/spanish.txt"));
  auto catalan = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/catalan.txt"));
  REQUIRE(spanish.ok());
  REQUIRE(catalan.ok());
  // formats/kwg.md, "Letters": wolges's src/alphabets (MAGPIE's and Macondo's agree).
  CHECK(spanish->tile(4).label == "CH");
  CHECK(spanish->tile(13).label == "LL");
  CHECK(spanish->tile(16).label == "Ñ");
  CHECK(spanish->tile(21).label == "RR");
  CHECK(spanish->size() == 28);
  CHECK(catalan->tile(4).label == "Ç");
  CHECK(catalan->tile(13).label == "L·L");
  CHECK(catalan->tile(16).label == "NY");
  CHECK(catalan->tile(19).label == "QU");
  CHECK(catalan->size() == 26);

  auto list = ReadWordList(lexc::test::SourcePath("fixtures/spanish-words.txt"), *spanish, {}, nullptr);
  REQUIRE(list.ok());
  WordSet words;
  for (std::size_t i = 0; i < list->size(); ++i) words.insert(Word((*list)[i].begin(), (*list)[i].end()));
  const Image img = BuildOrFail(words, *spanish);
  const auto kwg = KwgOf(OpenOrFail(img), true);
  CHECK(KwgDawgWords(kwg) == ToVector(words));
  const Image back = ImageOf(ParseOrFail(kwg, spanish->size()), *spanish);
  CHECK(std::ranges::equal(back.bytes(), img.bytes()));
  // A KWG tile past the alphabet is refused when converting.
  KwgReadOptions o;
  o.letters = 28;
  auto parsed = Kwg::Parse(EncodeWords(kwg), o, "es.kwg");
  REQUIRE(parsed.ok());
  lexc::test::CheckError(LexiconFromKwg(*parsed, Alphabet::English(), 15).status(), Errc::kInvalidArgument, "alphabet");
}

TEST_CASE("the move generator gives the same plays on an image converted from a KWG") {
  using namespace lexc::gen;
  using namespace lexc::gen::test;
  const WordSet words = EnglishFixture("fixtures/english-small.txt");
  const Alphabet a = Alphabet::English();
  TestLexicon from_list(words, a);
  const WordSet gaddag = GaddagModel(words);
  const Image img = ImageOf(ParseOrFail(TrieKwg(words, &gaddag), 26), a);  // no node shared
  const Lexicon converted = OpenOrFail(img);
  const Layout layout = SmallLayout(11, 11, 3);
  auto g1 = MoveGenerator::Create(from_list.lexicon(), layout);
  auto g2 = MoveGenerator::Create(converted, layout);
  REQUIRE(g1.ok());
  REQUIRE(g2.ok());
  std::mt19937_64 rng(11);
  std::uint64_t plays = 0;
  for (int position = 0; position < 6; ++position) {
    const Board board = RandomBoard(rng, 11, 11, 26, 0.15);
    REQUIRE(g1->SetBoard(board).ok());
    REQUIRE(g2->SetBoard(board).ok());
    for (int r = 0; r < 3; ++r) {
      const Rack rack = RandomRack(rng, 26, 7, 0.1);
      for (Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
        const auto want = Generated(*g1, rack, alg);
        const auto got = Generated(*g2, rack, alg);
        INFO(DiffPlays(want, got, a));
        CHECK(want == got);
        plays += want.size();
      }
    }
  }
  CHECK(plays > 0);
}

TEST_CASE("hostile KWGs are refused with the offset and the problem") {
  // A valid DAWG of {AB, AC}: 0 entry -> 1; 1: A -> 2; 2: B acc; 3: C acc end.
  const std::vector<std::uint32_t> good = {Arc(0, false, true, 1), Arc(1, false, true, 2), Arc(2, true, false, 0),
                                           Arc(3, true, true, 0)};
  REQUIRE(ParseError(good).ok());
  auto with = [&](std::size_t i, std::uint32_t w) {
    auto k = good;
    k[i] = w;
    return k;
  };
  struct Case {
    const char* name;
    std::vector<std::uint32_t> kwg;
    const char* detail;
  };
  const std::vector<Case> cases = {
      {"child index past the end", with(1, Arc(1, false, true, 9)), "arc 1 (offset 4): child index 9 past the 4 arcs"},
      {"root past the end", with(0, Arc(0, false, true, 77)), "root list index 77 past the 4 arcs"},
      {"list runs off the end", with(3, Arc(3, true, false, 0)), "arc 3 (offset 12): its sibling list runs past"},
      {"tiles not increasing", with(3, Arc(2, true, true, 0)), "arc 3 (offset 12): tile 2 after tile 2"},
      {"a cycle", with(2, Arc(2, true, false, 1)), "a cycle"},
      {"a dead end", with(2, Arc(2, false, false, 0)), "arc 2 (offset 8): leads nowhere and accepts nothing"},
      {"a separator in the DAWG", with(2, Arc(0, true, false, 0)), "tile 0 (the GADDAG separator) in a DAWG"},
      {"a tile past the alphabet", with(3, Arc(27, true, true, 0)), "tile 27 outside the alphabet's 1..26"},
      {"root entry accepts", with(0, Arc(0, true, true, 1)), "root entry 0 (offset 0)"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    lexc::test::CheckError(ParseError(c.kwg), Errc::kBadInput, c.detail);
  }
  // A path longer than max-len; a child pointing into the root entries.
  lexc::test::CheckError(ParseError(good, 26, 1), Errc::kBadInput, "over the limit of 1");
  const std::vector<std::uint32_t> g = {Arc(0, false, true, 2), Arc(0, false, true, 2), Arc(1, true, true, 1)};
  lexc::test::CheckError(ParseError(g), Errc::kBadInput, "points into the root entries");
  // Sizes.
  KwgReadOptions o;
  const std::byte three[3] = {};
  lexc::test::CheckError(Kwg::Parse(three, o, "t.kwg").status(), Errc::kBadInput, "not a multiple of 4");
  lexc::test::CheckError(Kwg::Parse({}, o, "t.kwg").status(), Errc::kBadInput, "empty");
  // The smallest KWGs are fine: wolges's empty lexicon (two entries) and a DAWG-only one.
  CHECK(ParseError({Arc(0, false, true, 0), Arc(0, false, true, 0)}).ok());
  CHECK(ParseError({Arc(0, false, true, 0)}).ok());
}

// From 65,536 arcs the DAWG and the GADDAG are checked on two threads (and
// the image's graphs verified on two): the errors and their order stay
// those of checking one graph after the other.
TEST_CASE("a large KWG checked on two threads: the DAWG's error first, then the GADDAG's") {
  std::mt19937_64 rng(11);
  const WordSet words = ToSet(lexc::test::RandomWords(rng, 12000, 26, 9));
  const Image img = BuildOrFail(words, Alphabet::English());
  const auto kwg = KwgOf(OpenOrFail(img), true);
  REQUIRE(kwg.size() >= (1u << 16));
  const Kwg parsed = ParseOrFail(kwg, 26);
  REQUIRE(parsed.has_gaddag());
  const Image back = ImageOf(parsed, Alphabet::English());  // verified on two threads
  CHECK(ToSet(lexc::test::AllWords(OpenOrFail(back))) == words);
  const std::uint32_t dawg_first = KwgArc::index(kwg[0]), gaddag_first = KwgArc::index(kwg[1]);
  auto bad_tile = [](std::uint32_t w) { return (w & 0x00ffffffu) | (27u << 24); };
  auto gaddag_bad = kwg;
  gaddag_bad[gaddag_first] = bad_tile(kwg[gaddag_first]);
  lexc::test::CheckError(ParseError(gaddag_bad), Errc::kBadInput,
                         "t.kwg: GADDAG: arc " + std::to_string(gaddag_first) + " (offset " +
                             std::to_string(gaddag_first * 4) + "): tile 27 outside the alphabet's 1..26");
  auto both_bad = gaddag_bad;
  both_bad[dawg_first] = bad_tile(kwg[dawg_first]);
  lexc::test::CheckError(ParseError(both_bad), Errc::kBadInput,
                         "t.kwg: arc " + std::to_string(dawg_first) + " (offset " + std::to_string(dawg_first * 4) +
                             "): tile 27 outside the alphabet's 1..26");
}

TEST_CASE("random corruption of a KWG never crashes and what passes verifies") {
  std::mt19937_64 rng(5);
  const WordSet words = ToSet(lexc::test::RandomWords(rng, 60, 5, 5));
  const Alphabet a = lexc::test::LetterAlphabet(5);
  const Image img = BuildOrFail(words, a);
  const auto kwg = KwgOf(OpenOrFail(img), true);
  int parsed = 0;
  for (int round = 0; round < 1500; ++round) {
    auto k = kwg;
    for (int flips = 1 + int(rng() % 3); flips > 0; --flips) k[rng() % k.size()] ^= 1u << (rng() % 32);
    KwgReadOptions o;
    o.letters = 5;
    auto p = Kwg::Parse(EncodeWords(k), o, "t.kwg");
    if (!p.ok()) {
      CHECK(p.status().code() == Errc::kBadInput);
      continue;
    }
    ++parsed;
    auto bytes = LexiconFromKwg(*p, a, 15);
    if (!bytes.ok()) continue;
    const Image out(*bytes);
    auto lex = Lexicon::FromBytes(out.bytes());
    if (lex.ok() && lex->Verify().ok()) CHECK(lexc::test::AllWords(*lex).size() == p->dawg().strings);
  }
  CHECK(parsed > 0);
}

TEST_CASE("a lexicon over the 22-bit arc index is refused with the count and the limit") {
  // A synthetic DAWG image of exactly N arcs: the word A, then empty lists.
  const auto image_of = [](std::size_t n) {
    std::vector<std::uint32_t> arcs(n, 0x40000000u);
    arcs[1] = 0x80000000u | 0x40000000u | (1u << 24);  // A, accepts, last
    return lexc::test::ImageOfArcs(arcs, GraphInfo{1, 1, 1, 1, 1});
  };
  KwgWriteOptions o;
  o.gaddag = false;
  const Image fits = image_of(kKwgMaxArcs);
  auto k = KwgFromLexicon(OpenOrFail(fits), o);
  REQUIRE(k.ok());
  CHECK(k->size() == kKwgMaxArcs);
  const Image over = image_of(kKwgMaxArcs + 1);
  lexc::test::CheckError(KwgFromLexicon(OpenOrFail(over), o).status(), Errc::kLimit, "4194305 arcs");
  lexc::test::CheckError(KwgFromLexicon(OpenOrFail(over), o).status(), Errc::kLimit, "4194304");
}

// Found by fuzz_kwg (regressions/fuzz_kwg/dawg-only-arc1-tile0-read-as-gaddag):
// an unused slot at arc 1 of a DAWG-only KWG became the image's sentinel, was
// written back as tile 0 at arc 1, and read again as a GADDAG root entry.
TEST_CASE("Regression: a DAWG-only KWG with an unused arc 1 stays DAWG-only through an image") {
  const std::vector<std::uint32_t> kwg = {Arc(0, false, true, 0), Arc(188, false, true, 0)};
  const Kwg parsed = ParseOrFail(kwg, 26);
  REQUIRE_FALSE(parsed.has_gaddag());
  const Image img = ImageOf(parsed, Alphabet::English());
  const auto again = KwgOf(OpenOrFail(img), false);
  CHECK_FALSE(ParseOrFail(again, 26).has_gaddag());
  CHECK(KwgDawgWords(again).empty());
}

TEST_CASE("arc 1 is a GADDAG entry only in an entry's shape; zero padding there is not") {
  // DAWG-only {A}: entry, zero padding at arc 1 (a block layout's gap), then A.
  const std::vector<std::uint32_t> padded = {Arc(0, false, true, 2), 0u, Arc(1, true, true, 0)};
  const Kwg k = ParseOrFail(padded, 26);
  CHECK_FALSE(k.has_gaddag());
  CHECK(k.dawg().strings == 1);
  const Image img = ImageOf(k, Alphabet::English());
  CHECK(lexc::test::AllWords(OpenOrFail(img)) == std::vector<Word>{{1}});
  // The same with an entry at arc 1 (an empty GADDAG) is read as having one.
  CHECK(ParseOrFail({Arc(0, false, true, 2), Arc(0, false, true, 0), Arc(1, true, true, 0)}, 26).has_gaddag());
}

}  // namespace
}  // namespace lexc::interop::test
