// Builder tests, continued: the figures in META and the graph descriptors,
// limits (arc widths, alphabet sizes, max-len), multi-letter alphabets and
// the SOWPODS build. The round-trip and model tests are in test_builder.cc.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "lexc/builder.h"
#include "lexc/crc32c.h"
#include "lexc/format.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "lexc/wordlist.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

// The normalized list text of the spec: each word's labels, then LF.
std::string NormalizedText(const WordSet& words, const std::vector<std::string>& labels) {
  std::string text;
  for (const Word& w : words) {
    for (Tile t : w) text += labels[t];
    text += '\n';
  }
  return text;
}

std::vector<std::string> EnglishLabels() {
  std::vector<std::string> l(1);
  for (char c = 'A'; c <= 'Z'; ++c) l.emplace_back(1, c);
  return l;
}

// Spanish-like tiles in sort order, multi-letter and multi-byte labels.
const std::vector<std::string>& SpanishLabels() {
  static const std::vector<std::string> l = {"",  "A",  "B", "C",  "CH", "D", "E", "F", "G", "H",
                                             "I", "J",  "L", "LL", "M",  "N", "Ñ", "O", "P", "Q",
                                             "R", "RR", "S", "T",  "U",  "V", "X", "Y", "Z"};
  return l;
}

Alphabet SpanishLike() {
  std::vector<TileInfo> tiles;
  for (std::size_t i = 1; i < SpanishLabels().size(); ++i)
    tiles.push_back({SpanishLabels()[i], i == 16 ? "ñ" : "", static_cast<int>(i % 10), 2});
  auto a = Alphabet::FromTiles("spanish-like", std::move(tiles), 2, 0);
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  return *a;
}

std::uint32_t LongestModelString(const WordSet& s) {
  std::size_t m = 0;
  for (const Word& w : s) m = std::max(m, w.size());
  return static_cast<std::uint32_t>(m);
}

// META and graph descriptors against figures computed from the model.
void CheckFigures(const Lexicon& lex, const WordSet& words, const std::vector<std::string>& labels, int max_len) {
  const std::string text = NormalizedText(words, labels);
  std::uint64_t tiles = 0;
  std::uint32_t longest = 0, shortest = words.empty() ? 0 : ~0u;
  for (const Word& w : words) {
    tiles += w.size();
    longest = std::max<std::uint32_t>(longest, static_cast<std::uint32_t>(w.size()));
    shortest = std::min<std::uint32_t>(shortest, static_cast<std::uint32_t>(w.size()));
  }
  const Metadata& m = lex.meta();
  CHECK(m.word_count == words.size());
  CHECK(m.tile_total == tiles);
  CHECK(m.longest_word == longest);
  CHECK(m.shortest_word == shortest);
  CHECK(m.max_len == static_cast<std::uint32_t>(max_len));
  CHECK(m.text_bytes == text.size());
  CHECK(m.source_crc == SlowCrc32c(0, reinterpret_cast<const unsigned char*>(text.data()), text.size()));
  // Options: key=value pairs separated by single spaces.
  std::string opts(m.options);
  CHECK(!opts.empty());
  CHECK(opts.find("max-len=" + std::to_string(max_len)) != std::string::npos);
  std::size_t start = 0;
  while (start <= opts.size()) {
    const std::size_t end = std::min(opts.find(' ', start), opts.size());
    const std::string pair = opts.substr(start, end - start);
    INFO("options \"" << opts << "\"");
    CHECK(pair.find('=') != std::string::npos);
    CHECK(pair.find('=') > 0);
    start = end + 1;
  }
  if (lex.has_dawg()) {
    const GraphInfo& d = lex.dawg_info();
    CHECK((d.root != kNoNode) == !words.empty());
    CHECK(d.strings == words.size());
    CHECK(d.longest_path == longest);
  }
  if (lex.has_gaddag()) {
    const GraphInfo& g = lex.gaddag_info();
    CHECK((g.root != kNoNode) == !words.empty());
    CHECK(g.strings == tiles);
    CHECK(g.longest_path == LongestModelString(GaddagModel(words)));
  }
}

}  // namespace

TEST_CASE("META and graph descriptors hold the figures of the word list") {
  std::mt19937_64 rng(5);
  for (const GraphChoice& g : kGraphChoices) {
    INFO(g.name);
    const WordSet fixture = ToSet(EnglishFixture("fixtures/english-small.txt"));
    CheckFigures(OpenOrFail(BuildOrFail(fixture, Alphabet::English(), Options(g))), fixture, EnglishLabels(), 15);
    const WordSet random = ToSet(RandomWords(rng, 500, 26, 11));
    CheckFigures(OpenOrFail(BuildOrFail(random, Alphabet::English(), Options(g, 0, 11))), random, EnglishLabels(), 11);
    CheckFigures(OpenOrFail(BuildOrFail({}, Alphabet::English(), Options(g))), {}, EnglishLabels(), 15);
    const WordSet one = ToSet({{3}});
    CheckFigures(OpenOrFail(BuildOrFail(one, Alphabet::English(), Options(g, 0, 1))), one, EnglishLabels(), 1);
    const WordSet es = ToSet(RandomWords(rng, 300, 28, 9));
    CheckFigures(OpenOrFail(BuildOrFail(es, SpanishLike(), Options(g))), es, SpanishLabels(), 15);
  }
  // source_crc names the language: the same words give the same CRC, one
  // word more gives another.
  WordSet words = ToSet(EnglishFixture("fixtures/words-tiny.txt"));
  const auto crc1 = OpenOrFail(BuildOrFail(words, Alphabet::English(), Options(kGraphChoices[0]))).meta().source_crc;
  const auto crc2 = OpenOrFail(BuildOrFail(words, Alphabet::English(), Options(kGraphChoices[1]))).meta().source_crc;
  words.insert({1, 2, 3});
  const auto crc3 = OpenOrFail(BuildOrFail(words, Alphabet::English(), Options(kGraphChoices[0]))).meta().source_crc;
  CHECK(crc1 == crc2);
  CHECK(crc1 != crc3);
}

TEST_CASE("Limits: past 2^24 arcs, 4-byte arcs are refused (no truncated pointers) and 8-byte arcs hold the list") {
  if (kSanitized) {
    WARN("skipped under sanitizers: builds 17 M arcs twice");
    return;
  }
  // 70,000 random 250-letter words share little, so the DAWG needs about one
  // arc per letter: 17.5 M, past the 16,777,216 slots that 24-bit pointers
  // address. (About 8 s and 1.3 GB per build.)
  std::mt19937_64 rng(24);
  WordSet words;
  while (words.size() < 70000) {
    Word w(250);
    for (Tile& t : w) t = static_cast<Tile>(1 + rng() % 26);
    words.insert(std::move(w));
  }
  const WordList list = ToWordList(words);
  BuildOptions o;
  o.gaddag = false;
  o.max_len = 255;

  o.arc_width = 4;
  auto narrow = BuildImage(list, Alphabet::English(), o);
  CheckError(narrow.status(), Errc::kLimit, "that 4-byte arcs address (use arc width 8)");

  o.arc_width = 0;
  BuildReport report;
  auto wide = BuildImage(list, Alphabet::English(), o, &report);
  REQUIRE(wide.ok());
  CHECK(report.arc_width == 8);
  auto lex = Lexicon::FromBytes(*wide);
  REQUIRE(lex.ok());
  REQUIRE(lex->arc_count() > format::kArc32MaxArcs);  // the premise: pointers need more than 24 bits
  const Status v = lex->Verify();                     // every target in range: none was cut to 24 bits
  INFO(v.ToString());
  REQUIRE(v.ok());
  CHECK(lex->arc_width() == 8);
  std::size_t missing = 0, extra = 0;
  for (const Word& w : words) {
    missing += !Contains(*lex, w);
    Word other = w;
    other[125] = static_cast<Tile>(other[125] % 26 + 1);
    extra += !words.count(other) && Contains(*lex, other);
  }
  CHECK(missing == 0);
  CHECK(extra == 0);
  CHECK(AllWords(*lex) == ToVector(words));
}

TEST_CASE("Limits: arc width against alphabet size, graph choice, max-len, tile range") {
  std::mt19937_64 rng(64);
  SECTION("64 letters do not fit 4-byte arcs; width 0 then picks 8") {
    const Alphabet a = LetterAlphabet(64);
    WordSet words = ToSet(RandomWords(rng, 100, 64, 8));
    words.insert({64, 1, 64});
    auto narrow = BuildImage(ToWordList(words), a, Options(kGraphChoices[2], 4));
    CheckError(narrow.status(), Errc::kLimit);
    for (const GraphChoice& g : kGraphChoices) {
      const Image img = BuildOrFail(words, a, Options(g, 0));
      const Lexicon lex = OpenOrFail(img);
      CHECK(lex.arc_width() == 8);
      CheckLexicon(lex, words, g, 8);
    }
  }
  SECTION("63 letters still fit 4-byte arcs; 255 letters work with 8") {
    for (int letters : {63, 255}) {
      const Alphabet a = LetterAlphabet(letters);
      WordSet words = ToSet(RandomWords(rng, 200, letters, 6));
      const Tile top = static_cast<Tile>(letters);
      words.insert({top});
      words.insert({top, 1, top});
      const int width = letters == 63 ? 4 : 8;
      for (const GraphChoice& g : kGraphChoices) {
        const Image img = BuildOrFail(words, a, Options(g, 0));
        CheckLexicon(OpenOrFail(img), words, g, width);
      }
    }
  }
  SECTION("neither graph requested") {
    BuildOptions o;
    o.dawg = o.gaddag = false;
    auto r = BuildImage(ToWordList(ToSet({{1}})), Alphabet::English(), o);
    CheckError(r.status(), Errc::kInvalidArgument);
  }
  SECTION("words longer than max-len are errors; exactly max-len is fine") {
    for (int max_len : {1, 5, 15}) {
      WordSet words = ToSet(RandomWords(rng, 50, 26, max_len));
      words.insert(Word(static_cast<std::size_t>(max_len), 2));
      for (const GraphChoice& g : kGraphChoices) {
        INFO(g.name << ", max-len " << max_len);
        CheckLexicon(OpenOrFail(BuildOrFail(words, Alphabet::English(), Options(g, 0, max_len))), words, g, 4);
        WordSet longer = words;
        longer.insert(Word(static_cast<std::size_t>(max_len) + 1, 3));
        auto r = BuildImage(ToWordList(longer), Alphabet::English(), Options(g, 0, max_len));
        CheckError(r.status(), Errc::kInvalidArgument);
      }
    }
  }
  SECTION("max-len 255 with a 255-tile word") {
    WordSet words = ToSet(RandomWords(rng, 30, 26, 20));
    Word longest(255);
    for (auto& t : longest) t = static_cast<Tile>(1 + rng() % 26);
    words.insert(longest);
    for (const GraphChoice& g : kGraphChoices) {
      INFO(g.name);
      const Image img = BuildOrFail(words, Alphabet::English(), Options(g, 0, 255));
      const Lexicon lex = OpenOrFail(img);
      CheckLexicon(lex, words, g, 4);
      CHECK(lex.meta().longest_word == 255);
      if (g.gaddag) CHECK(lex.gaddag_info().longest_path == 256);
    }
  }
  SECTION("bad options and tiles outside the alphabet") {
    const WordList ok = ToWordList(ToSet({{1, 2}}));
    for (int max_len : {0, 256, -1}) {
      BuildOptions o;
      o.max_len = max_len;
      auto r = BuildImage(ok, Alphabet::English(), o);
      CheckError(r.status(), Errc::kInvalidArgument);
    }
    for (int width : {1, 2, 5, 16}) {
      BuildOptions o;
      o.arc_width = width;
      auto r = BuildImage(ok, Alphabet::English(), o);
      CheckError(r.status(), Errc::kInvalidArgument);
    }
    for (Tile bad : {Tile{0}, Tile{27}, Tile{255}}) {
      auto r = BuildImage(WordList::FromUnsorted({{1, bad, 2}}), Alphabet::English(), BuildOptions{});
      CheckError(r.status(), Errc::kInvalidArgument);
    }
    auto r = BuildImage(ok, Alphabet(), BuildOptions{});
    CheckError(r.status(), Errc::kInvalidArgument);
  }
  SECTION("the first bad word in list order is the one named") {
    // Sorted: {1, 2}, {1, 27, 2}, {2, 3}, {3, 0}: words 2 and 4 are bad.
    auto r = BuildImage(WordList::FromUnsorted({{3, 0}, {2, 3}, {1, 27, 2}, {1, 2}}), Alphabet::English(), {});
    CheckError(r.status(), Errc::kInvalidArgument);
    CHECK(r.status().detail() == "word 2 has tile code 27, outside the alphabet's 1..26");
    // A word over max-len before a bad tile is named first.
    BuildOptions o;
    o.max_len = 2;
    r = BuildImage(WordList::FromUnsorted({{1, 2, 3}, {2, 27}}), Alphabet::English(), o);
    CHECK(r.status().detail() == "word 1 has 3 tiles, over max-len 2");
  }
}

TEST_CASE("Multi-letter tiles: a Spanish-like alphabet (CH, LL, RR, Ñ) round-trips") {
  const Alphabet a = SpanishLike();
  REQUIRE(a.size() == 28);
  std::mt19937_64 rng(34);
  WordSet words = ToSet(RandomWords(rng, 400, 28, 12));
  words.insert({4, 24, 21, 17});  // CH U RR O
  words.insert({16, 13, 1});      // Ñ LL A
  RoundTripEverywhere(words, a);
  const Image img = BuildOrFail(words, a, Options(kGraphChoices[2]));
  const Lexicon lex = OpenOrFail(img);
  CHECK(lex.alphabet().tile(16).label == "Ñ");
  CHECK(lex.alphabet().tile(16).lower == "ñ");
  CHECK(lex.alphabet().tile(4).label == "CH");
  CheckFigures(lex, words, SpanishLabels(), 15);
  // Labels of different lengths: Verify sums each word's label bytes (META's
  // text bytes) node by node; one byte more or less is caught, whatever the
  // graphs.
  for (const GraphChoice& g : kGraphChoices) {
    Image changed = BuildOrFail(words, a, Options(g));
    RawImage raw(&changed);
    const std::size_t field = raw.Find("META").offset + 16;
    for (std::int64_t delta : {1, -1}) {
      Image edited = changed;
      RawImage r(&edited);
      r.Set(field, 8, r.Get(field, 8) + static_cast<std::uint64_t>(delta));
      r.FixCrc();
      INFO(g.name << " " << delta);
      CheckError(OpenOrFail(edited).Verify(), Errc::kCorrupt, "text bytes");
    }
  }
}

TEST_CASE("Spanish fixture and alphabet file round-trip") {
  const std::string alpha_path = SourcePath("formats/alphabets/spanish.txt");
  const std::string words_path = SourcePath("fixtures/spanish-words.txt");
  if (!std::filesystem::exists(alpha_path) || !std::filesystem::exists(words_path)) {
    WARN("Spanish fixture or alphabet missing; skipped");
    return;
  }
  auto a = Alphabet::LoadFile(alpha_path);
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  ReadReport report;
  auto list = ReadWordList(words_path, *a, ReadOptions{}, &report);
  INFO(list.status().ToString());
  REQUIRE(list.ok());
  REQUIRE(list->size() > 100);
  WordSet words;
  for (std::size_t i = 0; i < list->size(); ++i) words.emplace((*list)[i].begin(), (*list)[i].end());
  bool multi = false;  // the fixture exercises digraph or multi-byte tiles
  for (const Word& w : words)
    for (Tile t : w) multi |= a->tile(t).label.size() > 1;
  CHECK(multi);
  RoundTripEverywhere(words, *a);
  const Image img = BuildOrFail(words, *a, Options(kGraphChoices[2]));
  const Lexicon lex = OpenOrFail(img);
  std::vector<std::string> labels(1);
  for (int t = 1; t <= a->size(); ++t) labels.push_back(a->tile(static_cast<Tile>(t)).label);
  CheckFigures(lex, words, labels, 15);
  CHECK(lex.alphabet() == *a);
}

TEST_CASE("SOWPODS: both graphs, arc budget, every word, Verify") {
  const auto path = SowpodsPath();
  if (!path) {
    WARN("SOWPODS not found (set LEXC_SOWPODS); skipped");
    return;
  }
  // The file's words, read without the library.
  std::vector<Word> words;
  {
    const std::string text = ReadFile(*path);
    Word w;
    for (char c : text) {
      if (c == '\n' || c == '\r') {
        if (!w.empty()) words.push_back(std::move(w));
        w.clear();
      } else if (c >= 'A' && c <= 'Z') {
        w.push_back(static_cast<Tile>(c - 'A' + 1));
      } else if (c >= 'a' && c <= 'z') {
        w.push_back(static_cast<Tile>(c - 'a' + 1));
      }
    }
    if (!w.empty()) words.push_back(std::move(w));
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
  }
  REQUIRE(words.size() > 250000);
  const WordList list = WordList::FromUnsorted(words);

  auto check = [&](const GraphChoice& g, std::uint64_t max_slots) {
    INFO(g.name);
    const auto t0 = std::chrono::steady_clock::now();
    auto built = BuildImage(list, Alphabet::English(), Options(g));
    INFO(built.status().ToString());
    REQUIRE(built.ok());
    const Image img(*built);
    const Lexicon lex = OpenOrFail(img);
    CHECK(lex.arc_count() <= max_slots);
    CHECK(lex.arc_width() == 4);
    const Status v = lex.Verify();
    INFO(v.ToString());
    CHECK(v.ok());
    CHECK(lex.meta().word_count == words.size());
    std::size_t missing = 0;
    for (const Word& w : words) missing += !Contains(lex, w);
    CHECK(missing == 0);
    // Near misses: one tile changed.
    std::mt19937_64 rng(267751);
    std::size_t wrong = 0;
    for (int i = 0; i < 20000; ++i) {
      Word w = words[rng() % words.size()];
      w[rng() % w.size()] = static_cast<Tile>(1 + rng() % 26);
      wrong += Contains(lex, w) != std::binary_search(words.begin(), words.end(), w);
    }
    CHECK(wrong == 0);
    std::size_t at = 0, mismatched = 0;
    ForEachWord(lex, [&](const WordMatch& m) {
      mismatched +=
          at >= words.size() || !std::equal(m.tiles.begin(), m.tiles.end(), words[at].begin(), words[at].end());
      ++at;
      return true;
    });
    CHECK(at == words.size());
    CHECK(mismatched == 0);
    WARN(g.name << ": " << lex.arc_count() << " arc slots, "
                << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s");
  };
  check(kGraphChoices[0], 176587);
  check(kGraphChoices[2], 1164039);
}
