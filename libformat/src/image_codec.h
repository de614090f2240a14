// Internal: the one codec of every fixed record of the image -- header,
// section table entries, trailer, META's fixed part, the ARCS head, graph
// descriptors -- and of the ALPH section, shared by the writer (builder.cc)
// and the reader (lexicon.cc), as leveldb's Footer::EncodeTo/DecodeFrom.
// Field tables: formats/lexicon-image.md ("Header", "Section table", "ALPH",
// "META", "DAWG and GADG", "ARCS", "Trailer"). Every EncodeTo writes the
// whole record, reserved bytes as zeros; every DecodeFrom reads one and
// checks what the record alone can tell (magic, version, reserved bytes,
// sizes and ranges), in the order the reader always has; placement against
// other sections, the arcs themselves and the CRC are the reader's job.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "bytes.h"
#include "lexc/alphabet.h"
#include "lexc/format.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc::internal {

// "0x1f": values in messages about bit fields and checksums.
std::string Hex(std::uint64_t v);
// kCorrupt "<what>: reserved bytes must be zero" unless p[0, n) are all zero.
Status CheckReservedZero(const std::byte* p, std::size_t n, const std::string& what);

// The 64-byte header at offset 0.
struct ImageHeader {
  std::uint16_t major = format::kMajor;
  std::uint16_t minor = format::kMinor;
  std::uint32_t flags = 0;
  std::uint64_t file_size = 0;
  std::uint32_t header_size = format::kHeaderSize;
  std::uint32_t section_count = 0;
  std::uint64_t section_table_offset = format::kHeaderSize;
  std::uint32_t section_entry_size = format::kSectionEntrySize;

  bool operator==(const ImageHeader&) const = default;

  void EncodeTo(std::span<std::byte, format::kHeaderSize> out) const;
  // Decodes and checks the header of `image` (the whole image, whose length
  // the header's file_size must equal), in this order: magic (kBadMagic),
  // room for a header and trailer, major version (kBadVersion), flags, file
  // size, header size, entry size, reserved bytes, section count, table
  // offset, and that the table ends before the trailer (kCorrupt).
  static Result<ImageHeader> DecodeFrom(std::span<const std::byte> image);

  // Where the section table ends and the trailer begins.
  std::uint64_t table_end() const { return section_table_offset + std::uint64_t(section_count) * section_entry_size; }
  std::uint64_t body_end() const { return file_size - format::kTrailerSize; }
};

// The ALPH section: a 16-byte head, one 40-byte record per tile, the name.
// Variable-sized, so it is written by appending: the alphabet's name is cut
// to 255 bytes. Decoding checks the head, each record's label lengths and
// zero padding, and then the alphabet's own rules (Alphabet::FromTiles).
// Errors: kCorrupt naming the section and tile.
//
// The FOLD section (format 1.2; only when the alphabet has folds): an 8-byte
// head, one 40-byte record per fold. Decoded together with ALPH (`folds` is
// null when the image has no FOLD section), so that the alphabet's rules see
// tiles and folds at once.
void EncodeAlphabetSection(const Alphabet& alphabet, ByteWriter& w);
void EncodeFoldSection(const Alphabet& alphabet, ByteWriter& w);
Result<Alphabet> DecodeAlphabetSection(std::span<const std::byte> section,
                                       const std::span<const std::byte>* folds = nullptr);

// One 24-byte section table entry.
struct SectionEntry {
  std::uint32_t tag = 0;
  std::uint32_t flags = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;

  bool operator==(const SectionEntry&) const = default;

  void EncodeTo(std::span<std::byte, format::kSectionEntrySize> out) const;
  // Decodes as it is (cannot fail); the reader checks flags and placement.
  static SectionEntry DecodeFrom(std::span<const std::byte, format::kSectionEntrySize> in);
};

// The 16-byte trailer at file_size - 16.
struct ImageTrailer {
  std::uint32_t crc = 0;  // CRC32C of every byte before the trailer

  bool operator==(const ImageTrailer&) const = default;

  void EncodeTo(std::span<std::byte, format::kTrailerSize> out) const;
  // Decodes the trailer of `image` (at least kTrailerSize bytes). Errors:
  // kCorrupt (end magic missing, reserved bytes not zero).
  static Result<ImageTrailer> DecodeFrom(std::span<const std::byte> image);
};

// A 48-byte DAWG / GADG graph descriptor.
struct GraphDescriptor {
  GraphInfo info;

  void EncodeTo(std::span<std::byte, format::kGraphDescSize> out) const;
  // Decodes a section of `section.size()` bytes named `tag` in messages, and
  // checks the root is a node index (< arc_count). Errors: kCorrupt (section
  // too small, reserved bytes not zero, root out of range).
  static Result<GraphDescriptor> DecodeFrom(std::span<const std::byte> section, const char* tag,
                                            std::uint64_t arc_count);
};

// META's fixed 64-byte part; the options text (meta.options) follows it.
struct MetaRecord {
  Metadata meta;

  // Writes the fixed part, with options_len = meta.options.size(); the
  // caller appends the options text.
  void EncodeTo(std::span<std::byte, format::kMetaFixedSize> out) const;
  // Decodes META from its whole section; meta.options views the section's
  // bytes. Errors: kCorrupt (section too small, reserved bytes not zero,
  // options past the section, max-len outside 1..kMaxWordLen, longest word
  // over max-len).
  static Result<MetaRecord> DecodeFrom(std::span<const std::byte> section);
};

// The 16-byte head of ARCS: the arc encoding (width 4 or 8, or 0 with the
// packed layout's field sizes, format 1.3) and the arc count (sentinel
// included).
struct ArcsHead {
  ArcEncoding encoding;
  std::uint64_t count = 0;

  void EncodeTo(std::span<std::byte, format::kArcsHeadSize> out) const;
  // Decodes the head of the ARCS section and checks the encoding (width 4
  // or 8 with zero field sizes; or 0 with tile bits 1..8 and target bits
  // 1..32), that the count is within what the encoding addresses, and that
  // the arc array (ArcEncoding::ArrayBytes, the packed padding included)
  // fits in the section. Errors: kCorrupt.
  static Result<ArcsHead> DecodeFrom(std::span<const std::byte> section);
};

}  // namespace lexc::internal
