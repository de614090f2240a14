// Image reader: cheap structural open, opt-in full verification, mapping.
// What each level guarantees is stated in lexicon.h and in
// formats/lexicon-image.md ("Validation"); keep the three in step. The
// frame is decoded by image_codec.h, each graph checked by graph_verifier.h.
#include "lexc/lexicon.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/iostreams/device/mapped_file.hpp>
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <string>
#include <type_traits>
#include <vector>

#include "bytes.h"
#include "graph_verifier.h"
#include "image_codec.h"
#include "lexc/crc32c.h"
#include "lexc/escape.h"
#include "lexc/format.h"
#include "lexc/io.h"
#include "lexc/run_beside.h"
#include "word_index_section.h"

namespace lexc {
namespace {

using internal::Hex;
using internal::Load;

Status Corrupt(std::string detail) { return Status(Errc::kCorrupt, std::move(detail)); }

std::string TagName(std::uint32_t tag) {
  std::string s;
  for (int i = 0; i < 4; ++i) {
    const char c = static_cast<char>((tag >> (8 * i)) & 0xFF);
    s += (c >= 0x20 && c < 0x7F) ? c : '?';
  }
  return s;
}

std::uint64_t LowBits(int n) { return n >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1; }

// The bits of a packed arc array after its last arc, up to the end of its
// padding, must be zero (formats/lexicon-image.md, "Bit-packed arcs").
// O(16 bytes). `offset`: the array's offset in the image, for the message.
Status CheckPackedPadding(const std::byte* arcs, const ArcEncoding& enc, std::uint64_t count, std::uint64_t offset) {
  const std::uint64_t used_bits = count * static_cast<std::uint64_t>(enc.arc_bits());
  const std::uint64_t end = enc.ArrayBytes(count);
  for (std::uint64_t byte = used_bits / 8; byte < end; ++byte) {
    const unsigned keep = byte == used_bits / 8 ? static_cast<unsigned>(used_bits % 8) : 0;  // arc bits in this byte
    const unsigned pad = std::to_integer<unsigned>(arcs[byte]) >> keep;
    if (pad != 0)
      return Corrupt("section ARCS: padding after the last packed arc is not zero (byte at offset " +
                     std::to_string(offset + byte) + ")");
  }
  return Status::Ok();
}

using Sec = internal::SectionEntry;

// The section table, each entry checked against the body and the others
// (formats/lexicon-image.md, "Section table"). O(sections^2), at most
// kMaxSections entries.
Result<std::vector<Sec>> ReadSections(std::span<const std::byte> bytes, const internal::ImageHeader& header) {
  const std::uint64_t body_end = header.body_end();
  const std::uint64_t table_end = header.table_end();
  std::vector<Sec> secs;
  for (std::uint32_t i = 0; i < header.section_count; ++i) {
    const Sec s =
        Sec::DecodeFrom(bytes.subspan(header.section_table_offset + std::uint64_t(i) * format::kSectionEntrySize)
                            .first<format::kSectionEntrySize>());
    const std::string name = "section " + std::to_string(i) + " (" + TagName(s.tag) + ")";
    if (s.flags != 0) return Corrupt(name + ": flags must be zero, got " + Hex(s.flags));
    if (s.offset % format::kAlign != 0)
      return Corrupt(name + ": offset " + std::to_string(s.offset) + " is not 8-byte aligned");
    if (s.offset < table_end || s.offset > body_end || s.size > body_end - s.offset)
      return Corrupt(name + ": bytes [" + std::to_string(s.offset) + ", +" + std::to_string(s.size) +
                     ") fall outside the body [" + std::to_string(table_end) + ", " + std::to_string(body_end) + ")");
    for (const Sec& o : secs) {
      if (o.tag == s.tag) return Corrupt(name + ": duplicate section");
      if (s.offset < o.offset + o.size && o.offset < s.offset + s.size)
        return Corrupt(name + ": overlaps section " + TagName(o.tag));
    }
    secs.push_back(s);
  }
  return secs;
}

// The bytes of the body that no section holds (the padding between the
// section table, the sections and the trailer) must be zero
// (formats/lexicon-image.md, "Conventions"); the first that is not is named
// by its offset. O(body).
Status CheckPadding(std::span<const std::byte> bytes, const internal::ImageHeader& header, std::vector<Sec> secs) {
  std::sort(secs.begin(), secs.end(), [](const Sec& a, const Sec& b) { return a.offset < b.offset; });
  std::string after = "the section table";
  std::uint64_t at = header.table_end();
  const auto gap = [&](std::uint64_t end, const std::string& before) -> Status {
    for (; at < end; ++at)
      if (bytes[at] != std::byte{0})
        return Corrupt("padding: the byte at offset " + std::to_string(at) + ", between " + after + " and " + before +
                       ", is " + Hex(std::to_integer<std::uint32_t>(bytes[at])) + "; padding must be zero");
    return Status::Ok();
  };
  for (const Sec& s : secs) {
    LEXC_RETURN_IF_ERROR(gap(s.offset, "section " + TagName(s.tag)));
    at = std::max(at, s.offset + s.size);  // an empty section may sit where another starts
    after = "section " + TagName(s.tag);
  }
  return gap(header.body_end(), "the trailer");
}

}  // namespace

Result<Lexicon> Lexicon::FromBytes(std::span<const std::byte> bytes) {
  const std::byte* base = bytes.data();
  if (reinterpret_cast<std::uintptr_t>(base) % format::kAlign != 0)
    return Status(Errc::kInvalidArgument, "image buffer: address must be 8-byte aligned");
  auto header = internal::ImageHeader::DecodeFrom(bytes);
  if (!header.ok()) return header.status();
  auto trailer = internal::ImageTrailer::DecodeFrom(bytes);
  if (!trailer.ok()) return trailer.status();
  auto sections = ReadSections(bytes, *header);
  if (!sections.ok()) return sections.status();
  const std::vector<Sec>& secs = *sections;
  auto find = [&](std::uint32_t tag) -> const Sec* {
    for (const Sec& s : secs)
      if (s.tag == tag) return &s;
    return nullptr;
  };
  const Sec* alph = find(format::kTagAlphabet);
  const Sec* meta = find(format::kTagMeta);
  const Sec* arcs = find(format::kTagArcs);
  const Sec* dawg = find(format::kTagDawg);
  const Sec* gaddag = find(format::kTagGaddag);
  const Sec* word_index = find(format::kTagWordIndex);
  const Sec* fold = find(format::kTagFold);
  if (!alph) return Corrupt("section ALPH (alphabet) is missing");
  if (!meta) return Corrupt("section META is missing");
  if (!arcs) return Corrupt("section ARCS is missing");
  if (!dawg && !gaddag) return Corrupt("neither a DAWG nor a GADG section is present");

  Lexicon lex;
  lex.bytes_ = bytes;
  lex.minor_ = header->minor;
  if (fold && header->minor < format::kMinorFolds)
    return Corrupt("header: minor version " + std::to_string(header->minor) + ", but a FOLD section needs 1." +
                   std::to_string(format::kMinorFolds));
  const std::span<const std::byte> fold_bytes =
      fold ? bytes.subspan(fold->offset, fold->size) : std::span<const std::byte>();
  auto alphabet =
      internal::DecodeAlphabetSection(bytes.subspan(alph->offset, alph->size), fold ? &fold_bytes : nullptr);
  if (!alphabet.ok()) return alphabet.status();
  lex.alphabet_ = std::move(alphabet).value();

  auto meta_record = internal::MetaRecord::DecodeFrom(bytes.subspan(meta->offset, meta->size));
  if (!meta_record.ok()) return meta_record.status();
  lex.meta_ = meta_record->meta;

  {
    const auto head = internal::ArcsHead::DecodeFrom(bytes.subspan(arcs->offset, arcs->size));
    if (!head.ok()) return head.status();
    const ArcEncoding enc = head->encoding;
    const std::uint64_t count = head->count;
    const std::byte* a = base + arcs->offset + format::kArcsHeadSize;
    if (enc.packed()) {
      if (header->minor < format::kMinorPackedArcs)
        return Corrupt("header: minor version " + std::to_string(header->minor) + ", but bit-packed arcs need 1." +
                       std::to_string(format::kMinorPackedArcs));
      LEXC_RETURN_IF_ERROR(CheckPackedPadding(a, enc, count, arcs->offset + format::kArcsHeadSize));
    }
    const bool sentinel_ok =
        enc.width == 4   ? Load<std::uint32_t>(a) == format::kArc32Sentinel
        : enc.width == 8 ? Load<std::uint64_t>(a) == format::kArc64Sentinel
                         : (Load<std::uint64_t>(a) & LowBits(enc.arc_bits())) == std::uint64_t(1) << enc.tile_bits;
    if (!sentinel_ok) return Corrupt("section ARCS: arc 0 must be the empty-list sentinel");
    // The last arc must end a list, so that every sibling scan that starts
    // inside the array also ends inside it.
    const bool last_ok =
        Graph(a, enc, count, kNoNode).Dispatch([&](const auto& g) { return g.last(g.arc(count - 1)); });
    if (!last_ok) return Corrupt("section ARCS: the final arc " + std::to_string(count - 1) + " does not end a list");
    lex.arc_encoding_ = enc;
    lex.arc_count_ = count;
    lex.arcs_ = a;
  }
  auto read_graph = [&](const Sec& sec, const char* tag, GraphInfo* info, Graph* graph) -> Status {
    auto desc = internal::GraphDescriptor::DecodeFrom(bytes.subspan(sec.offset, sec.size), tag, lex.arc_count_);
    if (!desc.ok()) return desc.status();
    *info = desc->info;
    *graph = Graph(lex.arcs_, lex.arc_encoding_, lex.arc_count_, info->root);
    return Status::Ok();
  };
  if (dawg) LEXC_RETURN_IF_ERROR(read_graph(*dawg, "DAWG", &lex.dawg_info_, &lex.dawg_));
  if (gaddag) LEXC_RETURN_IF_ERROR(read_graph(*gaddag, "GADG", &lex.gaddag_info_, &lex.gaddag_));
  if (word_index) {
    if (!dawg) return Corrupt("section WIDX: numbers the DAWG's words, but there is no DAWG section");
    const auto section = bytes.subspan(word_index->offset, word_index->size);
    auto view = internal::DecodeWordIndexSection(section, lex.arc_count_);
    if (!view.ok()) return view.status();
    lex.word_index_ = section;
  }
  return lex;
}

namespace {

// Every arc but the sentinel (checked at open): tile and target in range,
// the 8-byte layout's reserved bits zero. The packed layout has no reserved
// bits inside an arc (its padding is checked at open).
template <class G>
Status VerifyArcs(const G& g, int tiles) {
  const std::uint64_t count = g.arc_count();
  for (std::uint64_t i = 1; i < count; ++i) {
    const auto w = g.arc(i);
    if constexpr (G::Codec::kWidth == 8) {
      if (w >> 42) return Corrupt("section ARCS: arc " + std::to_string(i) + ": reserved bits set (" + Hex(w) + ")");
    }
    if (g.target(w) >= count)
      return Corrupt("section ARCS: arc " + std::to_string(i) + " targets " + std::to_string(g.target(w)) +
                     ", expected < " + std::to_string(count));
    if (g.tile(w) > tiles)
      return Corrupt("section ARCS: arc " + std::to_string(i) + " has tile " + std::to_string(g.tile(w)) +
                     ", expected <= " + std::to_string(tiles));
  }
  return Status::Ok();
}

}  // namespace

// Images with fewer arcs verify their two graphs on one thread (a thread
// costs more than it saves there; fuzzing stays single-threaded).
constexpr std::uint64_t kParallelVerifyArcs = std::uint64_t(1) << 16;

Status Lexicon::Verify() const {
  if (bytes_.empty()) return Status(Errc::kInvalidArgument, "verify: no image");
  const std::size_t body = bytes_.size() - format::kTrailerSize;
  auto trailer = internal::ImageTrailer::DecodeFrom(bytes_);
  if (!trailer.ok()) return trailer.status();  // not after a successful FromBytes
  const std::uint32_t want = trailer->crc;
  const std::uint32_t got = Crc32c(0, bytes_.data(), body);
  if (want != got) return Status(Errc::kChecksum, "CRC32C: trailer says " + Hex(want) + ", bytes give " + Hex(got));
  {
    auto header = internal::ImageHeader::DecodeFrom(bytes_);
    if (!header.ok()) return header.status();  // not after a successful FromBytes
    auto sections = ReadSections(bytes_, *header);
    if (!sections.ok()) return sections.status();  // nor this
    LEXC_RETURN_IF_ERROR(CheckPadding(bytes_, *header, std::move(sections).value()));
  }
  // META's figures against each other here; against the graphs below.
  if (meta_.word_count && meta_.shortest_word < 1) return Corrupt("section META: shortest word is 0");
  if (meta_.shortest_word > meta_.longest_word)
    return Corrupt("section META: shortest word " + std::to_string(meta_.shortest_word) + " is above longest word " +
                   std::to_string(meta_.longest_word));
  const Graph arc_array(arcs_, arc_encoding_, arc_count_, kNoNode);
  return arc_array.Dispatch([&](const auto& all) -> Status {
    using View = std::remove_cvref_t<decltype(all)>;
    LEXC_RETURN_IF_ERROR(VerifyArcs(all, alphabet_.size()));
    const auto verify_dawg = [&]() -> Status {
      const View g(arcs_, arc_count_, dawg_.root(), all.codec());
      return internal::GraphVerifier<typename View::Codec>(g, "DAWG", false, alphabet_).Run(dawg_info_, meta_);
    };
    const auto verify_gaddag = [&]() -> Status {
      const View g(arcs_, arc_count_, gaddag_.root(), all.codec());
      return internal::GraphVerifier<typename View::Codec>(g, "GADDAG", true, alphabet_).Run(gaddag_info_, meta_);
    };
    if (has_dawg() && has_gaddag()) {
      // The graphs' checks share nothing but the (read-only) arcs: on a large
      // image the GADDAG's runs on a second thread, the DAWG's error first.
      LEXC_RETURN_IF_ERROR(RunBeside(arc_count_ >= kParallelVerifyArcs, verify_dawg, verify_gaddag));
    } else {
      if (has_dawg()) LEXC_RETURN_IF_ERROR(verify_dawg());
      if (has_gaddag()) LEXC_RETURN_IF_ERROR(verify_gaddag());
    }
    if (has_word_index()) {
      if (minor_ < format::kMinorWordIndex)
        return Corrupt("header: minor version " + std::to_string(minor_) + ", but a WIDX section needs 1." +
                       std::to_string(format::kMinorWordIndex));
      auto expected = internal::ComputeWordIndexSection(dawg_);
      if (!expected.ok()) return expected.status();
      LEXC_RETURN_IF_ERROR(internal::CompareWordIndexSections(word_index_, *expected));
    }
    return Status::Ok();
  });
}

struct MappedLexicon::Mapping {
  boost::iostreams::mapped_file_source file;
  std::unique_ptr<std::uint64_t[]> owned;  // Load: the image's bytes, 8-byte aligned
};

MappedLexicon::MappedLexicon(MappedLexicon&&) noexcept = default;
MappedLexicon& MappedLexicon::operator=(MappedLexicon&&) noexcept = default;
MappedLexicon::~MappedLexicon() = default;

Result<MappedLexicon> MappedLexicon::Open(const std::string& path) {
  MappedLexicon m;
  m.mapping_ = std::make_unique<Mapping>();
  // What Boost would report vaguely ("iostream error", "Operation not
  // supported") or not at all (a FIFO's open waits for a writer) is checked
  // first and named.
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return Status(Errc::kIo, QuotePath(path) + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) {
    const char* kind = S_ISDIR(st.st_mode)    ? "a directory"
                       : S_ISFIFO(st.st_mode) ? "a FIFO"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                       : S_ISCHR(st.st_mode)  ? "a character device"
                       : S_ISBLK(st.st_mode)  ? "a block device"
                                              : "not a file";
    return Status(Errc::kIo, QuotePath(path) + ": not a regular file (" + kind + "; images are memory-mapped)");
  }
  // Mapping a 0-byte file fails inside Boost; report it as what it is.
  if (st.st_size == 0) return Status(Errc::kBadMagic, QuotePath(path) + ": empty file, not a lexc image");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status(Errc::kIo, QuotePath(path) + ": cannot open: " + std::strerror(errno));
  ::close(fd);
  try {
    m.mapping_->file.open(path);
  } catch (const std::exception& e) {
    std::string why = e.what();  // Boost's "...: iostream error" adds nothing
    if (const auto at = why.rfind(": iostream error"); at != std::string::npos) why.erase(at);
    return Status(Errc::kIo, QuotePath(path) + ": cannot map: " + why);
  }
  if (!m.mapping_->file.is_open()) return Status(Errc::kIo, QuotePath(path) + ": cannot map");
  auto lex = Lexicon::FromBytes(
      std::span<const std::byte>(reinterpret_cast<const std::byte*>(m.mapping_->file.data()), m.mapping_->file.size()));
  if (!lex.ok()) return Status(lex.status().code(), QuotePath(path) + ": " + lex.status().detail());
  m.lexicon_ = std::move(lex).value();
  return m;
}

Result<MappedLexicon> MappedLexicon::Load(const std::string& path) {
  Result<std::string> bytes = ReadFileBytes(path);
  if (!bytes.ok()) return bytes.status();
  if (bytes->empty()) return Status(Errc::kBadMagic, QuotePath(path) + ": empty file, not a lexc image");
  MappedLexicon m;
  m.mapping_ = std::make_unique<Mapping>();
  const std::size_t words = (bytes->size() + 7) / 8;
  m.mapping_->owned.reset(new std::uint64_t[words]());
  std::memcpy(m.mapping_->owned.get(), bytes->data(), bytes->size());
  auto lex = Lexicon::FromBytes(
      std::span<const std::byte>(reinterpret_cast<const std::byte*>(m.mapping_->owned.get()), bytes->size()));
  if (!lex.ok()) return Status(lex.status().code(), QuotePath(path) + ": " + lex.status().detail());
  m.lexicon_ = std::move(lex).value();
  return m;
}

}  // namespace lexc
