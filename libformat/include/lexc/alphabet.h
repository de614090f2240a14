// lexc/alphabet.h -- tiles, their labels, scores and counts; word tokenizing.
//
// A word is a sequence of tiles, not bytes. Tile codes are 1..size(); code 0
// is reserved for the GADDAG separator and never names a letter. A tile has
// an upper-case label ("A", "CH", "Ñ", "L·L") and a lower-case label used for
// case folding on input and for blank designations on output.
//
// Tokenizing is greedy longest match over UTF-8 bytes, case-insensitive via
// the two labels: with tiles C, CH, H the text "CHE" is CH,E. Text typed by
// users (racks, patterns, positions, query words) is read by the same rule
// plus brackets ("[C]H" is C,H): tile_text.h, formats/tile-text.md.
//
// An alphabet may also declare folds: outside text read as a tile, as the
// game reads it (Spanish Á as A, Catalan L.L as L·L). Folds take part in the
// longest match like labels, but words always print with the tile's label.
// Readers of outside text (word lists, tile text) bring it to Unicode NFC
// first (unicode.h), so decomposed input (N + U+0303) reads as Ñ.
//
// The text format of an alphabet file is specified in formats/alphabet.md.
// Thread safety: an Alphabet is immutable after construction; share freely.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/status.h"

namespace lexc {

using Tile = std::uint8_t;
inline constexpr Tile kSeparator = 0;                        // GADDAG separator arc label
inline constexpr int kMaxTiles = 255;                        // letter tiles an alphabet may declare
inline constexpr int kMaxLabelBytes = 15;                    // UTF-8 bytes in one tile label
inline constexpr std::uint64_t kMaxAlphabetBytes = 1 << 20;  // an alphabet file, read (LoadFile)

struct TileInfo {
  std::string label;  // upper case, as printed
  std::string lower;  // lower case (blank designation, input folding)
  int score = 0;      // face value, 0..65535
  int count = 0;      // tiles in a full set, 0..65535
};

// Outside text that reads as a tile: `text` (upper case, as written) and
// `lower` (its lower-case form, as many code points) match case-insensitively
// like a label, and give `tile`. Rendering never produces them.
struct FoldInfo {
  std::string text;
  std::string lower;
  Tile tile = 0;  // 1..size()
};
inline constexpr int kMaxFolds = 255;

class Alphabet {
 public:
  Alphabet() = default;

  // Built-in English: A..Z with standard scores and the 100-tile distribution,
  // two blanks scoring 0. Codes A=1 .. Z=26.
  static Alphabet English();

  // Parses the alphabet file format. `source` names the input in errors
  // ("spanish.txt:12: ..."). Errors: kBadInput with line number and reason.
  static Result<Alphabet> Parse(std::string_view text, std::string_view source);
  // Reads `path` ("-": standard input; zstd content is decompressed) and
  // parses it. Errors: kIo naming the path, kLimit for more than
  // kMaxAlphabetBytes (read no further), and those of Parse.
  static Result<Alphabet> LoadFile(const std::string& path);

  // Builds from parts; validates labels (non-empty, <= kMaxLabelBytes, valid
  // UTF-8, no whitespace or control characters, no '?', '#', '*', '[' or ']'
  // anywhere, unique case-insensitively). An empty `lower` is derived from
  // `label`. Folds follow the same rules as labels (an empty `lower` derived
  // from `text`), name a tile in range, and no string may match a fold and a
  // tile, or two folds; at most kMaxFolds.
  static Result<Alphabet> FromTiles(std::string name, std::vector<TileInfo> tiles, int blank_count, int blank_score,
                                    std::vector<FoldInfo> folds = {});

  const std::string& name() const { return name_; }
  int size() const { return static_cast<int>(tiles_.size()); }  // letter tiles
  // Precondition: 1 <= t <= size().
  const TileInfo& tile(Tile t) const { return tiles_[t - 1]; }
  int blank_count() const { return blank_count_; }
  int blank_score() const { return blank_score_; }
  // In declaration order; empty for most alphabets.
  const std::vector<FoldInfo>& folds() const { return folds_; }

  // Splits `text` into tiles (appended to *out). Returns false on the first
  // byte where no label matches; *bad_offset (if not null) is then that byte
  // offset and *out holds the tiles matched before it. O(text) for
  // alphabets whose labels are single ASCII letters; otherwise O(text x
  // labels sharing a first byte).
  bool Tokenize(std::string_view text, std::vector<Tile>* out, std::size_t* bad_offset) const;
  // Convenience: tokenizes or returns kInvalidArgument naming the bad text.
  // (Text from users goes through ParseTileText, tile_text.h: kBadInput.)
  Result<std::vector<Tile>> TokenizeOrError(std::string_view text) const;
  // One step of Tokenize: the tile whose label (either case, code point by
  // code point) matches the most bytes of `text` at byte `pos`. Returns that
  // many bytes and sets *tile, or returns 0 when no label matches there.
  // Precondition: pos < text.size(). Cost as Tokenize's per tile.
  std::size_t MatchAt(std::string_view text, std::size_t pos, Tile* tile) const;
  // The same, also telling whether the match was a fold: *fold is then the
  // fold that matched, else null (a label matched).
  std::size_t MatchAt(std::string_view text, std::size_t pos, Tile* tile, const FoldInfo** fold) const;

  // The tile that byte b alone always reads as, or 0: b is an ASCII byte
  // that is a whole match (a one-character label or fold) and no longer
  // label or fold starts with it, so a run of such bytes tokenizes byte by
  // byte (English: every letter of either case; Spanish: not C, L, R).
  // For fast paths that skip Tokenize on plain text; O(1).
  Tile DirectTile(unsigned char b) const { return byte_to_tile_[b]; }

  // Plain word text: concatenated labels ("CHURRO"), as dump and query
  // results print words; out-of-range codes render as "<N>". Such text reads
  // back by Tokenize only for words of a list (greedy-tokenized already);
  // racks and positions are written with TileTextWriter (tile_text.h).
  std::string Render(std::span<const Tile> tiles) const;
  // Appends tile t's label (`lower`: the lower-case label, a blank's
  // designation), or "<N>" when t is out of range. The one label primitive
  // every renderer (tile_text.h, the CLI) is built on.
  void AppendLabel(Tile t, bool lower, std::string* out) const;

  // Whether two alphabets declare the same tiles, scores, counts, blanks and folds.
  bool operator==(const Alphabet& o) const;

 private:
  void BuildMatcher();

  std::string name_;
  std::vector<TileInfo> tiles_;
  std::vector<FoldInfo> folds_;
  int blank_count_ = 0;
  int blank_score_ = 0;
  // Greedy matcher: for each first byte, the candidates that can start with
  // it, sorted by decreasing max_bytes. A candidate is a sequence of code
  // point slots, each matching either of two encodings (the label's and the
  // lower label's code point at that position; see formats/alphabet.md).
  struct Slot {
    char alt[2][4];
    std::uint8_t len[2];
  };
  struct Candidate {
    std::vector<Slot> slots;
    std::size_t max_bytes = 0;
    Tile tile = 0;
    int fold = -1;  // index into folds_, or -1 for the tile's own label
  };
  static Slot MakeSlot(const std::array<std::string, 2>& alts, std::size_t* max_bytes);
  void AddCandidate(Candidate c);
  std::vector<std::vector<Candidate>> by_first_byte_;  // 256 buckets
  // byte_to_tile_[b] != 0: the ASCII byte b alone is a whole match and no
  // longer label starts with it. single_byte_only_: that holds for every
  // byte any label starts with (the tight loop needs no buckets).
  bool single_byte_only_ = true;
  Tile byte_to_tile_[256] = {};
};

}  // namespace lexc
