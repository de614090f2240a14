// Word numbers: the DAWG perfect hash over a WIDX view (word_index_section.h),
// or a sorted in-memory list for GADDAG-only images. Contracts in
// lexc/word_index.h.
#include "lexc/word_index.h"

#include <algorithm>
#include <string>

#include "lexc/query.h"
#include "word_index_section.h"

namespace lexc {

struct WordIndex::Counts {
  internal::WordIndexView view;
  internal::WordIndexBytes owned;  // empty when the view reads the image
};

Result<WordIndex> WordIndex::Of(const Lexicon& lex) {
  WordIndex index;
  index.max_len_ = lex.meta().max_len;
  if (!lex.has_dawg()) {
    // Memory follows the words listed (nothing reserved from META's
    // claims). The listing stops as soon as the graph holds more words than
    // META says (a verified image lists exactly that many), or more tiles
    // than the budget.
    const std::uint64_t words = lex.meta().word_count;
    if (words > kMaxListedWords)
      return Status(Errc::kLimit, "word index: " + std::to_string(words) + " words exceed the " +
                                      std::to_string(kMaxListedWords) + " a GADDAG-only image's index holds in memory");
    index.offsets_.push_back(0);
    bool too_many = false, too_long = false;
    ForEachWord(lex, [&](const WordMatch& w) {
      too_many = index.offsets_.size() > words;
      too_long = index.tiles_.size() + w.tiles.size() > kMaxListedTiles;
      if (too_many || too_long) return false;
      index.tiles_.insert(index.tiles_.end(), w.tiles.begin(), w.tiles.end());
      index.offsets_.push_back(index.tiles_.size());
      return true;
    });
    if (too_many)
      return Status(Errc::kCorrupt,
                    "word index: the GADDAG lists more than META's " + std::to_string(words) + " words");
    if (too_long)
      return Status(Errc::kLimit, "word index: the words hold more than the " + std::to_string(kMaxListedTiles) +
                                      " tiles a GADDAG-only image's index holds in memory");
    index.size_ = index.offsets_.size() - 1;
    return index;
  }
  auto counts = std::make_shared<Counts>();
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
  index.dawg_ = lex.dawg();
  index.size_ = counts->view.Count(lex.dawg().root());
  index.counts_ = std::move(counts);
  return index;
}

namespace {

template <class C>
[[gnu::always_inline]] inline std::optional<std::uint64_t> NumberIn(const GraphView<C>& g,
                                                                    const internal::WordIndexView& counts,
                                                                    std::span<const Tile> word) {
  if (word.empty()) return std::nullopt;
  Node node = g.root();
  std::uint64_t number = 0;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (node == kNoNode || node >= g.arc_count()) return std::nullopt;
    std::uint64_t p = node;
    for (;; ++p) {
      const auto w = g.arc(p);
      const Tile t = g.tile(w);
      if (t == word[i]) break;
      if (t > word[i] || g.last(w)) return std::nullopt;
      number += (g.accepts(w) ? 1 : 0) + counts.Count(g.target(w));
    }
    const auto found = g.arc(p);
    const bool accepts = g.accepts(found);
    if (i + 1 == word.size()) return accepts ? std::optional<std::uint64_t>(number) : std::nullopt;
    number += accepts ? 1 : 0;
    node = g.target(found);
  }
  return std::nullopt;
}

template <class C>
[[gnu::always_inline]] inline Status WordIn(const GraphView<C>& g, const internal::WordIndexView& counts,
                                            std::uint32_t max_len, std::uint64_t n, std::vector<Tile>* out) {
  const std::uint64_t asked = n;
  out->clear();
  Node node = g.root();
  while (out->size() < max_len && node != kNoNode && node < g.arc_count()) {
    for (std::uint64_t p = node;; ++p) {
      const auto w = g.arc(p);
      const std::uint64_t acc = g.accepts(w) ? 1 : 0;
      const std::uint64_t under = acc + counts.Count(g.target(w));
      if (n < under) {
        out->push_back(g.tile(w));
        if (acc && n == 0) return Status::Ok();
        n -= acc;
        node = g.target(w);
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
  return Status(Errc::kCorrupt, "word index: word number " + std::to_string(asked) +
                                    " leads nowhere in the DAWG (its counts disagree with its arcs)");
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

template <class C>
LEXC_POPCNT_TARGET std::optional<std::uint64_t> NumberPopcnt(const GraphView<C>& g,
                                                             const internal::WordIndexView& counts,
                                                             std::span<const Tile> word) {
  return NumberIn(g, counts, word);
}
template <class C>
std::optional<std::uint64_t> NumberPlain(const GraphView<C>& g, const internal::WordIndexView& counts,
                                         std::span<const Tile> word) {
  return NumberIn(g, counts, word);
}
template <class C>
LEXC_POPCNT_TARGET Status WordPopcnt(const GraphView<C>& g, const internal::WordIndexView& counts,
                                     std::uint32_t max_len, std::uint64_t n, std::vector<Tile>* out) {
  return WordIn(g, counts, max_len, n, out);
}
template <class C>
Status WordPlain(const GraphView<C>& g, const internal::WordIndexView& counts, std::uint32_t max_len, std::uint64_t n,
                 std::vector<Tile>* out) {
  return WordIn(g, counts, max_len, n, out);
}

}  // namespace

std::optional<std::uint64_t> WordIndex::Number(std::span<const Tile> word) const {
  if (counts_) {
    if (word.size() > max_len_) return std::nullopt;
    const std::optional<std::uint64_t> k = dawg_.Dispatch([&](const auto& g) {
      return HavePopcnt() ? NumberPopcnt(g, counts_->view, word) : NumberPlain(g, counts_->view, word);
    });
    // Counts of an unverified image may add up past the end: a number is
    // always below size(), so that a caller may index by it.
    if (k && *k >= size_) return std::nullopt;
    return k;
  }
  std::uint64_t lo = 0, hi = size();
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    const std::span<const Tile> w(tiles_.data() + offsets_[mid], offsets_[mid + 1] - offsets_[mid]);
    if (std::lexicographical_compare(w.begin(), w.end(), word.begin(), word.end()))
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == size()) return std::nullopt;
  const std::span<const Tile> w(tiles_.data() + offsets_[lo], offsets_[lo + 1] - offsets_[lo]);
  if (!std::equal(w.begin(), w.end(), word.begin(), word.end())) return std::nullopt;
  return lo;
}

Status WordIndex::Word(std::uint64_t n, std::vector<Tile>* out) const {
  if (n >= size())
    return Status(Errc::kInvalidArgument,
                  "word number " + std::to_string(n) + ": the lexicon has " + std::to_string(size()) + " words");
  if (counts_)
    return dawg_.Dispatch([&](const auto& g) {
      return HavePopcnt() ? WordPopcnt(g, counts_->view, max_len_, n, out)
                          : WordPlain(g, counts_->view, max_len_, n, out);
    });
  out->assign(tiles_.begin() + offsets_[n], tiles_.begin() + offsets_[n + 1]);
  return Status::Ok();
}

}  // namespace lexc
