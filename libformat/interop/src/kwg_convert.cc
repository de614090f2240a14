// lexc image <-> KWG, translated arc for arc (formats/kwg.md, "Conversion").
#include <algorithm>
#include <cstring>
#include <span>
#include <type_traits>

#include "lexc/builder.h"
#include "lexc/crc32c.h"
#include "lexc/format.h"
#include "lexc/image_writer.h"
#include "lexc/interop/kwg.h"
#include "lexc/query.h"
#include "lexc/wordlist.h"
#include "messages.h"

namespace lexc::interop {
namespace {

using internal::Num;

// Image arcs -> KWG arcs: image arc i (i >= 1) is KWG arc i + shift; the
// sentinel's slot 0 (and 1 with a GADDAG) hold the root entries.
template <class C>
Status TranslateArcs(const GraphView<C>& g, std::uint32_t shift, int tile_shift, std::vector<std::uint32_t>* out) {
  const std::uint64_t n = g.arc_count();
  for (std::uint64_t i = 1; i < n; ++i) {
    const auto w = g.arc(i);
    const int t = int(g.tile(w)) + tile_shift;
    if (t < 0 || t > 255) return Status(Errc::kInvalidArgument, "arc " + Num(i) + ": tile " + Num(t) + " out of range");
    const Node target = g.target(w);
    (*out)[i + shift] =
        KwgArc::Make(static_cast<Tile>(t), g.accepts(w), g.last(w), target == kNoNode ? 0 : target + shift);
  }
  return Status::Ok();
}

Status TooManyArcs(std::uint64_t arcs) {
  return Status(Errc::kLimit, Num(arcs) + " arcs with the root entries, more than the " + Num(kKwgMaxArcs) +
                                  " (2^22) a KWG's arc index addresses");
}

// Entries 0 (and 1 with a GADDAG) lead to the roots (image ids, shifted).
// Readers take tile 0 at arc 1 for the GADDAG's root entry: in a DAWG-only
// KWG arc 1 then is an unused slot (no DAWG arc has tile 0), made an
// unreachable letter arc instead (formats/kwg.md, "Root entries").
void SetRootEntries(std::span<std::uint32_t> out, Node dawg_root, Node gaddag_root, bool gaddag, int tile_shift) {
  const std::uint32_t shift = gaddag ? 1 : 0;
  out[0] = KwgArc::Make(0, false, true, dawg_root == kNoNode ? 0 : dawg_root + shift);
  if (gaddag) out[1] = KwgArc::Make(0, false, true, gaddag_root == kNoNode ? 0 : gaddag_root + shift);
  if (!gaddag && tile_shift == 0 && out.size() > 1 && KwgArc::tile(out[1]) == 0)
    out[1] = KwgArc::Make(1, true, true, 0);
}

// The image's words compiled again with exactly the graphs a KWG needs.
Result<std::vector<std::byte>> Recompile(const Lexicon& lex, bool gaddag) {
  std::vector<std::vector<Tile>> tiles;
  tiles.reserve(lex.meta().word_count);
  ForEachWord(lex, [&](const WordMatch& m) {
    tiles.emplace_back(m.tiles.begin(), m.tiles.end());
    return true;
  });
  const WordList words = WordList::FromUnsorted(std::move(tiles));
  BuildOptions bo;
  bo.dawg = true;
  bo.gaddag = gaddag;
  bo.max_len = static_cast<int>(lex.meta().max_len);
  return BuildImage(words, lex.alphabet(), bo);
}

// META's figures of the DAWG's words, rendered as the normalized list.
struct WordFigures {
  std::uint64_t words = 0, tiles = 0, text_bytes = 0;
  std::uint32_t longest = 0, shortest = 0, crc = 0;
};

WordFigures MeasureKwgWords(const Kwg& kwg, const Alphabet& alphabet) {
  // Every tile's label rendered once (AppendLabel: "<N>" out of range, so no
  // read outside the alphabet). The text of the current word is kept with
  // where each prefix ends, so a word costs the labels of the tiles it does
  // not share with the word before and one copy of its text: the list is
  // 2.7 MB of text for SOWPODS, and a copy per tile cost a tenth of a
  // conversion.
  std::string labels;
  std::uint32_t label_at[kMaxTiles + 2];
  for (int t = 0; t <= kMaxTiles; ++t) {
    label_at[t] = std::uint32_t(labels.size());
    alphabet.AppendLabel(Tile(t), false, &labels);
  }
  label_at[kMaxTiles + 1] = std::uint32_t(labels.size());
  WordFigures f;
  std::string word_text;
  std::vector<std::size_t> text_at{0};  // text_at[d]: bytes of the word's first d tiles
  constexpr std::size_t kFlush = 1 << 16;
  std::string buf;
  buf.reserve(2 * kFlush);
  kwg.VisitWords([&](std::span<const Tile> w, std::size_t kept) {
    text_at.resize(w.size() + 1);
    word_text.resize(text_at[kept]);
    for (std::size_t d = kept; d < w.size(); ++d) {
      const std::uint32_t from = label_at[w[d]];
      word_text.append(labels, from, label_at[w[d] + 1] - from);
      text_at[d + 1] = word_text.size();
    }
    buf += word_text;
    buf += '\n';
    if (buf.size() >= kFlush) {
      f.crc = Crc32c(f.crc, buf.data(), buf.size());
      f.text_bytes += buf.size();
      buf.clear();
    }
    const auto len = static_cast<std::uint32_t>(w.size());
    f.shortest = f.words == 0 ? len : std::min(f.shortest, len);
    f.longest = std::max(f.longest, len);
    f.tiles += len;
    ++f.words;
  });
  f.crc = Crc32c(f.crc, buf.data(), buf.size());
  f.text_bytes += buf.size();
  return f;
}

GraphInfo ImageInfo(const KwgGraphInfo& k, std::uint32_t shift) {
  GraphInfo g;
  g.root = k.root == 0 ? kNoNode : k.root - shift;
  g.nodes = k.nodes;
  g.arcs = k.arcs;
  g.strings = k.strings;
  g.longest_path = k.longest_path;
  return g;
}

}  // namespace

Result<std::vector<std::uint32_t>> KwgFromLexicon(const Lexicon& lex, const KwgWriteOptions& options) {
  if (!lex.has_dawg() || lex.has_gaddag() != options.gaddag) {
    auto rebuilt = Recompile(lex, options.gaddag);
    if (!rebuilt.ok()) return rebuilt.status();
    auto image = Lexicon::FromBytes(*rebuilt);
    if (!image.ok()) return image.status();
    return KwgFromLexicon(*image, options);
  }
  const std::uint32_t shift = options.gaddag ? 1 : 0;
  const std::uint64_t total = lex.arc_count() + shift;
  if (total > kKwgMaxArcs) return TooManyArcs(total);
  std::vector<std::uint32_t> out = lexc::internal::FilledVector<std::uint32_t>(total, 0);
  Status st = lex.dawg().Dispatch([&](const auto& g) { return TranslateArcs(g, shift, options.tile_shift, &out); });
  if (!st.ok()) return st;
  SetRootEntries(out, lex.dawg().root(), options.gaddag ? lex.gaddag().root() : kNoNode, options.gaddag,
                 options.tile_shift);
  return out;
}

Result<ZeroedArray<std::uint32_t>> BuildKwg(const WordList& words, const Alphabet& alphabet,
                                            const BuildOptions& options, BuildReport* report) {
  if (!options.dawg) return Status(Errc::kInvalidArgument, "a KWG always holds the DAWG (entry 0)");
  const std::uint32_t shift = options.gaddag ? 1 : 0;
  // The arc width, compact arcs and a word index shape an image, not a KWG.
  BuildOptions o = options;
  o.arc_width = 0;
  o.compact = false;
  o.word_index = false;
  ZeroedArray<std::uint32_t> out;
  if (alphabet.size() > static_cast<int>(format::kArc32MaxTile)) {
    // Tiles over 63 do not fit 4-byte image arcs: through an image of 8-byte arcs.
    auto image = BuildImage(words, alphabet, o, report);
    if (!image.ok()) return image.status();
    auto lex = Lexicon::FromBytes(*image);
    if (!lex.ok()) return lex.status();
    KwgWriteOptions wo;
    wo.gaddag = options.gaddag;
    auto arcs = KwgFromLexicon(*lex, wo);
    if (!arcs.ok()) return arcs.status();
    out = ZeroedArray<std::uint32_t>(arcs->size());
    std::copy(arcs->begin(), arcs->end(), out.data());
  } else {
    BuildReport built_report;
    auto built = BuildArcWords(words, alphabet, o, shift, &built_report);
    if (report) *report = built_report;
    if (!built.ok()) {
      // More arcs than 4-byte arcs address are far more than a KWG indexes.
      if (built.status().code() == Errc::kLimit && built_report.arc_slots + shift > kKwgMaxArcs)
        return TooManyArcs(built_report.arc_slots + shift);
      return built.status();
    }
    out = std::move(built->words);
    if (out.size() > kKwgMaxArcs) return TooManyArcs(out.size());
    // Image arc word (formats/lexicon-image.md): accepts (bit 31), last
    // (30), tile (24..29), target (0..23, here below 2^22). The sentinel at
    // index `shift` and the words before it become the root entries.
    for (std::size_t i = shift + 1; i < out.size(); ++i) {
      const std::uint32_t w = out[i];
      out[i] = KwgArc::Make(static_cast<Tile>((w >> 24) & 0x3Fu), (w >> 31) != 0, ((w >> 30) & 1u) != 0, w & 0xFFFFFFu);
    }
    SetRootEntries(std::span<std::uint32_t>(out.data(), out.size()), built->dawg.root, built->gaddag.root,
                   options.gaddag, 0);
  }
  if (report) {
    report->arc_slots = out.size();  // the KWG's arcs, root entries included
    report->image_bytes = out.size() * 4;
    report->arc_width = 4;
    report->arc_bits = 32;
  }
  return out;
}

Result<std::vector<std::byte>> LexiconFromKwg(const Kwg& kwg, const Alphabet& alphabet, int max_len) {
  if (kwg.leaves())
    return Status(Errc::kBadInput, "a KLV2 leave graph is not a lexicon (its tile 0 is the blank, not a letter)");
  if (alphabet.size() > static_cast<int>(format::kArc32MaxTile))
    return Status(Errc::kInvalidArgument, "an alphabet of " + Num(alphabet.size()) +
                                              " tiles: KWG translation writes 4-byte arcs (at most 63 tiles)");
  const std::span<const std::uint32_t> arcs = kwg.arcs();
  const std::uint32_t shift = kwg.has_gaddag() ? 1 : 0;
  std::vector<std::uint32_t> image =
      lexc::internal::FilledVector<std::uint32_t>(arcs.size() - shift, format::kArc32Sentinel);
  for (std::uint32_t i = 1 + shift; i < arcs.size(); ++i) {
    if (!kwg.reachable(i)) continue;  // padding between lists: the empty list
    const std::uint32_t w = arcs[i];
    const Tile t = KwgArc::tile(w);
    if (t > alphabet.size())
      return Status(Errc::kInvalidArgument, "arc " + Num(i) + " has tile " + Num(t) + ", but the alphabet " +
                                                alphabet.name() + " has " + Num(alphabet.size()) + " tiles");
    const std::uint32_t c = KwgArc::index(w);
    image[i - shift] = std::uint32_t(KwgArc::accepts(w)) << 31 | std::uint32_t(KwgArc::is_end(w)) << 30 |
                       std::uint32_t(t) << 24 | (c == 0 ? 0 : c - shift);
  }
  const WordFigures f = MeasureKwgWords(kwg, alphabet);
  if (f.longest > static_cast<std::uint32_t>(max_len))
    return Status(Errc::kBadInput, "a word of " + Num(f.longest) + " tiles, over max-len " + Num(max_len));
  const std::string options =
      std::string("graphs=") + (kwg.has_gaddag() ? "dawg,gaddag" : "dawg") + " max-len=" + Num(max_len) +
      " arc-width=4 alphabet=" + (alphabet.name().empty() ? std::string("unnamed") : alphabet.name());
  Metadata meta;
  meta.word_count = f.words;
  meta.tile_total = f.tiles;
  meta.text_bytes = f.text_bytes;
  meta.longest_word = f.longest;
  meta.shortest_word = f.shortest;
  meta.max_len = static_cast<std::uint32_t>(max_len);
  meta.source_crc = f.crc;
  meta.options = options;
  const GraphInfo dawg = ImageInfo(kwg.dawg(), shift);
  const GraphInfo gaddag = ImageInfo(kwg.gaddag(), shift);
  return EncodeImageFromArcs(alphabet, meta, &dawg, kwg.has_gaddag() ? &gaddag : nullptr, image);
}

}  // namespace lexc::interop
