// The image frame codec. Layout: formats/lexicon-image.md; contracts in
// image_codec.h.
#include "image_codec.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "bytes.h"

namespace lexc::internal {
namespace {

Status Corrupt(std::string detail) { return Status(Errc::kCorrupt, std::move(detail)); }

template <class T>
void Store(std::byte* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

void PutLabel(ByteWriter& w, const std::string& s) {
  w.Put8(static_cast<std::uint8_t>(s.size()));
  w.PutBytes(s.data(), s.size());
  w.PutZeros(static_cast<std::size_t>(kMaxLabelBytes) - s.size());
}

}  // namespace

std::string Hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

Status CheckReservedZero(const std::byte* p, std::size_t n, const std::string& what) {
  if (!std::all_of(p, p + n, [](std::byte b) { return b == std::byte{0}; }))
    return Corrupt(what + ": reserved bytes must be zero");
  return Status::Ok();
}

// ---- header ----

void ImageHeader::EncodeTo(std::span<std::byte, format::kHeaderSize> out) const {
  std::byte* p = out.data();
  std::memset(p, 0, out.size());
  std::memcpy(p, format::kMagic, 8);
  Store(p + 8, major);
  Store(p + 10, minor);
  Store(p + 12, flags);
  Store(p + 16, file_size);
  Store(p + 24, header_size);
  Store(p + 28, section_count);
  Store(p + 32, section_table_offset);
  Store(p + 40, section_entry_size);
}

Result<ImageHeader> ImageHeader::DecodeFrom(std::span<const std::byte> image) {
  const std::byte* p = image.data();
  const std::uint64_t size = image.size();
  if (size < 8 || std::memcmp(p, format::kMagic, 8) != 0)
    return Status(Errc::kBadMagic, "not a lexc image (magic bytes do not match)");
  if (size < format::kHeaderSize + format::kTrailerSize)
    return Corrupt("file size " + std::to_string(size) + ", expected >= " +
                   std::to_string(format::kHeaderSize + format::kTrailerSize) + " (header and trailer)");
  ImageHeader h;
  h.major = Load<std::uint16_t>(p + 8);
  h.minor = Load<std::uint16_t>(p + 10);
  if (h.major != format::kMajor)
    return Status(Errc::kBadVersion, "format major version: expected " + std::to_string(format::kMajor) + ", got " +
                                         std::to_string(h.major));
  h.flags = Load<std::uint32_t>(p + 12);
  if (h.flags != 0) return Corrupt("header flags: reserved bits must be zero, got " + Hex(h.flags));
  h.file_size = Load<std::uint64_t>(p + 16);
  if (h.file_size != size)
    return Corrupt("file size: header says " + std::to_string(h.file_size) + " bytes, have " + std::to_string(size) +
                   (size < h.file_size ? " (truncated)" : ""));
  h.header_size = Load<std::uint32_t>(p + 24);
  h.section_count = Load<std::uint32_t>(p + 28);
  h.section_table_offset = Load<std::uint64_t>(p + 32);
  h.section_entry_size = Load<std::uint32_t>(p + 40);
  if (h.header_size != format::kHeaderSize)
    return Corrupt("header size: expected " + std::to_string(format::kHeaderSize) + ", got " +
                   std::to_string(h.header_size));
  if (h.section_entry_size != format::kSectionEntrySize)
    return Corrupt("section entry size: expected " + std::to_string(format::kSectionEntrySize) + ", got " +
                   std::to_string(h.section_entry_size));
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 44, 20, "header"));
  if (h.section_count < 1 || h.section_count > format::kMaxSections)
    return Corrupt("section count: expected 1.." + std::to_string(format::kMaxSections) + ", got " +
                   std::to_string(h.section_count));
  if (h.section_table_offset != format::kHeaderSize)
    return Corrupt("section table offset: expected " + std::to_string(format::kHeaderSize) + ", got " +
                   std::to_string(h.section_table_offset));
  if (h.table_end() > h.body_end())
    return Corrupt("section table: ends at " + std::to_string(h.table_end()) + ", past the body end " +
                   std::to_string(h.body_end()));
  return h;
}

// ---- section table entry ----

void SectionEntry::EncodeTo(std::span<std::byte, format::kSectionEntrySize> out) const {
  std::byte* p = out.data();
  Store(p, tag);
  Store(p + 4, flags);
  Store(p + 8, offset);
  Store(p + 16, size);
}

SectionEntry SectionEntry::DecodeFrom(std::span<const std::byte, format::kSectionEntrySize> in) {
  const std::byte* p = in.data();
  return {Load<std::uint32_t>(p), Load<std::uint32_t>(p + 4), Load<std::uint64_t>(p + 8), Load<std::uint64_t>(p + 16)};
}

// ---- trailer ----

void ImageTrailer::EncodeTo(std::span<std::byte, format::kTrailerSize> out) const {
  std::byte* p = out.data();
  Store(p, crc);
  Store(p + 4, std::uint32_t{0});
  std::memcpy(p + 8, format::kEndMagic, 8);
}

Result<ImageTrailer> ImageTrailer::DecodeFrom(std::span<const std::byte> image) {
  const std::uint64_t size = image.size();
  if (size < format::kTrailerSize)
    return Corrupt("file size " + std::to_string(size) + ", expected >= " + std::to_string(format::kTrailerSize) +
                   " (trailer)");
  const std::byte* p = image.data() + size - format::kTrailerSize;
  if (std::memcmp(p + 8, format::kEndMagic, 8) != 0)
    return Corrupt("trailer: end magic missing at offset " + std::to_string(size - 8));
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 4, 4, "trailer"));
  return ImageTrailer{Load<std::uint32_t>(p)};
}

// ---- graph descriptor ----

void GraphDescriptor::EncodeTo(std::span<std::byte, format::kGraphDescSize> out) const {
  std::byte* p = out.data();
  std::memset(p, 0, out.size());
  Store(p, info.root);
  Store(p + 8, info.nodes);
  Store(p + 16, info.arcs);
  Store(p + 24, info.strings);
  Store(p + 32, info.longest_path);
}

Result<GraphDescriptor> GraphDescriptor::DecodeFrom(std::span<const std::byte> section, const char* tag,
                                                    std::uint64_t arc_count) {
  const std::string name = std::string("section ") + tag;
  if (section.size() < format::kGraphDescSize)
    return Corrupt(name + ": size " + std::to_string(section.size()) +
                   ", expected >= " + std::to_string(format::kGraphDescSize));
  const std::byte* p = section.data();
  GraphDescriptor d;
  d.info.root = Load<std::uint32_t>(p);
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 4, 4, name));
  d.info.nodes = Load<std::uint64_t>(p + 8);
  d.info.arcs = Load<std::uint64_t>(p + 16);
  d.info.strings = Load<std::uint64_t>(p + 24);
  d.info.longest_path = Load<std::uint32_t>(p + 32);
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 36, 12, name));
  if (d.info.root >= arc_count)
    return Corrupt(name + ": root " + std::to_string(d.info.root) + ", expected < " + std::to_string(arc_count) +
                   " (arc count)");
  return d;
}

// ---- META ----

void MetaRecord::EncodeTo(std::span<std::byte, format::kMetaFixedSize> out) const {
  std::byte* p = out.data();
  std::memset(p, 0, out.size());
  Store(p, meta.word_count);
  Store(p + 8, meta.tile_total);
  Store(p + 16, meta.text_bytes);
  Store(p + 24, meta.longest_word);
  Store(p + 28, meta.shortest_word);
  Store(p + 32, meta.max_len);
  Store(p + 36, meta.source_crc);
  Store(p + 40, static_cast<std::uint32_t>(meta.options.size()));
}

Result<MetaRecord> MetaRecord::DecodeFrom(std::span<const std::byte> section) {
  if (section.size() < format::kMetaFixedSize)
    return Corrupt("section META: size " + std::to_string(section.size()) +
                   ", expected >= " + std::to_string(format::kMetaFixedSize));
  const std::byte* p = section.data();
  MetaRecord r;
  Metadata& m = r.meta;
  m.word_count = Load<std::uint64_t>(p);
  m.tile_total = Load<std::uint64_t>(p + 8);
  m.text_bytes = Load<std::uint64_t>(p + 16);
  m.longest_word = Load<std::uint32_t>(p + 24);
  m.shortest_word = Load<std::uint32_t>(p + 28);
  m.max_len = Load<std::uint32_t>(p + 32);
  m.source_crc = Load<std::uint32_t>(p + 36);
  const auto options_len = Load<std::uint32_t>(p + 40);
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 44, 20, "section META"));
  if (options_len > section.size() - format::kMetaFixedSize)
    return Corrupt("section META: options length " + std::to_string(options_len) + " exceeds the section");
  m.options = std::string_view(reinterpret_cast<const char*>(p + format::kMetaFixedSize), options_len);
  if (m.max_len < 1 || m.max_len > format::kMaxWordLen)
    return Corrupt("section META: max-len: expected 1.." + std::to_string(format::kMaxWordLen) + ", got " +
                   std::to_string(m.max_len));
  if (m.longest_word > m.max_len)
    return Corrupt("section META: longest word " + std::to_string(m.longest_word) + " exceeds max-len " +
                   std::to_string(m.max_len));
  return r;
}

// ---- ARCS head ----

void ArcsHead::EncodeTo(std::span<std::byte, format::kArcsHeadSize> out) const {
  std::byte* p = out.data();
  Store(p, static_cast<std::uint32_t>(encoding.width));
  Store(p + 4, static_cast<std::uint8_t>(encoding.packed() ? encoding.tile_bits : 0));
  Store(p + 5, static_cast<std::uint8_t>(encoding.packed() ? encoding.target_bits : 0));
  Store(p + 6, std::uint16_t{0});
  Store(p + 8, count);
}

Result<ArcsHead> ArcsHead::DecodeFrom(std::span<const std::byte> section) {
  if (section.size() < format::kArcsHeadSize)
    return Corrupt("section ARCS: size " + std::to_string(section.size()) +
                   ", expected >= " + std::to_string(format::kArcsHeadSize));
  const std::byte* p = section.data();
  ArcsHead h;
  const auto width = Load<std::uint32_t>(p);
  h.count = Load<std::uint64_t>(p + 8);
  std::uint64_t max_count = 0;
  if (width == 4 || width == 8) {
    LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 4, 4, "section ARCS"));
    h.encoding = ArcEncoding{static_cast<int>(width), 0, 0};
    max_count = width == 4 ? format::kArc32MaxArcs : format::kArc64MaxArcs;
  } else if (width == format::kArcWidthPacked) {
    LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 6, 2, "section ARCS"));
    const int tile_bits = std::to_integer<int>(p[4]), target_bits = std::to_integer<int>(p[5]);
    if (tile_bits < 1 || tile_bits > format::kPackedMaxTileBits)
      return Corrupt("section ARCS: packed tile bits: expected 1.." + std::to_string(format::kPackedMaxTileBits) +
                     ", got " + std::to_string(tile_bits));
    if (target_bits < 1 || target_bits > format::kPackedMaxTargetBits)
      return Corrupt("section ARCS: packed target bits: expected 1.." + std::to_string(format::kPackedMaxTargetBits) +
                     ", got " + std::to_string(target_bits));
    h.encoding = ArcEncoding{0, tile_bits, target_bits};
    max_count = std::uint64_t(1) << target_bits;
  } else {
    return Corrupt("section ARCS: arc width: expected 4, 8 or 0 (bit-packed), got " + std::to_string(width));
  }
  if (h.count < 1 || h.count > max_count)
    return Corrupt("section ARCS: arc count: expected 1.." + std::to_string(max_count) + ", got " +
                   std::to_string(h.count));
  const std::uint64_t room = section.size() - format::kArcsHeadSize;
  if (h.encoding.ArrayBytes(h.count) > room)
    return Corrupt("section ARCS: " + std::to_string(h.count) + " arcs of " + std::to_string(h.encoding.arc_bits()) +
                   " bits (" + std::to_string(h.encoding.ArrayBytes(h.count)) + " bytes) do not fit in " +
                   std::to_string(room) + " bytes");
  return h;
}

// ---- ALPH ----

void EncodeAlphabetSection(const Alphabet& alphabet, ByteWriter& w) {
  w.Put32(static_cast<std::uint32_t>(alphabet.size()));
  w.Put16(static_cast<std::uint16_t>(alphabet.blank_count()));
  w.Put16(static_cast<std::uint16_t>(alphabet.blank_score()));
  w.Put16(format::kTileRecordSize);
  const std::string name = alphabet.name().substr(0, 255);
  w.Put16(static_cast<std::uint16_t>(name.size()));
  w.Put32(0);
  for (int t = 1; t <= alphabet.size(); ++t) {
    const TileInfo& ti = alphabet.tile(static_cast<Tile>(t));
    PutLabel(w, ti.label);
    PutLabel(w, ti.lower);
    w.Put16(static_cast<std::uint16_t>(ti.score));
    w.Put16(static_cast<std::uint16_t>(ti.count));
    w.Put32(0);
  }
  w.PutBytes(name.data(), name.size());
}

void EncodeFoldSection(const Alphabet& alphabet, ByteWriter& w) {
  w.Put32(static_cast<std::uint32_t>(alphabet.folds().size()));
  w.Put16(format::kFoldRecordSize);
  w.Put16(0);
  for (const FoldInfo& f : alphabet.folds()) {
    PutLabel(w, f.text);
    PutLabel(w, f.lower);
    w.Put8(f.tile);
    w.PutZeros(7);
  }
}

namespace {

// A label field: length byte, then kMaxLabelBytes bytes, zero padded.
Status GetLabel(const std::byte* at, const std::string& where, std::string* out) {
  const auto n = std::to_integer<std::size_t>(at[0]);
  if (n > static_cast<std::size_t>(kMaxLabelBytes))
    return Corrupt(where + ": label length " + std::to_string(n) + ", expected <= " + std::to_string(kMaxLabelBytes));
  out->assign(reinterpret_cast<const char*>(at + 1), n);
  return CheckReservedZero(at + 1 + n, static_cast<std::size_t>(kMaxLabelBytes) - n, where + " label padding");
}

Result<std::vector<FoldInfo>> DecodeFolds(std::span<const std::byte> section) {
  const std::byte* p = section.data();
  const std::uint64_t size = section.size();
  if (size < format::kFoldHeadSize)
    return Corrupt("section FOLD: size " + std::to_string(size) +
                   ", expected >= " + std::to_string(format::kFoldHeadSize));
  const auto count = Load<std::uint32_t>(p);
  const auto record = Load<std::uint16_t>(p + 4);
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 6, 2, "section FOLD head"));
  if (count < 1 || count > static_cast<std::uint32_t>(kMaxFolds))
    return Corrupt("section FOLD: fold count: expected 1.." + std::to_string(kMaxFolds) + ", got " +
                   std::to_string(count));
  if (record != format::kFoldRecordSize)
    return Corrupt("section FOLD: record size: expected " + std::to_string(format::kFoldRecordSize) + ", got " +
                   std::to_string(record));
  const std::uint64_t need = format::kFoldHeadSize + std::uint64_t(count) * record;
  if (size < need)
    return Corrupt("section FOLD: size " + std::to_string(size) + ", expected >= " + std::to_string(need));
  std::vector<FoldInfo> folds(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::byte* r = p + format::kFoldHeadSize + std::uint64_t(i) * record;
    const std::string where = "section FOLD: fold " + std::to_string(i + 1);
    LEXC_RETURN_IF_ERROR(GetLabel(r, where, &folds[i].text));
    LEXC_RETURN_IF_ERROR(GetLabel(r + 16, where, &folds[i].lower));
    folds[i].tile = std::to_integer<Tile>(r[32]);
    LEXC_RETURN_IF_ERROR(CheckReservedZero(r + 33, 7, where));
  }
  return folds;
}

}  // namespace

Result<Alphabet> DecodeAlphabetSection(std::span<const std::byte> section, const std::span<const std::byte>* folds) {
  const std::byte* p = section.data();
  const std::uint64_t size = section.size();
  if (size < format::kAlphabetHeadSize)
    return Corrupt("section ALPH: size " + std::to_string(size) +
                   ", expected >= " + std::to_string(format::kAlphabetHeadSize));
  const auto count = Load<std::uint32_t>(p);
  const auto blanks = Load<std::uint16_t>(p + 4);
  const auto blank_score = Load<std::uint16_t>(p + 6);
  const auto record = Load<std::uint16_t>(p + 8);
  const auto name_len = Load<std::uint16_t>(p + 10);
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 12, 4, "section ALPH head"));
  if (count < 1 || count > static_cast<std::uint32_t>(kMaxTiles))
    return Corrupt("section ALPH: tile count: expected 1.." + std::to_string(kMaxTiles) + ", got " +
                   std::to_string(count));
  if (record != format::kTileRecordSize)
    return Corrupt("section ALPH: record size: expected " + std::to_string(format::kTileRecordSize) + ", got " +
                   std::to_string(record));
  const std::uint64_t need = format::kAlphabetHeadSize + std::uint64_t(count) * record + name_len;
  if (size < need)
    return Corrupt("section ALPH: size " + std::to_string(size) + ", expected >= " + std::to_string(need));
  std::vector<TileInfo> tiles(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::byte* r = p + format::kAlphabetHeadSize + std::uint64_t(i) * record;
    const std::string where = "section ALPH: tile " + std::to_string(i + 1);
    LEXC_RETURN_IF_ERROR(GetLabel(r, where, &tiles[i].label));
    LEXC_RETURN_IF_ERROR(GetLabel(r + 16, where, &tiles[i].lower));
    tiles[i].score = Load<std::uint16_t>(r + 32);
    tiles[i].count = Load<std::uint16_t>(r + 34);
    LEXC_RETURN_IF_ERROR(CheckReservedZero(r + 36, 4, where));
  }
  std::string name(reinterpret_cast<const char*>(p + format::kAlphabetHeadSize + std::uint64_t(count) * record),
                   name_len);
  std::vector<FoldInfo> fold_list;
  if (folds) {
    auto decoded = DecodeFolds(*folds);
    if (!decoded.ok()) return decoded.status();
    fold_list = std::move(decoded).value();
  }
  auto a = Alphabet::FromTiles(std::move(name), std::move(tiles), blanks, blank_score, std::move(fold_list));
  if (!a.ok()) return Corrupt(std::string(folds ? "sections ALPH and FOLD: " : "section ALPH: ") + a.status().detail());
  return a;
}

}  // namespace lexc::internal
