// "Universal" images (tests/support/universal_image.h): a verified image of a
// few kilobytes that accepts every string of 1..12 letters, 9.9 x 10^16
// words. Memory must follow the image and the answer, never the word count:
// Top and Best (whose bingo index once listed every word of 7+ tiles) stay
// exact, and the queries that sort their matches stream them instead.
#include <sys/resource.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "gen_support.h"
#include "lexc/gen/movegen.h"
#include "lexc/query.h"
#include "universal_image.h"
// The index itself (internal to libgen, linked statically).
#include "../../libgen/src/bingo_index.h"

namespace lexc::gen::test {
namespace {

using lexc::test::UniversalImage;
using lexc::test::UniversalSpec;

// Peak resident memory of this process so far, in bytes.
std::uint64_t PeakRss() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return std::uint64_t(u.ru_maxrss) * 1024;
}

Lexicon OpenVerified(const UniversalImage& img) {
  Result<Lexicon> lex = Lexicon::FromBytes(img.bytes());
  REQUIRE(lex.ok());
  const Status st = lex->Verify();
  INFO(st.ToString());
  REQUIRE(st.ok());
  return *lex;
}

}  // namespace

TEST_CASE("universal images verify, with the universal language's figures", "[universal]") {
  for (int letters : {1, 2, 5, 26}) {
    for (int max_len : {2, 3, 7, 12}) {
      for (bool gaddag : {false, true}) {
        const UniversalImage img({letters, max_len, gaddag});
        INFO(letters << " letters, max-len " << max_len << (gaddag ? ", GADDAG" : ""));
        const Lexicon lex = OpenVerified(img);
        std::uint64_t words = 0, power = 1;
        for (int k = 1; k <= max_len; ++k) words += power *= std::uint64_t(letters);
        CHECK(lex.meta().word_count == words);
        CHECK(img.bytes().size() < 8192);
        // Small ones are listed in full: every string, in order.
        if (words <= 100000) {
          std::uint64_t listed = 0;
          std::vector<Tile> last;
          ForEachWord(lex, [&](const WordMatch& m) {
            CHECK(std::lexicographical_compare(last.begin(), last.end(), m.tiles.begin(), m.tiles.end()));
            last.assign(m.tiles.begin(), m.tiles.end());
            ++listed;
            return true;
          });
          CHECK(listed == words);
        }
      }
    }
  }
}

TEST_CASE("Top and Best on a universal image: exact, in bounded memory", "[universal]") {
  const UniversalImage img({26, 12, true});
  const Lexicon lex = OpenVerified(img);
  const Layout layout = Layout::Standard15();
  MoveGenerator gen = MoveGenerator::Create(lex, layout).value();
  // Boards with a few tiles (every string is a word, so any board is legal)
  // and racks with and without blanks; small enough that listing every play
  // (the reference) stays cheap.
  struct Case {
    std::vector<std::pair<int, int>> tiles;  // (column, tile) on row 7
    const char* rack;
  };
  const Case cases[] = {
      {{}, "AEINRST"}, {{{7, 17}}, "AEINRST"}, {{{6, 1}, {8, 26}}, "QZXJKV"}, {{}, "AB?DE"}, {{{7, 5}}, "?ZZZ"}};
  struct Answer {
    bool have;
    Play best;
    std::vector<Play> top;
  };
  std::vector<Answer> answers;
  // Puts the case's tiles on the board; returns its rack.
  const auto set_up = [&](const Case& c) {
    Board b(15, 15);
    for (auto [col, tile] : c.tiles) b.set(7, col, MakeCell(static_cast<Tile>(tile), false));
    REQUIRE(gen.SetBoard(b).ok());
    return Rack::Parse(lex.alphabet(), c.rack).value();
  };
  // First every Best and Top, measuring the memory they take: an index of
  // 10^17 words would be gigabytes.
  const std::uint64_t rss_before = PeakRss();
  for (const Case& c : cases) {
    const Rack rack = set_up(c);
    for (Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
      Answer a;
      a.have = gen.Best(rack, alg, &a.best);
      gen.Top(rack, alg, 5, &a.top);
      answers.push_back(a);
    }
  }
  if (!lexc::test::kSanitized) CHECK(PeakRss() - rss_before < (std::uint64_t(64) << 20));
  // Then the reference: every play, sorted.
  std::size_t k = 0;
  for (const Case& c : cases) {
    const Rack rack = set_up(c);
    for (Algorithm alg : {Algorithm::kGaddag, Algorithm::kDawg}) {
      INFO(AlgorithmName(alg) << ", rack " << c.rack << ", " << c.tiles.size() << " board tiles");
      const Answer& a = answers[k++];
      const std::vector<Play> all = Generated(gen, rack, alg);
      REQUIRE_FALSE(all.empty());
      REQUIRE(a.have);
      CHECK(a.best == all.front());
      const std::vector<Play> want(all.begin(), all.begin() + std::ptrdiff_t(std::min<std::size_t>(5, all.size())));
      CHECK(a.top == want);
      // Every string is a word: a full rack always makes a bingo, which
      // outscores any shorter play here.
      if (rack.size() == kRackSize) CHECK(a.best.placed == kRackSize);
    }
  }
}

TEST_CASE("suffix and substring queries on a universal image stream in order", "[universal]") {
  const UniversalImage img({26, 12, true});
  const Lexicon lex = OpenVerified(img);
  const std::vector<Tile> e{5};
  const std::uint64_t rss_before = PeakRss();
  // The first matches in order, the model's way: the strings of 1..12 letters
  // in tile order, keeping those that end in (hold) E.
  std::vector<std::vector<Tile>> model_suffix, model_substring;
  {
    std::vector<Tile> w;
    auto rec = [&](auto& self) -> void {
      if (model_suffix.size() >= 2000 && model_substring.size() >= 2000) return;
      if (!w.empty()) {
        if (w.back() == 5 && model_suffix.size() < 2000) model_suffix.push_back(w);
        if (std::find(w.begin(), w.end(), Tile(5)) != w.end() && model_substring.size() < 2000)
          model_substring.push_back(w);
      }
      if (w.size() == 12) return;
      for (Tile t = 1; t <= 26; ++t) {
        w.push_back(t);
        self(self);
        w.pop_back();
        if (model_suffix.size() >= 2000 && model_substring.size() >= 2000) return;
      }
    };
    rec(rec);
  }
  const auto first = [&](auto query) {
    std::vector<std::vector<Tile>> got;
    query([&](const WordMatch& m) {
      got.emplace_back(m.tiles.begin(), m.tiles.end());
      return got.size() < 2000;
    });
    return got;
  };
  CHECK(first([&](const WordCallback& cb) { return Suffix(lex, e, cb); }) == model_suffix);
  CHECK(first([&](const WordCallback& cb) { return Substring(lex, e, cb); }) == model_substring);
  if (!lexc::test::kSanitized) CHECK(PeakRss() - rss_before < (std::uint64_t(64) << 20));
}

TEST_CASE("the bingo index follows the image size, not its word count", "[universal]") {
  using internal::BingoIndex;
  const auto key = [](std::initializer_list<Tile> tiles) {
    std::uint64_t k = 0;
    for (Tile t : tiles) k += BingoIndex::Key(t);
    return k;
  };
  {
    // 10^17 words in under 4 KB: no index (every key a "maybe"), no table.
    const UniversalImage img({26, 12, true});
    const Lexicon lex = OpenVerified(img);
    const auto index = BingoIndex::For(lex);
    CHECK_FALSE(index->complete());
    CHECK(index->table_bytes() == 0);
    CHECK(index->MaybeWord(key({17, 17, 17, 17, 17, 17, 17})));
  }
  {
    // 2 letters, 1..7 tiles: 254 words, 128 of 7 tiles, in a few hundred
    // bytes: within 4 words and 1 key per image byte, so indexed in full.
    const UniversalImage img({2, 7, false});
    const Lexicon lex = OpenVerified(img);
    REQUIRE(lex.meta().word_count == 254);
    const auto index = BingoIndex::For(lex);
    CHECK(index->complete());
    CHECK(index->table_bytes() <= 40 * img.bytes().size());
    CHECK(index->MaybeWord(key({1, 2, 1, 2, 1, 2, 2})));
    CHECK(index->MaybeWord(key({2, 2, 2, 2, 2, 2, 2})));
    CHECK_FALSE(index->MaybeWord(key({3, 3, 3, 3, 3, 3, 3})));  // C: no tile of this alphabet
  }
  {
    // A real lexicon: indexed in full, and Best uses it (compared with
    // every play above for universal images, in test_agreement for these).
    const TestLexicon tl(EnglishFixture("fixtures/english-small.txt"), Alphabet::English());
    const auto index = BingoIndex::For(tl.lexicon());
    CHECK(index->complete());
    CHECK(index->table_bytes() <= 40 * tl.lexicon().bytes().size());
  }
}

}  // namespace lexc::gen::test
