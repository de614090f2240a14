// Word numbers: the DAWG perfect hash over a WIDX view (word_index_section.h);
// on a GADDAG-only image the same hash over the GADDAG's suffix halves, the
// first tile read from its root. Contracts in lexc/word_index.h.
#include "lexc/word_index.h"

#include <string>
#include <vector>

#include "word_index_section.h"

namespace lexc {

struct WordIndex::Counts {
  internal::WordIndexView view;
  internal::WordIndexBytes owned;  // empty when the view reads the image
};

namespace {

// The node a GADDAG-only image's word continues at after its first tile c,
// whose root arc leads to `t`: the target of t's separator arc (rev(c) SEP),
// as ForEachWord reads it; kNoNode when there is none.
template <class C>
[[gnu::always_inline]] inline Node AfterSeparator(const GraphView<C>& g, Node t) {
  Node next = kNoNode;
  bool accepts = false;
  return g.Child(t, kSeparator, &next, &accepts) ? next : kNoNode;
}

// A GADDAG-only image's start nodes: the node after c SEP for each root
// arc c.
template <class C>
std::vector<Node> ForwardStarts(const GraphView<C>& g) {
  std::vector<Node> starts;  // one per root arc: at most 255 once verified, arc_count at worst
  g.ForEachArc(g.root(), [&](Tile t, bool, Node child) {
    if (t != kSeparator) starts.push_back(AfterSeparator(g, child));
    return true;
  });
  return starts;
}

// Its words: over the root arcs c, (accepts ? 1 : 0) + count(after c SEP).
template <class C>
std::uint64_t ForwardWords(const GraphView<C>& g, const internal::WordIndexView& counts) {
  std::uint64_t words = 0;
  g.ForEachArc(g.root(), [&](Tile t, bool accepts, Node child) {
    if (t == kSeparator) return true;
    // A verified root has at most 255 arcs (under 2^40 words); an
    // unverified one as many as the array, so the sum saturates.
    if (__builtin_add_overflow(words, (accepts ? 1 : 0) + std::uint64_t(counts.Count(AfterSeparator(g, child))),
                               &words))
      words = ~std::uint64_t(0);
    return true;
  });
  return words;
}

}  // namespace

Result<WordIndex> WordIndex::Of(const Lexicon& lex) {
  WordIndex index;
  index.max_len_ = lex.meta().max_len;
  auto counts = std::make_shared<Counts>();
  if (!lex.has_dawg()) {
    // The counts of the suffix halves, computed as a DAWG's are: O(arcs)
    // time and memory, a cycle refused, nothing listed or reserved from
    // META's figures.
    const Graph& g = lex.gaddag();
    const std::vector<Node> starts = g.Dispatch([](const auto& v) { return ForwardStarts(v); });
    auto computed = internal::ComputeNodeCounts(g, starts, "GADG");
    if (!computed.ok()) return computed.status();
    counts->owned = std::move(computed).value();
    auto view = internal::DecodeWordIndexSection(counts->owned.span(), lex.arc_count());
    if (!view.ok()) return view.status();
    counts->view = *view;
    index.graph_ = g;
    index.forward_ = true;
    index.size_ = g.Dispatch([&](const auto& v) { return ForwardWords(v, counts->view); });
    index.counts_ = std::move(counts);
    return index;
  }
  if (lex.has_word_index()) {
    auto view = internal::DecodeWordIndexSection(lex.word_index_section(), lex.arc_count());
    if (!view.ok()) return view.status();  // not after a successful Open
    counts->view = *view;
    index.from_image_ = true;
  } else {
    auto computed = internal::ComputeWordIndexSection(lex.dawg());
    if (!computed.ok()) return computed.status();
    counts->owned = std::move(computed).value();
    auto view = internal::DecodeWordIndexSection(counts->owned.span(), lex.arc_count());
    if (!view.ok()) return view.status();
    counts->view = *view;
  }
  index.graph_ = lex.dawg();
  index.size_ = counts->view.Count(lex.dawg().root());
  index.counts_ = std::move(counts);
  return index;
}

namespace {

// The words under arc w of the current node: its own (when it accepts) and
// its target's. From a GADDAG-only image's root (`forward_root`) the target
// is the node after the separator, and a separator arc holds none. The walks
// below take kForward (a GADDAG-only image) at compile time, so that the
// DAWG's loops are what they were without it.
template <class C>
[[gnu::always_inline]] inline std::uint64_t Under(const GraphView<C>& g, const internal::WordIndexView& counts,
                                                  typename C::Word w, bool forward_root) {
  if (!forward_root) return (g.accepts(w) ? 1 : 0) + counts.Count(g.target(w));
  if (g.tile(w) == kSeparator) return 0;
  return (g.accepts(w) ? 1 : 0) + counts.Count(AfterSeparator(g, g.target(w)));
}

template <bool kForward, class C>
[[gnu::always_inline]] inline std::optional<std::uint64_t> NumberIn(const GraphView<C>& g,
                                                                    const internal::WordIndexView& counts,
                                                                    std::span<const Tile> word) {
  if (word.empty() || (kForward && word[0] == kSeparator)) return std::nullopt;
  Node node = g.root();
  std::uint64_t number = 0;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (node == kNoNode || node >= g.arc_count()) return std::nullopt;
    const bool forward_root = kForward && i == 0;
    std::uint64_t p = node;
    for (;; ++p) {
      const auto w = g.arc(p);
      const Tile t = g.tile(w);
      if (t == word[i]) break;
      if (t > word[i] || g.last(w)) return std::nullopt;
      number += Under(g, counts, w, forward_root);
    }
    const auto found = g.arc(p);
    const bool accepts = g.accepts(found);
    if (i + 1 == word.size()) return accepts ? std::optional<std::uint64_t>(number) : std::nullopt;
    number += accepts ? 1 : 0;
    node = forward_root ? AfterSeparator(g, g.target(found)) : g.target(found);
  }
  return std::nullopt;
}

template <bool kForward, class C>
[[gnu::always_inline]] inline Status WordIn(const GraphView<C>& g, const internal::WordIndexView& counts,
                                            std::uint32_t max_len, std::uint64_t n, std::vector<Tile>* out) {
  const std::uint64_t asked = n;
  out->clear();
  Node node = g.root();
  while (out->size() < max_len && node != kNoNode && node < g.arc_count()) {
    const bool forward_root = kForward && out->empty();
    for (std::uint64_t p = node;; ++p) {
      const auto w = g.arc(p);
      const std::uint64_t under = Under(g, counts, w, forward_root);
      if (n < under) {  // so not a separator at a GADDAG-only image's root
        const std::uint64_t acc = g.accepts(w) ? 1 : 0;
        out->push_back(g.tile(w));
        if (acc && n == 0) return Status::Ok();
        n -= acc;
        node = forward_root ? AfterSeparator(g, g.target(w)) : g.target(w);
        break;
      }
      n -= under;
      if (g.last(w)) {
        node = kNoNode;
        break;
      }
    }
  }
  out->clear();
  return Status(Errc::kCorrupt, "word index: word number " + std::to_string(asked) + " leads nowhere in the " +
                                    (kForward ? "GADDAG" : "DAWG") + " (its counts disagree with its arcs)");
}

// The walks compiled twice: for the popcnt instruction (chosen at run time,
// as crc32c.cc chooses SSE4.2) and for any x86-64.
bool HavePopcnt() {
#if defined(__x86_64__)
  static const bool have = __builtin_cpu_supports("popcnt");
  return have;
#else
  return false;
#endif
}

#if defined(__x86_64__)
#define LEXC_POPCNT_TARGET __attribute__((target("popcnt")))
#else
#define LEXC_POPCNT_TARGET
#endif

template <bool kForward, class C>
LEXC_POPCNT_TARGET std::optional<std::uint64_t> NumberPopcnt(const GraphView<C>& g,
                                                             const internal::WordIndexView& counts,
                                                             std::span<const Tile> word) {
  return NumberIn<kForward>(g, counts, word);
}
template <bool kForward, class C>
std::optional<std::uint64_t> NumberPlain(const GraphView<C>& g, const internal::WordIndexView& counts,
                                         std::span<const Tile> word) {
  return NumberIn<kForward>(g, counts, word);
}
template <bool kForward, class C>
LEXC_POPCNT_TARGET Status WordPopcnt(const GraphView<C>& g, const internal::WordIndexView& counts,
                                     std::uint32_t max_len, std::uint64_t n, std::vector<Tile>* out) {
  return WordIn<kForward>(g, counts, max_len, n, out);
}
template <bool kForward, class C>
Status WordPlain(const GraphView<C>& g, const internal::WordIndexView& counts, std::uint32_t max_len, std::uint64_t n,
                 std::vector<Tile>* out) {
  return WordIn<kForward>(g, counts, max_len, n, out);
}

}  // namespace

std::optional<std::uint64_t> WordIndex::Number(std::span<const Tile> word) const {
  if (!counts_ || word.size() > max_len_) return std::nullopt;
  const std::optional<std::uint64_t> k = graph_.Dispatch([&](const auto& g) {
    if (forward_)
      return HavePopcnt() ? NumberPopcnt<true>(g, counts_->view, word) : NumberPlain<true>(g, counts_->view, word);
    return HavePopcnt() ? NumberPopcnt<false>(g, counts_->view, word) : NumberPlain<false>(g, counts_->view, word);
  });
  // Counts of an unverified image may add up past the end: a number is
  // always below size(), so that a caller may index by it.
  if (k && *k >= size_) return std::nullopt;
  return k;
}

Status WordIndex::Word(std::uint64_t n, std::vector<Tile>* out) const {
  if (n >= size())
    return Status(Errc::kInvalidArgument,
                  "word number " + std::to_string(n) + ": the lexicon has " + std::to_string(size()) + " words");
  return graph_.Dispatch([&](const auto& g) {
    const internal::WordIndexView& c = counts_->view;
    if (forward_)
      return HavePopcnt() ? WordPopcnt<true>(g, c, max_len_, n, out) : WordPlain<true>(g, c, max_len_, n, out);
    return HavePopcnt() ? WordPopcnt<false>(g, c, max_len_, n, out) : WordPlain<false>(g, c, max_len_, n, out);
  });
}

}  // namespace lexc
