// Shared helpers for the tests: paths, random word lists, a brute-force model,
// image building/opening with Catch2 checks, an independent graph walker and
// a raw image editor for corruption tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/graph.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "lexc/wordlist.h"

namespace lexc::test {

// Absolute path of a file under the source tree ("fixtures/words-small.txt").
std::string SourcePath(const std::string& rel);
// Path of SOWPODS: $LEXC_SOWPODS, else ../shared/lexica/SOWPODS.txt beside the
// checkout; nullopt when the file does not exist (tests then SKIP).
std::optional<std::string> SowpodsPath();

// Random words over the first `letters` tiles of an alphabet, lengths
// 1..max_len, as tile strings (deterministic for a seed).
std::vector<std::vector<Tile>> RandomWords(std::mt19937_64& rng, int count, int letters, int max_len);

std::string ReadFile(const std::string& path);

// ---------------------------------------------------------------------------
// The model: words as tile strings in a std::set (tile-code order, which is
// the order lexc promises for every listing).

using Word = std::vector<Tile>;
// Tile-by-tile order written out: std::less<vector<uint8_t>> trips a false
// -Wstringop-overread in GCC 12 at -O2 inside std::set.
struct WordLess {
  bool operator()(const Word& a, const Word& b) const {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (a[i] != b[i]) return a[i] < b[i];
    return a.size() < b.size();
  }
};
using WordSet = std::set<Word, WordLess>;

WordSet ToSet(const std::vector<Word>& words);  // drops empty words
std::vector<Word> ToVector(const WordSet& s);
WordList ToWordList(const WordSet& s);

// The GADDAG language of a word set, with tile 0 as the separator:
// {rev(x) 0 y : xy in words, x, y non-empty} U {rev(w)}.
WordSet GaddagModel(const WordSet& words);

// An alphabet of `letters` tiles (1..255): "A".."Z" for up to 26, otherwise
// two-character labels "A0".."Z9" (valid UTF-8, unique ignoring case).
Alphabet LetterAlphabet(int letters);

// Words of an English ASCII fixture ("fixtures/english-small.txt"), parsed
// here without the library: trimmed, '#' comments and blank lines skipped,
// folded to upper case. Duplicates are kept.
std::vector<Word> EnglishFixture(const std::string& rel);
// Plain ASCII spelling of English tiles (1 = 'A').
std::string Spell(const Word& w);

// ---------------------------------------------------------------------------
// Images.

// Owns image bytes at an 8-byte aligned address; size may be shrunk.
class Image {
 public:
  Image() = default;
  explicit Image(std::span<const std::byte> bytes);
  std::span<const std::byte> bytes() const { return {data(), size_}; }
  const std::byte* data() const { return reinterpret_cast<const std::byte*>(store_.data()); }
  std::byte* data() { return reinterpret_cast<std::byte*>(store_.data()); }
  std::size_t size() const { return size_; }
  void Truncate(std::size_t n) { size_ = n < size_ ? n : size_; }

 private:
  std::vector<std::uint64_t> store_;
  std::size_t size_ = 0;
};

// Checks that `s` is an error of category `code` whose detail contains
// `detail_part` (when not empty).
void CheckError(const Status& s, Errc code, const std::string& detail_part = "");

// Builds or fails the current test (REQUIRE with the error).
Image BuildOrFail(const WordSet& words, const Alphabet& a, const BuildOptions& o = {});
// FromBytes or fails the current test.
Lexicon OpenOrFail(const Image& img);
// An English DAWG-only image of hand-made 4-byte arcs (the sentinel first)
// whose META is that of the one word "A" (1 word, 1 tile, 2 text bytes,
// max-len 15), with `dawg` as its descriptor; fails the current test if it
// cannot be encoded. Verify() then checks the arcs against both.
Image ImageOfArcs(const std::vector<std::uint32_t>& arcs, const GraphInfo& dawg);

struct GraphChoice {
  const char* name;
  bool dawg, gaddag;
};
// DAWG only, GADDAG only, both.
inline constexpr GraphChoice kGraphChoices[] = {
    {"dawg", true, false}, {"gaddag", false, true}, {"dawg+gaddag", true, true}};
BuildOptions Options(const GraphChoice& g, int arc_width = 0, int max_len = 15);

// Verifies `lex` and checks it answers like the model: graphs present, arc
// width, format minor version, every word in order, Contains.
void CheckLexicon(const Lexicon& lex, const WordSet& words, const GraphChoice& g, int width);
// Whether two images hold the same arcs, field for field (tile, last,
// accepts, target), whatever their encodings.
bool SameArcs(const Lexicon& x, const Lexicon& y);
// Builds `words` for every graph choice and arc encoding (4, 8 bytes and
// bit-packed; the packed and 8-byte arcs equal to the 4-byte ones field for
// field), and checks the image
// through the builder's bytes and through a file written with
// WriteFileAtomic and mapped (report figures, alphabet, byte equality, a
// moved mapping); no temporary file is left behind.
void RoundTripEverywhere(const WordSet& words, const Alphabet& a);
// CRC-32C bit by bit, straight from the definition (reflected 0x82F63B78): the
// model the library's table and SSE4.2 versions are checked against.
std::uint32_t SlowCrc32c(std::uint32_t crc, const unsigned char* p, std::size_t n);

// Runs a query and collects the matched words in reported order.
std::vector<Word> Collect(const std::function<std::uint64_t(const WordCallback&)>& query);
std::vector<Word> AllWords(const Lexicon& lex);  // ForEachWord

// ---------------------------------------------------------------------------
// An independent walker over a Graph (only ForEachArc/Child are used).

// Every accepted string of the graph, in tile order, paths at most max_depth
// arcs long; stops collecting after `limit` strings.
std::vector<Word> AcceptedStrings(const Graph& g, int max_depth, std::size_t limit = SIZE_MAX);
// Distinct non-empty nodes reachable from `roots` (terminates on cycles).
std::set<Node> ReachableNodes(const Graph& g, std::span<const Node> roots);
// Whether the graph accepts exactly `s` (walks with Child).
bool Accepts(const Graph& g, const Word& s);

// Whether this is a sanitizer build: large tests (gigabytes, minutes there)
// skip themselves.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// ---------------------------------------------------------------------------
// Raw image editing, decoded from formats/lexicon-image.md without the reader.

class RawImage {
 public:
  explicit RawImage(Image* img) : img_(img) {}

  std::uint64_t Get(std::size_t offset, int width) const;  // little-endian
  void Set(std::size_t offset, int width, std::uint64_t value);

  struct Section {
    std::size_t entry;  // byte offset of the section-table entry
    std::uint64_t offset, size;
  };
  // Section by tag ("ARCS"); fails the test if absent.
  Section Find(const char* tag) const;
  bool Has(const char* tag) const;

  int arc_width() const;  // 0: bit-packed
  int tile_bits() const;  // bit-packed: the field sizes
  int target_bits() const;
  int arc_bits() const;
  std::uint64_t arc_count() const;
  std::size_t arc_offset(std::uint64_t i) const;  // byte offset of arc i (of its first bit when packed)
  // Bit-packed arrays: n bits from bit `first_bit` of the arc array.
  std::uint64_t GetBits(std::uint64_t first_bit, int n) const;
  void SetBits(std::uint64_t first_bit, int n, std::uint64_t value);

  struct Arc {
    Tile tile = 0;
    bool last = false, accepts = false;
    std::uint64_t target = 0;
    std::uint64_t reserved = 0;  // width 8: bits 42..63
  };
  Arc GetArc(std::uint64_t i) const;
  void SetArc(std::uint64_t i, const Arc& a);
  std::uint64_t Root(const char* tag) const;  // DAWG / GADG root

  // Recomputes the trailer CRC32C so only structural checks can notice an edit.
  void FixCrc();

  // Makes every letter arc (not the separators) accept and lead back to the
  // root of `tag` (DAWG / GADG): a cyclic graph whose paths multiply without
  // end, which Open accepts and Verify does not.
  void LoopLettersToRoot(const char* tag);
  // In a GADDAG (tag GADG): the first node reached by a root arc c and its
  // separator (c SEP, a suffix half: the DAWG's node after c) that has at
  // least two arcs gets every arc of its list accepting and leading back to
  // itself: a cycle only a left-to-right reading of the words (ForEachWord,
  // the word index of a GADDAG-only image) meets. Returns that node; fails
  // the test when there is none.
  std::uint64_t LoopSuffixHalfToItself();

 private:
  Image* img_;
};

// UTF-8 code points of s, independently of the library (lead-byte length
// only; for models over valid inputs).
std::vector<std::string> SplitCodePoints(const std::string& s);

// A fresh directory under the system temp dir, removed with its contents.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string File(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// ---------------------------------------------------------------------------
// Escaped output (lexc/escape.h), checked independently of libformat.

// The first thing in s that a terminal could interpret or that is not UTF-8,
// described with its byte offset; "" when there is none. Written from the
// byte patterns of RFC 3629 and the Unicode code charts, not with libformat's
// decoder: C0 bytes, DEL, C1 controls (C2 80..9F), U+2028/U+2029 (E2 80
// A8/A9), zero-width and direction marks (E2 80 8B..8F), embeddings and
// overrides (E2 80 AA..AE), isolates (E2 81 A6..A9), the BOM (EF BB BF), and
// malformed sequences (bad lead byte, missing continuation, overlong,
// surrogate, above U+10FFFF).
std::string TerminalProblem(std::string_view s);

}  // namespace lexc::test
