// The WIDX section: encoder, decoder, comparison. Contracts in
// word_index_section.h; layout in formats/lexicon-image.md ("WIDX").
#include "word_index_section.h"

#include <cstring>
#include <limits>

#include "bytes.h"
#include "image_codec.h"

namespace lexc::internal {
namespace {

Status Corrupt(std::string detail) { return Status(Errc::kCorrupt, std::move(detail)); }

template <class C>
Result<WordIndexBytes> Compute(const GraphView<C>& g, std::span<const Node> starts, const char* tag) {
  const std::uint64_t n = g.arc_count();
  WordIndexShape shape{n, 0};
  // Every array here is written in full: its pages mapped at once (FilledVector).
  std::vector<std::uint64_t> bitmap = internal::FilledVector<std::uint64_t>(shape.bitmap_words(), 0);
  auto marked = [&](Node t) { return t != kNoNode && t < n && (bitmap[t >> 6] >> (t & 63) & 1); };
  auto mark = [&](Node t) { bitmap[t >> 6] |= std::uint64_t(1) << (t & 63); };

  // Pass 1: the nodes reachable from the starts.
  std::vector<Node> stack;
  for (const Node start : starts) {
    if (start != kNoNode && start < n && !marked(start)) {
      mark(start);
      stack.push_back(start);
    }
  }
  while (!stack.empty()) {
    const Node s = stack.back();
    stack.pop_back();
    g.ForEachArc(s, [&](Tile, bool, Node t) {
      if (t != kNoNode && t < n && !marked(t)) {
        mark(t);
        stack.push_back(t);
      }
      return true;
    });
  }
  std::vector<std::uint32_t> rank = internal::FilledVector<std::uint32_t>(shape.rank_entries(), 0);
  std::uint64_t total = 0;
  for (std::uint64_t k = 0; k < bitmap.size(); ++k) {
    if (k % kWordIndexRankBlock == 0) rank[k / kWordIndexRankBlock] = static_cast<std::uint32_t>(total);
    total += std::popcount(bitmap[k]);
  }
  shape.node_count = total;
  // The slot of a marked node: its rank, computed as the reader does.
  auto slot = [&](Node t) {
    const std::uint64_t w = t >> 6;
    std::uint64_t r = rank[w / kWordIndexRankBlock];
    for (std::uint64_t k = w / kWordIndexRankBlock * kWordIndexRankBlock; k < w; ++k) r += std::popcount(bitmap[k]);
    return r + std::popcount(bitmap[w] & ((std::uint64_t(1) << (t & 63)) - 1));
  };

  // Pass 2: counts in post order. state: 0 unseen, 1 on the stack, 2 done.
  std::vector<std::uint32_t> counts = internal::FilledVector<std::uint32_t>(total, 0);
  std::vector<std::uint8_t> state = internal::FilledVector<std::uint8_t>(total, 0);
  struct Frame {
    Node node;
    std::uint64_t at;   // arc index being read
    std::uint64_t sum;  // words counted so far
  };
  std::vector<Frame> frames;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint32_t>::max();
  for (const Node start : starts) {
    if (!marked(start) || state[slot(start)] != 0) continue;
    frames.push_back({start, start, 0});
    state[slot(start)] = 1;
    while (!frames.empty()) {
      Frame& f = frames.back();
      const auto w = g.arc(f.at);
      const Node t = g.target(w);
      std::uint64_t below = 0;
      if (marked(t)) {
        const std::uint64_t ts = slot(t);
        if (state[ts] == 0) {
          state[ts] = 1;
          frames.push_back({t, t, 0});
          continue;
        }
        if (state[ts] == 1)
          return Corrupt(std::string("word index: section ") + tag + ": a cycle passes through the node at arc " +
                         std::to_string(t));
        below = counts[ts];
      }
      f.sum += below + (g.accepts(w) ? 1 : 0);
      if (f.sum > kMax)
        return Status(Errc::kLimit, "word index: the node at arc " + std::to_string(f.node) +
                                        " accepts more than 2^32 - 1 words, beyond what the format counts");
      if (!g.last(w)) {
        ++f.at;
        continue;
      }
      const std::uint64_t s = slot(f.node);
      counts[s] = static_cast<std::uint32_t>(f.sum);
      state[s] = 2;
      frames.pop_back();
    }
  }

  WordIndexBytes out;
  out.bytes = shape.bytes();
  out.words = internal::FilledVector<std::uint64_t>((out.bytes + 7) / 8, 0);
  std::byte* p = reinterpret_cast<std::byte*>(out.words.data());
  std::memcpy(p, &shape.arc_count, 8);
  std::memcpy(p + 8, &shape.node_count, 8);
  if (!bitmap.empty()) std::memcpy(p + shape.bitmap_offset(), bitmap.data(), bitmap.size() * 8);
  if (!rank.empty()) std::memcpy(p + shape.rank_offset(), rank.data(), rank.size() * 4);
  if (!counts.empty()) std::memcpy(p + shape.counts_offset(), counts.data(), counts.size() * 4);
  return out;
}

}  // namespace

Result<WordIndexBytes> ComputeWordIndexSection(const Graph& dawg) {
  const Node root = dawg.root();
  return ComputeNodeCounts(dawg, std::span<const Node>(&root, 1), "DAWG");
}

Result<WordIndexBytes> ComputeNodeCounts(const Graph& g, std::span<const Node> starts, const char* tag) {
  return g.Dispatch([&](const auto& view) { return Compute(view, starts, tag); });
}

Result<WordIndexView> DecodeWordIndexSection(std::span<const std::byte> section, std::uint64_t arc_count) {
  if (section.size() < kWordIndexHeadSize)
    return Corrupt("section WIDX: size " + std::to_string(section.size()) +
                   ", expected >= " + std::to_string(kWordIndexHeadSize));
  const std::byte* p = section.data();
  WordIndexShape shape;
  shape.arc_count = Load<std::uint64_t>(p);
  shape.node_count = Load<std::uint64_t>(p + 8);
  LEXC_RETURN_IF_ERROR(CheckReservedZero(p + 16, 16, "section WIDX"));
  if (shape.arc_count != arc_count)
    return Corrupt("section WIDX: arc count " + std::to_string(shape.arc_count) + ", expected " +
                   std::to_string(arc_count) + " (the ARCS section's)");
  if (shape.node_count > arc_count)
    return Corrupt("section WIDX: node count " + std::to_string(shape.node_count) +
                   ", expected <= " + std::to_string(arc_count) + " (arc count)");
  if (section.size() != shape.bytes())
    return Corrupt("section WIDX: size " + std::to_string(section.size()) + ", expected " +
                   std::to_string(shape.bytes()) + " for " + std::to_string(arc_count) + " arcs and " +
                   std::to_string(shape.node_count) + " nodes");
  return WordIndexView(reinterpret_cast<const std::uint64_t*>(p + shape.bitmap_offset()),
                       reinterpret_cast<const std::uint32_t*>(p + shape.rank_offset()),
                       reinterpret_cast<const std::uint32_t*>(p + shape.counts_offset()), shape);
}

Status CompareWordIndexSections(std::span<const std::byte> stored, const WordIndexBytes& expected) {
  const std::span<const std::byte> want = expected.span();
  std::uint64_t at = 0;
  const std::uint64_t common = std::min<std::uint64_t>(stored.size(), want.size());
  while (at < common && stored[at] == want[at]) ++at;
  if (at == stored.size() && at == want.size()) return Status::Ok();
  WordIndexShape shape;
  std::memcpy(&shape.arc_count, want.data(), 8);
  std::memcpy(&shape.node_count, want.data() + 8, 8);
  const std::string where = "section WIDX: byte " + std::to_string(at) + ": ";
  if (at < kWordIndexHeadSize)
    return Corrupt(where + "head differs (" +
                   (at < 8    ? "arc count"
                    : at < 16 ? "node count"
                              : "reserved") +
                   "); the DAWG has " + std::to_string(shape.node_count) + " nodes");
  if (at >= common)
    return Corrupt(where + "size " + std::to_string(stored.size()) + ", expected " + std::to_string(want.size()));
  if (at < shape.rank_offset()) {
    const std::uint64_t k = (at - shape.bitmap_offset()) / 8;
    return Corrupt(where + "node bitmap word " + std::to_string(k) + " (arcs " + std::to_string(64 * k) + ".." +
                   std::to_string(64 * k + 63) + ") does not mark exactly the DAWG's nodes");
  }
  if (at < shape.counts_offset()) {
    const std::uint64_t b = (at - shape.rank_offset()) / 4;
    std::uint32_t got = 0, exp = 0;
    std::memcpy(&got, stored.data() + shape.rank_offset() + 4 * b, 4);
    std::memcpy(&exp, want.data() + shape.rank_offset() + 4 * b, 4);
    return Corrupt(where + "rank entry " + std::to_string(b) + " is " + std::to_string(got) + ", expected " +
                   std::to_string(exp));
  }
  const std::uint64_t i = (at - shape.counts_offset()) / 4;
  std::uint32_t got = 0, exp = 0;
  std::memcpy(&got, stored.data() + shape.counts_offset() + 4 * i, 4);
  std::memcpy(&exp, want.data() + shape.counts_offset() + 4 * i, 4);
  // The node of slot i: the (i+1)-th set bit.
  std::uint64_t node = 0, seen = 0;
  const auto* bitmap = reinterpret_cast<const std::uint64_t*>(want.data() + shape.bitmap_offset());
  for (std::uint64_t k = 0; k < shape.bitmap_words(); ++k) {
    const int c = std::popcount(bitmap[k]);
    if (seen + c > i) {
      std::uint64_t w = bitmap[k];
      for (std::uint64_t j = seen; j < i; ++j) w &= w - 1;
      node = 64 * k + std::countr_zero(w);
      break;
    }
    seen += c;
  }
  return Corrupt(where + "the node at arc " + std::to_string(node) + " counts " + std::to_string(got) +
                 " words, its language has " + std::to_string(exp));
}

}  // namespace lexc::internal
