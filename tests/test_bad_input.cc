// Rows of the bad-input table (docs/bad-input.md) that no other suite backs,
// and regressions for what the fuzz targets (tests/fuzz/) found. The other
// rows point at test_corruption.cc, test_wordlist.cc, test_alphabet.cc,
// test_builder.cc, tests/cli/cli_test.sh and the fuzz replay tests.
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "lexc/wordlist.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

// `base` with the little-endian field at `offset` set, CRC fixed.
Image WithField(const Image& base, std::size_t offset, int width, std::uint64_t value) {
  Image img = base;
  RawImage raw(&img);
  raw.Set(offset, width, value);
  raw.FixCrc();
  return img;
}

}  // namespace

// Found by fuzz_image (tests/fuzz/regressions/fuzz_image/
// gaddag-only-word-count-not-verified): Verify compared a GADDAG only with
// META's tile total, so a GADDAG-only image whose META claimed another word
// count or longest word passed, and ForEachWord then listed fewer words than
// meta().word_count promised.
TEST_CASE("Regression: Verify checks a GADDAG's words and longest word against META", "[bad-input]") {
  const WordSet words = ToSet(EnglishFixture("fixtures/words-tiny.txt"));
  for (const GraphChoice& g : kGraphChoices) {
    if (!g.gaddag) continue;
    INFO(g.name);
    Image base = BuildOrFail(words, Alphabet::English(), Options(g));
    const RawImage raw(&base);
    const std::size_t meta = raw.Find("META").offset;
    const std::uint64_t count = raw.Get(meta, 8);
    const std::uint64_t longest = raw.Get(meta + 24, 4);
    REQUIRE(OpenOrFail(base).Verify().ok());
    for (std::uint64_t claimed : {count - 1, count + 1, count * 2}) {
      const Image img = WithField(base, meta, 8, claimed);
      CheckError(OpenOrFail(img).Verify(), Errc::kCorrupt,
                 g.dawg ? "DAWG: words: META says" : "GADDAG: words read as rev(w): META says");
    }
    for (std::uint64_t claimed : {longest - 1, longest + 1}) {
      const Image img = WithField(base, meta + 24, 4, claimed);
      CheckError(OpenOrFail(img).Verify(), Errc::kCorrupt, "longest word: META says");
    }
  }
}

// Found by fuzz_image (regressions/fuzz_image/substring-word-over-max-len):
// Substring extended a match one tile past max-len, and Prefix and Suffix
// reported a query longer than max-len when the (unverified) graph held it.
// Queries promise words of at most max-len tiles whether or not the image
// was verified.
TEST_CASE("Regression: no query reports a word longer than max-len, verified or not", "[bad-input]") {
  const WordSet words = ToSet({{1, 2, 3}, {2}});  // ABC, B
  for (const GraphChoice& g : kGraphChoices) {
    INFO(g.name);
    Image base = BuildOrFail(words, Alphabet::English(), Options(g, 0, 3));
    const RawImage raw(&base);
    const std::size_t meta = raw.Find("META").offset;
    // Claim max-len 2 (and longest word 2, so that Open accepts it).
    const Image shrunk = WithField(WithField(base, meta + 32, 4, 2), meta + 24, 4, 2);
    const Lexicon lex = OpenOrFail(shrunk);
    CHECK_FALSE(lex.Verify().ok());
    const Word abc = {1, 2, 3};
    std::vector<Word> found;
    for (const Word& q : {Word{3}, Word{2}, Word{1}, Word{2, 3}, abc}) {
      for (const auto& w : Collect([&](const WordCallback& cb) { return Substring(lex, q, cb); })) found.push_back(w);
      for (const auto& w : Collect([&](const WordCallback& cb) { return Suffix(lex, q, cb); })) found.push_back(w);
      for (const auto& w : Collect([&](const WordCallback& cb) { return Prefix(lex, q, cb); })) found.push_back(w);
    }
    for (const auto& w : AllWords(lex)) found.push_back(w);
    for (const Word& w : found) CHECK(w.size() <= 2);
    CHECK_FALSE(Contains(lex, abc));
    // B is still found: the guards cut length, not answers.
    CHECK(Collect([&](const WordCallback& cb) { return Substring(lex, Word{2}, cb); }) == std::vector<Word>{{2}});
  }
}

// Found by review: on an image that was only opened, Suffix and Substring
// collected every match before sorting, however many cycles made: memory
// grew with the (exponential) number of paths. They now stop at META's word
// count and tile total, which a genuine image never exceeds.
TEST_CASE("Regression: on an unverified cyclic GADDAG, Suffix and Substring collect at most META's counts",
          "[bad-input]") {
  const WordSet words = ToSet({{1, 2}, {2, 1}, {1, 2, 3}, {3, 1}, {2}, {3, 2, 1, 2}});
  for (const GraphChoice& g : kGraphChoices) {
    if (!g.gaddag) continue;
    INFO(g.name);
    Image img = BuildOrFail(words, Alphabet::English(), Options(g));
    RawImage(&img).LoopLettersToRoot("GADG");
    const Lexicon lex = OpenOrFail(img);
    CHECK_FALSE(lex.Verify().ok());
    std::uint64_t seen = 0;
    const WordCallback all = [&](const WordMatch&) { return ++seen, true; };
    CHECK(Suffix(lex, Word{1}, all) <= lex.meta().word_count + 1);
    CHECK(Substring(lex, Word{1}, all) <= lex.meta().tile_total + 1);
    CHECK(seen <= lex.meta().word_count + lex.meta().tile_total + 2);
  }
}

TEST_CASE("Bad input: an empty file is not an image", "[bad-input]") {
  TempDir dir;
  const std::string path = dir.File("empty.lex");
  std::ofstream(path).close();
  CheckError(MappedLexicon::Open(path).status(), Errc::kBadMagic, path + ": empty file, not a lexc image");
}

TEST_CASE("Bad input: a huge line is one brief error", "[bad-input]") {
  const Alphabet en = Alphabet::English();
  const std::string letters(1 << 20, 'Q');
  auto long_word = ParseWordList("QI\n" + letters + "\nZA\n", "huge.txt", en, {}, nullptr);
  CheckError(long_word.status(), Errc::kBadInput, "huge.txt:2: word has 1048576 tiles, over max-len 15: \"QQQQ");
  CHECK(long_word.status().detail().size() < 200);
  // Skipped and counted with skip_invalid; the other words stay.
  ReadReport rep;
  auto skipped = ParseWordList("QI\n" + letters + "\nZA\n", "huge.txt", en, {.skip_invalid = true}, &rep);
  REQUIRE(skipped.ok());
  CHECK(skipped->size() == 2);
  CHECK(rep.skipped_long == 1);
  // A megabyte without a line end, not a word at all.
  std::string junk(1 << 20, '\x01');
  auto garbage = ParseWordList(junk, "junk.bin", en, {}, nullptr);
  CheckError(garbage.status(), Errc::kBadInput, "junk.bin:1: character \"\\u{1}\" (U+0001) at byte 1");
  CHECK(garbage.status().detail().size() < 200);
}

// Found by review: the 4 GiB limit was checked only for regular files, so
// `lexc build /dev/zero` (or an endless pipe) grew its buffer without end;
// then (issue 18) it read 4 GiB before reporting the NUL its first line
// holds. Parsing while reading, it now stops at once.
TEST_CASE("Regression: a word list from a device fails at its first bad byte", "[bad-input]") {
  auto r = ReadWordList("/dev/zero", Alphabet::English(), {}, nullptr);
  CheckError(r.status(), Errc::kBadInput, "/dev/zero:1: NUL byte at byte 1 (UTF-16 or binary input?)");
}

// Found by fuzz_wordlist (its memory use): a zstd frame header's content
// size was trusted up to 1 GiB, so 15 bytes claiming a gigabyte made the
// reader allocate and zero one before finding out the frame is tiny. The
// guess is now also capped at 64 times the compressed size.
TEST_CASE("Regression: a zstd header's claimed size does not drive allocation", "[bad-input]") {
  auto peak_mib = [] {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;  // KiB on Linux
  };
  // Frame: magic, descriptor (single segment, 4-byte content size), content
  // size 1 GiB, one raw last block of 3 bytes "QI\n".
  const std::string frame("\x28\xB5\x2F\xFD\xA0\x00\x00\x00\x40\x19\x00\x00QI\n", 15);
  const long before = peak_mib();
  auto r = ParseWordList(frame, "liar.zst", Alphabet::English(), {}, nullptr);
  CheckError(r.status(), Errc::kBadInput, "liar.zst: corrupt zstd data");
  CHECK(peak_mib() - before < 256);
}
