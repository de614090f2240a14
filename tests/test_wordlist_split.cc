// Word lists read in runs on threads (ReadOptions::threads): a plain file of
// under a MiB read in runs of 256 KiB on 2 and 3 threads gives the list, the report and the
// errors of the one-thread read (itself checked against a line model in
// test_wordlist_stream.cc), and the words of an independent std::set; the
// split really happens (ReadReport::runs) where it should, and not where it
// must not (zstd, a cut with no line end near it, an error, the word limit).
#include <zstd.h>

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"
#include "test_support.h"

namespace {

using lexc::Alphabet;
using lexc::ReadOptions;
using lexc::ReadReport;
using lexc::Tile;
using lexc::WordList;
using lexc::test::TempDir;
using lexc::test::Word;
using lexc::test::WordSet;

void WriteText(const std::string& path, const std::string& text) {
  REQUIRE(lexc::WriteFileAtomic(path, std::as_bytes(std::span(text))).ok());
}

std::string Spelled(const Alphabet& a, const Word& w, bool lower) {
  std::string s;
  for (Tile t : w) a.AppendLabel(t, lower, &s);
  return s;
}

struct Read {
  lexc::Result<WordList> list;
  ReadReport report;
};

Read ReadWith(const std::string& path, const Alphabet& a, ReadOptions o, int threads) {
  o.threads = threads;
  o.min_run_bytes = 256 << 10;  // runs of 256 KiB: lists under a MiB are split
  ReadReport rep;
  auto list = lexc::ReadWordList(path, a, o, &rep);
  return {std::move(list), rep};
}

void RequireSameList(const WordList& x, const WordList& y) {
  REQUIRE(x.size() == y.size());
  REQUIRE(x.total_tiles() == y.total_tiles());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const auto a = x[i], b = y[i];
    differ += !std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  REQUIRE(differ == 0);
}

// The threaded read equals the one-thread read in everything but `runs`.
void RequireSameRead(const Read& one, const Read& many) {
  REQUIRE(one.list.ok() == many.list.ok());
  if (!one.list.ok()) {
    CHECK(one.list.status().code() == many.list.status().code());
    CHECK(one.list.status().detail() == many.list.status().detail());
    CHECK(one.report.word_limit == many.report.word_limit);
    CHECK(one.report.not_in_alphabet == many.report.not_in_alphabet);
    return;
  }
  RequireSameList(*one.list, *many.list);
  CHECK(one.report.lines == many.report.lines);
  CHECK(one.report.words == many.report.words);
  CHECK(one.report.duplicates == many.report.duplicates);
  CHECK(one.report.skipped_invalid == many.report.skipped_invalid);
  CHECK(one.report.skipped_long == many.report.skipped_long);
  CHECK(one.report.input_bytes == many.report.input_bytes);
  CHECK(one.report.compressed == many.report.compressed);
  CHECK(one.report.not_in_alphabet == many.report.not_in_alphabet);
  CHECK(one.report.examples == many.report.examples);
  CHECK(one.report.runs == 1);
}

// About `bytes` of text: random words (some repeated, some lower case), in
// sorted order or not, with CRLF, blank and comment lines, and (if `bad`)
// lines with a character outside the alphabet or too many tiles. *kept gets
// the words a reader must keep: each word line tokenized on its own by the
// alphabet (max-len 12).
std::string BigList(const Alphabet& a, std::mt19937_64& rng, std::size_t bytes, bool sorted, bool bad, WordSet* kept) {
  std::vector<Word> words;
  std::size_t total = 0;
  while (total < bytes) {
    for (auto& w : lexc::test::RandomWords(rng, 1000, a.size(), 12)) {
      total += w.size() + 2;
      words.push_back(std::move(w));
    }
  }
  if (sorted) std::sort(words.begin(), words.end());
  const auto keep = [&](const std::string& label) {
    std::vector<Tile> tiles;
    std::size_t bad_at = 0;
    if (a.Tokenize(label, &tiles, &bad_at) && !tiles.empty() && tiles.size() <= 12) kept->insert(tiles);
  };
  std::string text = rng() % 2 ? "\xEF\xBB\xBF" : "";
  for (const Word& w : words) {
    if (w.empty()) continue;
    const std::string label = Spelled(a, w, rng() % 5 == 0);
    switch (rng() % 40) {
      case 0:
        text += label + "\r\n";
        break;
      case 1:
        text += "\n# " + label + "\n" + label + "\n";
        break;
      case 2:
        text += label + "\n" + label + "\n";  // a repeat
        break;
      case 3:
        if (bad) {
          text += label + "7\n";  // not in the alphabet
          continue;
        }
        text += label + "\n";
        break;
      case 4:
        if (bad) {
          text += label + label + "\n";  // too long for max-len 12, unless short
          keep(label + label);
          continue;
        }
        text += label + "\n";
        break;
      default:
        text += label + "\n";
    }
    keep(label);
  }
  return text;
}

}  // namespace

TEST_CASE("Split read: sorted and unsorted lists, clean and with skipped lines, equal the one-thread read") {
  const TempDir dir;
  const Alphabet english = Alphabet::English();
  auto spanish = Alphabet::LoadFile(lexc::test::SourcePath("formats/alphabets/spanish.txt"));
  REQUIRE(spanish.ok());
  std::mt19937_64 rng(2026);
  struct Round {
    const Alphabet* alphabet;
    bool sorted, bad;
    std::size_t bytes;
  };
  const Round rounds[] = {{&english, true, false, (9 << 18) / 4},
                          {&english, false, true, (13 << 18) / 4},
                          {&*spanish, true, true, (9 << 18) / 4},
                          {&*spanish, false, false, (9 << 18) / 4}};
  int round = 0;
  for (const auto& [a, sorted, bad, bytes] : rounds) {
    INFO(a->name() << (sorted ? " sorted" : " unsorted") << (bad ? " with bad lines" : ""));
    WordSet kept;
    const std::string text = BigList(*a, rng, bytes, sorted, bad, &kept);
    const std::string path = dir.File("list" + std::to_string(round++) + ".txt");
    WriteText(path, text);
    ReadOptions o;
    o.max_len = 12;
    o.skip_invalid = bad;
    o.max_reported = 1 << 20;  // every skipped line quoted: examples from every run, numbered across the file
    const Read one = ReadWith(path, *a, o, 1);
    REQUIRE(one.list.ok());
    {  // the independent model's words
      REQUIRE(one.list->size() == kept.size());
      std::size_t i = 0, differ = 0;
      for (const Word& w : kept) {
        const auto got = (*one.list)[i++];
        differ += !std::equal(got.begin(), got.end(), w.begin(), w.end());
      }
      REQUIRE(differ == 0);
    }
    for (int threads : {2, 3}) {
      INFO("threads " << threads);
      const Read many = ReadWith(path, *a, o, threads);
      CHECK(many.report.runs == std::min<int>(threads, static_cast<int>(text.size() >> 18)));
      RequireSameRead(one, many);
    }
    CHECK(one.report.examples.size() == one.report.skipped_invalid + one.report.skipped_long);
    if (bad) CHECK(one.report.skipped_invalid > 1000);
  }
}

// A sorted English list of about 0.56 MiB (two runs of 256 KiB), made once.
const std::string& SharedList(WordSet* kept = nullptr) {
  static WordSet words;
  static const std::string text = [] {
    std::mt19937_64 rng(77);
    return BigList(Alphabet::English(), rng, (9 << 18) / 4, true, false, &words);
  }();
  if (kept) *kept = words;
  return text;
}

TEST_CASE("Split read: errors and the word limit read again on one thread, with its message") {
  const TempDir dir;
  const Alphabet english = Alphabet::English();
  WordSet kept;
  std::string text = SharedList(&kept);
  const std::string path = dir.File("list.txt");
  SECTION("a bad line in the last run") {
    text.insert(text.size() - 1000, "\nNOT A WORD\n");
    WriteText(path, text);
    const Read one = ReadWith(path, english, {.max_len = 12}, 1), many = ReadWith(path, english, {.max_len = 12}, 2);
    REQUIRE_FALSE(one.list.ok());
    CHECK(one.list.status().detail().find("more than one word") != std::string::npos);
    RequireSameRead(one, many);
  }
  SECTION("a bad line in the first run") {
    text.insert(1000, "\nB4D\n");
    WriteText(path, text);
    RequireSameRead(ReadWith(path, english, {.max_len = 12}, 1), ReadWith(path, english, {.max_len = 12}, 2));
  }
  SECTION("more words than the limit, reached only by the runs together") {
    WriteText(path, text);
    ReadOptions o{.max_len = 12};
    o.max_words = kept.size() - 1;
    const Read one = ReadWith(path, english, o, 1), many = ReadWith(path, english, o, 2);
    REQUIRE_FALSE(one.list.ok());
    CHECK(one.report.word_limit);
    RequireSameRead(one, many);
    o.max_words = kept.size();
    const Read exact = ReadWith(path, english, o, 2);
    REQUIRE(exact.list.ok());
    CHECK(exact.report.runs == 2);
  }
}

TEST_CASE("Split read: only a plain file with line ends near the cuts is split") {
  const TempDir dir;
  const Alphabet english = Alphabet::English();
  const std::string& text = SharedList();
  SECTION("zstd") {
    std::string packed(ZSTD_compressBound(text.size()), '\0');
    const std::size_t n = ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 1);
    REQUIRE_FALSE(ZSTD_isError(n));
    // Padded with a skippable frame to 3 MiB, so the size alone would split it.
    packed.resize(n);
    const std::uint32_t pad = (3u << 20) - static_cast<std::uint32_t>(n) - 8;
    const unsigned char header[8] = {0x50,
                                     0x2A,
                                     0x4D,
                                     0x18,
                                     static_cast<unsigned char>(pad),
                                     static_cast<unsigned char>(pad >> 8),
                                     static_cast<unsigned char>(pad >> 16),
                                     0};
    packed.append(reinterpret_cast<const char*>(header), 8);
    packed.append(pad, '\0');
    const std::string path = dir.File("list.zst");
    WriteText(path, packed);
    const Read many = ReadWith(path, english, {.max_len = 12}, 2);
    REQUIRE(many.list.ok());
    CHECK(many.report.runs == 1);
    CHECK(many.report.compressed);
    RequireSameList(*many.list, *ReadWith(dir.File("list.zst"), english, {.max_len = 12}, 1).list);
  }
  SECTION("a line of 1 MiB across the middle") {
    std::string long_line = text;
    long_line.insert(text.size() / 2, "\n" + std::string(1 << 20, 'A') + "\n");  // the middle falls inside it
    const std::string path = dir.File("long.txt");
    WriteText(path, long_line);
    ReadOptions o{.max_len = 12, .skip_invalid = true};
    const Read one = ReadWith(path, english, o, 1), many = ReadWith(path, english, o, 2);
    CHECK(many.report.runs == 1);
    CHECK(one.report.skipped_long == 1);
    RequireSameRead(one, many);
  }
  SECTION("a file under twice the smallest run") {
    const std::string path = dir.File("small.txt");
    WriteText(path, text.substr(0, (512 << 10) - 1));
    CHECK(ReadWith(path, english, {.max_len = 12}, 2).report.runs == 1);
    WriteText(path, text);  // 0.56 MiB: two runs of 256 KiB, but not of the default 4 MiB
    CHECK(ReadWith(path, english, {.max_len = 12}, 2).report.runs == 2);
    ReadOptions o{.max_len = 12, .threads = 2};
    ReadReport rep;
    REQUIRE(lexc::ReadWordList(path, english, o, &rep).ok());
    CHECK(rep.runs == 1);
  }
}
