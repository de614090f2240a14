// lexc/interop/kwg.h -- KWG, the lexicon file of wolges, MAGPIE and Macondo.
//
// A KWG is a bare array of 32-bit little-endian arc words (formats/kwg.md):
//   bits 31..24 tile | bit 23 accepts | bit 22 ends its sibling list |
//   bits 21..0 index of the first arc of the child list (0: none).
// Entry 0's index is the DAWG's root list; in a file with a GADDAG, entry 1's
// index is the GADDAG's root list and tile 0 is its separator. Letters are
// numbered 1..N in the order of the language's alphabet as the engines define
// it (lexc's shipped alphabets follow that order, so KWG tile t is the lexc
// alphabet's tile t). A KLV2's leave graph is a DAWG-only KWG in which tile 0
// is the blank, a letter like any other.
//
// The file has no magic, version or checksum, so it is untrusted: Kwg::Parse
// checks every arc reachable from the roots (index in range, sibling list
// ending before the array does, tiles strictly increasing along a list and in
// the language's range, no cycle, no arc that leads nowhere without
// accepting, separators only in the GADDAG and never accepting, paths no
// longer than max_len) before anything else reads it, and its errors name the
// arc offset and the problem. Memory: the words copied (4 bytes per arc of
// the real file) plus at most 17 bytes per arc at the peak of checking (an
// 8-byte record per arc for each graph's check, zeroed lazily, and a
// reachability byte; formats/kwg.md).
// Thread safety: a Kwg is immutable after Parse; share freely.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"
#include "lexc/wordlist.h"
#include "lexc/zeroed_array.h"

namespace lexc::interop {

// The 22-bit child index addresses this many arcs (root entries included).
inline constexpr std::uint32_t kKwgMaxArcs = std::uint32_t(1) << 22;
// A KWG file is read whole; the largest possible one is 16 MiB.
inline constexpr std::uint64_t kKwgMaxBytes = std::uint64_t(kKwgMaxArcs) * 4;

// Decoding and encoding of one arc word.
struct KwgArc {
  static Tile tile(std::uint32_t w) { return static_cast<Tile>(w >> 24); }
  static bool accepts(std::uint32_t w) { return (w >> 23) & 1u; }
  static bool is_end(std::uint32_t w) { return (w >> 22) & 1u; }
  static std::uint32_t index(std::uint32_t w) { return w & (kKwgMaxArcs - 1); }
  static std::uint32_t Make(Tile t, bool accepts, bool is_end, std::uint32_t index) {
    return std::uint32_t(t) << 24 | std::uint32_t(accepts) << 23 | std::uint32_t(is_end) << 22 | index;
  }
};

struct KwgReadOptions {
  int letters = 26;     // letter tiles are 1..letters (the alphabet's size)
  bool leaves = false;  // a KLV2's leave DAWG: DAWG only, tile 0 (blank) allowed
  int max_len = 254;    // longest accepted DAWG string in tiles, 1..254 (GADDAG: one more)
  // Most DAWG strings (words, leaves); more is kLimit, so that what reads
  // them (ForEachWord, a lexc image's META) stays bounded.
  std::uint64_t max_words = 20'000'000;
};

// Figures of one graph, counted by Parse over what its root reaches.
struct KwgGraphInfo {
  std::uint32_t root = 0;          // index of the root list's first arc, 0: empty
  std::uint64_t nodes = 0;         // distinct list starts reachable (the root included)
  std::uint64_t arcs = 0;          // distinct arc slots reachable
  std::uint64_t strings = 0;       // accepted strings (DAWG: words)
  std::uint32_t longest_path = 0;  // arcs on the longest path from the root
};

class Kwg {
 public:
  Kwg() = default;

  // Parses and checks `bytes` (see the file comment); `name` prefixes errors.
  // Errors: kBadInput ("x.kwg: arc 1234 (offset 4936): child index 5000000
  // past the 4000 arcs"; size not a multiple of 4, empty, over kKwgMaxArcs
  // arcs, every structural problem). O(arcs).
  static Result<Kwg> Parse(std::span<const std::byte> bytes, const KwgReadOptions& options, std::string_view name);
  // Parse of arc words already in memory (host order: the file's words on a
  // little-endian host), taken without a copy. Errors: those of Parse.
  static Result<Kwg> ParseWords(std::vector<std::uint32_t> words, const KwgReadOptions& options, std::string_view name);
  // Reads `path` (at most kKwgMaxBytes; a regular file straight into arc
  // words, anything else through lexc/io.h) and parses it.
  // Errors: kIo, kLimit (a larger file), and those of Parse.
  static Result<Kwg> Load(const std::string& path, const KwgReadOptions& options);

  // Arc words, root entries included.
  std::span<const std::uint32_t> arcs() const { return arcs_; }
  bool has_gaddag() const { return has_gaddag_; }
  // Parsed as a KLV2's leave graph (KwgReadOptions::leaves: tile 0 allowed).
  bool leaves() const { return leaves_; }
  const KwgGraphInfo& dawg() const { return dawg_; }
  const KwgGraphInfo& gaddag() const { return gaddag_; }  // root 0 when absent
  // Whether arc i is reachable from a root (the others are padding or junk).
  bool reachable(std::uint32_t i) const { return reach_[i] != 0; }

  // Calls f(word) for each DAWG word in the file's order: tile codes
  // increasing, a word before its extensions. Returns the number of words.
  std::uint64_t ForEachWord(const std::function<void(std::span<const Tile>)>& f) const;
  // The same walk inlined, calling f(word, kept): the first `kept` tiles of
  // `word` are those of the word before (0 for the first), so a caller can
  // keep per-prefix work (rendered text) instead of redoing it per tile.
  template <class F>
  std::uint64_t VisitWords(F&& f) const;

  // The arc words, moved out (the Kwg is left empty).
  std::vector<std::uint32_t> TakeWords() && { return std::move(arcs_); }
  // The file's bytes (little-endian words), as read.
  std::vector<std::byte> ToBytes() const;

 private:
  std::vector<std::uint32_t> arcs_;
  bool has_gaddag_ = false;
  bool leaves_ = false;
  KwgGraphInfo dawg_, gaddag_;
  std::vector<std::uint8_t> reach_;  // 1: reachable from a root
};

template <class F>
std::uint64_t Kwg::VisitWords(F&& f) const {
  const std::uint32_t root = dawg_.root;
  if (root == 0) return 0;
  std::uint64_t words = 0;
  std::vector<std::uint32_t> pos{root};  // the arc chosen at each depth
  std::vector<Tile> word;
  std::size_t kept = 0;  // leading tiles unchanged since the last word
  while (!pos.empty()) {
    const std::uint32_t w = arcs_[pos.back()];
    word.resize(pos.size());
    word.back() = KwgArc::tile(w);
    if (KwgArc::accepts(w)) {
      f(std::span<const Tile>(word), kept);
      kept = word.size();
      ++words;
    }
    if (KwgArc::index(w) != 0) {
      pos.push_back(KwgArc::index(w));
      continue;
    }
    while (!pos.empty()) {
      if (!KwgArc::is_end(arcs_[pos.back()])) {
        ++pos.back();
        break;
      }
      pos.pop_back();
    }
    kept = std::min(kept, pos.empty() ? std::size_t(0) : pos.size() - 1);
  }
  return words;
}

// ---- lexc image <-> KWG ----

struct KwgWriteOptions {
  bool gaddag = true;  // false: DAWG only (one root entry)
  // Added to every tile code on the way out (KLV2 leave graphs are built
  // with the blank as tile 1 and written with it as tile 0: -1). Internal.
  int tile_shift = 0;
};

// The KWG of a verified image's language. The image's arcs are translated
// one for one when it holds exactly the graphs asked for (a DAWG, and a
// GADDAG unless options.gaddag is false): arc i becomes KWG arc i (+1 with a
// GADDAG, after the two root entries). Otherwise its words are recompiled
// (BuildImage) with those graphs first. So the KWG is as small as the lexc
// image (SOWPODS: 176,587 arcs DAWG-only, 1,164,039 with the GADDAG) and
// byte-identical for the same words. Precondition: lex.Verify() passed.
// Errors: kLimit ("1164039 arcs ... more than the 4,194,304 a KWG
// indexes"), kInvalidArgument (a tile code over 255 after the shift).
Result<std::vector<std::uint32_t>> KwgFromLexicon(const Lexicon& lex, const KwgWriteOptions& options);

// The KWG of a word list, built straight from it (BuildArcWords: the
// image's arcs translated in place, no image encoded): the same arcs as
// KwgFromLexicon of the image BuildImage makes with `options`, which must
// ask for the DAWG (and for the GADDAG unless a DAWG-only KWG is wanted);
// its arc width, compact arcs and word index are ignored (image matters).
// An alphabet of more than 63 tiles goes through an image of 8-byte arcs.
// `report` receives the graphs' figures, arc_slots = the KWG's arcs and
// image_bytes = its bytes. Errors: those of BuildImage; kLimit (more arcs
// than a KWG indexes, with the count).
Result<ZeroedArray<std::uint32_t>> BuildKwg(const WordList& words, const Alphabet& alphabet,
                                            const BuildOptions& options, BuildReport* report = nullptr);

// The KWG file's bytes: the arc words themselves, viewed in place (they are
// little-endian on a little-endian host, which lexc requires, as it reads its
// own images in place). Valid while `arcs` is.
inline std::span<const std::byte> KwgByteView(std::span<const std::uint32_t> arcs) { return std::as_bytes(arcs); }
// The same bytes, copied.
std::vector<std::byte> KwgBytes(std::span<const std::uint32_t> arcs);

// A lexc image (format 1.0, or 1.2 with a folding alphabet) of a parsed KWG's language, translated arc for
// arc: KWG arc i is image arc i (i - 1 with a GADDAG, whose two root entries
// become the sentinel), so nothing is recompiled and the image keeps the
// KWG's layout; META's figures come from the DAWG's words, read once.
// `max_len` is recorded in META (at least the longest word). The result
// still has to pass Lexicon::Verify(), which the caller runs (it checks the
// GADDAG's strings against the words). Errors: kInvalidArgument (the
// alphabet is smaller than the KWG's tiles, or over 63 tiles), kBadInput (a
// KLV2 leave graph, a word longer than max_len).
Result<std::vector<std::byte>> LexiconFromKwg(const Kwg& kwg, const Alphabet& alphabet, int max_len);

}  // namespace lexc::interop
