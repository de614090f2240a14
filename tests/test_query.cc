// Queries against brute force over the std::set model: Prefix, Suffix,
// Substring, Anagram (exact and sub, 0..2 blanks, blank flags), Pattern
// ('?' and '*'), on random lists and fixtures. Every query runs on a
// DAWG-only, a GADDAG-only and a combined image, which take different code
// paths, and all three must give the model's answer. Also: early stop,
// ParseRack / ParsePattern, tiles outside the alphabet in queries.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

// The same words as a DAWG-only, a GADDAG-only and a combined image.
class Lexicons {
 public:
  Lexicons(const WordSet& words, const Alphabet& a, int max_len = 15) : words_(words) {
    for (std::size_t i = 0; i < 3; ++i) {
      images_[i] = BuildOrFail(words, a, Options(kGraphChoices[i], i == 1 ? 8 : 0, max_len));
      lex_[i] = OpenOrFail(images_[i]);
      const Status v = lex_[i].Verify();
      INFO(v.ToString());
      REQUIRE(v.ok());
    }
  }
  Lexicons(const Lexicons&) = delete;
  Lexicons& operator=(const Lexicons&) = delete;

  const WordSet& words() const { return words_; }
  const Lexicon& operator[](std::size_t i) const { return lex_[i]; }
  static const char* Name(std::size_t i) { return kGraphChoices[i].name; }

 private:
  WordSet words_;
  std::array<Image, 3> images_;
  std::array<Lexicon, 3> lex_;
};

std::string Show(const Alphabet& a, const Word& w) {
  std::string s;
  for (Tile t : w) {
    if (t >= 1 && t <= a.size())
      s += a.tile(t).label;
    else
      s += "<" + std::to_string(t) + ">";
  }
  return "\"" + s + "\"";
}

std::string Show(const Alphabet& a, const std::vector<Word>& ws) {
  std::string s = "[";
  for (std::size_t i = 0; i < ws.size() && i < 12; ++i) s += (i ? " " : "") + Show(a, ws[i]);
  return s + (ws.size() > 12 ? " ...]" : "]");
}

std::vector<Word> Filter(const WordSet& words, const std::function<bool(const Word&)>& keep) {
  std::vector<Word> out;
  for (const Word& w : words)
    if (keep(w)) out.push_back(w);
  return out;
}

bool StartsWith(const Word& w, const Word& p) {
  return w.size() >= p.size() && std::equal(p.begin(), p.end(), w.begin());
}
bool EndsWith(const Word& w, const Word& s) {
  return w.size() >= s.size() && std::equal(s.begin(), s.end(), w.end() - static_cast<std::ptrdiff_t>(s.size()));
}
bool HasInfix(const Word& w, const Word& x) { return std::search(w.begin(), w.end(), x.begin(), x.end()) != w.end(); }

// Runs `query` on all three images; each must equal `want`. Returns the
// number of mismatches (details are logged).
using Query = std::function<std::uint64_t(const Lexicon&, const WordCallback&)>;
int Compare(const Lexicons& lx, const Alphabet& a, const std::string& what, const Query& query,
            const std::vector<Word>& want) {
  int bad = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const std::vector<Word> got = Collect([&](const WordCallback& cb) { return query(lx[i], cb); });
    if (got != want) {
      ++bad;
      UNSCOPED_INFO(what << " on " << Lexicons::Name(i) << ": got " << got.size() << " " << Show(a, got) << ", want "
                         << want.size() << " " << Show(a, want));
    }
  }
  return bad;
}

// Words of `words` sampled for building queries.
std::vector<Word> Sample(const WordSet& words, std::mt19937_64& rng, std::size_t n) {
  std::vector<Word> v(words.begin(), words.end());
  std::shuffle(v.begin(), v.end(), rng);
  if (v.size() > n) v.resize(n);
  return v;
}

Word RandomWord(std::mt19937_64& rng, int letters, int min_len, int max_len) {
  Word w(static_cast<std::size_t>(min_len + static_cast<int>(rng() % static_cast<unsigned>(max_len - min_len + 1))));
  for (Tile& t : w) t = static_cast<Tile>(1 + rng() % static_cast<unsigned>(letters));
  return w;
}

void CheckPrefixSuffixSubstring(const Lexicons& lx, const Alphabet& a, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const WordSet& words = lx.words();
  std::set<Word> prefixes, suffixes, infixes;
  for (const Word& w : Sample(words, rng, 40)) {
    for (std::size_t i = 0; i <= w.size(); ++i) {
      prefixes.emplace(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(i));
      suffixes.emplace(w.begin() + static_cast<std::ptrdiff_t>(i), w.end());
      for (std::size_t n = 1; n <= 3 && i + n <= w.size(); ++n)
        infixes.emplace(w.begin() + static_cast<std::ptrdiff_t>(i), w.begin() + static_cast<std::ptrdiff_t>(i + n));
    }
    infixes.insert(w);
  }
  for (int i = 0; i < 25; ++i) {
    prefixes.insert(RandomWord(rng, a.size(), 1, 4));
    suffixes.insert(RandomWord(rng, a.size(), 1, 4));
    infixes.insert(RandomWord(rng, a.size(), 1, 3));
  }
  // Longer than any word, and longer than max-len.
  prefixes.insert(Word(16, 1));
  suffixes.insert(Word(16, 1));
  infixes.insert(Word(16, 1));
  int bad = 0;
  for (const Word& p : prefixes)
    bad += Compare(
        lx, a, "Prefix " + Show(a, p), [&](const Lexicon& l, const WordCallback& cb) { return Prefix(l, p, cb); },
        Filter(words, [&](const Word& w) { return StartsWith(w, p); }));
  for (const Word& s : suffixes)
    bad += Compare(
        lx, a, "Suffix " + Show(a, s), [&](const Lexicon& l, const WordCallback& cb) { return Suffix(l, s, cb); },
        Filter(words, [&](const Word& w) { return EndsWith(w, s); }));
  for (const Word& x : infixes)
    bad += Compare(
        lx, a, "Substring " + Show(a, x), [&](const Lexicon& l, const WordCallback& cb) { return Substring(l, x, cb); },
        Filter(words, [&](const Word& w) { return HasInfix(w, x); }));
  CHECK(bad == 0);
}

// --- Anagrams ---------------------------------------------------------------

struct RackSpec {
  std::string text;
  std::vector<int> counts;  // by tile, size alphabet+1
  int blanks = 0;
  int size() const {
    int n = blanks;
    for (int c : counts) n += c;
    return n;
  }
};

RackSpec MakeRack(const Alphabet& a, const Word& tiles, int blanks, std::mt19937_64& rng) {
  RackSpec r;
  r.counts.assign(static_cast<std::size_t>(a.size()) + 1, 0);
  std::vector<std::string> parts;
  for (Tile t : tiles) {
    ++r.counts[t];
    parts.push_back(a.tile(t).label);
  }
  for (int i = 0; i < blanks; ++i) parts.push_back("?");
  r.blanks = blanks;
  std::shuffle(parts.begin(), parts.end(), rng);
  for (const auto& p : parts) r.text += p;
  return r;
}

// A parsed rack's counts in RackSpec's form (by tile, size alphabet+1).
std::vector<int> CountsOf(const Rack& r, const Alphabet& a) {
  std::vector<int> counts(static_cast<std::size_t>(a.size()) + 1, 0);
  for (int t = 1; t <= a.size(); ++t) counts[static_cast<std::size_t>(t)] = r.count(static_cast<Tile>(t));
  return counts;
}

// Tiles of `w` the rack lacks, per tile (what blanks must cover).
std::vector<int> Deficit(const Word& w, const std::vector<int>& counts) {
  std::vector<int> need(counts.size(), 0);
  for (Tile t : w) ++need[t];
  for (std::size_t t = 0; t < need.size(); ++t) need[t] = std::max(0, need[t] - counts[t]);
  return need;
}

std::vector<Word> AnagramModel(const WordSet& words, const RackSpec& r, bool sub) {
  return Filter(words, [&](const Word& w) {
    const int len = static_cast<int>(w.size());
    if (sub ? len > r.size() : len != r.size()) return false;
    int deficit = 0;
    for (int d : Deficit(w, r.counts)) deficit += d;
    return deficit <= r.blanks;
  });
}

void CheckAnagrams(const Lexicons& lx, const Alphabet& a, std::uint64_t seed, int max_rack) {
  std::mt19937_64 rng(seed);
  std::vector<RackSpec> racks;
  for (const Word& w : Sample(lx.words(), rng, 25)) {
    if (static_cast<int>(w.size()) > max_rack) continue;
    for (int blanks : {0, 1, 2}) {
      // The word's own tiles with `blanks` of them replaced by blanks, and
      // the word's tiles plus extra blanks.
      Word kept = w;
      std::shuffle(kept.begin(), kept.end(), rng);
      kept.resize(kept.size() - std::min<std::size_t>(kept.size() - 1, static_cast<std::size_t>(blanks)));
      racks.push_back(MakeRack(a, kept, static_cast<int>(w.size() - kept.size()), rng));
      if (static_cast<int>(w.size()) + blanks <= max_rack) racks.push_back(MakeRack(a, w, blanks, rng));
    }
  }
  for (int i = 0; i < 20; ++i) {
    const int blanks = i % 3;
    racks.push_back(MakeRack(a, RandomWord(rng, a.size(), 1, max_rack - blanks), blanks, rng));
  }
  racks.push_back(MakeRack(a, {}, 1, rng));
  racks.push_back(MakeRack(a, {}, 2, rng));
  // Racks longer than max-len (10 in the random lists, 15 for fixtures).
  racks.push_back(MakeRack(a, RandomWord(rng, a.size(), 16, 16), 0, rng));
  racks.push_back(MakeRack(a, RandomWord(rng, a.size(), 12, 14), 2, rng));

  int bad = 0;
  for (const RackSpec& spec : racks) {
    auto parsed = ParseRack(a, spec.text);
    INFO("rack \"" << spec.text << "\"");
    REQUIRE(parsed.ok());
    CHECK(parsed->blanks() == spec.blanks);
    CHECK(CountsOf(*parsed, a) == spec.counts);
    CHECK(parsed->size() == spec.size());
    for (bool sub : {false, true}) {
      const std::string what = std::string(sub ? "sub-anagram" : "anagram") + " \"" + spec.text + "\"";
      const std::vector<Word> want = AnagramModel(lx.words(), spec, sub);
      for (std::size_t i = 0; i < 3; ++i) {
        std::vector<Word> got;
        int bad_flags = 0;
        const std::uint64_t n = Anagram(lx[i], *parsed, sub, [&](const WordMatch& m) {
          Word w(m.tiles.begin(), m.tiles.end());
          // Real tiles preferred: per tile, exactly the rack's shortfall is
          // flagged as blanks, and nothing else.
          std::vector<int> flagged(spec.counts.size(), 0);
          if (m.blank.size() != w.size()) ++bad_flags;
          for (std::size_t k = 0; k < m.blank.size() && k < w.size(); ++k) flagged[w[k]] += m.blank[k];
          if (w.size() <= static_cast<std::size_t>(spec.size()) && flagged != Deficit(w, spec.counts)) ++bad_flags;
          got.push_back(std::move(w));
          return true;
        });
        CHECK(n == got.size());
        if (got != want || bad_flags) {
          ++bad;
          UNSCOPED_INFO(what << " on " << Lexicons::Name(i) << ": got " << Show(a, got) << ", want " << Show(a, want)
                             << ", " << bad_flags << " bad blank flag vectors");
        }
      }
    }
  }
  CHECK(bad == 0);
}

// --- Patterns ---------------------------------------------------------------

bool Match(const std::vector<PatternElem>& p, std::size_t i, const Word& w, std::size_t j) {
  if (i == p.size()) return j == w.size();
  switch (p[i].kind) {
    case PatternElem::kAny:
      return Match(p, i + 1, w, j) || (j < w.size() && Match(p, i, w, j + 1));
    case PatternElem::kOne:
      return j < w.size() && Match(p, i + 1, w, j + 1);
    case PatternElem::kTile:
      return j < w.size() && w[j] == p[i].tile && Match(p, i + 1, w, j + 1);
  }
  return false;
}

struct PatternSpec {
  std::string text;
  std::vector<PatternElem> elems;  // as ParsePattern should give
};

// Appends an element and its text; consecutive '*' collapse.
void Push(PatternSpec* p, const Alphabet& a, PatternElem e) {
  if (e.kind == PatternElem::kAny) {
    p->text += '*';
    if (!p->elems.empty() && p->elems.back().kind == PatternElem::kAny) return;
  } else if (e.kind == PatternElem::kOne) {
    p->text += '?';
  } else {
    p->text += a.tile(e.tile).label;
  }
  p->elems.push_back(e);
}

void CheckPatterns(const Lexicons& lx, const Alphabet& a, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PatternSpec> specs;
  for (const Word& w : Sample(lx.words(), rng, 40)) {
    for (int variant = 0; variant < 3; ++variant) {
      PatternSpec p;
      for (std::size_t i = 0; i < w.size(); ++i) {
        const unsigned r = static_cast<unsigned>(rng() % 10);
        if (r < 2) {
          Push(&p, a, {PatternElem::kOne, 0});
        } else if (r < 4) {
          Push(&p, a, {PatternElem::kAny, 0});
          i += rng() % 3;  // the star swallows up to two more tiles
        } else {
          Push(&p, a, {PatternElem::kTile, w[i]});
        }
        if (variant == 2 && rng() % 4 == 0) Push(&p, a, {PatternElem::kAny, 0});
      }
      specs.push_back(p);
    }
  }
  const std::vector<std::vector<PatternElem>> fixed = {
      {{PatternElem::kAny, 0}},
      {{PatternElem::kOne, 0}},
      {{PatternElem::kOne, 0}, {PatternElem::kOne, 0}},
      {{PatternElem::kOne, 0}, {PatternElem::kAny, 0}, {PatternElem::kOne, 0}},
      {{PatternElem::kAny, 0}, {PatternElem::kTile, 1}, {PatternElem::kAny, 0}},
      {{PatternElem::kTile, 2}, {PatternElem::kAny, 0}},
      {{PatternElem::kAny, 0}, {PatternElem::kTile, 1}},
      {{PatternElem::kAny, 0},
       {PatternElem::kTile, 1},
       {PatternElem::kAny, 0},
       {PatternElem::kTile, 1},
       {PatternElem::kAny, 0}},
  };
  for (const auto& f : fixed) {
    PatternSpec p;
    for (const auto& e : f) Push(&p, a, e);
    specs.push_back(p);
  }
  int bad = 0;
  for (const PatternSpec& spec : specs) {
    INFO("pattern \"" << spec.text << "\"");
    auto parsed = ParsePattern(a, spec.text);
    REQUIRE(parsed.ok());
    REQUIRE(parsed->size() == spec.elems.size());
    for (std::size_t i = 0; i < spec.elems.size(); ++i) {
      CHECK((*parsed)[i].kind == spec.elems[i].kind);
      if (spec.elems[i].kind == PatternElem::kTile) CHECK((*parsed)[i].tile == spec.elems[i].tile);
    }
    bad += Compare(
        lx, a, "Pattern \"" + spec.text + "\"",
        [&](const Lexicon& l, const WordCallback& cb) { return Pattern(l, *parsed, cb); },
        Filter(lx.words(), [&](const Word& w) { return Match(spec.elems, 0, w, 0); }));
  }
  CHECK(bad == 0);
}

void CheckAll(const Lexicons& lx, const Alphabet& a, std::uint64_t seed, int max_rack) {
  // ForEachWord and Contains first: the three images hold the same words.
  for (std::size_t i = 0; i < 3; ++i) CHECK(AllWords(lx[i]) == ToVector(lx.words()));
  CheckPrefixSuffixSubstring(lx, a, seed);
  CheckAnagrams(lx, a, seed + 1, max_rack);
  CheckPatterns(lx, a, seed + 2);
}

}  // namespace

TEST_CASE("Queries agree with brute force on random lists, on every graph choice") {
  for (int letters : {4, 26}) {
    for (std::uint64_t seed : {1u, 2u}) {
      std::mt19937_64 rng(seed * 100 + static_cast<std::uint64_t>(letters));
      const Alphabet a = LetterAlphabet(letters);
      const WordSet words = ToSet(RandomWords(rng, letters == 4 ? 250 : 400, letters, letters == 4 ? 8 : 10));
      INFO(letters << " letters, seed " << seed << ", " << words.size() << " words");
      const Lexicons lx(words, a, 10);
      CheckAll(lx, a, seed, 8);
    }
  }
}

TEST_CASE("Queries agree with brute force on the English fixtures") {
  for (const char* rel : {"fixtures/words-tiny.txt", "fixtures/english-small.txt"}) {
    INFO(rel);
    const Alphabet a = Alphabet::English();
    const Lexicons lx(ToSet(EnglishFixture(rel)), a);
    CheckAll(lx, a, 77, 9);
  }
  // Some well-known answers on words-tiny.
  const Alphabet a = Alphabet::English();
  const Lexicons lx(ToSet(EnglishFixture("fixtures/words-tiny.txt")), a);
  auto rack = ParseRack(a, "RETAINS");
  REQUIRE(rack.ok());
  for (std::size_t i = 0; i < 3; ++i) {
    std::vector<std::string> got;
    Anagram(lx[i], *rack, false, [&](const WordMatch& m) {
      got.push_back(a.Render(m.tiles));
      return true;
    });
    CHECK(got == std::vector<std::string>{"ANESTRI", "NASTIER", "RATINES", "RETAINS", "RETINAS", "RETSINA", "STAINER",
                                          "STEARIN"});
  }
}

TEST_CASE("Queries with multi-letter tiles parse and answer like the model") {
  std::vector<TileInfo> tiles;
  for (const char* l : {"A", "C", "CH", "E", "LL", "N", "Ñ", "O", "RR", "S"}) tiles.push_back({l, "", 1, 1});
  auto a = Alphabet::FromTiles("digraphs", std::move(tiles), 2, 0);
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  std::mt19937_64 rng(11);
  const WordSet words = ToSet(RandomWords(rng, 400, a->size(), 7));
  const Lexicons lx(words, *a);
  CheckAll(lx, *a, 5, 7);
  // Greedy tokenizing in racks and patterns: "CCHLL" is C, CH, LL (no tile
  // is a prefix of another's continuation, so every text is unambiguous).
  auto rack = ParseRack(*a, "CHLL?ñ");
  REQUIRE(rack.ok());
  CHECK(rack->count(3) == 1);
  CHECK(rack->count(5) == 1);
  CHECK(rack->count(7) == 1);
  CHECK(rack->blanks() == 1);
  CHECK(rack->size() == 4);
  auto pat = ParsePattern(*a, "CH?*RR");
  REQUIRE(pat.ok());
  REQUIRE(pat->size() == 4);
  CHECK((*pat)[0].tile == 3);
  CHECK((*pat)[1].kind == PatternElem::kOne);
  CHECK((*pat)[2].kind == PatternElem::kAny);
  CHECK((*pat)[3].tile == 9);
}

TEST_CASE("ParseRack and ParsePattern: blanks, case, collapsing stars, errors") {
  const Alphabet a = Alphabet::English();
  {
    auto r = ParseRack(a, "RETAINS?");
    REQUIRE(r.ok());
    CHECK(r->blanks() == 1);
    CHECK(r->size() == 8);
    REQUIRE(CountsOf(*r, a).size() == 27);
    for (char c : std::string("RETAINS")) CHECK(r->count(static_cast<Tile>(c - 'A' + 1)) == 1);
    auto lower = ParseRack(a, "retains?");
    REQUIRE(lower.ok());
    CHECK(CountsOf(*lower, a) == CountsOf(*r, a));
    auto blanks = ParseRack(a, "??");
    REQUIRE(blanks.ok());
    CHECK(blanks->blanks() == 2);
    CHECK(blanks->size() == 2);
    auto twice = ParseRack(a, "AA?A");
    REQUIRE(twice.ok());
    CHECK(twice->count(1) == 3);
  }
  for (const char* bad : {"", "RE1", "RE TAINS", "RE*", "É", "A#"}) {
    INFO("rack \"" << bad << "\"");
    auto r = ParseRack(a, bad);
    CheckError(r.status(), Errc::kBadInput);
  }
  {
    auto p = ParsePattern(a, "A**B");
    REQUIRE(p.ok());
    REQUIRE(p->size() == 3);
    CHECK((*p)[1].kind == PatternElem::kAny);
    auto q = ParsePattern(a, "q?*");
    REQUIRE(q.ok());
    REQUIRE(q->size() == 3);
    CHECK((*q)[0].kind == PatternElem::kTile);
    CHECK((*q)[0].tile == 17);
    CHECK(ParsePattern(a, std::string(63, '?')).ok());
    CHECK(ParsePattern(a, "***").ok());
  }
  for (const std::string& bad : {std::string(""), std::string("A1"), std::string("A B"), std::string("É?"),
                                 std::string(64, '?'), std::string("#")}) {
    INFO("pattern \"" << bad << "\"");
    auto p = ParsePattern(a, bad);
    CheckError(p.status(), Errc::kBadInput);
  }
}

TEST_CASE("Pattern length limits: 63 elements run, 64 match nothing") {
  const Alphabet a = Alphabet::English();
  const WordSet words = ToSet(EnglishFixture("fixtures/words-tiny.txt"));
  const Lexicons lx(words, a);
  const std::vector<PatternElem> stars(63, {PatternElem::kAny, 0});
  std::vector<PatternElem> q_then_stars(63, {PatternElem::kAny, 0});
  q_then_stars[0] = {PatternElem::kTile, 17};
  const std::vector<PatternElem> too_long(64, {PatternElem::kAny, 0});
  const std::vector<PatternElem> sixteen(16, {PatternElem::kOne, 0});
  CHECK(Compare(
            lx, a, "63 stars", [&](const Lexicon& l, const WordCallback& cb) { return Pattern(l, stars, cb); },
            ToVector(words)) == 0);
  CHECK(Compare(
            lx, a, "Q and 62 stars",
            [&](const Lexicon& l, const WordCallback& cb) { return Pattern(l, q_then_stars, cb); },
            Filter(words, [](const Word& w) { return w[0] == 17; })) == 0);
  CHECK(Compare(lx, a, "64 stars", [&](const Lexicon& l, const WordCallback& cb) { return Pattern(l, too_long, cb); },
                {}) == 0);
  CHECK(Compare(lx, a, "16 x ?", [&](const Lexicon& l, const WordCallback& cb) { return Pattern(l, sixteen, cb); },
                {}) == 0);
  CHECK(Compare(lx, a, "empty", [&](const Lexicon& l, const WordCallback& cb) { return Pattern(l, {}, cb); }, {}) == 0);
}

TEST_CASE("A callback returning false stops every query at once") {
  const Alphabet a = Alphabet::English();
  const Lexicons lx(ToSet(EnglishFixture("fixtures/english-small.txt")), a);
  auto rack = ParseRack(a, "AEINRST??");
  REQUIRE(rack.ok());
  const std::vector<PatternElem> star = {{PatternElem::kAny, 0}};
  const Word e = {5}, s = {19}, empty;
  const std::vector<std::pair<const char*, Query>> queries = {
      {"ForEachWord", [&](const Lexicon& l, const WordCallback& cb) { return ForEachWord(l, cb); }},
      {"Prefix", [&](const Lexicon& l, const WordCallback& cb) { return Prefix(l, empty, cb); }},
      {"Suffix S", [&](const Lexicon& l, const WordCallback& cb) { return Suffix(l, s, cb); }},
      {"Substring E", [&](const Lexicon& l, const WordCallback& cb) { return Substring(l, e, cb); }},
      {"sub-anagram", [&](const Lexicon& l, const WordCallback& cb) { return Anagram(l, *rack, true, cb); }},
      {"Pattern *", [&](const Lexicon& l, const WordCallback& cb) { return Pattern(l, star, cb); }},
  };
  for (const auto& [name, q] : queries) {
    for (std::size_t i = 0; i < 3; ++i) {
      const std::size_t all = Collect([&, q = q](const WordCallback& cb) {
                                return q(lx[i], cb);
                              }).size();  // clang < 16: no binding captures
      REQUIRE(all > 5);
      for (std::size_t k : {std::size_t{1}, std::size_t{2}, all / 2, all}) {
        INFO(name << " on " << Lexicons::Name(i) << ", stop at " << k << " of " << all);
        std::size_t calls = 0;
        const std::uint64_t n = q(lx[i], [&](const WordMatch&) { return ++calls < k; });
        CHECK(calls == k);
        CHECK(n == k);
      }
    }
  }
}

namespace {

// Runs Contains, Prefix, Suffix and Substring for each probe on all three
// images; none may match. Returns the number of queries that did.
int MatchNothing(const Lexicons& lx, const Alphabet& a, const std::vector<Word>& probes) {
  int bad = 0;
  for (const Word& p : probes) {
    for (std::size_t i = 0; i < 3; ++i) {
      auto none = [&](const char* what, std::uint64_t n, const std::vector<Word>& got) {
        if (n == 0 && got.empty()) return;
        ++bad;
        UNSCOPED_INFO(what << "(" << Show(a, p) << ") on " << Lexicons::Name(i) << " matched " << Show(a, got));
      };
      if (Contains(lx[i], p)) none("Contains", 1, {p});
      std::vector<Word> got;
      const WordCallback cb = [&](const WordMatch& m) {
        got.emplace_back(m.tiles.begin(), m.tiles.end());
        return true;
      };
      none("Prefix", Prefix(lx[i], p, cb), got);
      got.clear();
      none("Suffix", Suffix(lx[i], p, cb), got);
      got.clear();
      none("Substring", Substring(lx[i], p, cb), got);
    }
  }
  return bad;
}

}  // namespace

TEST_CASE("Queries with tiles outside the alphabet match nothing") {
  const Alphabet a = Alphabet::English();
  const WordSet words = ToSet(EnglishFixture("fixtures/words-tiny.txt"));
  const Lexicons lx(words, a);
  std::vector<Word> probes;
  for (const Word& w : words) {
    for (Tile high : {Tile{27}, Tile{63}, Tile{64}, Tile{255}}) {
      Word p = w;
      p.back() = high;
      probes.push_back(p);
      p = w;
      p.insert(p.begin(), high);
      probes.push_back(p);
    }
  }
  CHECK(MatchNothing(lx, a, probes) == 0);
}

// Regression: Contains on a GADDAG-only image, and Suffix/Substring on any
// image with a GADDAG, walk the query reversed through the GADDAG; a query
// holding tile 0 then follows a separator arc and "finds" rev(y) SEP x for
// a word xy. Minimal case: words {AB}; Contains(GADDAG-only, B SEP A) is
// true and Suffix(B SEP A) reports "B<0>A" as a word. Tile 0 is never a
// letter (formats/lexicon-image.md), so no query holding it can match.
TEST_CASE("Regression: a query holding the separator tile matches nothing", "[query]") {
  const Alphabet a = Alphabet::English();
  {
    const Lexicons lx(ToSet({{1, 2}}), a);
    const Word probe = {2, kSeparator, 1};
    CHECK_FALSE(Contains(lx[1], probe));
    CHECK(Collect([&](const WordCallback& cb) { return Suffix(lx[1], probe, cb); }).empty());
    CHECK(Collect([&](const WordCallback& cb) { return Suffix(lx[2], probe, cb); }).empty());
    CHECK(Collect([&](const WordCallback& cb) { return Substring(lx[2], probe, cb); }).empty());
  }
  const WordSet words = ToSet(EnglishFixture("fixtures/words-tiny.txt"));
  const Lexicons lx(words, a);
  // For each word xy: rev(y) SEP x, which the GADDAG reads backwards as its
  // accepted string rev(x) SEP y; and the word behind a separator.
  std::vector<Word> probes;
  for (const Word& w : words) {
    for (std::size_t k = 1; k < w.size(); ++k) {
      Word p(w.rbegin(), w.rend() - static_cast<std::ptrdiff_t>(k));
      p.push_back(kSeparator);
      p.insert(p.end(), w.begin(), w.begin() + static_cast<std::ptrdiff_t>(k));
      probes.push_back(p);
    }
    Word sep = w;
    sep.insert(sep.begin(), kSeparator);
    probes.push_back(sep);
  }
  CHECK(MatchNothing(lx, a, probes) == 0);
}
