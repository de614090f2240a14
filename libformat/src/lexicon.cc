// Image reader: cheap structural open, opt-in full verification, mapping.
// What each level guarantees is stated in lexicon.h and in
// formats/lexicon-image.md ("Validation"); keep the three in step.
#include "lexc/lexicon.h"

#include <algorithm>
#include <boost/iostreams/device/mapped_file.hpp>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "bytes.h"
#include "image_codec.h"
#include "lexc/crc32c.h"
#include "lexc/format.h"

namespace lexc {
namespace {

using internal::CheckReservedZero;
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

Result<Alphabet> ReadAlphabet(const std::byte* p, std::uint64_t size) {
  if (size < format::kAlphabetHeadSize)
    return Corrupt("section ALPH: size " + std::to_string(size) + ", expected >= " +
                   std::to_string(format::kAlphabetHeadSize));
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
    return Corrupt("section ALPH: record size: expected " + std::to_string(format::kTileRecordSize) +
                   ", got " + std::to_string(record));
  const std::uint64_t need = format::kAlphabetHeadSize + std::uint64_t(count) * record + name_len;
  if (size < need)
    return Corrupt("section ALPH: size " + std::to_string(size) + ", expected >= " + std::to_string(need));
  std::vector<TileInfo> tiles(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::byte* r = p + format::kAlphabetHeadSize + std::uint64_t(i) * record;
    const std::string where = "section ALPH: tile " + std::to_string(i + 1);
    auto label = [&](const std::byte* at, std::string* out) -> Status {
      const auto n = std::to_integer<std::size_t>(at[0]);
      if (n > static_cast<std::size_t>(kMaxLabelBytes))
        return Corrupt(where + ": label length " + std::to_string(n) + ", expected <= " +
                       std::to_string(kMaxLabelBytes));
      out->assign(reinterpret_cast<const char*>(at + 1), n);
      return CheckReservedZero(at + 1 + n, static_cast<std::size_t>(kMaxLabelBytes) - n, where + " label padding");
    };
    LEXC_RETURN_IF_ERROR(label(r, &tiles[i].label));
    LEXC_RETURN_IF_ERROR(label(r + 16, &tiles[i].lower));
    tiles[i].score = Load<std::uint16_t>(r + 32);
    tiles[i].count = Load<std::uint16_t>(r + 34);
    LEXC_RETURN_IF_ERROR(CheckReservedZero(r + 36, 4, where));
  }
  std::string name(reinterpret_cast<const char*>(p + format::kAlphabetHeadSize + std::uint64_t(count) * record),
                   name_len);
  auto a = Alphabet::FromTiles(std::move(name), std::move(tiles), blanks, blank_score);
  if (!a.ok()) return Corrupt("section ALPH: " + a.status().detail());
  return a;
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
  const std::uint64_t body_end = header->body_end();
  const std::uint64_t table_end = header->table_end();

  using Sec = internal::SectionEntry;
  std::vector<Sec> secs;  // at most kMaxSections entries: O(sections)
  for (std::uint32_t i = 0; i < header->section_count; ++i) {
    const Sec s = Sec::DecodeFrom(
        bytes.subspan(header->section_table_offset + std::uint64_t(i) * format::kSectionEntrySize)
            .first<format::kSectionEntrySize>());
    const std::string name = "section " + std::to_string(i) + " (" + TagName(s.tag) + ")";
    if (s.flags != 0) return Corrupt(name + ": flags must be zero, got " + Hex(s.flags));
    if (s.offset % format::kAlign != 0)
      return Corrupt(name + ": offset " + std::to_string(s.offset) + " is not 8-byte aligned");
    if (s.offset < table_end || s.offset > body_end || s.size > body_end - s.offset)
      return Corrupt(name + ": bytes [" + std::to_string(s.offset) + ", +" + std::to_string(s.size) +
                     ") fall outside the body [" + std::to_string(table_end) + ", " +
                     std::to_string(body_end) + ")");
    for (const Sec& o : secs) {
      if (o.tag == s.tag) return Corrupt(name + ": duplicate section");
      if (s.offset < o.offset + o.size && o.offset < s.offset + s.size)
        return Corrupt(name + ": overlaps section " + TagName(o.tag));
    }
    secs.push_back(s);
  }
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
  if (!alph) return Corrupt("section ALPH (alphabet) is missing");
  if (!meta) return Corrupt("section META is missing");
  if (!arcs) return Corrupt("section ARCS is missing");
  if (!dawg && !gaddag) return Corrupt("neither a DAWG nor a GADG section is present");

  Lexicon lex;
  lex.bytes_ = bytes;
  lex.minor_ = header->minor;
  auto alphabet = ReadAlphabet(base + alph->offset, alph->size);
  if (!alphabet.ok()) return alphabet.status();
  lex.alphabet_ = std::move(alphabet).value();

  {
    const std::byte* p = base + meta->offset;
    if (meta->size < format::kMetaFixedSize)
      return Corrupt("section META: size " + std::to_string(meta->size) + ", expected >= " +
                     std::to_string(format::kMetaFixedSize));
    Metadata& m = lex.meta_;
    m.word_count = Load<std::uint64_t>(p);
    m.tile_total = Load<std::uint64_t>(p + 8);
    m.text_bytes = Load<std::uint64_t>(p + 16);
    m.longest_word = Load<std::uint32_t>(p + 24);
    m.shortest_word = Load<std::uint32_t>(p + 28);
    m.max_len = Load<std::uint32_t>(p + 32);
    m.source_crc = Load<std::uint32_t>(p + 36);
    const auto options_len = Load<std::uint32_t>(p + 40);
    LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 44, 20, "section META"));
    if (options_len > meta->size - format::kMetaFixedSize)
      return Corrupt("section META: options length " + std::to_string(options_len) + " exceeds the section");
    m.options = std::string_view(reinterpret_cast<const char*>(p + format::kMetaFixedSize), options_len);
    if (m.max_len < 1 || m.max_len > format::kMaxWordLen)
      return Corrupt("section META: max-len: expected 1.." + std::to_string(format::kMaxWordLen) +
                     ", got " + std::to_string(m.max_len));
    if (m.longest_word > m.max_len)
      return Corrupt("section META: longest word " + std::to_string(m.longest_word) + " exceeds max-len " +
                     std::to_string(m.max_len));
  }

  {
    const std::byte* p = base + arcs->offset;
    if (arcs->size < format::kArcsHeadSize)
      return Corrupt("section ARCS: size " + std::to_string(arcs->size) + ", expected >= " +
                     std::to_string(format::kArcsHeadSize));
    const auto width = Load<std::uint32_t>(p);
    LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 4, 4, "section ARCS"));
    const auto count = Load<std::uint64_t>(p + 8);
    if (width != 4 && width != 8)
      return Corrupt("section ARCS: arc width: expected 4 or 8, got " + std::to_string(width));
    const std::uint64_t max_count = width == 4 ? format::kArc32MaxArcs : format::kArc64MaxArcs;
    if (count < 1 || count > max_count)
      return Corrupt("section ARCS: arc count: expected 1.." + std::to_string(max_count) + ", got " +
                     std::to_string(count));
    if (count > (arcs->size - format::kArcsHeadSize) / width)
      return Corrupt("section ARCS: " + std::to_string(count) + " arcs of " + std::to_string(width) +
                     " bytes do not fit in " + std::to_string(arcs->size - format::kArcsHeadSize) + " bytes");
    const std::byte* a = p + format::kArcsHeadSize;
    const bool sentinel_ok = width == 4 ? Load<std::uint32_t>(a) == format::kArc32Sentinel
                                        : Load<std::uint64_t>(a) == format::kArc64Sentinel;
    if (!sentinel_ok) return Corrupt("section ARCS: arc 0 must be the empty-list sentinel");
    // The last arc must end a list, so that every sibling scan that starts
    // inside the array also ends inside it.
    const std::byte* lastp = a + (count - 1) * width;
    const bool last_ok = width == 4 ? Arc32::last(Load<std::uint32_t>(lastp))
                                    : Arc64::last(Load<std::uint64_t>(lastp));
    if (!last_ok) return Corrupt("section ARCS: the final arc " + std::to_string(count - 1) + " does not end a list");
    lex.arc_width_ = static_cast<int>(width);
    lex.arc_count_ = count;
    lex.arcs_ = a;
  }
  auto read_graph = [&](const Sec& sec, const char* tag, GraphInfo* info, Graph* graph) -> Status {
    auto desc = internal::GraphDescriptor::DecodeFrom(bytes.subspan(sec.offset, sec.size), tag, lex.arc_count_);
    if (!desc.ok()) return desc.status();
    *info = desc->info;
    *graph = Graph(lex.arcs_, lex.arc_width_, lex.arc_count_, info->root);
    return Status::Ok();
  };
  if (dawg) LEXC_RETURN_IF_ERROR(read_graph(*dawg, "DAWG", &lex.dawg_info_, &lex.dawg_));
  if (gaddag) LEXC_RETURN_IF_ERROR(read_graph(*gaddag, "GADG", &lex.gaddag_info_, &lex.gaddag_));
  return lex;
}

namespace {

// Full check of one graph over the typed arc array.
template <class C>
Status VerifyGraph(const GraphView<C>& g, const typename C::Word* arcs, std::uint64_t count,
                   const char* name, bool gaddag, const GraphInfo& want, const Metadata& meta,
                   const Alphabet& alphabet) {
  const Node root = g.root();
  // Per-slot state: 0 unseen, 1 on the DFS stack, 2 done.
  std::vector<std::uint8_t> color(count, 0);
  std::vector<std::uint8_t> slot_seen(count, 0);
  std::vector<std::uint64_t> strings(count, 0);
  std::vector<std::uint32_t> depth(count, 0);
  std::vector<std::uint8_t> has_sep(gaddag ? count : 0, 0);
  // GADDAG: accepted strings without a separator (the rev(w)) and the
  // longest separator-free path, per node.
  std::vector<std::uint64_t> rev_words(gaddag ? count : 0, 0);
  std::vector<std::uint32_t> rev_depth(gaddag ? count : 0, 0);
  std::uint64_t forward_words = 0;  // GADDAG: c SEP y and c, as ForEachWord reads them
  // Per node, over the words below it (DAWG: every string; GADDAG: the
  // separator-free rev(w)): their tiles (DAWG only; a GADDAG's strings count
  // them) and the bytes of their labels plus a line end each, for META's
  // tile total and text bytes.
  // When every label has the same length L (English), the text bytes are
  // L x tiles + words, and no per-node byte count is needed.
  std::uint64_t label_bytes[256] = {};
  bool uniform = true;
  for (int t = 1; t <= alphabet.size(); ++t) {
    label_bytes[t] = alphabet.tile(static_cast<Tile>(t)).label.size();
    uniform &= label_bytes[t] == label_bytes[1];
  }
  std::vector<std::uint64_t> word_tiles(gaddag ? 0 : count, 0);
  std::vector<std::uint64_t> word_bytes(uniform ? 0 : count, 0);
  bool sums_overflow = false;
  const std::string gname = std::string(name) + ": ";
  GraphInfo got;
  got.root = root;
  if (root != kNoNode) {
    struct Frame {
      Node n;
      std::uint64_t at;  // next arc slot to look at
    };
    std::vector<Frame> stack{{root, root}};
    color[root] = 1;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.at != ~std::uint64_t(0)) {
        const auto w = arcs[f.at];
        const Node t = C::target(w);
        if (t != kNoNode && color[t] == 1)
          return Corrupt(gname + "cycle: arc " + std::to_string(f.at) + " leads back to node " + std::to_string(t));
        const bool last = C::last(w);
        const std::uint64_t here = f.at;
        f.at = last ? ~std::uint64_t(0) : f.at + 1;
        if (!last && f.at >= count)
          return Corrupt(gname + "node " + std::to_string(f.n) + ": sibling list runs past the last arc");
        if (t != kNoNode && color[t] == 0) {
          color[t] = 1;
          stack.push_back({t, t});
        }
        (void)here;
        continue;
      }
      // All children done: check this node's list and fold the figures.
      const Node n = f.n;
      std::uint64_t total = 0;
      std::uint32_t d = 0, rd = 0;
      std::uint64_t rtotal = 0, tiles_below = 0, bytes_below = 0;
      int prev_tile = -1;
      bool sep_below = false;
      for (std::uint64_t i = n;; ++i) {
        const auto w = arcs[i];
        const Tile tile = C::tile(w);
        const Node t = C::target(w);
        if (static_cast<int>(tile) <= prev_tile)
          return Corrupt(gname + "node " + std::to_string(n) + ": arc " + std::to_string(i) + " tile " +
                         std::to_string(tile) + " is not above the previous " + std::to_string(prev_tile));
        prev_tile = tile;
        if (tile == kSeparator) {
          if (!gaddag) return Corrupt(gname + "arc " + std::to_string(i) + " is a separator in a DAWG");
          if (n == root) return Corrupt(gname + "the root has a separator arc");
          if (C::accepts(w)) return Corrupt(gname + "separator arc " + std::to_string(i) + " accepts");
          if (t == kNoNode) return Corrupt(gname + "separator arc " + std::to_string(i) + " leads nowhere");
          if (has_sep[t]) return Corrupt(gname + "separator arc " + std::to_string(i) + " leads to another separator");
          sep_below = true;
        } else if (gaddag && t != kNoNode && has_sep[t]) {
          sep_below = true;
        }
        if (t == kNoNode && !C::accepts(w))
          return Corrupt(gname + "arc " + std::to_string(i) + " neither accepts nor leads anywhere");
        const std::uint64_t sub = t == kNoNode ? 0 : strings[t];
        total += (C::accepts(w) ? 1 : 0) + sub;
        if (total < sub) return Corrupt(gname + "accepted-string count overflows");
        d = std::max<std::uint32_t>(d, 1 + (t == kNoNode ? 0 : depth[t]));
        if (tile != kSeparator) {
          // Words through this arc: the one ending here, and those below.
          const std::uint64_t below = t == kNoNode ? 0 : (gaddag ? rev_words[t] : strings[t]);
          const std::uint64_t through = (C::accepts(w) ? 1 : 0) + below;
          if (!gaddag) {
            sums_overflow |= __builtin_add_overflow(tiles_below, through, &tiles_below);
            sums_overflow |= __builtin_add_overflow(tiles_below, t == kNoNode ? 0 : word_tiles[t], &tiles_below);
          }
          if (!uniform) {
            std::uint64_t x = 0;
            sums_overflow |= __builtin_mul_overflow(through, label_bytes[tile], &x);
            sums_overflow |= __builtin_add_overflow(bytes_below, x, &bytes_below);
            sums_overflow |= __builtin_add_overflow(bytes_below, C::accepts(w) ? 1 : 0, &bytes_below);  // its LF
            sums_overflow |= __builtin_add_overflow(bytes_below, t == kNoNode ? 0 : word_bytes[t], &bytes_below);
          }
        }
        if (gaddag && tile != kSeparator) {
          const std::uint64_t rsub = t == kNoNode ? 0 : rev_words[t];
          rtotal += (C::accepts(w) ? 1 : 0) + rsub;
          if (rtotal < rsub) return Corrupt(gname + "accepted-string count overflows");
          rd = std::max<std::uint32_t>(rd, 1 + (t == kNoNode ? 0 : rev_depth[t]));
        }
        got.arcs += !slot_seen[i];
        slot_seen[i] = 1;
        if (C::last(w)) break;
      }
      strings[n] = total;
      depth[n] = d;
      if (!uniform) word_bytes[n] = bytes_below;
      if (!gaddag) word_tiles[n] = tiles_below;
      if (gaddag) {
        has_sep[n] = sep_below;
        rev_words[n] = rtotal;
        rev_depth[n] = rd;
      }
      color[n] = 2;
      ++got.nodes;
      stack.pop_back();
    }
    got.strings = strings[root];
    got.longest_path = depth[root];
    // The words as read left to right: c from a root arc, then y after the
    // separator of the node it leads to (sorted lists put it first).
    for (std::uint64_t i = root; gaddag; ++i) {  // the root's list, checked above
      const auto w = arcs[i];
      const Node t = C::target(w);
      const std::uint64_t sub =
          t != kNoNode && C::tile(arcs[t]) == kSeparator ? strings[C::target(arcs[t])] : 0;
      forward_words += (C::accepts(w) ? 1 : 0) + sub;
      if (forward_words < sub) return Corrupt(gname + "accepted-string count overflows");
      if (C::last(w)) break;
    }
  }
  auto mismatch = [&](const char* what, const char* source, std::uint64_t expected, std::uint64_t have) {
    return Corrupt(gname + what + ": " + source + " says " + std::to_string(expected) + ", the graph has " +
                   std::to_string(have));
  };
  if (got.nodes != want.nodes) return mismatch("nodes", "descriptor", want.nodes, got.nodes);
  if (got.arcs != want.arcs) return mismatch("arcs", "descriptor", want.arcs, got.arcs);
  if (got.strings != want.strings) return mismatch("accepted strings", "descriptor", want.strings, got.strings);
  if (got.longest_path != want.longest_path)
    return mismatch("longest path", "descriptor", want.longest_path, got.longest_path);
  // Consistency with META: the words' text bytes (sums that overflow 64 bits
  // cannot match META's; a builder never writes such an image); a DAWG
  // accepts the words; a GADDAG accepts |w| strings per word w (|w|-1 splits
  // plus rev(w)).
  std::uint64_t text_bytes = 0;
  if (root != kNoNode && !uniform) {
    text_bytes = word_bytes[root];
  } else if (root != kNoNode) {
    const std::uint64_t words = gaddag ? rev_words[root] : strings[root];
    const std::uint64_t tiles = gaddag ? got.strings : word_tiles[root];
    sums_overflow |= __builtin_mul_overflow(tiles, label_bytes[1], &text_bytes);
    sums_overflow |= __builtin_add_overflow(text_bytes, words, &text_bytes);
  }
  if (sums_overflow) return Corrupt(gname + "tile or byte totals overflow 64 bits");
  if (text_bytes != meta.text_bytes) return mismatch("text bytes", "META", meta.text_bytes, text_bytes);
  if (!gaddag) {
    if (got.strings != meta.word_count) return mismatch("words", "META", meta.word_count, got.strings);
    if (got.longest_path != meta.longest_word)
      return mismatch("longest word", "META", meta.longest_word, got.longest_path);
    const std::uint64_t tiles = root == kNoNode ? 0 : word_tiles[root];
    if (tiles != meta.tile_total) return mismatch("tile total", "META", meta.tile_total, tiles);
  } else {
    if (got.strings != meta.tile_total)
      return mismatch("strings (one per tile of each word)", "META's tile total", meta.tile_total, got.strings);
    if (got.longest_path > meta.max_len + 1u)
      return Corrupt(gname + "longest path: at most max-len + 1 = " + std::to_string(meta.max_len + 1u) +
                     ", the graph has " + std::to_string(got.longest_path));
    // Contains reads rev(w), ForEachWord c SEP y: both must give the words.
    const std::uint64_t rev = root == kNoNode ? 0 : rev_words[root];
    if (rev != meta.word_count) return mismatch("words read as rev(w)", "META", meta.word_count, rev);
    if (forward_words != meta.word_count)
      return mismatch("words read as c SEP y", "META", meta.word_count, forward_words);
    const std::uint32_t longest = root == kNoNode ? 0 : rev_depth[root];
    if (longest != meta.longest_word) return mismatch("longest word", "META", meta.longest_word, longest);
  }
  return Status::Ok();
}

template <class C>
Status VerifyArcs(const typename C::Word* arcs, std::uint64_t count, int tiles) {
  for (std::uint64_t i = 1; i < count; ++i) {
    const auto w = arcs[i];
    if constexpr (C::kWidth == 8) {
      if (w >> 42)
        return Corrupt("section ARCS: arc " + std::to_string(i) + ": reserved bits set (" + Hex(w) + ")");
    }
    if (C::target(w) >= count)
      return Corrupt("section ARCS: arc " + std::to_string(i) + " targets " + std::to_string(C::target(w)) +
                     ", expected < " + std::to_string(count));
    if (C::tile(w) > tiles)
      return Corrupt("section ARCS: arc " + std::to_string(i) + " has tile " + std::to_string(C::tile(w)) +
                     ", expected <= " + std::to_string(tiles));
  }
  return Status::Ok();
}

}  // namespace

Status Lexicon::Verify() const {
  if (bytes_.empty()) return Status(Errc::kInvalidArgument, "verify: no image");
  const std::size_t body = bytes_.size() - format::kTrailerSize;
  auto trailer = internal::ImageTrailer::DecodeFrom(bytes_);
  if (!trailer.ok()) return trailer.status();  // not after a successful FromBytes
  const std::uint32_t want = trailer->crc;
  const std::uint32_t got = Crc32c(0, bytes_.data(), body);
  if (want != got)
    return Status(Errc::kChecksum, "CRC32C: trailer says " + Hex(want) + ", bytes give " + Hex(got));
  if (meta_.word_count && meta_.shortest_word < 1)
    return Corrupt("section META: shortest word is 0");
  auto run = [&](auto codec) -> Status {
    using C = decltype(codec);
    const auto* a = static_cast<const typename C::Word*>(arcs_);
    LEXC_RETURN_IF_ERROR(VerifyArcs<C>(a, arc_count_, alphabet_.size()));
    if (has_dawg())
      LEXC_RETURN_IF_ERROR(VerifyGraph<C>(GraphView<C>(a, arc_count_, dawg_.root()), a, arc_count_, "DAWG",
                                          false, dawg_info_, meta_, alphabet_));
    if (has_gaddag())
      LEXC_RETURN_IF_ERROR(VerifyGraph<C>(GraphView<C>(a, arc_count_, gaddag_.root()), a, arc_count_,
                                          "GADDAG", true, gaddag_info_, meta_, alphabet_));
    return Status::Ok();
  };
  return arc_width_ == 4 ? run(Arc32{}) : run(Arc64{});
}

struct MappedLexicon::Mapping {
  boost::iostreams::mapped_file_source file;
};

MappedLexicon::MappedLexicon(MappedLexicon&&) noexcept = default;
MappedLexicon& MappedLexicon::operator=(MappedLexicon&&) noexcept = default;
MappedLexicon::~MappedLexicon() = default;

Result<MappedLexicon> MappedLexicon::Open(const std::string& path) {
  MappedLexicon m;
  m.mapping_ = std::make_unique<Mapping>();
  try {
    std::error_code ec;
    // Mapping a 0-byte file fails inside Boost; report it as what it is.
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return Status(Errc::kIo, path + ": " + ec.message());
    if (size == 0) return Status(Errc::kBadMagic, path + ": empty file, not a lexc image");
    m.mapping_->file.open(path);
  } catch (const std::exception& e) {
    return Status(Errc::kIo, path + ": cannot map: " + e.what());
  }
  if (!m.mapping_->file.is_open()) return Status(Errc::kIo, path + ": cannot map");
  auto lex = Lexicon::FromBytes(std::span<const std::byte>(
      reinterpret_cast<const std::byte*>(m.mapping_->file.data()), m.mapping_->file.size()));
  if (!lex.ok()) return Status(lex.status().code(), path + ": " + lex.status().detail());
  m.lexicon_ = std::move(lex).value();
  return m;
}

}  // namespace lexc
