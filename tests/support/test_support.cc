#include "test_support.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lexc/crc32c.h"
#include "lexc/format.h"
#include "lexc/image_writer.h"
#include "lexc/io.h"

namespace lexc::test {

std::string SourcePath(const std::string& rel) { return std::string(LEXC_SOURCE_DIR) + "/" + rel; }

std::optional<std::string> SowpodsPath() {
  std::string p = LEXC_DEFAULT_SOWPODS;
  if (const char* env = std::getenv("LEXC_SOWPODS"); env && *env) p = env;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec)) return std::nullopt;
  return p;
}

std::vector<std::vector<Tile>> RandomWords(std::mt19937_64& rng, int count, int letters, int max_len) {
  std::vector<std::vector<Tile>> out;
  std::uniform_int_distribution<int> len(1, max_len), tile(1, letters);
  for (int i = 0; i < count; ++i) {
    std::vector<Tile> w(static_cast<std::size_t>(len(rng)));
    for (auto& t : w) t = static_cast<Tile>(tile(rng));
    out.push_back(std::move(w));
  }
  return out;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

WordSet ToSet(const std::vector<Word>& words) {
  WordSet s;
  for (const Word& w : words)
    if (!w.empty()) s.insert(w);
  return s;
}

std::vector<Word> ToVector(const WordSet& s) { return {s.begin(), s.end()}; }

WordList ToWordList(const WordSet& s) { return WordList::FromUnsorted(ToVector(s)); }

WordSet GaddagModel(const WordSet& words) {
  WordSet g;
  for (const Word& w : words) {
    g.insert(Word(w.rbegin(), w.rend()));
    for (std::size_t k = 1; k < w.size(); ++k) {
      Word s(w.rend() - static_cast<std::ptrdiff_t>(k), w.rend());  // rev(w[0, k))
      s.push_back(kSeparator);
      s.insert(s.end(), w.begin() + static_cast<std::ptrdiff_t>(k), w.end());
      g.insert(std::move(s));
    }
  }
  return g;
}

Alphabet LetterAlphabet(int letters) {
  std::vector<TileInfo> tiles;
  for (int i = 0; i < letters; ++i) {
    TileInfo t;
    if (letters <= 26) {
      t.label = std::string(1, static_cast<char>('A' + i));
    } else {
      t.label = std::string(1, static_cast<char>('A' + i / 10)) + static_cast<char>('0' + i % 10);
    }
    t.score = 1 + i % 10;
    t.count = 1;
    tiles.push_back(std::move(t));
  }
  auto a = Alphabet::FromTiles("letters" + std::to_string(letters), std::move(tiles), 2, 0);
  INFO(a.status().ToString());
  REQUIRE(a.ok());
  return std::move(a).value();
}

std::vector<Word> EnglishFixture(const std::string& rel) {
  std::istringstream in(ReadFile(SourcePath(rel)));
  std::vector<Word> out;
  std::string line;
  while (std::getline(in, line)) {
    std::size_t b = 0, e = line.size();
    while (b < e && std::isspace(static_cast<unsigned char>(line[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(line[e - 1]))) --e;
    if (b == e || line[b] == '#') continue;
    Word w;
    for (std::size_t i = b; i < e; ++i) {
      const int c = std::toupper(static_cast<unsigned char>(line[i]));
      REQUIRE((c >= 'A' && c <= 'Z'));
      w.push_back(static_cast<Tile>(c - 'A' + 1));
    }
    out.push_back(std::move(w));
  }
  REQUIRE(!out.empty());
  return out;
}

std::string Spell(const Word& w) {
  std::string s;
  for (Tile t : w) s += t == kSeparator ? '.' : (t <= 26 ? static_cast<char>('A' + t - 1) : '#');
  return s;
}

Image::Image(std::span<const std::byte> bytes) : store_((bytes.size() + 7) / 8 + 1, 0), size_(bytes.size()) {
  if (!bytes.empty()) std::memcpy(store_.data(), bytes.data(), bytes.size());
}

void CheckError(const Status& s, Errc code, const std::string& detail_part) {
  INFO(s.ToString());
  REQUIRE_FALSE(s.ok());
  CHECK(s.code() == code);
  if (!detail_part.empty()) CHECK(s.detail().find(detail_part) != std::string::npos);
}

Image BuildOrFail(const WordSet& words, const Alphabet& a, const BuildOptions& o) {
  auto r = BuildImage(ToWordList(words), a, o);
  INFO(r.status().ToString());
  REQUIRE(r.ok());
  return Image(*r);
}

Image ImageOfArcs(const std::vector<std::uint32_t>& arcs, const GraphInfo& dawg) {
  Metadata m;
  m.word_count = 1;
  m.tile_total = 1;
  m.text_bytes = 2;
  m.longest_word = 1;
  m.shortest_word = 1;
  m.max_len = 15;
  auto bytes = EncodeImageFromArcs(Alphabet::English(), m, &dawg, nullptr, arcs);
  INFO(bytes.status().ToString());
  REQUIRE(bytes.ok());
  return Image(*bytes);
}

Lexicon OpenOrFail(const Image& img) {
  auto r = Lexicon::FromBytes(img.bytes());
  INFO(r.status().ToString());
  REQUIRE(r.ok());
  return *r;
}

BuildOptions Options(const GraphChoice& g, int arc_width, int max_len) {
  BuildOptions o;
  o.dawg = g.dawg;
  o.gaddag = g.gaddag;
  o.arc_width = arc_width;
  o.max_len = max_len;
  return o;
}

std::vector<Word> Collect(const std::function<std::uint64_t(const WordCallback&)>& query) {
  std::vector<Word> out;
  const std::uint64_t n = query([&](const WordMatch& m) {
    out.emplace_back(m.tiles.begin(), m.tiles.end());
    return true;
  });
  CHECK(n == out.size());
  return out;
}

std::vector<Word> AllWords(const Lexicon& lex) {
  return Collect([&](const WordCallback& cb) { return ForEachWord(lex, cb); });
}

std::vector<Word> AcceptedStrings(const Graph& g, int max_depth, std::size_t limit) {
  std::vector<Word> out;
  Word path;
  std::function<void(Node)> walk = [&](Node n) {
    if (static_cast<int>(path.size()) >= max_depth) return;
    g.ForEachArc(n, [&](Tile t, bool accepts, Node target) {
      if (out.size() >= limit) return false;
      path.push_back(t);
      if (accepts) out.push_back(path);
      if (target != kNoNode) walk(target);
      path.pop_back();
      return true;
    });
  };
  walk(g.root());
  return out;
}

std::set<Node> ReachableNodes(const Graph& g, std::span<const Node> roots) {
  std::set<Node> seen;
  std::vector<Node> stack;
  for (Node r : roots)
    if (r != kNoNode && seen.insert(r).second) stack.push_back(r);
  while (!stack.empty()) {
    const Node n = stack.back();
    stack.pop_back();
    g.ForEachArc(n, [&](Tile, bool, Node t) {
      if (t != kNoNode && seen.insert(t).second) stack.push_back(t);
      return true;
    });
  }
  return seen;
}

bool Accepts(const Graph& g, const Word& s) {
  Node n = g.root();
  bool acc = false;
  for (Tile t : s)
    if (n == kNoNode || !g.Child(n, t, &n, &acc)) return false;
  return !s.empty() && acc;
}

std::uint64_t RawImage::Get(std::size_t offset, int width) const {
  REQUIRE(offset + static_cast<std::size_t>(width) <= img_->size());
  std::uint64_t v = 0;
  for (int i = width; i-- > 0;) v = v << 8 | std::to_integer<std::uint64_t>(img_->data()[offset + i]);
  return v;
}

void RawImage::Set(std::size_t offset, int width, std::uint64_t value) {
  REQUIRE(offset + static_cast<std::size_t>(width) <= img_->size());
  for (int i = 0; i < width; ++i) img_->data()[offset + i] = static_cast<std::byte>(value >> (8 * i));
}

bool RawImage::Has(const char* tag) const {
  const auto count = Get(28, 4);
  for (std::uint64_t i = 0; i < count; ++i)
    if (std::memcmp(img_->data() + 64 + 24 * i, tag, 4) == 0) return true;
  return false;
}

RawImage::Section RawImage::Find(const char* tag) const {
  const auto count = Get(28, 4);
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::size_t e = 64 + 24 * i;
    if (std::memcmp(img_->data() + e, tag, 4) == 0) return {e, Get(e + 8, 8), Get(e + 16, 8)};
  }
  FAIL("no section " << tag);
  return {};
}

int RawImage::arc_width() const { return static_cast<int>(Get(Find("ARCS").offset, 4)); }
int RawImage::tile_bits() const { return static_cast<int>(Get(Find("ARCS").offset + 4, 1)); }
int RawImage::target_bits() const { return static_cast<int>(Get(Find("ARCS").offset + 5, 1)); }
int RawImage::arc_bits() const { return arc_width() ? 8 * arc_width() : tile_bits() + target_bits() + 2; }
std::uint64_t RawImage::arc_count() const { return Get(Find("ARCS").offset + 8, 8); }
std::size_t RawImage::arc_offset(std::uint64_t i) const {
  return Find("ARCS").offset + 16 + i * static_cast<std::size_t>(arc_bits()) / 8;
}

// A bit-packed arc, bit by bit from the spec: bit k of the array is bit
// k % 8 of its byte k / 8.
std::uint64_t RawImage::GetBits(std::uint64_t first_bit, int n) const {
  const std::size_t base = Find("ARCS").offset + 16;
  std::uint64_t v = 0;
  for (int b = 0; b < n; ++b) {
    const std::uint64_t k = first_bit + static_cast<std::uint64_t>(b);
    REQUIRE(base + k / 8 < img_->size());
    v |= std::uint64_t(std::to_integer<unsigned>(img_->data()[base + k / 8]) >> (k % 8) & 1u) << b;
  }
  return v;
}

void RawImage::SetBits(std::uint64_t first_bit, int n, std::uint64_t value) {
  const std::size_t base = Find("ARCS").offset + 16;
  for (int b = 0; b < n; ++b) {
    const std::uint64_t k = first_bit + static_cast<std::uint64_t>(b);
    REQUIRE(base + k / 8 < img_->size());
    std::byte& byte = img_->data()[base + k / 8];
    const auto bit = static_cast<std::byte>(1u << (k % 8));
    byte = (value >> b & 1) ? (byte | bit) : (byte & ~bit);
  }
}

RawImage::Arc RawImage::GetArc(std::uint64_t i) const {
  const int w = arc_width();
  Arc a;
  if (w == 0) {
    const int tb = tile_bits(), pb = target_bits();
    const std::uint64_t at = i * static_cast<std::uint64_t>(arc_bits());
    a.tile = static_cast<Tile>(GetBits(at, tb));
    a.last = GetBits(at + tb, 1);
    a.accepts = GetBits(at + tb + 1, 1);
    a.target = GetBits(at + tb + 2, pb);
    return a;
  }
  const std::uint64_t v = Get(arc_offset(i), w);
  if (w == 4) {
    a.target = v & 0xFFFFFF;
    a.tile = static_cast<Tile>(v >> 24 & 63);
    a.last = v >> 30 & 1;
    a.accepts = v >> 31 & 1;
  } else {
    a.target = v & 0xFFFFFFFF;
    a.tile = static_cast<Tile>(v >> 32 & 255);
    a.last = v >> 40 & 1;
    a.accepts = v >> 41 & 1;
    a.reserved = v >> 42;
  }
  return a;
}

void RawImage::SetArc(std::uint64_t i, const Arc& a) {
  const int w = arc_width();
  if (w == 0) {  // fields wider than the layout's are cut to it
    const int tb = tile_bits(), pb = target_bits();
    const std::uint64_t at = i * static_cast<std::uint64_t>(arc_bits());
    SetBits(at, tb, a.tile);
    SetBits(at + tb, 1, a.last);
    SetBits(at + tb + 1, 1, a.accepts);
    SetBits(at + tb + 2, pb, a.target);
    return;
  }
  std::uint64_t v;
  if (w == 4) {
    v = (a.target & 0xFFFFFF) | std::uint64_t(a.tile & 63) << 24 | std::uint64_t(a.last) << 30 |
        std::uint64_t(a.accepts) << 31;
  } else {
    v = (a.target & 0xFFFFFFFF) | std::uint64_t(a.tile) << 32 | std::uint64_t(a.last) << 40 |
        std::uint64_t(a.accepts) << 41 | a.reserved << 42;
  }
  Set(arc_offset(i), w, v);
}

std::uint64_t RawImage::Root(const char* tag) const { return Get(Find(tag).offset, 4); }

void RawImage::LoopLettersToRoot(const char* tag) {
  const std::uint64_t root = Root(tag);
  for (std::uint64_t i = 1; i < arc_count(); ++i) {
    Arc a = GetArc(i);
    if (a.tile == kSeparator) continue;
    a.target = root;
    a.accepts = true;
    SetArc(i, a);
  }
}

std::uint64_t RawImage::LoopSuffixHalfToItself() {
  // A list: from its first arc through the one whose last bit is set.
  const auto list = [&](std::uint64_t n) {
    std::vector<std::uint64_t> arcs;
    for (std::uint64_t i = n; i < arc_count(); ++i) {
      arcs.push_back(i);
      if (GetArc(i).last) break;
    }
    return arcs;
  };
  for (const std::uint64_t r : list(Root("GADG"))) {
    const std::uint64_t t = GetArc(r).target;
    if (t == 0) continue;
    const Arc first = GetArc(t);  // a separator comes first in a sorted list
    if (first.tile != kSeparator || first.target == 0) continue;
    const std::uint64_t half = first.target;
    const std::vector<std::uint64_t> arcs = list(half);
    if (arcs.size() < 2) continue;
    for (const std::uint64_t i : arcs) {
      Arc a = GetArc(i);
      a.target = half;
      a.accepts = true;
      SetArc(i, a);
    }
    return half;
  }
  FAIL("no suffix half of two arcs or more after a root arc's separator");
  return 0;
}

void RawImage::FixCrc() {
  const std::size_t body = img_->size() - 16;
  Set(body, 4, Crc32c(0, img_->data(), body));
}

TempDir::TempDir() {
  static std::atomic<int> counter{0};
  const auto base = std::filesystem::temp_directory_path();
  for (int attempt = 0;; ++attempt) {
    path_ = base / ("lexc-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::error_code ec;
    if (std::filesystem::create_directory(path_, ec)) break;
    REQUIRE(attempt < 100);
  }
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::vector<std::string> SplitCodePoints(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

void CheckLexicon(const Lexicon& lex, const WordSet& words, const GraphChoice& g, int width) {
  const Status v = lex.Verify();
  INFO(v.ToString());
  REQUIRE(v.ok());
  CHECK(lex.has_dawg() == g.dawg);
  CHECK(lex.has_gaddag() == g.gaddag);
  CHECK(lex.arc_width() == width);
  // The lowest version that describes the image: 1.3 with packed arcs, 1.2
  // with folds, else 1.0.
  CHECK(lex.minor_version() == (width == 0                       ? format::kMinorPackedArcs
                                : lex.alphabet().folds().empty() ? format::kMinor
                                                                 : format::kMinorFolds));
  CHECK(AllWords(lex) == ToVector(words));
  std::size_t missing = 0;
  for (const Word& w : words) missing += !Contains(lex, w);
  CHECK(missing == 0);
}

bool SameArcs(const Lexicon& x, const Lexicon& y) {
  if (x.arc_count() != y.arc_count()) return false;
  const auto fields = [](const Lexicon& lex) {
    std::vector<std::uint64_t> out;
    Graph(lex.dawg().valid() ? lex.dawg() : lex.gaddag()).Dispatch([&](const auto& g) {
      for (std::uint64_t i = 0; i < g.arc_count(); ++i) {
        const auto w = g.arc(i);
        out.push_back(std::uint64_t(g.tile(w)) << 40 | std::uint64_t(g.last(w)) << 33 |
                      std::uint64_t(g.accepts(w)) << 32 | g.target(w));
      }
    });
    return out;
  };
  return fields(x) == fields(y);
}

void RoundTripEverywhere(const WordSet& words, const Alphabet& a) {
  TempDir dir;
  for (const GraphChoice& g : kGraphChoices) {
    std::vector<std::byte> width4;  // the image with 4-byte arcs, when the alphabet allows them
    for (int width : {4, 8, 0}) {   // 0: bit-packed (compact)
      INFO(g.name << ", arc width " << width << ", " << words.size() << " words");
      BuildReport report;
      BuildOptions options = Options(g, width);
      options.compact = width == 0;
      auto built = BuildImage(ToWordList(words), a, options, &report);
      if (width == 4 && !built.ok() && a.size() > 63) continue;  // 4-byte arcs hold 63 tiles
      if (width == 4) width4 = *built;
      INFO(built.status().ToString());
      REQUIRE(built.ok());
      CHECK(report.arc_width == width);
      CHECK(report.image_bytes == built->size());

      auto direct = Lexicon::FromBytes(*built);  // the builder's own buffer
      REQUIRE(direct.ok());
      CheckLexicon(*direct, words, g, width);
      CHECK(direct->arc_count() == report.arc_slots);
      for (auto [want, got] :
           {std::pair{&report.dawg, &direct->dawg_info()}, std::pair{&report.gaddag, &direct->gaddag_info()}}) {
        if (!got->root && !got->nodes) continue;  // absent graph
        CHECK(want->root == got->root);
        CHECK(want->nodes == got->nodes);
        CHECK(want->arcs == got->arcs);
        CHECK(want->strings == got->strings);
        CHECK(want->longest_path == got->longest_path);
      }
      CHECK(direct->alphabet() == a);
      CHECK(direct->alphabet().name() == a.name());
      if (width != 4 && !width4.empty()) {  // the same arcs, field for field, as the 4-byte image
        const Lexicon plain = Lexicon::FromBytes(width4).value();
        REQUIRE(plain.arc_count() == direct->arc_count());
        CHECK(plain.dawg_info().root == direct->dawg_info().root);
        CHECK(plain.gaddag_info().root == direct->gaddag_info().root);
        CHECK(SameArcs(plain, *direct));
      }
      if (width == 0) {
        CHECK(report.arc_bits == direct->arc_bits());
        const int expected_bits =
            int(std::bit_width(unsigned(a.size()))) + std::max(1, int(std::bit_width(direct->arc_count() - 1))) + 2;
        CHECK(int(direct->arc_bits()) == expected_bits);
      }

      const std::string path = dir.File(std::string(g.name) + "-" + std::to_string(width) + ".lex");
      // Written twice: the second write replaces the first atomically.
      REQUIRE(WriteFileAtomic(path, std::vector<std::byte>(3, std::byte{1})).ok());
      REQUIRE(WriteFileAtomic(path, *built).ok());
      auto mapped = MappedLexicon::Open(path);
      INFO(mapped.status().ToString());
      REQUIRE(mapped.ok());
      CheckLexicon(mapped->lexicon(), words, g, width);
      CHECK(
          std::equal(mapped->lexicon().bytes().begin(), mapped->lexicon().bytes().end(), built->begin(), built->end()));
      // Moving the mapping keeps the view valid.
      MappedLexicon moved = std::move(mapped).value();
      CHECK(AllWords(moved.lexicon()) == ToVector(words));
    }
  }
  // Nothing but the images is left in the directory (no temporaries).
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    INFO(e.path().string());
    CHECK(e.path().extension() == ".lex");
    ++files;
  }
  CHECK(files == 9);
}

std::uint32_t SlowCrc32c(std::uint32_t crc, const unsigned char* p, std::size_t n) {
  crc = ~crc;
  for (std::size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
  }
  return ~crc;
}

std::string TerminalProblem(std::string_view s) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = b(i);
    const std::string at = " at byte " + std::to_string(i);
    if (c < 0x20 || c == 0x7F) return "control byte" + at;
    if (c < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return "invalid UTF-8" + at;
    for (std::size_t k = 1; k < n; ++k)
      if ((b(i + k) & 0xC0) != 0x80) return "invalid UTF-8" + at;
    if ((c == 0xE0 && b(i + 1) < 0xA0) || (c == 0xED && b(i + 1) >= 0xA0) || (c == 0xF0 && b(i + 1) < 0x90) ||
        (c == 0xF4 && b(i + 1) >= 0x90))
      return "invalid UTF-8" + at;
    if (c == 0xC2 && b(i + 1) <= 0x9F) return "C1 control" + at;
    if (c == 0xE2 && b(i + 1) == 0x80 &&
        ((b(i + 2) >= 0x8B && b(i + 2) <= 0x8F) || (b(i + 2) >= 0xA8 && b(i + 2) <= 0xAE)))
      return "invisible or line-breaking format character" + at;
    if (c == 0xE2 && b(i + 1) == 0x81 && b(i + 2) >= 0xA6 && b(i + 2) <= 0xA9) return "bidi isolate" + at;
    if (c == 0xEF && b(i + 1) == 0xBB && b(i + 2) == 0xBF) return "BOM" + at;
    i += n;
  }
  return "";
}

}  // namespace lexc::test
