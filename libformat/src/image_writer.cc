// Image serialization shared by the builder and EncodeImageFromArcs.
#include "image_writer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>

#include "bytes.h"
#include "image_codec.h"
#include "lexc/crc32c.h"
#include "lexc/format.h"
#include "lexc/image_writer.h"
#include "word_index_section.h"

namespace lexc::internal {
namespace {

void WriteMeta(ByteWriter& w, const Metadata& meta) {
  MetaRecord record{meta};
  std::array<std::byte, format::kMetaFixedSize> fixed;
  record.EncodeTo(fixed);
  w.PutBytes(fixed.data(), fixed.size());
  if (!meta.options.empty()) w.PutBytes(meta.options.data(), meta.options.size());  // an empty view's data may be null
}

// Patches the header and section table over the zeros reserved for them,
// then appends the trailer with the CRC of everything before it.
void WriteFrame(ByteWriter& w, std::span<const SectionEntry> sections, std::uint16_t minor) {
  ImageHeader header;
  header.minor = minor;
  header.file_size = w.size() + format::kTrailerSize;
  header.section_count = static_cast<std::uint32_t>(sections.size());
  std::array<std::byte, format::kHeaderSize> head;
  header.EncodeTo(head);
  w.Patch(0, head.data(), head.size());
  for (std::size_t i = 0; i < sections.size(); ++i) {
    std::array<std::byte, format::kSectionEntrySize> entry;
    sections[i].EncodeTo(entry);
    w.Patch(header.section_table_offset + i * format::kSectionEntrySize, entry.data(), entry.size());
  }
  std::array<std::byte, format::kTrailerSize> trailer;
  ImageTrailer{Crc32c(0, w.data(), w.size())}.EncodeTo(trailer);
  w.PutBytes(trailer.data(), trailer.size());
}

}  // namespace

ArcEncoding PackedArcEncoding(std::uint64_t arc_count, int tiles) {
  const int tile_bits = std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(tiles))));
  const int target_bits = std::max(1, static_cast<int>(std::bit_width(arc_count > 0 ? arc_count - 1 : 0)));
  return ArcEncoding{static_cast<int>(format::kArcWidthPacked), tile_bits, target_bits};
}

Result<EncodedImage> EncodeImage(const ImagePlan& plan, const std::function<void(ArcWriter& out)>& write_arcs) {
  const Alphabet& alphabet = *plan.alphabet;
  std::vector<SectionEntry> sections;
  sections.push_back({format::kTagAlphabet});
  if (!alphabet.folds().empty()) sections.push_back({format::kTagFold});
  sections.push_back({format::kTagMeta});
  if (plan.dawg) sections.push_back({format::kTagDawg});
  if (plan.gaddag) sections.push_back({format::kTagGaddag});
  sections.push_back({format::kTagArcs});
  if (plan.word_index) sections.push_back({format::kTagWordIndex});
  const std::uint64_t arc_bytes = plan.arc_encoding.ArrayBytes(plan.arc_count);
  EncodedImage out;
  ByteWriter w;
  w.Reserve(4096 + alphabet.size() * format::kTileRecordSize + plan.meta.options.size() + arc_bytes);
  w.PutZeros(format::kHeaderSize + sections.size() * format::kSectionEntrySize);
  w.Align(format::kAlign);
  std::uint64_t arcs_offset = 0;
  for (SectionEntry& sec : sections) {
    sec.offset = w.size();
    if (sec.tag == format::kTagAlphabet) {
      EncodeAlphabetSection(alphabet, w);
    } else if (sec.tag == format::kTagFold) {
      EncodeFoldSection(alphabet, w);
    } else if (sec.tag == format::kTagMeta) {
      WriteMeta(w, plan.meta);
    } else if (sec.tag == format::kTagDawg || sec.tag == format::kTagGaddag) {
      std::array<std::byte, format::kGraphDescSize> desc;
      GraphDescriptor{sec.tag == format::kTagDawg ? *plan.dawg : *plan.gaddag}.EncodeTo(desc);
      w.PutBytes(desc.data(), desc.size());
    } else if (sec.tag == format::kTagArcs) {
      arcs_offset = sec.offset;
      std::array<std::byte, format::kArcsHeadSize> head;
      ArcsHead{plan.arc_encoding, plan.arc_count}.EncodeTo(head);
      w.PutBytes(head.data(), head.size());
      w.PutZeros(arc_bytes);
      ArcWriter arcs(const_cast<std::byte*>(w.data()) + w.size() - arc_bytes, plan.arc_encoding);
      write_arcs(arcs);
    } else {
      // WIDX follows ARCS: numbered from the arcs as written.
      const auto t0 = std::chrono::steady_clock::now();
      const Graph dawg(w.data() + arcs_offset + format::kArcsHeadSize, plan.arc_encoding, plan.arc_count,
                       plan.dawg->root);
      auto index = ComputeWordIndexSection(dawg);
      if (!index.ok()) return index.status();
      w.PutBytes(index->words.data(), index->bytes);
      out.seconds_word_index = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    sec.size = w.size() - sec.offset;
    w.Align(format::kAlign);
  }
  if (plan.word_index) out.word_index_bytes = sections.back().size;
  // The lowest minor version that describes the image.
  const std::uint16_t minor = plan.arc_encoding.packed()  ? format::kMinorPackedArcs
                              : !alphabet.folds().empty() ? format::kMinorFolds
                              : plan.word_index           ? format::kMinorWordIndex
                                                          : format::kMinor;
  WriteFrame(w, sections, minor);
  out.bytes = w.Take();
  return out;
}

}  // namespace lexc::internal

namespace lexc {

Result<std::vector<std::byte>> EncodeImageFromArcs(const Alphabet& alphabet, const Metadata& meta,
                                                   const GraphInfo* dawg, const GraphInfo* gaddag,
                                                   std::span<const std::uint32_t> arcs) {
  if (!dawg && !gaddag) return Status(Errc::kInvalidArgument, "no graph given (need a DAWG, a GADDAG or both)");
  if (arcs.empty() || arcs[0] != format::kArc32Sentinel)
    return Status(Errc::kInvalidArgument, "arc 0 must be the sentinel");
  if (arcs.size() > format::kArc32MaxArcs)
    return Status(Errc::kInvalidArgument, std::to_string(arcs.size()) + " arcs, more than 4-byte arcs address");
  if (alphabet.size() < 1 || alphabet.size() > static_cast<int>(format::kArc32MaxTile))
    return Status(Errc::kInvalidArgument,
                  "an alphabet of " + std::to_string(alphabet.size()) + " tiles does not fit 4-byte arcs (1..63)");
  internal::ImagePlan plan;
  plan.alphabet = &alphabet;
  plan.meta = meta;
  plan.dawg = dawg;
  plan.gaddag = gaddag;
  plan.arc_encoding = ArcEncoding{4, 0, 0};
  plan.arc_count = arcs.size();
  auto encoded = internal::EncodeImage(plan, [&](internal::ArcWriter& out) {
    for (const std::uint32_t a : arcs) out.Put(Arc32::tile(a), Arc32::last(a), Arc32::accepts(a), Arc32::target(a));
  });
  if (!encoded.ok()) return encoded.status();
  return std::move(encoded->bytes);
}

}  // namespace lexc
