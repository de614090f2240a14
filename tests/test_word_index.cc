// WordIndex and the WIDX section (format 1.1): word numbers against a sorted
// model (a word's number is its rank in the std::set), the inverse, non-words;
// the section read in place and the counts computed without it agree; the
// GADDAG-only image's counts (its suffix halves), a cycle there refused
// whatever META claims; Open and Verify on damaged sections, and reads on
// images that were only opened staying in bounds (run under ASan too).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/format.h"
#include "lexc/lexicon.h"
#include "lexc/word_index.h"
#include "lexc/wordlist.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

BuildOptions IndexOptions(const GraphChoice& g, int width, bool word_index, int max_len = 15) {
  BuildOptions o = Options(g, width, max_len);
  o.word_index = word_index;
  return o;
}

WordIndex IndexOrFail(const Lexicon& lex) {
  auto index = WordIndex::Of(lex);
  INFO(index.status().ToString());
  REQUIRE(index.ok());
  return std::move(index).value();
}

// Every model word numbered by its rank, Word(rank) gives it back, and
// `probes` not in the model have no number.
void CheckAgainstModel(const WordIndex& index, const WordSet& words, const std::vector<Word>& probes) {
  const std::vector<Word> sorted = ToVector(words);
  REQUIRE(index.size() == sorted.size());
  std::size_t wrong_number = 0, wrong_word = 0;
  std::vector<Tile> back;
  for (std::size_t rank = 0; rank < sorted.size(); ++rank) {
    const auto n = index.Number(sorted[rank]);
    wrong_number += !(n && *n == rank);
    const Status s = index.Word(rank, &back);
    wrong_word += !(s.ok() && back == sorted[rank]);
  }
  CHECK(wrong_number == 0);
  CHECK(wrong_word == 0);
  std::size_t false_hits = 0;
  for (const Word& p : probes)
    if (!words.count(p)) false_hits += index.Number(p).has_value();
  CHECK(false_hits == 0);
  CHECK_FALSE(index.Number({}).has_value());
  CheckError(index.Word(sorted.size(), &back), Errc::kInvalidArgument, "has " + std::to_string(sorted.size()));
  CheckError(index.Word(~std::uint64_t{0}, &back), Errc::kInvalidArgument);
}

// Every prefix of every word, one tile past each word, and random strings.
std::vector<Word> Probes(const WordSet& words, int letters, std::mt19937_64& rng) {
  std::vector<Word> probes = RandomWords(rng, 200, letters, 17);
  for (const Word& w : words) {
    for (std::size_t k = 1; k < w.size(); ++k) probes.emplace_back(w.begin(), w.begin() + k);
    Word longer = w;
    longer.push_back(static_cast<Tile>(1 + rng() % letters));
    probes.push_back(longer);
  }
  return probes;
}

// Each graph choice and width, with and without WIDX (WIDX needs the DAWG).
void CheckEverywhere(const WordSet& words, const Alphabet& a, int max_len = 15) {
  std::mt19937_64 rng(words.size() * 7919 + a.size());
  const std::vector<Word> probes = Probes(words, a.size(), rng);
  for (const GraphChoice& g : kGraphChoices) {
    for (int width : {4, 8}) {
      for (bool widx : {false, true}) {
        if (widx && !g.dawg) continue;
        INFO(g.name << ", width " << width << (widx ? ", WIDX" : ""));
        const Image img = BuildOrFail(words, a, IndexOptions(g, width, widx, max_len));
        const Lexicon lex = OpenOrFail(img);
        REQUIRE(lex.Verify().ok());
        CHECK(lex.has_word_index() == widx);
        CHECK(lex.minor_version() == (widx ? 1 : 0));
        const WordIndex index = IndexOrFail(lex);
        CHECK(index.from_image() == widx);
        CheckAgainstModel(index, words, probes);
        const WordIndex copy = index;  // copies share the counts
        if (!words.empty()) CHECK(copy.Number(*words.rbegin()) == std::optional<std::uint64_t>(words.size() - 1));
      }
    }
  }
}

// The section's size from the spec's formula, with the node count taken
// from an independent walk of the DAWG.
std::uint64_t SpecSectionSize(const Lexicon& lex) {
  const Node root = lex.dawg().root();
  const std::uint64_t nodes = root ? ReachableNodes(lex.dawg(), std::span<const Node>(&root, 1)).size() : 0;
  const std::uint64_t words64 = (lex.arc_count() + 63) / 64;
  return 32 + 8 * words64 + 4 * ((words64 + 7) / 8) + 4 * nodes;
}

const WordSet& MicroWords() {
  static const WordSet w =
      ToSet({{1}, {1, 2}, {2, 1}, {1, 2, 3}, {3, 1, 2}, {2, 3, 1}, {3, 3}, {1, 3, 3, 1}, {2, 2, 2, 2, 2}});
  return w;
}

Image Patched(const Image& base, const std::function<void(RawImage&)>& edit, bool fix_crc = true) {
  Image img = base;
  RawImage raw(&img);
  edit(raw);
  if (fix_crc) raw.FixCrc();
  return img;
}

// On an image that opened, whatever its bytes: the index is built or
// refused with a value, and every read ends (ASan checks the bounds).
void ExerciseOpened(const Lexicon& lex, const WordSet& words) {
  auto index = WordIndex::Of(lex);
  if (!index.ok()) return;
  std::vector<Tile> out;
  for (const Word& w : words) (void)index->Number(w);
  for (std::uint64_t n = 0; n < std::min<std::uint64_t>(index->size(), 64); ++n) {
    const Status s = index->Word(n, &out);
    if (s.ok()) CHECK(out.size() <= lex.meta().max_len);
  }
  (void)index->Word(index->size(), &out);
}

}  // namespace

TEST_CASE("Word numbers equal ranks in the sorted model: random lists over small alphabets") {
  std::mt19937_64 rng(20261124);
  for (int letters : {1, 2, 3, 5, 26}) {
    for (int size : {1, 7, 60, 400}) {
      INFO(letters << " letters, " << size << " words");
      CheckEverywhere(ToSet(RandomWords(rng, size, letters, 9)), LetterAlphabet(letters));
    }
  }
}

TEST_CASE("Word numbers: the empty list, single letters, prefixes of each other, shared tails") {
  CheckEverywhere(WordSet{}, LetterAlphabet(3));
  CheckEverywhere(ToSet({{1}, {2}, {3}}), LetterAlphabet(3));
  CheckEverywhere(ToSet({{2}}), LetterAlphabet(3));
  CheckEverywhere(ToSet({{1}, {1, 1}, {1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}), LetterAlphabet(2), 6);
  // Words sharing every suffix (the DAWG shares tails, lists share slots).
  WordSet tails;
  for (Tile a = 1; a <= 4; ++a)
    for (Tile b = 1; b <= 4; ++b) tails.insert({a, b, 3, 4, 1});
  CheckEverywhere(tails, LetterAlphabet(4));
  CheckEverywhere(MicroWords(), LetterAlphabet(3), 6);
  // Words at max-len.
  CheckEverywhere(ToSet({{1, 2, 3, 1}, {1, 2, 3, 2}, {3, 3, 3, 3}}), LetterAlphabet(3), 4);
}

TEST_CASE("Word numbers: the fixture lists") {
  for (const char* f : {"fixtures/words-tiny.txt", "fixtures/english-small.txt"}) {
    INFO(f);
    CheckEverywhere(ToSet(EnglishFixture(f)), Alphabet::English());
  }
}

TEST_CASE("WIDX: the section read in place and the counts computed without it agree") {
  std::mt19937_64 rng(7);
  const WordSet words = ToSet(RandomWords(rng, 500, 4, 10));
  const Image with = BuildOrFail(words, LetterAlphabet(4), IndexOptions({"both", true, true}, 0, true));
  const Image without = BuildOrFail(words, LetterAlphabet(4), IndexOptions({"both", true, true}, 0, false));
  const Lexicon a = OpenOrFail(with), b = OpenOrFail(without);
  const WordIndex ia = IndexOrFail(a), ib = IndexOrFail(b);
  REQUIRE(ia.from_image());
  REQUIRE_FALSE(ib.from_image());
  REQUIRE(ia.size() == ib.size());
  std::vector<Tile> wa, wb;
  std::size_t differ = 0;
  for (std::uint64_t n = 0; n < ia.size(); ++n) {
    REQUIRE(ia.Word(n, &wa).ok());
    REQUIRE(ib.Word(n, &wb).ok());
    differ += wa != wb || ib.Number(wa) != std::optional<std::uint64_t>(n);
  }
  CHECK(differ == 0);
  // Only the WIDX section and the frame differ: the image without it is a
  // prefix-compatible 1.0 image.
  CHECK(with.size() == without.size() + 24 + ((SpecSectionSize(a) + 7) / 8 * 8));
}

TEST_CASE("WIDX: the section's size follows the spec; images are byte-identical for the same words") {
  std::mt19937_64 rng(11);
  const WordSet words = ToSet(RandomWords(rng, 300, 26, 12));
  for (const GraphChoice& g : {GraphChoice{"dawg", true, false}, GraphChoice{"dawg+gaddag", true, true}}) {
    for (int width : {4, 8}) {
      INFO(g.name << ", width " << width);
      BuildReport report;
      auto built = BuildImage(ToWordList(words), LetterAlphabet(26), IndexOptions(g, width, true), &report);
      REQUIRE(built.ok());
      const Image img(*built), again = BuildOrFail(words, LetterAlphabet(26), IndexOptions(g, width, true));
      CHECK(std::equal(img.bytes().begin(), img.bytes().end(), again.bytes().begin(), again.bytes().end()));
      const Lexicon lex = OpenOrFail(img);
      Image copy = img;
      RawImage raw(&copy);
      CHECK(raw.Find("WIDX").size == SpecSectionSize(lex));
      CHECK(report.word_index_bytes == SpecSectionSize(lex));
      CHECK(raw.Get(10, 2) == 1);  // minor
      // Head: the arc count and node count.
      const auto sec = raw.Find("WIDX");
      CHECK(raw.Get(sec.offset, 8) == lex.arc_count());
      CHECK(raw.Get(sec.offset + 8, 8) == lex.dawg_info().nodes);
    }
  }
}

TEST_CASE("WIDX: the builder refuses a word index without the DAWG") {
  auto built = BuildImage(ToWordList(MicroWords()), LetterAlphabet(3), IndexOptions({"g", false, true}, 0, true));
  CheckError(built.status(), Errc::kInvalidArgument, "DAWG");
}

TEST_CASE("WIDX: a GADDAG-only image numbers its words from its suffix halves") {
  const WordSet words = ToSet(EnglishFixture("fixtures/english-small.txt"));
  std::mt19937_64 rng(3);
  const std::vector<Word> probes = Probes(words, 26, rng);
  for (int width : {4, 8, 0}) {
    INFO("width " << width);
    BuildOptions o = Options({"gaddag", false, true}, width);
    o.compact = width == 0;
    const Image img = BuildOrFail(words, Alphabet::English(), o);
    const WordIndex index = IndexOrFail(OpenOrFail(img));
    CHECK_FALSE(index.from_image());
    CheckAgainstModel(index, words, probes);
  }
}

// Found by a black-box audit: a GADDAG-only image's index listed every word
// into memory, stopping only past META's word count, so a 25 KB image with
// a cycle after a separator and META claiming 2,000,000 words of up to 255
// tiles took 1.2 GB before it failed (6 GB for 2^32 - 1 words). The index
// now counts the suffix halves' words as a DAWG's are counted: O(arcs),
// the cycle named, META's claims unread.
TEST_CASE("WIDX: a cycle after a GADDAG's separator is refused, whatever META claims", "[bad-input]") {
  const WordSet words = ToSet(EnglishFixture("fixtures/english-small.txt"));
  for (const GraphChoice& g : kGraphChoices) {
    if (!g.gaddag) continue;
    const Image base = BuildOrFail(words, Alphabet::English(), Options(g));
    for (std::uint64_t claimed :
         {std::uint64_t(words.size()), std::uint64_t(2000000), std::uint64_t(0xFFFFFFFF), ~std::uint64_t(0)}) {
      INFO(g.name << ", META claims " << claimed << " words of up to 255 tiles");
      std::uint64_t half = 0;
      const Image img = Patched(base, [&](RawImage& r) {
        half = r.LoopSuffixHalfToItself();
        const std::size_t meta = r.Find("META").offset;
        r.Set(meta, 8, claimed);                     // word_count
        r.Set(meta + 8, 8, std::uint64_t(1) << 44);  // tile_total
        r.Set(meta + 32, 4, 255);                    // max_len
      });
      const Lexicon lex = OpenOrFail(img);
      CHECK(lex.Verify().code() == Errc::kCorrupt);
      // Both graphs: the suffix halves are the DAWG's nodes, numbered from it.
      std::string expected = g.dawg ? "section DAWG" : "section GADG";
      expected += ": a cycle passes through the node at arc ";
      expected += std::to_string(half);
      CheckError(WordIndex::Of(lex).status(), Errc::kCorrupt, expected);
    }
  }
}

TEST_CASE("WIDX: damaged sections are refused by Open or Verify, and reads stay in bounds") {
  const GraphChoice both{"dawg+gaddag", true, true};
  for (int width : {4, 8}) {
    INFO("width " << width);
    const Image base = BuildOrFail(MicroWords(), LetterAlphabet(3), IndexOptions(both, width, true, 6));
    RawImage base_raw(const_cast<Image*>(&base));
    const auto sec = base_raw.Find("WIDX");
    std::size_t refused_at_open = 0, refused_at_verify = 0;
    for (std::uint64_t at = sec.offset; at < sec.offset + sec.size; ++at) {
      for (int bit = 0; bit < 8; ++bit) {
        const Image img = Patched(base, [&](RawImage& r) { r.Set(at, 1, r.Get(at, 1) ^ (1u << bit)); });
        auto lex = Lexicon::FromBytes(img.bytes());
        if (!lex.ok()) {
          INFO("byte " << at - sec.offset << " bit " << bit << ": " << lex.status().ToString());
          CHECK(lex.status().code() == Errc::kCorrupt);
          CHECK(lex.status().detail().find("WIDX") != std::string::npos);
          ++refused_at_open;
          continue;
        }
        ExerciseOpened(*lex, MicroWords());
        const Status v = lex->Verify();
        INFO("byte " << at - sec.offset << " bit " << bit << ": " << v.ToString());
        CHECK(v.code() == Errc::kCorrupt);
        CHECK(v.detail().find("WIDX") != std::string::npos);
        ++refused_at_verify;
      }
    }
    CHECK(refused_at_open + refused_at_verify == sec.size * 8);
    CHECK(refused_at_open > 0);    // the head
    CHECK(refused_at_verify > 0);  // bitmap, ranks, counts
    // The CRC alone.
    const Image crc_only = Patched(
        base, [&](RawImage& r) { r.Set(sec.offset + sec.size - 1, 1, 0xEE); }, false);
    CHECK(Lexicon::FromBytes(crc_only.bytes()).ok());
    CheckError(OpenOrFail(crc_only).Verify(), Errc::kChecksum);
  }
}

TEST_CASE("WIDX: random damage to the counts, bitmap and ranks of a larger image") {
  std::mt19937_64 rng(99);
  const WordSet words = ToSet(RandomWords(rng, 400, 5, 10));
  const Image base = BuildOrFail(words, LetterAlphabet(5), IndexOptions({"dawg", true, false}, 4, true));
  Image probe = base;
  const auto sec = RawImage(&probe).Find("WIDX");
  for (int trial = 0; trial < 300; ++trial) {
    const std::uint64_t at = sec.offset + 32 + rng() % (sec.size - 32);
    const Image img = Patched(base, [&](RawImage& r) { r.Set(at, 1, r.Get(at, 1) ^ (1 + rng() % 255)); });
    const Lexicon lex = OpenOrFail(img);  // past the head, Open cannot tell
    ExerciseOpened(lex, words);
    CheckError(lex.Verify(), Errc::kCorrupt, "section WIDX: byte ");
  }
}

TEST_CASE("WIDX: frame errors (no DAWG, wrong size, wrong head, minor 0)") {
  const GraphChoice both{"dawg+gaddag", true, true};
  const Image base = BuildOrFail(MicroWords(), LetterAlphabet(3), IndexOptions(both, 4, true, 6));
  auto entry_of = [](RawImage& r, const char* tag) { return r.Find(tag).entry; };
  // Rename the DAWG section: a WIDX with no DAWG.
  CheckError(Lexicon::FromBytes(
                 Patched(base, [&](RawImage& r) { r.Set(entry_of(r, "DAWG"), 4, format::Tag("DAWX")); }).bytes())
                 .status(),
             Errc::kCorrupt, "no DAWG section");
  // A section 8 bytes shorter or longer than its head says.
  CheckError(Lexicon::FromBytes(Patched(base,
                                        [&](RawImage& r) {
                                          const std::size_t e = entry_of(r, "WIDX");
                                          r.Set(e + 16, 8, r.Get(e + 16, 8) - 4);
                                        })
                                    .bytes())
                 .status(),
             Errc::kCorrupt, "section WIDX: size");
  CheckError(Lexicon::FromBytes(Patched(base,
                                        [&](RawImage& r) {
                                          const auto s = r.Find("WIDX");
                                          r.Set(s.offset + 8, 8, r.Get(s.offset + 8, 8) + 1);
                                        })
                                    .bytes())
                 .status(),
             Errc::kCorrupt, "section WIDX: size");
  CheckError(Lexicon::FromBytes(Patched(base,
                                        [&](RawImage& r) {
                                          const auto s = r.Find("WIDX");
                                          r.Set(s.offset, 8, r.Get(s.offset, 8) + 64);
                                        })
                                    .bytes())
                 .status(),
             Errc::kCorrupt, "arc count");
  CheckError(Lexicon::FromBytes(Patched(base,
                                        [&](RawImage& r) {
                                          const auto s = r.Find("WIDX");
                                          r.Set(s.offset + 20, 1, 1);
                                        })
                                    .bytes())
                 .status(),
             Errc::kCorrupt, "reserved");
  // Minor 0 announces no WIDX: opens (1.x readers accept any minor), Verify refuses.
  const Image minor0 = Patched(base, [&](RawImage& r) { r.Set(10, 2, 0); });
  CheckError(OpenOrFail(minor0).Verify(), Errc::kCorrupt, "minor version 0");
  // A later minor opens and verifies.
  const Image minor2 = Patched(base, [&](RawImage& r) { r.Set(10, 2, 2); });
  CHECK(OpenOrFail(minor2).Verify().ok());
}

TEST_CASE("WIDX: a cyclic DAWG: computing refuses it, reading the section stays bounded") {
  for (bool widx : {false, true}) {
    INFO(widx);
    const Image base = BuildOrFail(MicroWords(), LetterAlphabet(3), IndexOptions({"dawg", true, false}, 4, widx, 6));
    const Image img = Patched(base, [](RawImage& r) { r.LoopLettersToRoot("DAWG"); });
    const Lexicon lex = OpenOrFail(img);
    auto index = WordIndex::Of(lex);
    if (!widx) {
      CheckError(index.status(), Errc::kCorrupt, "cycle");
      continue;
    }
    REQUIRE(index.ok());
    ExerciseOpened(lex, MicroWords());
    std::vector<Tile> out;
    for (std::uint64_t n = 0; n < index->size(); ++n) {
      const Status s = index->Word(n, &out);
      if (s.ok()) CHECK(out.size() <= 6);
    }
    CheckError(lex.Verify(), Errc::kCorrupt);
  }
}

TEST_CASE("WIDX: SOWPODS, every word round-trips (skipped without the list)") {
  const auto path = SowpodsPath();
  if (!path) {
    WARN("SOWPODS not found: skipped");
    return;
  }
  auto list = ReadWordList(*path, Alphabet::English(), {}, nullptr);
  REQUIRE(list.ok());
  BuildOptions o;
  o.word_index = true;
  auto built = BuildImage(*list, Alphabet::English(), o);
  REQUIRE(built.ok());
  const Image img(*built);
  const Lexicon lex = OpenOrFail(img);
  REQUIRE(lex.Verify().ok());
  const WordIndex index = IndexOrFail(lex);
  REQUIRE(index.from_image());
  REQUIRE(index.size() == 267751);
  REQUIRE(index.size() == list->size());
  // The model: the list's words sorted independently.
  std::vector<Word> model;
  for (std::size_t i = 0; i < list->size(); ++i) model.emplace_back((*list)[i].begin(), (*list)[i].end());
  std::sort(model.begin(), model.end(), WordLess());
  std::vector<Tile> back;
  std::size_t wrong = 0;
  for (std::size_t rank = 0; rank < model.size(); ++rank) {
    wrong += index.Number(model[rank]) != std::optional<std::uint64_t>(rank);
    wrong += !index.Word(rank, &back).ok() || back != model[rank];
  }
  CHECK(wrong == 0);
  // The computed indexes agree: the DAWG-only image's (without the
  // section) and the GADDAG-only image's (from its suffix halves).
  for (const GraphChoice& g : {GraphChoice{"dawg", true, false}, GraphChoice{"gaddag", false, true}}) {
    INFO(g.name);
    auto built_one = BuildImage(*list, Alphabet::English(), Options(g));
    REQUIRE(built_one.ok());
    const Image one(*built_one);
    const WordIndex computed = IndexOrFail(OpenOrFail(one));
    REQUIRE_FALSE(computed.from_image());
    REQUIRE(computed.size() == model.size());
    std::size_t differ = 0;
    for (std::size_t rank = 0; rank < model.size(); rank += 97) {
      differ += computed.Number(model[rank]) != std::optional<std::uint64_t>(rank);
      differ += !computed.Word(rank, &back).ok() || back != model[rank];
    }
    CHECK(differ == 0);
  }
}
