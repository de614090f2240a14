// The image frame codec (libformat/src/image_codec.h, internal): every record
// round-trips (encode, decode, equal), encodes to the bytes the spec's field
// tables give, and its decoder rejects each corrupt byte with the reader's
// categories. Whole images built through it are checked byte for byte in
// test_builder.cc.
#include <array>
#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

// Internal header: the codec is not public API, so it is reached by path.
#include "../libformat/src/image_codec.h"
#include "lexc/crc32c.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;
using internal::GraphDescriptor;
using internal::ImageHeader;
using internal::ImageTrailer;
using internal::SectionEntry;

namespace {

template <std::size_t N>
std::uint64_t Get(const std::array<std::byte, N>& b, std::size_t at, int width) {
  std::uint64_t v = 0;
  std::memcpy(&v, b.data() + at, static_cast<std::size_t>(width));
  return v;
}

// A minimal frame: header, one section entry, `body` zero bytes, trailer.
std::vector<std::byte> Frame(std::size_t body, std::uint32_t crc) {
  ImageHeader h;
  h.section_count = 1;
  h.file_size = format::kHeaderSize + format::kSectionEntrySize + body + format::kTrailerSize;
  std::vector<std::byte> out(h.file_size);
  h.EncodeTo(std::span(out).first<format::kHeaderSize>());
  ImageTrailer{crc}.EncodeTo(std::span(out).last<format::kTrailerSize>());
  return out;
}

}  // namespace

TEST_CASE("Image codec: header, entry, trailer and descriptor round-trip") {
  const std::vector<std::byte> frame = Frame(40, 0xDEADBEEF);
  auto h = ImageHeader::DecodeFrom(frame);
  REQUIRE(h.ok());
  ImageHeader want;
  want.section_count = 1;
  want.file_size = frame.size();
  CHECK(*h == want);
  CHECK(h->table_end() == format::kHeaderSize + format::kSectionEntrySize);
  CHECK(h->body_end() == frame.size() - format::kTrailerSize);
  auto t = ImageTrailer::DecodeFrom(frame);
  REQUIRE(t.ok());
  CHECK(t->crc == 0xDEADBEEF);

  const SectionEntry e{format::kTagGaddag, 0, 0x123456789ABCDEF0ull, 0x0FEDCBA987654321ull};
  std::array<std::byte, format::kSectionEntrySize> eb;
  e.EncodeTo(eb);
  CHECK(SectionEntry::DecodeFrom(eb) == e);
  CHECK(Get(eb, 0, 4) == format::kTagGaddag);  // field table: tag, flags, offset, size
  CHECK(Get(eb, 4, 4) == 0);
  CHECK(Get(eb, 8, 8) == 0x123456789ABCDEF0ull);
  CHECK(Get(eb, 16, 8) == 0x0FEDCBA987654321ull);

  GraphDescriptor d;
  d.info.root = 77;
  d.info.nodes = 1ull << 40;
  d.info.arcs = 3;
  d.info.strings = ~0ull;
  d.info.longest_path = 16;
  std::array<std::byte, format::kGraphDescSize> db;
  db.fill(std::byte{0xAA});
  d.EncodeTo(db);
  auto back = GraphDescriptor::DecodeFrom(db, "GADG", 78);
  REQUIRE(back.ok());
  CHECK(back->info.root == 77);
  CHECK(back->info.nodes == d.info.nodes);
  CHECK(back->info.arcs == 3);
  CHECK(back->info.strings == d.info.strings);
  CHECK(back->info.longest_path == 16);
  CHECK(Get(db, 4, 4) == 0);  // reserved bytes written as zeros over the old contents
  CHECK(Get(db, 36, 4) == 0);
  CHECK(Get(db, 40, 8) == 0);
  CheckError(GraphDescriptor::DecodeFrom(db, "GADG", 77).status(), Errc::kCorrupt, "section GADG: root 77");
  CheckError(GraphDescriptor::DecodeFrom(std::span(db).first(47), "DAWG", 78).status(), Errc::kCorrupt,
             "section DAWG: size 47");
}

TEST_CASE("Image codec: the header encodes the spec's field table") {
  ImageHeader h;
  h.file_size = 4096;
  h.section_count = 5;
  std::array<std::byte, format::kHeaderSize> b;
  b.fill(std::byte{0x55});
  h.EncodeTo(b);
  CHECK(std::memcmp(b.data(), format::kMagic, 8) == 0);
  CHECK(Get(b, 8, 2) == format::kMajor);
  CHECK(Get(b, 10, 2) == format::kMinor);
  CHECK(Get(b, 12, 4) == 0);
  CHECK(Get(b, 16, 8) == 4096);
  CHECK(Get(b, 24, 4) == format::kHeaderSize);
  CHECK(Get(b, 28, 4) == 5);
  CHECK(Get(b, 32, 8) == format::kHeaderSize);
  CHECK(Get(b, 40, 4) == format::kSectionEntrySize);
  for (std::size_t i = 44; i < 64; ++i) CHECK(b[i] == std::byte{0});
}

TEST_CASE("Image codec: every corrupt header or trailer byte is rejected with the reader's category") {
  const std::vector<std::byte> good = Frame(40, 7);
  const std::size_t size = good.size();
  // Every byte of the header and the trailer's reserved and magic bytes; the
  // CRC (the trailer's first 4 bytes) is Verify()'s business, not the codec's.
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < format::kHeaderSize; ++i) offsets.push_back(i);
  for (std::size_t i = size - 12; i < size; ++i) offsets.push_back(i);
  for (std::size_t at : offsets) {
    for (unsigned x : {0x01u, 0x80u}) {
      INFO("byte " << at << " ^ " << x);
      std::vector<std::byte> bad = good;
      bad[at] ^= std::byte(x);
      const Status hs = ImageHeader::DecodeFrom(bad).status();
      const Status ts = ImageTrailer::DecodeFrom(bad).status();
      if (at < 8)
        CheckError(hs, Errc::kBadMagic);
      else if (at == 8 || at == 9)
        CheckError(hs, Errc::kBadVersion, "format major version");
      else if (at == 10 || at == 11)
        CHECK(hs.ok());  // the minor version is free
      else if (at < format::kHeaderSize)
        CheckError(hs, Errc::kCorrupt);
      else
        CheckError(ts, Errc::kCorrupt, at >= size - 8 ? "end magic" : "trailer: reserved");
    }
  }
  // Short inputs: no magic, then magic without room for header and trailer.
  CheckError(ImageHeader::DecodeFrom(std::span(good).first(7)).status(), Errc::kBadMagic);
  CheckError(ImageHeader::DecodeFrom(std::span(good).first(79)).status(), Errc::kCorrupt,
             "file size 79, expected >= 80");
  CheckError(ImageHeader::DecodeFrom(std::span(good).first(size - 8)).status(), Errc::kCorrupt, "(truncated)");
  CheckError(ImageTrailer::DecodeFrom(std::span(good).first(15)).status(), Errc::kCorrupt);
  // The section table must end before the trailer.
  std::vector<std::byte> many = good;
  const std::uint32_t count = 4;  // 4 x 24 bytes > the 24 + 40 bytes available
  std::memcpy(many.data() + 28, &count, 4);
  CheckError(ImageHeader::DecodeFrom(many).status(), Errc::kCorrupt, "past the body end");
}

TEST_CASE("Image codec: built images decode with the header and trailer the builder meant") {
  const WordSet words = ToSet({{1, 2}, {2, 3, 1}, {3}});
  for (const GraphChoice& g : kGraphChoices) {
    INFO(g.name);
    const Image img = BuildOrFail(words, Alphabet::English(), Options(g));
    auto h = ImageHeader::DecodeFrom(img.bytes());
    REQUIRE(h.ok());
    CHECK(h->file_size == img.size());
    CHECK(h->section_count == (g.dawg && g.gaddag ? 5u : 4u));
    auto t = ImageTrailer::DecodeFrom(img.bytes());
    REQUIRE(t.ok());
    CHECK(t->crc == Crc32c(0, img.data(), img.size() - format::kTrailerSize));
    // Re-encoding what was decoded gives the same bytes.
    std::array<std::byte, format::kHeaderSize> again;
    h->EncodeTo(again);
    CHECK(std::memcmp(again.data(), img.data(), again.size()) == 0);
  }
}

TEST_CASE("Image codec: META's fixed part and the ARCS head round-trip and reject corrupt bytes") {
  internal::MetaRecord meta;
  meta.meta = {267751, 2429186, 2696937, 15, 2, 15, 0xCAFEF00D, "graphs=dawg max-len=15"};
  std::vector<std::byte> section(format::kMetaFixedSize + meta.meta.options.size());
  meta.EncodeTo(std::span(section).first<format::kMetaFixedSize>());
  std::memcpy(section.data() + format::kMetaFixedSize, meta.meta.options.data(), meta.meta.options.size());
  auto back = internal::MetaRecord::DecodeFrom(section);
  REQUIRE(back.ok());
  const Metadata& m = back->meta;
  CHECK(m.word_count == 267751);
  CHECK(m.tile_total == 2429186);
  CHECK(m.text_bytes == 2696937);
  CHECK(m.longest_word == 15);
  CHECK(m.shortest_word == 2);
  CHECK(m.max_len == 15);
  CHECK(m.source_crc == 0xCAFEF00D);
  CHECK(m.options == "graphs=dawg max-len=15");
  // The options view points into the section, not into a copy.
  CHECK(reinterpret_cast<const std::byte*>(m.options.data()) == section.data() + format::kMetaFixedSize);
  const struct {
    const char* what;
    std::size_t at;
    std::uint8_t value;
  } bad_meta[] = {
      {"reserved", 50, 1}, {"options length", 40, 200}, {"max-len 0", 32, 0}, {"longest > max-len", 24, 16}};
  for (const auto& e : bad_meta) {
    INFO(e.what);
    std::vector<std::byte> bad = section;
    bad[e.at] = std::byte{e.value};
    CheckError(internal::MetaRecord::DecodeFrom(bad).status(), Errc::kCorrupt, "section META");
  }
  CheckError(internal::MetaRecord::DecodeFrom(std::span(section).first(63)).status(), Errc::kCorrupt,
             "section META: size 63");

  for (int width : {4, 8}) {
    INFO("width " << width);
    const internal::ArcsHead head{ArcEncoding{width, 0, 0}, 3};
    std::vector<std::byte> arcs(format::kArcsHeadSize + 3 * width);
    head.EncodeTo(std::span(arcs).first<format::kArcsHeadSize>());
    auto h = internal::ArcsHead::DecodeFrom(arcs);
    REQUIRE(h.ok());
    CHECK(h->encoding == ArcEncoding{width, 0, 0});
    CHECK(h->count == 3);
    CheckError(internal::ArcsHead::DecodeFrom(std::span(arcs).first(arcs.size() - 1)).status(), Errc::kCorrupt,
               "do not fit");
    for (std::size_t at : {0, 4, 8}) {  // width, reserved, count (0 arcs)
      std::vector<std::byte> bad = arcs;
      bad[at] = at == 8 ? std::byte{0} : std::byte{2};
      CheckError(internal::ArcsHead::DecodeFrom(bad).status(), Errc::kCorrupt, "section ARCS");
    }
  }

  // Bit-packed (1.3): 3 arcs of 5 + 21 + 2 bits: 84 bits, one u64 and the
  // 8 bytes of padding that let an 8-byte load read the last arc.
  const ArcEncoding packed{0, 5, 21};
  CHECK(packed.arc_bits() == 28);
  CHECK(packed.ArrayBytes(3) == 24);
  CHECK(packed.ArrayBytes(2) == 16);  // 56 bits
  const internal::ArcsHead head{packed, 3};
  std::vector<std::byte> arcs(format::kArcsHeadSize + 24);
  head.EncodeTo(std::span(arcs).first<format::kArcsHeadSize>());
  CHECK(std::to_integer<int>(arcs[0]) == 0);  // arc width 0
  CHECK(std::to_integer<int>(arcs[4]) == 5);
  CHECK(std::to_integer<int>(arcs[5]) == 21);
  auto h = internal::ArcsHead::DecodeFrom(arcs);
  REQUIRE(h.ok());
  CHECK(h->encoding == packed);
  CHECK(h->count == 3);
  CheckError(internal::ArcsHead::DecodeFrom(std::span(arcs).first(arcs.size() - 1)).status(), Errc::kCorrupt,
             "(24 bytes) do not fit in 23 bytes");
  const struct {
    std::size_t at;
    std::uint8_t value;
    const char* what;
  } bad_packed[] = {{4, 0, "tile bits: expected 1..8, got 0"},       {4, 9, "tile bits: expected 1..8, got 9"},
                    {5, 0, "target bits: expected 1..32, got 0"},    {5, 33, "target bits: expected 1..32, got 33"},
                    {5, 1, "arc count: expected 1..2, got 3"},       {6, 1, "reserved bytes"},
                    {0, 3, "expected 4, 8 or 0 (bit-packed), got 3"}};
  for (const auto& e : bad_packed) {
    INFO(e.what);
    std::vector<std::byte> bad = arcs;
    bad[e.at] = std::byte{e.value};
    CheckError(internal::ArcsHead::DecodeFrom(bad).status(), Errc::kCorrupt, e.what);
  }
}

TEST_CASE("Image codec: the ALPH section round-trips and rejects corrupt records") {
  for (const Alphabet& a : {Alphabet::English(), LetterAlphabet(40), LetterAlphabet(1)}) {
    INFO(a.size() << " tiles");
    internal::ByteWriter w;
    internal::EncodeAlphabetSection(a, w);
    const std::vector<std::byte> section = w.Take();
    CHECK(section.size() == format::kAlphabetHeadSize + a.size() * format::kTileRecordSize + a.name().size());
    auto back = internal::DecodeAlphabetSection(section);
    REQUIRE(back.ok());
    CHECK(*back == a);
    CHECK(back->name() == a.name());
    // Tile 1's label padding, its reserved tail, the head's reserved bytes.
    for (std::uint32_t at : {format::kAlphabetHeadSize + 15, format::kAlphabetHeadSize + 39, 12u}) {
      std::vector<std::byte> bad = section;
      bad[at] = std::byte{1};
      CheckError(internal::DecodeAlphabetSection(bad).status(), Errc::kCorrupt, "section ALPH");
    }
    CheckError(internal::DecodeAlphabetSection(std::span(section).first(section.size() - 1 - a.name().size())).status(),
               Errc::kCorrupt, "section ALPH: size");
  }
}
