// Corruption: images damaged on purpose, starting from valid images of the
// fixture lists. Open (FromBytes / MappedLexicon::Open) must reject what the
// spec says it checks, with the right category; Verify must catch the rest;
// nothing may crash or hang, including queries on images that opened but
// were never verified. Every structural edit fixes the CRC afterwards, so
// only the check under test can catch it.
#include <sys/stat.h>

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/crc32c.h"
#include "lexc/format.h"
#include "lexc/image_writer.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

const WordSet& TinyWords() {
  static const WordSet w = ToSet(EnglishFixture("fixtures/words-tiny.txt"));
  return w;
}

// width 0: bit-packed arcs (compact).
Image TinyImage(const GraphChoice& g, int width = 4) {
  BuildOptions o = Options(g, width);
  o.compact = width == 0;
  return BuildOrFail(TinyWords(), Alphabet::English(), o);
}

// Smaller still, for exhaustive byte-by-byte damage: 9 words over 3 letters.
const WordSet& MicroWords() {
  static const WordSet w =
      ToSet({{1}, {1, 2}, {2, 1}, {1, 2, 3}, {3, 1, 2}, {2, 3, 1}, {3, 3}, {1, 3, 3, 1}, {2, 2, 2, 2, 2}});
  return w;
}
Image MicroImage(const GraphChoice& g, int width = 4) {
  BuildOptions o = Options(g, width, 6);
  o.compact = width == 0;
  return BuildOrFail(MicroWords(), LetterAlphabet(3), o);
}

// A copy of `base` after `edit`, with the trailer CRC recomputed (unless not).
Image Patched(const Image& base, const std::function<void(RawImage&)>& edit, bool fix_crc = true) {
  Image img = base;
  RawImage raw(&img);
  edit(raw);
  if (fix_crc) raw.FixCrc();
  return img;
}

Status OpenStatus(const Image& img) { return Lexicon::FromBytes(img.bytes()).status(); }

void ExpectOpenError(const Image& img, Errc code, const std::string& detail_part = "") {
  CheckError(OpenStatus(img), code, detail_part);
}

// Opens (must succeed) and returns Verify's answer.
Status VerifyStatus(const Image& img) {
  auto lex = Lexicon::FromBytes(img.bytes());
  INFO(lex.status().ToString());
  REQUIRE(lex.ok());
  return lex->Verify();
}

void ExpectVerifyError(const Image& img, Errc code, const std::string& detail_part = "") {
  CheckError(VerifyStatus(img), code, detail_part);
}

// Runs every query kind on a (possibly unverified) lexicon; each callback
// stops after a while. Must terminate without crashing; returns matches seen.
std::uint64_t ExerciseQueries(const Lexicon& lex) {
  std::uint64_t seen = 0, run = 0;
  const WordCallback cb = [&](const WordMatch&) {
    ++seen;
    return ++run % 300 != 0;  // stop each query after a while
  };
  ForEachWord(lex, cb);
  const Word probes[] = {{17, 9}, {18, 5, 20, 1, 9, 14, 19}, {1, 2}, {3}, {2, 3, 1}, {}, {0, 1}, {200, 3}};
  for (const Word& p : probes) {
    seen += Contains(lex, p);
    if (p.empty()) continue;  // the same as ForEachWord
    Prefix(lex, p, cb);
    Suffix(lex, p, cb);
    Substring(lex, p, cb);
  }
  Rack rack;
  for (int t : {18, 5, 20, 1, 9, 14, 19, 2, 3})
    if (t <= lex.alphabet().size()) rack.Add(static_cast<Tile>(t));
  rack.AddBlank();
  Anagram(lex, rack, false, cb);
  Anagram(lex, rack, true, cb);
  const std::vector<PatternElem> patterns[] = {
      {{PatternElem::kAny, 0}},
      {{PatternElem::kTile, 17}, {PatternElem::kAny, 0}},
      {{PatternElem::kOne, 0}, {PatternElem::kAny, 0}, {PatternElem::kTile, 19}},
      {{PatternElem::kOne, 0}, {PatternElem::kOne, 0}, {PatternElem::kOne, 0}}};
  for (const auto& p : patterns) Pattern(lex, p, cb);
  return seen;
}

// What Verify promises on any image it accepts: the DAWG's words come out
// strictly increasing, each is Contained, and there are word_count of them.
void CheckSelfConsistent(const Lexicon& lex) {
  if (!lex.has_dawg()) return;
  std::vector<Word> words = AllWords(lex);
  CHECK(words.size() == lex.meta().word_count);
  CHECK(std::adjacent_find(words.begin(), words.end(),
                           [](const Word& a, const Word& b) { return !WordLess()(a, b); }) == words.end());
  std::size_t missing = 0;
  for (const Word& w : words) missing += !Contains(lex, w);
  CHECK(missing == 0);
}

// The arc indexes of node n's sibling list.
std::vector<std::uint64_t> ListOf(const RawImage& raw, std::uint64_t n) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t i = n; i < raw.arc_count(); ++i) {
    out.push_back(i);
    if (raw.GetArc(i).last) break;
  }
  return out;
}

// First arc (from 1) satisfying pred; fails the test if there is none.
std::uint64_t FindArc(const RawImage& raw, const std::function<bool(const RawImage::Arc&)>& pred) {
  for (std::uint64_t i = 1; i < raw.arc_count(); ++i)
    if (pred(raw.GetArc(i))) return i;
  FAIL("no such arc");
  return 0;
}

struct Config {
  GraphChoice g;
  int width;
};
std::vector<Config> AllConfigs() {
  std::vector<Config> out;
  for (const GraphChoice& g : kGraphChoices)
    for (int w : {4, 8, 0}) out.push_back({g, w});  // 0: bit-packed
  return out;
}

// One configuration's tiny image, and `raw` to read its fields (edits go
// through Patched copies of `base`).
struct Target {
  explicit Target(const Config& config)
      : c(config),
        base(TinyImage(c.g, c.width)),
        scratch(base),
        raw(&scratch),
        alph(raw.Find("ALPH")),
        meta(raw.Find("META")),
        arcs(raw.Find("ARCS")) {}
  Target(const Target&) = delete;
  Target& operator=(const Target&) = delete;
  Config c;
  Image base, scratch;
  RawImage raw;
  RawImage::Section alph, meta, arcs;
};

// Runs f on a Target of every configuration.
void ForEachTarget(const std::function<void(const Target&)>& f) {
  for (const Config& c : AllConfigs()) {
    INFO(c.g.name << ", width " << c.width);
    const Target t(c);
    f(t);
  }
}

}  // namespace

TEST_CASE("Truncated images never open") {
  for (const Config& c : AllConfigs()) {
    INFO(c.g.name << ", width " << c.width);
    for (const Image& full : {MicroImage(c.g, c.width), TinyImage(c.g, c.width)}) {
      REQUIRE(OpenStatus(full).ok());
      for (std::size_t n = 0; n < full.size(); ++n) {
        Image cut = full;
        cut.Truncate(n);
        const Status s = OpenStatus(cut);
        if (s.ok()) FAIL_CHECK("opened at " << n << " of " << full.size() << " bytes");
        // Cut after the magic, the reader knows the size is wrong.
        if (n >= 8 && s.code() != Errc::kCorrupt) FAIL_CHECK(n << ": " << s.ToString());
      }
    }
  }
  // A bigger image, sampled lengths (both ends, and every 37th in between).
  std::mt19937_64 rng(1);
  WordSet words = ToSet(EnglishFixture("fixtures/english-small.txt"));
  for (auto& w : RandomWords(rng, 1500, 26, 15)) words.insert(w);
  const Image big = BuildOrFail(words, Alphabet::English());
  for (std::size_t n = 0; n < big.size(); n += (n < 128 || n + 128 > big.size()) ? 1 : 37) {
    Image cut = big;
    cut.Truncate(n);
    if (OpenStatus(cut).ok()) FAIL_CHECK("opened at " << n << " of " << big.size() << " bytes");
  }
  // Truncations that look whole: file size, end magic and CRC rewritten for
  // the shorter length, so only the section bounds can tell.
  for (const Config& c : AllConfigs()) {
    const Image full = TinyImage(c.g, c.width);
    for (std::size_t n = 80; n < full.size(); n += 8) {
      Image cut = full;
      cut.Truncate(n);
      RawImage raw(&cut);
      raw.Set(16, 8, n);
      raw.Set(n - 12, 4, 0);
      std::memcpy(cut.data() + n - 8, "LEXC-END", 8);
      raw.FixCrc();
      const Status s = OpenStatus(cut);
      if (s.ok() || s.code() != Errc::kCorrupt) FAIL_CHECK(c.g.name << " cut to " << n << ": " << s.ToString());
    }
  }
  // The same through files.
  TempDir dir;
  for (std::size_t n :
       {std::size_t{1}, std::size_t{63}, std::size_t{64}, big.size() / 2, big.size() - 16, big.size() - 1}) {
    const std::string path = dir.File("cut-" + std::to_string(n));
    REQUIRE(WriteFileAtomic(path, big.bytes().first(n)).ok());
    auto m = MappedLexicon::Open(path);
    REQUIRE_FALSE(m.ok());
    CHECK(m.status().detail().find(path) != std::string::npos);
  }
}

TEST_CASE("Major version 0 and 2 are version errors, minor + 1 still opens") {
  for (const Config& c : AllConfigs()) {
    INFO(c.g.name << ", width " << c.width);
    const Image base = TinyImage(c.g, c.width);
    for (std::uint64_t major : {0u, 2u, 3u, 0xFFFFu}) {
      for (bool fix : {false, true}) {
        const Image img = Patched(
            base, [&](RawImage& r) { r.Set(8, 2, major); }, fix);
        ExpectOpenError(img, Errc::kBadVersion, "expected");
        CHECK(OpenStatus(img).detail().find(std::to_string(major)) != std::string::npos);
      }
    }
    const Image minor = Patched(base, [](RawImage& r) { r.Set(10, 2, r.Get(10, 2) + 1); });
    auto lex = Lexicon::FromBytes(minor.bytes());
    INFO(lex.status().ToString());
    REQUIRE(lex.ok());
    CHECK(lex->minor_version() == (c.width == 0 ? format::kMinorPackedArcs + 1 : 1));
    CHECK(lex->Verify().ok());
    CHECK(AllWords(*lex) == ToVector(TinyWords()));
  }
}

TEST_CASE("Bad magic, reserved header flags and header fields fail Open") {
  const Image base = TinyImage(kGraphChoices[2]);
  for (std::size_t i = 0; i < 8; ++i)
    for (unsigned x : {0x01u, 0x20u, 0x80u}) {
      INFO("magic byte " << i << " ^ " << x);
      ExpectOpenError(Patched(base, [&](RawImage& r) { r.Set(i, 1, r.Get(i, 1) ^ x); }), Errc::kBadMagic);
    }
  for (int bit = 0; bit < 32; ++bit) {
    INFO("flag bit " << bit);
    ExpectOpenError(Patched(base, [&](RawImage& r) { r.Set(12, 4, std::uint64_t(1) << bit); }), Errc::kCorrupt);
  }
  struct Edit {
    const char* what;
    std::size_t offset;
    int width;
    std::uint64_t value;
  };
  const std::uint64_t size = base.size();
  const Edit edits[] = {
      {"file size - 8", 16, 8, size - 8}, {"file size + 8", 16, 8, size + 8},
      {"file size 0", 16, 8, 0},          {"header size 72", 24, 4, 72},
      {"header size 0", 24, 4, 0},        {"section count 0", 28, 4, 0},
      {"section count 65", 28, 4, 65},    {"section count 2^32-1", 28, 4, 0xFFFFFFFF},
      {"table offset 72", 32, 8, 72},     {"table offset 2^64-8", 32, 8, ~std::uint64_t(7)},
      {"entry size 32", 40, 4, 32},       {"reserved 44", 44, 1, 1},
      {"reserved 63", 63, 1, 0x80},       {"trailer reserved", size - 12, 4, 1},
      {"end magic", size - 1, 1, 'd'},
  };
  for (const Edit& e : edits) {
    INFO(e.what);
    ExpectOpenError(Patched(base, [&](RawImage& r) { r.Set(e.offset, e.width, e.value); }), Errc::kCorrupt);
  }
  // A section count that fits but names entries that are really section data.
  ExpectOpenError(Patched(base, [](RawImage& r) { r.Set(28, 4, 40); }), Errc::kCorrupt);
}

TEST_CASE("Single-byte flips anywhere: Open or Verify fails, and unverified queries are safe") {
  // Every byte of the tiny images; three flip patterns per byte.
  std::uint64_t opened = 0, total = 0;
  auto flip_all = [&](const Image& base, std::size_t step, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (std::size_t i = step > 1 ? rng() % step : 0; i < base.size(); i += step) {
      for (unsigned x : {0x01u, 0x80u, 0xFFu}) {
        const Image img = Patched(
            base, [&](RawImage& r) { r.Set(i, 1, r.Get(i, 1) ^ x); }, false);
        ++total;
        auto lex = Lexicon::FromBytes(img.bytes());
        if (!lex.ok()) continue;
        ++opened;
        if (lex->Verify().ok()) FAIL_CHECK("byte " << i << " ^ " << x << ": Open and Verify both accept");
        ExerciseQueries(*lex);
      }
    }
  };
  for (const Config& c : AllConfigs()) {
    INFO(c.g.name << ", width " << c.width);
    flip_all(MicroImage(c.g, c.width), 1, 0);
    flip_all(TinyImage(c.g, c.width), 11, 1);
  }
  // A bigger image, sampled bytes.
  const WordSet words = ToSet(EnglishFixture("fixtures/english-small.txt"));
  for (const GraphChoice& g : kGraphChoices) flip_all(BuildOrFail(words, Alphabet::English(), Options(g)), 61, 3);
  // Most flips land in the arcs and still open: the queries really ran.
  CHECK(opened * 4 > total);
}

TEST_CASE("Single-byte flips with the CRC fixed: rejected, or Verify's promises hold") {
  std::uint64_t verified = 0, rejected = 0;
  for (const Config& c : AllConfigs()) {
    for (bool micro : {true, false}) {
      INFO(c.g.name << ", width " << c.width << (micro ? ", micro" : ", tiny"));
      const Image base = micro ? MicroImage(c.g, c.width) : TinyImage(c.g, c.width);
      const std::size_t body = base.size() - 16;
      for (std::size_t i = micro ? 0 : 3; i < body; i += micro ? 1 : 13) {
        for (unsigned x : {0x01u, 0x40u, 0x80u}) {
          INFO("byte " << i << " ^ " << x);
          const Image img = Patched(base, [&](RawImage& r) { r.Set(i, 1, r.Get(i, 1) ^ x); });
          auto lex = Lexicon::FromBytes(img.bytes());
          if (!lex.ok()) {
            ++rejected;
            continue;
          }
          if (!lex->Verify().ok()) {
            ++rejected;
            ExerciseQueries(*lex);
            continue;
          }
          ++verified;  // e.g. a tile's score, the options text, an arc's tile
          CheckSelfConsistent(*lex);
          ExerciseQueries(*lex);
        }
      }
    }
  }
  CHECK(verified > 0);
  CHECK(rejected > verified);
}

TEST_CASE("An arc target outside the array is caught by Verify, naming the arc") {
  ForEachTarget([](const Target& t) {
    const Config& c = t.c;
    const Image& base = t.base;
    const RawImage& raw = t.raw;
    const std::uint64_t count = raw.arc_count();
    const std::uint64_t root = raw.Root(c.g.dawg ? "DAWG" : "GADG");
    const std::uint64_t max_target = c.width == 4 ? 0xFFFFFF : 0xFFFFFFFF;
    // The root's first arc, an arc in the middle, and the final arc.
    for (std::uint64_t i : {root, count / 2, count - 1}) {
      for (std::uint64_t target : {count, count + 1, max_target}) {
        INFO("arc " << i << " -> " << target);
        const Image img = Patched(base, [&](RawImage& r) {
          auto a = r.GetArc(i);
          a.target = target;
          r.SetArc(i, a);
        });
        ExpectVerifyError(img, Errc::kCorrupt, "arc " + std::to_string(i));
        auto lex = Lexicon::FromBytes(img.bytes());
        REQUIRE(lex.ok());
        ExerciseQueries(*lex);
      }
    }
  });
}

TEST_CASE("A cycle is caught by Verify and queries on it terminate") {
  ForEachTarget([](const Target& t) {
    const Image& base = t.base;
    const RawImage& raw = t.raw;
    for (const char* tag : {"DAWG", "GADG"}) {
      if (!(tag[0] == 'D' ? t.c.g.dawg : t.c.g.gaddag)) continue;
      INFO(tag);
      const std::uint64_t root = raw.Root(tag);
      // A self loop at the root, and a loop from a child of the root back to it.
      const std::uint64_t child = raw.GetArc(root).target;
      REQUIRE(child != 0);
      for (auto [arc, to] :
           {std::pair{root, root}, std::pair{ListOf(raw, child).back(), root}, std::pair{child, child}}) {
        INFO("arc " << arc << " -> node " << to);
        const Image img = Patched(base, [&, arc = arc, to = to](RawImage& r) {  // clang < 16: no binding captures
          auto a = r.GetArc(arc);
          a.target = to;
          r.SetArc(arc, a);
        });
        ExpectVerifyError(img, Errc::kCorrupt, "cycle");
        auto lex = Lexicon::FromBytes(img.bytes());
        REQUIRE(lex.ok());
        ExerciseQueries(*lex);
        // Contains stays bounded by max-len: a word of 16 tiles is never found.
        CHECK_FALSE(Contains(*lex, Word(16, raw.GetArc(root).tile)));
      }
    }
  });
}

TEST_CASE("Section table: misaligned, overlapping, out of bounds, duplicate, missing, unknown") {
  ForEachTarget([](const Target& t) {
    const std::uint64_t size = t.base.size(), count = t.raw.Get(28, 4);
    auto set = [&](std::size_t offset, int width, std::uint64_t value) {
      return Patched(t.base, [&](RawImage& r) { r.Set(offset, width, value); });
    };
    // Misaligned.
    for (std::uint64_t d : {1u, 4u, 7u}) {
      ExpectOpenError(set(t.meta.entry + 8, 8, t.meta.offset + d), Errc::kCorrupt, "aligned");
      ExpectOpenError(set(t.arcs.entry + 8, 8, t.arcs.offset + d), Errc::kCorrupt);
    }
    // Overlapping: META where ALPH is; ALPH grown into META; ARCS onto META.
    ExpectOpenError(set(t.meta.entry + 8, 8, t.alph.offset), Errc::kCorrupt, "overlap");
    ExpectOpenError(set(t.alph.entry + 16, 8, t.alph.size + 16), Errc::kCorrupt, "overlap");
    ExpectOpenError(set(t.arcs.entry + 8, 8, t.meta.offset), Errc::kCorrupt);
    // Out of bounds: into the table, the header, the trailer, past the end,
    // and sizes that overflow offset + size.
    const std::uint64_t table_end = 64 + 24 * count;
    const std::uint64_t bad_offsets[] = {
        0, 64, (table_end - 8) & ~std::uint64_t(7), size - 16, size, size + 8, ~std::uint64_t(7)};
    for (std::uint64_t off : bad_offsets) {
      INFO("ARCS at " << off);
      ExpectOpenError(set(t.arcs.entry + 8, 8, off), Errc::kCorrupt);
    }
    for (std::uint64_t sz : {t.arcs.size + (size - 16 - t.arcs.offset - t.arcs.size) + 1, size, ~std::uint64_t(0),
                             ~std::uint64_t(0) - t.arcs.offset + 1}) {
      INFO("ARCS size " << sz);
      ExpectOpenError(set(t.arcs.entry + 16, 8, sz), Errc::kCorrupt);
    }
    // Flags, a duplicate tag, a missing required section.
    ExpectOpenError(set(t.meta.entry + 4, 4, 1), Errc::kCorrupt);
    ExpectOpenError(set(t.meta.entry, 4, t.raw.Get(t.alph.entry, 4)), Errc::kCorrupt, "duplicate");
    for (const auto& sec : {t.alph, t.meta, t.arcs}) {
      INFO("section at entry " << sec.entry << " renamed");
      ExpectOpenError(set(sec.entry, 4, 0x5A5A5A5A), Errc::kCorrupt, "missing");
    }
    // Readers ignore tags they do not know: with DAWG renamed, a combined
    // image reads as GADDAG-only with the same words.
    if (t.c.g.dawg && t.c.g.gaddag) {
      const Image img = set(t.raw.Find("DAWG").entry, 4, 0x5A5A5A5A);
      auto lex = Lexicon::FromBytes(img.bytes());
      INFO(lex.status().ToString());
      REQUIRE(lex.ok());
      CHECK_FALSE(lex->has_dawg());
      CHECK(lex->has_gaddag());
      CHECK(lex->Verify().ok());
      CHECK(AllWords(*lex) == ToVector(TinyWords()));
    }
    if (t.c.g.dawg != t.c.g.gaddag) {
      // The only graph renamed: neither graph left.
      const Image img = set(t.raw.Find(t.c.g.dawg ? "DAWG" : "GADG").entry, 4, 0x5A5A5A5A);
      ExpectOpenError(img, Errc::kCorrupt);
    }
  });
}

TEST_CASE("ALPH, META, ARCS and graph descriptor fields out of range fail Open") {
  ForEachTarget([](const Target& t) {
    struct Edit {
      const char* what;
      std::size_t offset;
      int width;
      std::uint64_t value;
    };
    const std::size_t tile2 = t.alph.offset + 16 + 40;  // record of tile 2 ("B")
    const std::uint64_t count = t.raw.arc_count();
    std::vector<Edit> edits = {
        {"ALPH tile count 0", t.alph.offset, 4, 0},
        {"ALPH tile count 256", t.alph.offset, 4, 256},
        {"ALPH tile count past the section", t.alph.offset, 4, 200},
        {"ALPH record size 48", t.alph.offset + 8, 2, 48},
        {"ALPH name length 255", t.alph.offset + 10, 2, 255},
        {"ALPH reserved", t.alph.offset + 12, 1, 1},
        {"label length 0", tile2, 1, 0},
        {"label length 16", tile2, 1, 16},
        {"label padding", tile2 + 5, 1, 'X'},
        {"label equal to A", tile2 + 1, 1, 'A'},
        {"label '?'", tile2 + 1, 1, '?'},
        {"label invalid UTF-8", tile2 + 1, 1, 0xC3},
        {"lower length 16", tile2 + 16, 1, 16},
        {"record reserved", tile2 + 36, 1, 1},
        {"META max-len 0", t.meta.offset + 32, 4, 0},
        {"META max-len 256", t.meta.offset + 32, 4, 256},
        {"META longest > max-len", t.meta.offset + 24, 4, 16},
        {"META options past the section", t.meta.offset + 40, 4, t.meta.size},
        {"META reserved", t.meta.offset + 50, 1, 1},
        {"ARCS width 0 or 4", t.arcs.offset, 4, t.c.width == 0 ? 4u : 0u},
        {"ARCS width 5", t.arcs.offset, 4, 5},
        {"ARCS width 12 - t.c.width", t.arcs.offset, 4, static_cast<std::uint64_t>(12 - t.c.width)},
        {"ARCS reserved", t.arcs.offset + 6, 2, 1},
        {"ARCS count 0", t.arcs.offset + 8, 8, 0},
        {"ARCS count + 1", t.arcs.offset + 8, 8, count + 1},
        {"ARCS count 2^40", t.arcs.offset + 8, 8, std::uint64_t(1) << 40},
    };
    if (t.c.width != 0) {
      edits.push_back({"ARCS reserved (packed field sizes)", t.arcs.offset + 4, 1, 5});
    } else {
      const std::size_t end = t.arcs.offset + t.arcs.size;  // the array's padding ends the section
      edits.push_back({"packed tile bits 0", t.arcs.offset + 4, 1, 0});
      edits.push_back({"packed tile bits 9", t.arcs.offset + 4, 1, 9});
      edits.push_back({"packed target bits 0", t.arcs.offset + 5, 1, 0});
      edits.push_back({"packed target bits 33", t.arcs.offset + 5, 1, 33});
      edits.push_back({"packed target bits too few for the count", t.arcs.offset + 5, 1,
                       static_cast<std::uint64_t>(std::bit_width(count - 1) - 1)});
      edits.push_back({"packed padding, last byte", end - 1, 1, 0x80});
      edits.push_back({"packed padding, first u64 of padding", end - 8, 1, 1});
      edits.push_back({"packed array one byte short", t.arcs.entry + 16, 8, t.arcs.size - 1});
      edits.push_back({"packed image claiming minor 2", 10, 2, format::kMinorFolds});
    }
    for (const char* tag : {"DAWG", "GADG"}) {
      if (!t.raw.Has(tag)) continue;
      const auto d = t.raw.Find(tag);
      edits.push_back({"root = arc count", d.offset, 4, count});
      edits.push_back({"root 2^32-1", d.offset, 4, 0xFFFFFFFF});
      edits.push_back({"descriptor reserved", d.offset + 4, 1, 1});
      edits.push_back({"descriptor reserved tail", d.offset + 40, 1, 1});
      edits.push_back({"descriptor size 40", d.entry + 16, 8, 40});
    }
    for (const Edit& e : edits) {
      INFO(e.what);
      ExpectOpenError(Patched(t.base, [&](RawImage& r) { r.Set(e.offset, e.width, e.value); }), Errc::kCorrupt);
    }
    // The sentinel: tile 0, last, not accepting, no target.
    for (const auto& [what, edit] : std::initializer_list<std::pair<const char*, void (*)(RawImage::Arc&)>>{
             {"sentinel accepts", [](RawImage::Arc& a) { a.accepts = true; }},
             {"sentinel not last", [](RawImage::Arc& a) { a.last = false; }},
             {"sentinel tile 1", [](RawImage::Arc& a) { a.tile = 1; }},
             {"sentinel target 1", [](RawImage::Arc& a) { a.target = 1; }}}) {
      INFO(what);
      ExpectOpenError(Patched(t.base,
                              [edit = edit](RawImage& r) {  // clang < 16: no binding captures
                                auto a = r.GetArc(0);
                                edit(a);
                                r.SetArc(0, a);
                              }),
                      Errc::kCorrupt, "arc 0 must be the empty-list sentinel");
    }
    // The final arc must end a list.
    ExpectOpenError(Patched(t.base,
                            [&](RawImage& r) {
                              auto a = r.GetArc(count - 1);
                              a.last = false;
                              r.SetArc(count - 1, a);
                            }),
                    Errc::kCorrupt);
    // A smaller arc count is still a valid open as long as the new final arc
    // ends a list (Verify then catches targets past the end).
  });
}

TEST_CASE("Verify catches arc-level and figure-level inconsistencies") {
  ForEachTarget([](const Target& t) {
    const Config& c = t.c;
    const Image& base = t.base;
    const RawImage& raw = t.raw;
    auto arc_edit = [&](std::uint64_t i, const std::function<void(RawImage::Arc&)>& f) {
      return Patched(base, [&](RawImage& r) {
        auto a = r.GetArc(i);
        f(a);
        r.SetArc(i, a);
      });
    };
    const char* tag = c.g.dawg ? "DAWG" : "GADG";
    const std::uint64_t root = raw.Root(tag);
    const auto root_list = ListOf(raw, root);
    REQUIRE(root_list.size() >= 2);

    // The CRC alone (no fix).
    {
      const Image img = Patched(
          base,
          [&](RawImage& r) {
            auto a = r.GetArc(root);
            a.accepts = !a.accepts;
            r.SetArc(root, a);
          },
          false);
      ExpectVerifyError(img, Errc::kChecksum);
    }
    // Tile above the alphabet.
    ExpectVerifyError(arc_edit(root_list.back(), [](auto& a) { a.tile = 27; }), Errc::kCorrupt, "tile");
    // Siblings out of order.
    {
      const Tile t0 = raw.GetArc(root_list[0]).tile, t1 = raw.GetArc(root_list[1]).tile;
      ExpectVerifyError(arc_edit(root_list[1], [&](auto& a) { a.tile = t0; }), Errc::kCorrupt);
      ExpectVerifyError(arc_edit(root_list[0], [&](auto& a) { a.tile = t1; }), Errc::kCorrupt);
    }
    // An arc that neither accepts nor leads anywhere.
    {
      const std::uint64_t leaf = FindArc(raw, [](const auto& a) { return a.target == 0 && a.accepts && a.tile != 0; });
      ExpectVerifyError(arc_edit(leaf, [](auto& a) { a.accepts = false; }), Errc::kCorrupt, "neither");
    }
    // An accept bit flipped on an inner arc: string counts disagree.
    {
      const std::uint64_t inner =
          FindArc(raw, [](const auto& a) { return a.target != 0 && !a.accepts && a.tile != 0; });
      ExpectVerifyError(arc_edit(inner, [](auto& a) { a.accepts = true; }), Errc::kCorrupt);
    }
    // Reserved bits of 8-byte arcs.
    if (c.width == 8) {
      for (std::uint64_t bit : {0u, 5u, 21u})
        ExpectVerifyError(arc_edit(root, [&](auto& a) { a.reserved = std::uint64_t(1) << bit; }), Errc::kCorrupt,
                          "reserved");
    }
    // Separators where they are not allowed.
    if (c.g.dawg && !c.g.gaddag)
      ExpectVerifyError(arc_edit(root, [](auto& a) { a.tile = kSeparator; }), Errc::kCorrupt, "separator");
    if (c.g.gaddag && !c.g.dawg) {
      ExpectVerifyError(arc_edit(root, [](auto& a) { a.tile = kSeparator; }), Errc::kCorrupt, "separator");
      const std::uint64_t sep = FindArc(raw, [](const auto& a) { return a.tile == kSeparator && a.target != 0; });
      ExpectVerifyError(arc_edit(sep, [](auto& a) { a.accepts = true; }), Errc::kCorrupt, "separator");
      ExpectVerifyError(arc_edit(sep, [](auto& a) { a.target = 0; }), Errc::kCorrupt, "separator");
      // A separator below a separator: the first arc of a suffix-half node
      // (a DAWG state) relabelled as a separator.
      const std::uint64_t below = raw.GetArc(sep).target;
      ExpectVerifyError(arc_edit(below,
                                 [](auto& a) {
                                   a.tile = kSeparator;
                                   a.accepts = false;
                                 }),
                        Errc::kCorrupt, "separator");
    }
    // Descriptor and META figures off by one.
    for (const char* graph : {"DAWG", "GADG"}) {
      if (!raw.Has(graph)) continue;
      const auto d = raw.Find(graph);
      for (std::size_t field : {8u, 16u, 24u}) {
        INFO(graph << " field " << field);
        ExpectVerifyError(
            Patched(base, [&](RawImage& r) { r.Set(d.offset + field, 8, r.Get(d.offset + field, 8) + 1); }),
            Errc::kCorrupt, "descriptor");
      }
      ExpectVerifyError(Patched(base, [&](RawImage& r) { r.Set(d.offset + 32, 4, r.Get(d.offset + 32, 4) - 1); }),
                        Errc::kCorrupt);
    }
    const auto meta = raw.Find("META");
    if (c.g.dawg) {
      ExpectVerifyError(Patched(base, [&](RawImage& r) { r.Set(meta.offset, 8, r.Get(meta.offset, 8) + 1); }),
                        Errc::kCorrupt, "META");
      ExpectVerifyError(Patched(base, [&](RawImage& r) { r.Set(meta.offset + 24, 4, r.Get(meta.offset + 24, 4) - 1); }),
                        Errc::kCorrupt);
    }
    // Tile total and text bytes, whatever the graphs (found by review: a
    // DAWG-only image's tile total went unchecked, and the query budget of
    // query.h rests on it), up and down.
    for (std::size_t field : {8u, 16u})
      for (std::int64_t delta : {1, -1}) {
        INFO("META field " << field << " " << delta);
        ExpectVerifyError(
            Patched(base, [&](RawImage& r) { r.Set(meta.offset + field, 8, r.Get(meta.offset + field, 8) + delta); }),
            Errc::kCorrupt, field == 8 ? (c.g.dawg ? "tile total" : "META's tile total") : "text bytes");
      }
    ExpectVerifyError(Patched(base, [&](RawImage& r) { r.Set(meta.offset + 28, 4, 0); }), Errc::kCorrupt);
  });
}

// The byte ranges of the body that no section holds, read from the section
// table as the spec lays it out (section_count at offset 28, 24-byte entries
// from offset 64: tag, flags, offset, size; the trailer's 16 bytes last).
std::vector<std::pair<std::uint64_t, std::uint64_t>> PaddingRanges(const RawImage& raw, std::size_t file_size) {
  const std::uint64_t count = raw.Get(28, 4);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> sections;  // [begin, end)
  for (std::uint64_t i = 0; i < count; ++i)
    sections.emplace_back(raw.Get(64 + 24 * i + 8, 8), raw.Get(64 + 24 * i + 8, 8) + raw.Get(64 + 24 * i + 16, 8));
  std::sort(sections.begin(), sections.end());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> gaps;
  std::uint64_t at = 64 + 24 * count;
  for (const auto& [begin, end] : sections) {
    if (begin > at) gaps.emplace_back(at, begin);
    at = std::max(at, end);
  }
  if (file_size - 16 > at) gaps.emplace_back(at, file_size - 16);
  return gaps;
}

// Found by a black-box audit: the spec says readers reject anything but
// zero between sections, yet `lexc verify` passed an image with 0xFF after
// ALPH. Open does not read the padding (it is O(sections)); Verify does.
TEST_CASE("Verify rejects a non-zero byte of padding, naming its offset", "[bad-input]") {
  ForEachTarget([](const Target& t) {
    const auto gaps = PaddingRanges(t.raw, t.base.size());
    REQUIRE_FALSE(gaps.empty());  // 8-byte alignment leaves some in every image here
    CHECK(VerifyStatus(t.base).ok());
    std::size_t bytes = 0;
    for (const auto& [begin, end] : gaps) {
      for (std::uint64_t at = begin; at < end; ++at) {
        for (std::uint64_t value : {0x01u, 0x80u, 0xFFu}) {
          INFO("padding byte at " << at << " set to " << value);
          const Image img = Patched(t.base, [&](RawImage& r) { r.Set(at, 1, value); });
          CHECK(OpenStatus(img).ok());
          ExpectVerifyError(img, Errc::kCorrupt, "padding: the byte at offset " + std::to_string(at) + ",");
        }
        ++bytes;
      }
    }
    CHECK(bytes > 0);
  });
}

// Found by a black-box audit: META's shortest word was only checked to be
// non-zero, so 255 (above the longest word, 12) verified and `lexc stats
// --json` reported it. Verify now compares it with the graph's shortest
// word (and refuses one above the longest word before walking).
TEST_CASE("Verify checks META's shortest word against the graph and the longest word", "[bad-input]") {
  std::uint32_t shortest = 255, longest = 0;  // the model's
  for (const Word& w : TinyWords()) {
    shortest = std::min<std::uint32_t>(shortest, static_cast<std::uint32_t>(w.size()));
    longest = std::max<std::uint32_t>(longest, static_cast<std::uint32_t>(w.size()));
  }
  REQUIRE(shortest >= 2);
  REQUIRE(shortest < longest);
  ForEachTarget([&](const Target& t) {
    const std::size_t field = t.meta.offset + 28;  // META shortest_word
    CHECK(t.raw.Get(field, 4) == shortest);
    const auto with = [&](std::uint64_t v) { return Patched(t.base, [&](RawImage& r) { r.Set(field, 4, v); }); };
    CHECK(VerifyStatus(with(shortest)).ok());
    const std::string graph = t.c.g.dawg ? "DAWG" : "GADDAG";
    for (std::uint32_t claimed : {shortest - 1, shortest + 1, longest}) {
      INFO("claimed " << claimed);
      ExpectVerifyError(with(claimed), Errc::kCorrupt,
                        graph + ": shortest word: META says " + std::to_string(claimed) + ", the graph has " +
                            std::to_string(shortest));
    }
    for (std::uint32_t claimed : {longest + 1, 255u, 0xFFFFFFFFu}) {
      INFO("claimed " << claimed);
      ExpectVerifyError(with(claimed), Errc::kCorrupt,
                        "section META: shortest word " + std::to_string(claimed) + " is above longest word " +
                            std::to_string(longest));
    }
    ExpectVerifyError(with(0), Errc::kCorrupt, "section META: shortest word is 0");
  });
  // No words: 0 is the only shortest word (and the longest is 0 too).
  for (const GraphChoice& g : kGraphChoices) {
    INFO(g.name);
    const Image empty = BuildOrFail(WordSet{}, Alphabet::English(), Options(g));
    const RawImage raw(const_cast<Image*>(&empty));
    const std::size_t field = raw.Find("META").offset + 28;
    CHECK(raw.Get(field, 4) == 0);
    CHECK(VerifyStatus(empty).ok());
    ExpectVerifyError(Patched(empty, [&](RawImage& r) { r.Set(field, 4, 1); }), Errc::kCorrupt,
                      "section META: shortest word 1 is above longest word 0");
  }
}

TEST_CASE("Buffers: empty, tiny, misaligned, and a default Lexicon") {
  const Image base = TinyImage(kGraphChoices[2]);
  CHECK_FALSE(Lexicon::FromBytes({}).ok());
  for (std::size_t n : {1u, 7u, 8u, 16u, 63u, 64u, 79u}) {
    Image cut = base;
    cut.Truncate(n);
    INFO(n << " bytes");
    CHECK_FALSE(Lexicon::FromBytes(cut.bytes()).ok());
  }
  // The same bytes at addresses that are not 8-byte aligned.
  std::vector<std::uint64_t> store(base.size() / 8 + 2);
  for (std::size_t shift : {1u, 2u, 4u, 7u}) {
    auto* p = reinterpret_cast<std::byte*>(store.data()) + shift;
    std::memcpy(p, base.data(), base.size());
    auto r = Lexicon::FromBytes(std::span<const std::byte>(p, base.size()));
    INFO("shift " << shift);
    CheckError(r.status(), Errc::kInvalidArgument);
  }
  // 80 bytes of the right magic and nothing else sensible.
  {
    Image junk(base.bytes().first(80));
    RawImage raw(&junk);
    raw.Set(16, 8, 80);
    CHECK_FALSE(Lexicon::FromBytes(junk.bytes()).ok());
  }
  // A default Lexicon verifies as an error and answers nothing.
  const Lexicon none;
  CHECK_FALSE(none.Verify().ok());
  CHECK_FALSE(none.has_dawg());
  CHECK_FALSE(none.has_gaddag());
  CHECK(ExerciseQueries(none) == 0);
  CHECK(AllWords(none).empty());
}

TEST_CASE("MappedLexicon::Open: missing, empty, directory, garbage and truncated files") {
  TempDir dir;
  {
    const std::string path = dir.File("missing.lex");
    auto m = MappedLexicon::Open(path);
    CheckError(m.status(), Errc::kIo, path);
  }
  {
    const std::string path = dir.File("empty.lex");
    std::ofstream(path).close();
    auto m = MappedLexicon::Open(path);
    REQUIRE_FALSE(m.ok());
    CHECK(m.status().detail().find(path) != std::string::npos);
  }
  {
    auto m = MappedLexicon::Open(dir.path().string());
    CheckError(m.status(), Errc::kIo,
               dir.path().string() + ": not a regular file (a directory; images are memory-mapped)");
  }
  {
    // Regression (issue 19): a FIFO's open waited for a writer; it is named at once.
    const std::string path = dir.File("fifo.lex");
    REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
    auto m = MappedLexicon::Open(path);
    CheckError(m.status(), Errc::kIo, path + ": not a regular file (a FIFO; images are memory-mapped)");
  }
  {
    const std::string path = dir.File("text.lex");
    std::ofstream(path) << "QI\nQAT\nZA\n" << std::string(200, 'x');
    auto m = MappedLexicon::Open(path);
    CheckError(m.status(), Errc::kBadMagic);
  }
  {
    const Image base = TinyImage(kGraphChoices[2]);
    const std::string path = dir.File("flags.lex");
    const Image img = Patched(base, [](RawImage& r) { r.Set(12, 4, 1); });
    REQUIRE(WriteFileAtomic(path, img.bytes()).ok());
    auto m = MappedLexicon::Open(path);
    CheckError(m.status(), Errc::kCorrupt, path);
  }
}

// Verify walks with 12-byte records first and again with 32-byte ones when a
// figure does not fit them (counts of 2^32 and more, paths of 4096 arcs and
// more): the figures reported are exact either way.
TEST_CASE("Verify's figures past the narrow records: 2^41 strings and a path of 5000 arcs") {
  const auto verify = [](const std::vector<std::uint32_t>& arcs, const GraphInfo& dawg) {
    return OpenOrFail(ImageOfArcs(arcs, dawg)).Verify();
  };
  constexpr std::uint32_t kAccepts = 0x80000000u, kLast = 0x40000000u;
  const auto arc = [](std::uint32_t flags, std::uint32_t tile, std::uint32_t target) {
    return flags | tile << 24 | target;
  };
  // 40 levels of two arcs (A, B) to the same next node, then A and B
  // accepting: 2^41 strings of 41 tiles.
  std::vector<std::uint32_t> diamond{kLast};  // the sentinel
  for (std::uint32_t level = 0; level < 40; ++level) {
    const std::uint32_t next = 1 + 2 * (level + 1);
    diamond.push_back(arc(0, 1, next));
    diamond.push_back(arc(kLast, 2, next));
  }
  diamond.push_back(arc(kAccepts, 1, 0));
  diamond.push_back(arc(kAccepts | kLast, 2, 0));
  CheckError(verify(diamond, GraphInfo{1, 41, 82, 7, 41}), Errc::kCorrupt,
             "DAWG: accepted strings: descriptor says 7, the graph has 2199023255552");
  CheckError(verify(diamond, GraphInfo{1, 41, 82, std::uint64_t(1) << 41, 41}), Errc::kCorrupt,
             "DAWG: text bytes: META says 2, the graph has 92358976733184");
  // A chain of 5000 arcs: A A ... A, the last accepting.
  std::vector<std::uint32_t> chain{kLast};
  for (std::uint32_t i = 1; i < 5000; ++i) chain.push_back(arc(kLast, 1, i + 1));
  chain.push_back(arc(kAccepts | kLast, 1, 0));
  CheckError(verify(chain, GraphInfo{1, 5000, 5000, 1, 7}), Errc::kCorrupt,
             "DAWG: longest path: descriptor says 7, the graph has 5000");
}
