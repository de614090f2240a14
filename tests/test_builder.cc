// Builder: every image round-trips through every access path (bytes, file +
// mapping) for each graph choice and arc width; Contains agrees with a
// std::set model on random lists; the GADDAG accepts exactly its defined
// language; both graphs are minimal and their tails optimally shared
// (against a brute-force right-language minimizer written here); images are
// deterministic and byte-conformant to formats/lexicon-image.md; META
// figures; CRC32C vectors; limits; multi-letter tiles; SOWPODS.
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

// ---------------------------------------------------------------------------
// Brute-force minimal automaton model. Strings are tile strings held in
// std::string (tile 0, the separator, is '\0'). A state is a distinct
// non-empty right language R(p) = {y non-empty : p.y in L}; with per-edge
// accept bits these are exactly the nodes of the minimal automaton.

using Str = std::string;
using Lang = std::set<Str>;

Str AsStr(const Word& w) {
  Str s;
  for (Tile t : w) s.push_back(static_cast<char>(t));
  return s;
}

Lang AsLang(const WordSet& words) {
  Lang l;
  for (const Word& w : words) l.insert(AsStr(w));
  return l;
}

class MinimalModel {
 public:
  // Registers the right language of every prefix (the empty one included).
  void Add(const Lang& language) {
    std::set<Str> prefixes;
    for (const Str& s : language)
      for (std::size_t k = 0; k <= s.size(); ++k) prefixes.insert(s.substr(0, k));
    for (const Str& p : prefixes) {
      Lang r;
      for (auto it = language.lower_bound(p); it != language.end() && it->compare(0, p.size(), p) == 0; ++it)
        if (it->size() > p.size()) r.insert(it->substr(p.size()));
      if (!r.empty()) ids_.emplace(std::move(r), 0);
    }
  }

  std::size_t states() const { return ids_.size(); }

  // Arc slots of an optimal layout: 1 (sentinel) + the lengths of the
  // sibling lists that are not a proper suffix of another list.
  // *unshared (optional): the slots without any tail sharing.
  std::uint64_t ArcSlots(std::uint64_t* unshared = nullptr) {
    int next = 0;
    for (auto& [lang, id] : ids_) id = next++;
    using Arc = std::tuple<int, bool, int>;  // tile, accepts, target state (-1: none)
    std::vector<std::vector<Arc>> lists;
    for (const auto& [lang, id] : ids_) {
      std::map<int, std::pair<bool, Lang>> by_tile;  // tile order as unsigned
      for (const Str& y : lang) {
        auto& [accepts, sub] = by_tile[static_cast<unsigned char>(y[0])];
        if (y.size() == 1)
          accepts = true;
        else
          sub.insert(y.substr(1));
      }
      std::vector<Arc> list;
      for (const auto& [tile, entry] : by_tile)
        list.emplace_back(tile, entry.first, entry.second.empty() ? -1 : ids_.at(entry.second));
      lists.push_back(std::move(list));
    }
    std::set<std::vector<Arc>> proper_suffixes;
    for (const auto& l : lists)
      for (std::size_t j = 1; j < l.size(); ++j)
        proper_suffixes.emplace(l.begin() + static_cast<std::ptrdiff_t>(j), l.end());
    std::uint64_t slots = 1;
    if (unshared) *unshared = 1;
    for (const auto& l : lists) {
      if (!proper_suffixes.count(l)) slots += l.size();
      if (unshared) *unshared += l.size();
    }
    return slots;
  }

 private:
  std::map<Lang, int> ids_;
};

std::vector<Word> Shuffled(const WordSet& words, std::mt19937_64& rng, bool duplicate) {
  std::vector<Word> v(words.begin(), words.end());
  if (duplicate) {
    const std::size_t n = v.size();
    for (std::size_t i = 0; i < n; i += 3) v.push_back(v[i]);
  }
  std::shuffle(v.begin(), v.end(), rng);
  return v;
}

}  // namespace

TEST_CASE("Round trip through bytes and a mapped file, every graph choice and arc width") {
  std::mt19937_64 rng(7);
  WordSet words = ToSet(EnglishFixture("fixtures/english-small.txt"));
  for (auto& w : RandomWords(rng, 300, 26, 15)) words.insert(w);
  RoundTripEverywhere(words, Alphabet::English());
  // Small custom alphabets, and the degenerate lists.
  RoundTripEverywhere(ToSet(RandomWords(rng, 200, 3, 9)), LetterAlphabet(3));
  RoundTripEverywhere(ToSet({{1}}), LetterAlphabet(1));
  RoundTripEverywhere({}, Alphabet::English());
}

TEST_CASE("Contains agrees with the set model on random lists") {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    for (int letters : {2, 4, 26}) {
      const Alphabet a = LetterAlphabet(letters);
      for (int size : {0, 1, 2, 50, 2000}) {
        std::mt19937_64 rng(seed * 1000 + static_cast<std::uint64_t>(letters * 10 + size));
        const WordSet words = ToSet(RandomWords(rng, size, letters, 15));
        // Non-words: random strings of 1..17 tiles (past max-len too), and
        // words with one tile changed, added or removed.
        std::vector<Word> probes = RandomWords(rng, 300, letters, 17);
        for (const Word& w : words) {
          if (probes.size() > 900) break;
          Word x = w;
          x.push_back(static_cast<Tile>(1 + rng() % static_cast<unsigned>(letters)));
          probes.push_back(x);
          x = w;
          x[rng() % x.size()] = static_cast<Tile>(1 + rng() % static_cast<unsigned>(letters));
          probes.push_back(x);
          if (w.size() > 1) probes.emplace_back(w.begin() + 1, w.end());
        }
        probes.emplace_back();  // the empty word is never a word
        for (const GraphChoice& g : kGraphChoices) {
          const int width = seed == 3 ? 8 : 0;
          INFO("seed " << seed << ", " << letters << " letters, " << size << " words, " << g.name << ", width "
                       << width);
          const Image img = BuildOrFail(words, a, Options(g, width));
          const Lexicon lex = OpenOrFail(img);
          REQUIRE(lex.Verify().ok());
          CHECK(lex.arc_width() == (width ? width : 4));
          CHECK(AllWords(lex) == ToVector(words));
          std::size_t wrong = 0;
          for (const Word& w : words) wrong += !Contains(lex, w);
          for (const Word& p : probes) {
            const bool want = words.count(p) > 0;
            if (Contains(lex, p) != want) {
              ++wrong;
              UNSCOPED_INFO("Contains(" << Spell(p) << ") should be " << want);
            }
          }
          CHECK(wrong == 0);
        }
      }
    }
  }
}

TEST_CASE("GADDAG accepts exactly rev(x).SEP.y and rev(w), and its suffix halves are the DAWG nodes") {
  struct Case {
    WordSet words;
    Alphabet a;
    int max_len;
  };
  std::vector<Case> cases;
  cases.push_back({ToSet(EnglishFixture("fixtures/words-tiny.txt")), Alphabet::English(), 15});
  cases.push_back({ToSet({{1}, {1, 1}, {1, 2}, {2, 1}, {2}}), LetterAlphabet(2), 15});
  std::mt19937_64 rng(42);
  for (int letters : {2, 4, 26})
    for (int size : {1, 7, 60, 300})
      cases.push_back({ToSet(RandomWords(rng, size, letters, 10)), LetterAlphabet(letters), 15});
  // Reversed prefixes too long to pack into 128-bit sort keys.
  cases.push_back({ToSet(RandomWords(rng, 80, 26, 30)), LetterAlphabet(26), 30});
  cases.push_back({ToSet(RandomWords(rng, 80, 255, 20)), LetterAlphabet(255), 20});

  for (const auto& [words, a, max_len] : cases) {
    const WordSet model = GaddagModel(words);
    for (const GraphChoice& g : kGraphChoices) {
      if (!g.gaddag) continue;
      for (int width : {4, 8}) {
        if (width == 4 && a.size() > 63) continue;
        INFO(g.name << ", width " << width << ", " << words.size() << " words over " << a.size() << " letters");
        const Image img = BuildOrFail(words, a, Options(g, width, max_len));
        const Lexicon lex = OpenOrFail(img);
        REQUIRE(lex.Verify().ok());
        const int depth = static_cast<int>(lex.meta().max_len) + 1;
        CHECK(AcceptedStrings(lex.gaddag(), depth) == ToVector(model));
        if (g.dawg) CHECK(AcceptedStrings(lex.dawg(), depth) == ToVector(words));

        std::size_t bad = 0;
        for (const Word& w : words) {
          bad += !Accepts(lex.gaddag(), Word(w.rbegin(), w.rend()));
          for (std::size_t k = 1; k < w.size(); ++k) {
            Word s(w.rend() - static_cast<std::ptrdiff_t>(k), w.rend());
            s.push_back(kSeparator);
            s.insert(s.end(), w.begin() + static_cast<std::ptrdiff_t>(k), w.end());
            if (!Accepts(lex.gaddag(), s)) {
              ++bad;
              UNSCOPED_INFO("GADDAG rejects " << Spell(s));
            }
            if (!g.dawg) continue;
            // The node after rev(x) SEP is the DAWG node reached by x.
            Node gn = lex.gaddag().root(), dn = lex.dawg().root();
            bool acc = false;
            for (std::size_t i = k; i-- > 0;) REQUIRE(lex.gaddag().Child(gn, w[i], &gn, &acc));
            REQUIRE(lex.gaddag().Child(gn, kSeparator, &gn, &acc));
            CHECK_FALSE(acc);
            for (std::size_t i = 0; i < k; ++i) REQUIRE(lex.dawg().Child(dn, w[i], &dn, &acc));
            if (gn != dn) {
              ++bad;
              UNSCOPED_INFO("x = " << Spell(Word(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(k)))
                                   << ": GADDAG node " << gn << ", DAWG node " << dn);
            }
          }
        }
        CHECK(bad == 0);
      }
    }
  }
}

TEST_CASE("Both graphs are minimal and their sibling tails optimally shared (brute-force minimizer)") {
  std::mt19937_64 rng(2024);
  struct Case {
    WordSet words;
    int letters, max_len;
  };
  std::vector<Case> cases;
  cases.push_back({ToSet({{1}}), 2, 15});
  cases.push_back({ToSet({{1, 2}, {2, 1}}), 2, 15});
  cases.push_back({ToSet({{1, 2, 3}, {2, 3}, {3}, {1, 3}, {2, 2, 3}}), 3, 15});
  for (int letters : {2, 3, 5, 26})
    for (int size : {3, 20, 80, 200})
      for (int max_len : {4, 8}) cases.push_back({ToSet(RandomWords(rng, size, letters, max_len)), letters, 15});
  cases.push_back({ToSet(EnglishFixture("fixtures/words-tiny.txt")), 26, 15});
  // Long words (prefix sort without packed keys) and a 255-letter alphabet.
  cases.push_back({ToSet(RandomWords(rng, 60, 3, 30)), 3, 30});
  cases.push_back({ToSet(RandomWords(rng, 60, 255, 18)), 255, 18});

  std::size_t shared_cases = 0;
  for (const auto& [words, letters, max_len] : cases) {
    INFO(words.size() << " words over " << letters << " letters");
    const Alphabet a = LetterAlphabet(letters);
    const Lang dawg_lang = AsLang(words), gaddag_lang = AsLang(GaddagModel(words));
    MinimalModel dawg_model, gaddag_model, both_model;
    dawg_model.Add(dawg_lang);
    gaddag_model.Add(gaddag_lang);
    both_model.Add(dawg_lang);
    both_model.Add(gaddag_lang);

    // One graph alone: its nodes, and every slot of the array is its own.
    for (bool gaddag : {false, true}) {
      INFO((gaddag ? "GADDAG only" : "DAWG only"));
      MinimalModel& model = gaddag ? gaddag_model : dawg_model;
      const Image img = BuildOrFail(words, a, Options(kGraphChoices[gaddag ? 1 : 0], 0, max_len));
      const Lexicon lex = OpenOrFail(img);
      const Graph& graph = gaddag ? lex.gaddag() : lex.dawg();
      const GraphInfo& info = gaddag ? lex.gaddag_info() : lex.dawg_info();
      const Node roots[] = {graph.root()};
      CHECK(info.nodes == model.states());
      CHECK(ReachableNodes(graph, roots).size() == model.states());
      CHECK(lex.arc_count() == model.ArcSlots());
      CHECK(info.arcs == lex.arc_count() - 1);
    }
    {
      const Image img = BuildOrFail(words, a, Options(kGraphChoices[2], 0, max_len));
      const Lexicon lex = OpenOrFail(img);
      CHECK(lex.dawg_info().nodes == dawg_model.states());
      CHECK(lex.gaddag_info().nodes == gaddag_model.states());
      const Node roots[] = {lex.dawg().root(), lex.gaddag().root()};
      CHECK(ReachableNodes(lex.dawg(), roots).size() == both_model.states());
      std::uint64_t unshared = 0;
      CHECK(lex.arc_count() == both_model.ArcSlots(&unshared));
      shared_cases += lex.arc_count() < unshared;
    }
  }
  // The layouts above really did share tails.
  CHECK(shared_cases * 2 > cases.size());
}

TEST_CASE("Images are deterministic: order and duplicates of the input do not matter") {
  std::mt19937_64 rng(99);
  for (int letters : {3, 26}) {
    const Alphabet a = LetterAlphabet(letters);
    const WordSet words = ToSet(RandomWords(rng, 400, letters, 12));
    for (const GraphChoice& g : kGraphChoices) {
      for (int width : {0, 8}) {
        INFO(g.name << ", width " << width << ", " << letters << " letters");
        auto sorted = BuildImage(ToWordList(words), a, Options(g, width));
        REQUIRE(sorted.ok());
        for (bool dup : {false, true}) {
          std::size_t dups = 0;
          auto shuffled = BuildImage(WordList::FromUnsorted(Shuffled(words, rng, dup), &dups), a, Options(g, width));
          REQUIRE(shuffled.ok());
          CHECK(dups == (dup ? (words.size() + 2) / 3 : 0));
          CHECK(*shuffled == *sorted);
        }
      }
    }
  }
}

TEST_CASE("Image bytes conform to the spec: header, table, padding, sentinel, trailer") {
  const WordSet words = ToSet(EnglishFixture("fixtures/words-tiny.txt"));
  for (const GraphChoice& g : kGraphChoices) {
    for (int width : {4, 8}) {
      INFO(g.name << ", width " << width);
      Image img = BuildOrFail(words, Alphabet::English(), Options(g, width));
      RawImage raw(&img);
      const unsigned char magic[8] = {0x89, 'L', 'E', 'X', 0x0D, 0x0A, 0x1A, 0x0A};
      CHECK(std::memcmp(img.data(), magic, 8) == 0);
      CHECK(raw.Get(8, 2) == 1);   // major
      CHECK(raw.Get(10, 2) == 0);  // minor
      CHECK(raw.Get(12, 4) == 0);  // flags
      CHECK(raw.Get(16, 8) == img.size());
      CHECK(raw.Get(24, 4) == 64);
      const std::uint64_t count = raw.Get(28, 4);
      CHECK(count == 3u + g.dawg + g.gaddag);
      CHECK(raw.Get(32, 8) == 64);
      CHECK(raw.Get(40, 4) == 24);
      for (std::size_t i = 44; i < 64; ++i) CHECK(raw.Get(i, 1) == 0);
      // Sections in writer order, 8-aligned, zero gaps between them.
      std::vector<std::string> tags;
      std::vector<bool> used(img.size(), false);
      for (std::size_t i = 0; i < 64 + 24 * count; ++i) used[i] = true;
      for (std::size_t i = img.size() - 16; i < img.size(); ++i) used[i] = true;
      for (std::uint64_t i = 0; i < count; ++i) {
        const std::size_t e = 64 + 24 * i;
        tags.emplace_back(reinterpret_cast<const char*>(img.data() + e), 4);
        CHECK(raw.Get(e + 4, 4) == 0);
        const std::uint64_t off = raw.Get(e + 8, 8), size = raw.Get(e + 16, 8);
        CHECK(off % 8 == 0);
        REQUIRE(off + size <= img.size() - 16);
        for (std::uint64_t b = off; b < off + size; ++b) {
          CHECK_FALSE(used[b]);  // no overlap
          used[b] = true;
        }
      }
      std::vector<std::string> want = {"ALPH", "META"};
      if (g.dawg) want.push_back("DAWG");
      if (g.gaddag) want.push_back("GADG");
      want.push_back("ARCS");
      CHECK(tags == want);
      std::size_t nonzero_gaps = 0;
      for (std::size_t b = 0; b < img.size(); ++b) nonzero_gaps += !used[b] && img.data()[b] != std::byte{0};
      CHECK(nonzero_gaps == 0);
      // ALPH head and records.
      const auto alph = raw.Find("ALPH");
      CHECK(raw.Get(alph.offset, 4) == 26);
      CHECK(raw.Get(alph.offset + 4, 2) == 2);
      CHECK(raw.Get(alph.offset + 8, 2) == 40);
      CHECK(raw.Get(alph.offset + 10, 2) == 7);  // "english"
      CHECK(alph.size == 16 + 26 * 40 + 7);
      const std::size_t q = alph.offset + 16 + 16 * 40;  // tile 17, Q: 10 points, 1 tile
      CHECK(raw.Get(q, 1) == 1);
      CHECK(raw.Get(q + 1, 1) == 'Q');
      CHECK(raw.Get(q + 16, 1) == 1);
      CHECK(raw.Get(q + 17, 1) == 'q');
      CHECK(raw.Get(q + 32, 2) == 10);
      CHECK(raw.Get(q + 34, 2) == 1);
      // META size: fixed part + options.
      const auto meta = raw.Find("META");
      CHECK(meta.size == 64 + raw.Get(meta.offset + 40, 4));
      // ARCS: width, count, the sentinel, last bit on the final arc.
      const auto arcs = raw.Find("ARCS");
      CHECK(raw.arc_width() == width);
      CHECK(arcs.size == 16 + raw.arc_count() * static_cast<std::uint64_t>(width));
      CHECK(raw.Get(raw.arc_offset(0), width) == (width == 4 ? 0x40000000u : 0x0000010000000000u));
      CHECK(raw.GetArc(raw.arc_count() - 1).last);
      for (const char* tag : {"DAWG", "GADG"}) {
        if (!raw.Has(tag)) continue;
        const auto d = raw.Find(tag);
        CHECK(d.size == 48);
        CHECK(raw.Get(d.offset + 4, 4) == 0);
        for (std::size_t b = 36; b < 48; ++b) CHECK(raw.Get(d.offset + b, 1) == 0);
      }
      // Trailer: CRC of everything before it, reserved zero, end magic.
      const std::size_t body = img.size() - 16;
      CHECK(raw.Get(body, 4) == SlowCrc32c(0, reinterpret_cast<const unsigned char*>(img.data()), body));
      CHECK(raw.Get(body + 4, 4) == 0);
      CHECK(std::string(reinterpret_cast<const char*>(img.data() + body + 8), 8) == "LEXC-END");
    }
  }
}

TEST_CASE("Crc32c: RFC 3720 vectors and a bitwise reference") {
  const char* digits = "123456789";
  CHECK(Crc32c(0, digits, 9) == 0xE3069283u);
  unsigned char buf[32];
  std::fill(std::begin(buf), std::end(buf), 0x00);
  CHECK(Crc32c(0, buf, 32) == 0x8A9136AAu);
  std::fill(std::begin(buf), std::end(buf), 0xFF);
  CHECK(Crc32c(0, buf, 32) == 0x62A8AB43u);
  for (int i = 0; i < 32; ++i) buf[i] = static_cast<unsigned char>(i);
  CHECK(Crc32c(0, buf, 32) == 0x46DD794Eu);
  for (int i = 0; i < 32; ++i) buf[i] = static_cast<unsigned char>(31 - i);
  CHECK(Crc32c(0, buf, 32) == 0x113FDB5Cu);
  CHECK(Crc32c(0, buf, 0) == 0);
  CHECK(Crc32c(0x12345678u, buf, 0) == 0x12345678u);

  // Every length 0..300 at every alignment 0..7, whole and split in two.
  std::mt19937_64 rng(3720);
  std::vector<unsigned char> data(320);
  for (auto& b : data) b = static_cast<unsigned char>(rng());
  std::size_t wrong = 0;
  for (std::size_t align = 0; align < 8; ++align) {
    for (std::size_t n = 0; n + align <= 308; ++n) {
      const unsigned char* p = data.data() + align;
      const std::uint32_t want = SlowCrc32c(0, p, n);
      wrong += Crc32c(0, p, n) != want;
      const std::size_t cut = n ? rng() % n : 0;
      wrong += Crc32c(Crc32c(0, p, cut), p + cut, n - cut) != want;
    }
  }
  CHECK(wrong == 0);
}

TEST_CASE("Progress callbacks: the read counts its bytes, each graph its work, up to the totals") {
  // 70,000 distinct words, so that the DAWG reports more than once (every 64K).
  std::string text;
  for (int i = 0; i < 70000; ++i) {
    std::string w;
    for (int n = i; w.size() < 4 || n > 0; n /= 26) w += static_cast<char>('A' + n % 26);
    text += w + "\n";
  }
  std::vector<std::pair<std::uint64_t, std::uint64_t>> read_calls;
  ReadOptions ro;
  ro.progress = [&](std::uint64_t bytes, std::uint64_t total) { read_calls.emplace_back(bytes, total); };
  const WordList words = ParseWordList(text, "w.txt", Alphabet::English(), ro, nullptr).value();
  REQUIRE(words.size() == 70000);
  REQUIRE_FALSE(read_calls.empty());
  CHECK(read_calls.back() == std::make_pair<std::uint64_t, std::uint64_t>(text.size(), text.size()));
  for (std::size_t i = 1; i < read_calls.size(); ++i) CHECK(read_calls[i].first >= read_calls[i - 1].first);

  std::map<std::string, std::vector<std::pair<std::uint64_t, std::uint64_t>>> build_calls;
  BuildOptions bo;
  bo.progress = [&](std::string_view phase, std::uint64_t done, std::uint64_t total) {
    build_calls[std::string(phase)].emplace_back(done, total);
  };
  BuildReport report;
  const auto with = BuildImage(words, Alphabet::English(), bo, &report);
  REQUIRE(with.ok());
  REQUIRE(build_calls.size() == 2);
  const auto& dawg = build_calls["dawg"];
  const auto& gaddag = build_calls["gaddag"];
  CHECK(dawg.size() >= 3);  // 0, 65536, the end
  CHECK(dawg.front().first == 0);
  CHECK(dawg.back() == std::make_pair<std::uint64_t, std::uint64_t>(70000, 70000));
  for (std::size_t i = 1; i < dawg.size(); ++i) CHECK(dawg[i].first > dawg[i - 1].first);
  // The GADDAG front adds one reversed prefix per distinct prefix of the words.
  std::set<std::string> prefixes;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    for (std::size_t n = 1; n <= end - at; ++n) prefixes.insert(text.substr(at, n));
    at = end + 1;
  }
  CHECK(gaddag.back() == std::make_pair<std::uint64_t, std::uint64_t>(prefixes.size(), prefixes.size()));
  // Progress changes nothing in the image.
  CHECK(BuildImage(words, Alphabet::English(), BuildOptions{}).value() == *with);
}
