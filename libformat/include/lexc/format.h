// lexc/format.h -- on-disk constants of the lexicon image, format 1.3.
//
// Normative description: formats/lexicon-image.md. This header restates the
// numbers the code uses; the spec wins if they ever disagree (a test checks
// the figures quoted in the spec against these constants).
//
//   +------------------------+ 0
//   | header (64 B)          |  magic, version, flags, size, section table loc
//   +------------------------+ 64
//   | section table          |  section_count x 24 B
//   +------------------------+ (8-aligned)
//   | sections, 8-aligned,   |  ALPH, META, ARCS, DAWG and/or GADG,
//   |                        |  WIDX (optional, 1.1), FOLD (optional, 1.2);
//   |                        |  ARCS bit-packed (optional, 1.3)
//   | zero padded            |
//   +------------------------+ file_size - 16
//   | trailer (16 B)         |  CRC32C of bytes [0, file_size-16), end magic
//   +------------------------+ file_size
//
// All integers are little-endian, fixed width, naturally aligned.
#pragma once

#include <cstdint>

namespace lexc::format {

// 0x89 first (non-ASCII: catches 7-bit transfers and text sniffers), "LEX",
// CR LF (catches newline translation), ^Z (stops DOS `type`), LF. As in PNG.
inline constexpr unsigned char kMagic[8] = {0x89, 'L', 'E', 'X', 0x0D, 0x0A, 0x1A, 0x0A};
inline constexpr unsigned char kEndMagic[8] = {'L', 'E', 'X', 'C', '-', 'E', 'N', 'D'};
inline constexpr std::uint16_t kMajor = 1;
// The minor version of an image without 1.1 sections (a writer writes the
// lowest version that describes its image), of one with a WIDX section, and
// of one with a FOLD section. Readers accept every minor of major 1 (unknown
// sections are ignored).
inline constexpr std::uint16_t kMinor = 0;
inline constexpr std::uint16_t kMinorWordIndex = 1;
inline constexpr std::uint16_t kMinorFolds = 2;
// Format 1.3: bit-packed arcs (ARCS arc_width 0).
inline constexpr std::uint16_t kMinorPackedArcs = 3;

inline constexpr std::uint32_t kHeaderSize = 64;
inline constexpr std::uint32_t kSectionEntrySize = 24;
inline constexpr std::uint32_t kTrailerSize = 16;
inline constexpr std::uint32_t kMaxSections = 64;
inline constexpr std::uint32_t kAlign = 8;
// Longest word (in tiles) an image may declare as its max-len.
inline constexpr std::uint32_t kMaxWordLen = 255;

// Section tags: four ASCII bytes read as a little-endian u32.
constexpr std::uint32_t Tag(const char (&s)[5]) {
  return std::uint32_t(std::uint8_t(s[0])) | std::uint32_t(std::uint8_t(s[1])) << 8 |
         std::uint32_t(std::uint8_t(s[2])) << 16 | std::uint32_t(std::uint8_t(s[3])) << 24;
}
inline constexpr std::uint32_t kTagAlphabet = Tag("ALPH");
inline constexpr std::uint32_t kTagMeta = Tag("META");
inline constexpr std::uint32_t kTagArcs = Tag("ARCS");
inline constexpr std::uint32_t kTagDawg = Tag("DAWG");
inline constexpr std::uint32_t kTagGaddag = Tag("GADG");
// Optional, format 1.1: the word index (numbers of the DAWG's words).
inline constexpr std::uint32_t kTagWordIndex = Tag("WIDX");
// Optional, format 1.2: the alphabet's folds (text read as a tile).
inline constexpr std::uint32_t kTagFold = Tag("FOLD");

// ALPH: 16-byte head then tile_count records of 40 bytes.
inline constexpr std::uint32_t kAlphabetHeadSize = 16;
inline constexpr std::uint32_t kTileRecordSize = 40;
// FOLD: 8-byte head then fold_count records of 40 bytes.
inline constexpr std::uint32_t kFoldHeadSize = 8;
inline constexpr std::uint32_t kFoldRecordSize = 40;

// META: fixed 64-byte part, then options text (UTF-8, options_len bytes).
inline constexpr std::uint32_t kMetaFixedSize = 64;

// ARCS: 16-byte head (u32 arc_width, u32 reserved, u64 arc_count), then the
// arc array. Arc 0 is the sentinel "empty list" and target 0 means "no
// children". Two arc layouts:
//
//   width 4:  bit 31 accepts | bit 30 last | bits 24..29 tile | bits 0..23 target
//   width 8:  bits 42..63 zero | bit 41 accepts | bit 40 last | bits 32..39 tile | bits 0..31 target
//
// "accepts": the path ending with this arc spells a word (per-edge terminal).
// "last": this arc ends its node's sibling list. A node is the index of its
// first arc; its arcs are sorted by strictly increasing tile. Node lists may
// share tails (a node can start inside another node's list).
inline constexpr std::uint32_t kArcsHeadSize = 16;
inline constexpr std::uint32_t kArc32TargetBits = 24;
inline constexpr std::uint32_t kArc32MaxTile = 63;
inline constexpr std::uint64_t kArc32MaxArcs = std::uint64_t(1) << 24;
inline constexpr std::uint64_t kArc64MaxArcs = std::uint64_t(1) << 32;
inline constexpr std::uint32_t kArc32Sentinel = std::uint32_t(1) << 30;  // last, tile 0, target 0
inline constexpr std::uint64_t kArc64Sentinel = std::uint64_t(1) << 40;
// Format 1.3, bit-packed arcs: arc_width 0, then u8 tile_bits (1..8) and u8
// target_bits (1..32) in the head's bytes 4 and 5. Arc i is the
// tile_bits + target_bits + 2 bits from bit i x that of the array, fields
// from bit 0: tile, last, accepts, target. The array takes
// 8 x ceil(count x bits / 64) + 8 bytes (one 8-byte load reads any arc),
// every bit past the last arc zero. Writers choose the fewest bits: tile
// bits for the alphabet's size, target bits for arc_count - 1.
inline constexpr std::uint32_t kArcWidthPacked = 0;
inline constexpr int kPackedMaxTileBits = 8;
inline constexpr int kPackedMaxTargetBits = 32;

// DAWG / GADG: 48-byte graph descriptor.
inline constexpr std::uint32_t kGraphDescSize = 48;

}  // namespace lexc::format
