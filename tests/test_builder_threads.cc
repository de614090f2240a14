// Builder on several threads (BuildOptions::threads): the image is
// byte-identical to the one-thread image for every thread count, and its
// graphs accept exactly the model's languages (the std::set model and the
// GADDAG model of test_support, walked by the independent AcceptedStrings).
// Edge cases: no words, runs of leading tiles left empty (every word or every prefix
// ending with one tile), more threads than tiles, unpacked sort keys (long
// words), 255-tile alphabets, progress; SOWPODS when present.
// RunBeside (the two-graph checks of Verify and the KWG reader): its results
// and exceptions, in both modes, against what a sequential run reports.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/run_beside.h"
#include "lexc/wordlist.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

BuildOptions WithThreads(const GraphChoice& g, int threads, int max_len = 15, bool compact = false) {
  BuildOptions o = Options(g, 0, max_len);
  o.threads = threads;
  o.compact = compact;
  return o;
}

// Builds `words` with 1..7 threads (and 0 and -1, read as 1): every image
// equals the one-thread image, which is checked against the models; in both
// arc encodings (fixed words and bit-packed).
void CheckThreadCounts(const WordSet& words, const Alphabet& a, int max_len = 15) {
  for (const GraphChoice& g : kGraphChoices)
    for (const bool compact : {false, true}) {
      INFO(g.name << ", " << words.size() << " words, " << a.size() << " tiles" << (compact ? ", packed" : ""));
      const Image one = BuildOrFail(words, a, WithThreads(g, 1, max_len, compact));
      const Lexicon lex = OpenOrFail(one);
      REQUIRE(lex.Verify().ok());
      if (g.dawg) CHECK(AcceptedStrings(lex.dawg(), max_len) == ToVector(words));
      if (g.gaddag) CHECK(AcceptedStrings(lex.gaddag(), max_len + 1) == ToVector(GaddagModel(words)));
      for (int threads : {0, -1, 2, 3, 4, 7}) {
        INFO(threads << " threads");
        auto built = BuildImage(ToWordList(words), a, WithThreads(g, threads, max_len, compact));
        REQUIRE(built.ok());
        CHECK(std::ranges::equal(*built, one.bytes()));
      }
    }
}

WordSet Random(std::mt19937_64& rng, int count, int letters, int max_len) {
  return ToSet(RandomWords(rng, count, letters, max_len));
}

}  // namespace

TEST_CASE("Threads: random lists give the one-thread image, bytes for bytes") {
  std::mt19937_64 rng(2026);
  for (int letters : {2, 3, 26, 40}) CheckThreadCounts(Random(rng, 600, letters, 9), LetterAlphabet(letters));
  CheckThreadCounts(Random(rng, 300, 255, 6), LetterAlphabet(255));
  CheckThreadCounts(WordSet{{1}}, LetterAlphabet(26));
  // No words: the GADDAG's root is the empty state, which the layout's walk
  // begun beside the import must not place (found by fuzz_roundtrip).
  CheckThreadCounts(WordSet{}, LetterAlphabet(26));
}

TEST_CASE("Threads: runs of leading tiles left empty, more threads than tiles") {
  std::mt19937_64 rng(11);
  // Every word starts with tile 4: one leading tile for the DAWG.
  WordSet same_first;
  for (Word w : RandomWords(rng, 300, 26, 8)) {
    w.insert(w.begin(), Tile{4});
    same_first.insert(w);
  }
  CheckThreadCounts(same_first, LetterAlphabet(26));
  // Every word ends with tile 2, and every prefix with tile 2 or 3: the
  // GADDAG front has two leading tiles.
  WordSet two_last;
  for (const Word& r : RandomWords(rng, 300, 2, 7)) {
    Word w;
    for (Tile t : r) w.push_back(static_cast<Tile>(t + 1));
    w.push_back(Tile{2});
    two_last.insert(w);
  }
  CheckThreadCounts(two_last, LetterAlphabet(3));
}

TEST_CASE("Threads: reversed prefixes too long for packed keys") {
  std::mt19937_64 rng(5);
  // 26 tiles need 5 bits: words of 30 tiles are 150 bits, beyond the
  // 128-bit keys, so the front is sorted by the words themselves.
  CheckThreadCounts(Random(rng, 200, 26, 30), LetterAlphabet(26), 30);
}

TEST_CASE("Threads: progress reports come from the calling thread, in order, up to the totals") {
  std::mt19937_64 rng(7);
  const WordSet words = Random(rng, 20000, 26, 12);
  std::map<std::string, std::vector<std::pair<std::uint64_t, std::uint64_t>>> calls;
  BuildOptions o = WithThreads(kGraphChoices[2], 2);
  o.progress = [&](std::string_view phase, std::uint64_t done, std::uint64_t total) {
    calls[std::string(phase)].emplace_back(done, total);
  };
  auto built = BuildImage(ToWordList(words), LetterAlphabet(26), o);
  REQUIRE(built.ok());
  for (const auto& [phase, list] : calls) {
    INFO(phase);
    REQUIRE_FALSE(list.empty());
    CHECK(list.back().first == list.back().second);
    for (std::size_t i = 1; i < list.size(); ++i) {
      CHECK(list[i].first >= list[i - 1].first);
      CHECK(list[i].first <= list[i].second);
    }
  }
  CHECK(std::ranges::equal(*built, BuildOrFail(words, LetterAlphabet(26), WithThreads(kGraphChoices[2], 1)).bytes()));
}

TEST_CASE("Threads: SOWPODS on 1 and 2 threads, both graphs and the DAWG alone") {
  const auto path = SowpodsPath();
  if (!path || kSanitized) {
    WARN("SOWPODS not found (set LEXC_SOWPODS) or a sanitizer build; skipped");
    return;
  }
  const WordList list = ReadWordList(*path, Alphabet::English(), ReadOptions{}, nullptr).value();
  for (const GraphChoice& g : {kGraphChoices[0], kGraphChoices[2]}) {
    INFO(g.name);
    auto one = BuildImage(list, Alphabet::English(), WithThreads(g, 1));
    auto two = BuildImage(list, Alphabet::English(), WithThreads(g, 2));
    REQUIRE(one.ok());
    REQUIRE(two.ok());
    CHECK(*one == *two);
  }
}

TEST_CASE("RunBeside reports what running one check after the other reports", "[threads]") {
  const Status ok = Status::Ok();
  const Status bad1(Errc::kCorrupt, "first");
  const Status bad2(Errc::kCorrupt, "second");
  for (const bool parallel : {false, true}) {
    CAPTURE(parallel);
    // The sequential model: first, then second only when first passed.
    for (const Status& a : {ok, bad1})
      for (const Status& b : {ok, bad2}) {
        int second_runs = 0;
        const Status got = RunBeside(
            parallel, [&] { return a; },
            [&] {
              ++second_runs;
              return b;
            });
        const Status& want = !a.ok() ? a : b;
        CHECK(got.ok() == want.ok());
        CHECK(got.detail() == want.detail());
        CHECK(second_runs == (parallel || a.ok() ? 1 : 0));
      }
    // Exceptions: the first's before anything of the second's.
    CHECK_THROWS_WITH(RunBeside(
                          parallel, []() -> Status { throw std::runtime_error("one"); },
                          []() -> Status { throw std::runtime_error("two"); }),
                      "one");
    CHECK_THROWS_WITH(RunBeside(
                          parallel, [] { return Status::Ok(); }, []() -> Status { throw std::runtime_error("two"); }),
                      "two");
    const Status first_wins = RunBeside(
        parallel, [&] { return bad1; }, []() -> Status { throw std::runtime_error("two"); });
    CHECK(first_wins.detail() == "first");
  }
}
