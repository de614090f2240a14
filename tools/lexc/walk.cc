#include "walk.h"

#include <algorithm>

#include "common.h"
#include "lexc/query.h"

namespace lexc::cli {
namespace {

// Post-order DFS with per-node memo; node ids are arc indices, so the memo
// arrays are indexed by them directly (11 bytes and a bit per arc slot).
template <class View>
class Tallier {
 public:
  explicit Tallier(const View& g)
      : g_(g), state_(g.arc_count()), strings_(g.arc_count()), longest_(g.arc_count()), slot_(g.arc_count()) {}

  Result<GraphTally> Run() {
    tally_.fanout.assign(1, 0);
    if (!Visit(g_.root(), 0)) return Status(Errc::kCorrupt, error_);
    if (g_.root() != kNoNode) {
      tally_.strings = strings_[g_.root()];
      tally_.longest_path = longest_[g_.root()];
    }
    tally_.arcs = static_cast<std::uint64_t>(std::count(slot_.begin(), slot_.end(), true));
    return std::move(tally_);
  }

 private:
  enum : std::uint8_t { kNew, kActive, kDone };

  bool Visit(Node n, int depth) {
    if (n == kNoNode) return true;
    if (n >= g_.arc_count()) {
      error_ = "arc target " + std::to_string(n) + " outside the arc array (" +
               std::to_string(g_.arc_count()) + " arcs)";
      return false;
    }
    if (state_[n] == kDone) return true;
    if (state_[n] == kActive) return Error("cycle through node " + std::to_string(n));
    if (depth >= kMaxDepth) return Error("path deeper than " + std::to_string(kMaxDepth) + " arcs");
    state_[n] = kActive;
    std::uint64_t strings = 0, fan = 0;
    std::uint16_t longest = 0;
    bool ok = true;
    g_.ForEachArc(n, [&](Tile, bool accepts, Node child) {
      ++fan;
      ok = Visit(child, depth + 1);
      if (!ok) return false;
      strings += (accepts ? 1 : 0) + strings_[child];
      longest = std::max<std::uint16_t>(longest, static_cast<std::uint16_t>(1 + longest_[child]));
      return true;
    });
    if (!ok) return false;
    state_[n] = kDone;
    strings_[n] = strings;
    longest_[n] = longest;
    for (std::uint64_t i = n; i < n + fan; ++i) slot_[i] = true;
    ++tally_.nodes;
    if (tally_.fanout.size() <= fan) tally_.fanout.resize(fan + 1);
    ++tally_.fanout[fan];
    return true;
  }

  bool Error(std::string message) {
    error_ = std::move(message);
    return false;
  }

  const View& g_;
  std::vector<std::uint8_t> state_;
  std::vector<std::uint64_t> strings_;
  std::vector<std::uint16_t> longest_;
  std::vector<bool> slot_;
  GraphTally tally_;
  std::string error_;
};

template <class View, class F>
bool WalkStrings(const View& g, Node n, std::size_t max_depth, std::vector<Tile>* path, const F& f) {
  bool go = true;
  g.ForEachArc(n, [&](Tile t, bool accepts, Node child) {
    path->push_back(t);
    if (accepts) go = f(std::span<const Tile>(*path));
    if (go && child != kNoNode && path->size() < max_depth) go = WalkStrings(g, child, max_depth, path, f);
    path->pop_back();
    return go;
  });
  return go;
}

// The GADDAG string of `word` split after k tiles: rev(w[0..k)) ^ w[k..n),
// or rev(w) when k == n.
std::vector<Tile> GaddagString(std::span<const Tile> word, std::size_t k) {
  std::vector<Tile> s(std::make_reverse_iterator(word.begin() + static_cast<std::ptrdiff_t>(k)), word.rend());
  if (k < word.size()) {
    s.push_back(kSeparator);
    s.insert(s.end(), word.begin() + static_cast<std::ptrdiff_t>(k), word.end());
  }
  return s;
}

// Walks every GADDAG string of each word of a sorted list, reusing the work
// for the prefix a word shares with the previous one: x[k] is the node after
// rev(w[0..k)), which depends only on w[0..k); y[k][j] the node after
// rev(w[0..k)) ^ w[k..j), valid for j <= top[k] and j <= the shared prefix.
template <class View>
class SplitWalker {
 public:
  SplitWalker(const View& g, std::size_t longest)
      : g_(g), n1_(longest + 1), x_(n1_), x_acc_(n1_), top_(n1_), y_(n1_ * n1_) {}

  // Returns 0 when every string of w is accepted, else the first split k
  // (1..|w|) whose string is not. `shared` = common prefix with the last word.
  std::size_t Walk(std::span<const Tile> w, std::size_t shared) {
    const std::size_t n = w.size();
    for (std::size_t k = 1; k <= n; ++k) {
      const std::size_t top = top_[k];
      top_[k] = k - 1;  // until the walk below completes
      bool acc = false;
      if (k > shared) {
        Node node = g_.root();
        for (std::size_t i = k; i-- > 0;)
          if (!g_.Child(node, w[i], &node, &acc)) return k;
        x_[k] = node;
        x_acc_[k] = acc;
      }
      ++strings_;
      if (k == n) {
        if (!x_acc_[k]) return k;
        continue;
      }
      Node* y = &y_[k * n1_];
      std::size_t j = std::min(top, shared);
      if (j < k) {
        if (!g_.Child(x_[k], kSeparator, &y[k], &acc)) return k;
        j = k;
      }
      for (; j < n; ++j)
        if (!g_.Child(y[j], w[j], &y[j + 1], &acc)) return k;
      if (!acc) return k;
      top_[k] = n;
    }
    return 0;
  }
  std::uint64_t strings() const { return strings_; }

 private:
  const View& g_;
  std::size_t n1_;
  std::vector<Node> x_;
  std::vector<bool> x_acc_;
  std::vector<std::size_t> top_;
  std::vector<Node> y_;
  std::uint64_t strings_ = 0;
};

bool InList(const WordList& words, std::span<const Tile> w) {
  std::size_t lo = 0, hi = words.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (std::ranges::lexicographical_compare(words[mid], w)) lo = mid + 1;
    else hi = mid;
  }
  return lo < words.size() && std::ranges::equal(words[lo], w);
}

// The word a GADDAG string stands for: rev(s) without a separator, else
// rev(x) + y for s = x ^ y. Empty when s is not of either form.
std::vector<Tile> GaddagWord(std::span<const Tile> s) {
  const auto sep = std::ranges::find(s, kSeparator);
  std::vector<Tile> word(std::make_reverse_iterator(sep), s.rend());
  if (sep == s.end()) return word;
  const std::span<const Tile> y(sep + 1, s.end());
  if (word.empty() || y.empty() || std::ranges::find(y, kSeparator) != y.end()) return {};
  word.insert(word.end(), y.begin(), y.end());
  return word;
}

// The first GADDAG string that does not stand for a word of the list.
std::string FindExtraGaddagString(const Lexicon& lex, const WordList& words) {
  const Renderer render(lex.alphabet());
  std::string found;
  ForEachString(lex.gaddag(), lex.meta().max_len + 1, [&](std::span<const Tile> s) {
    const std::vector<Tile> w = GaddagWord(s);
    if (!w.empty() && InList(words, w)) return true;
    found = "not in word list: " + (w.empty() ? "?" : render(w)) + " (GADDAG accepts " + render(s) + ")";
    return false;
  });
  return found;
}

}  // namespace

Result<GraphTally> TallyGraph(const Graph& g) {
  return g.Dispatch([](const auto& view) { return Tallier(view).Run(); });
}

void ForEachString(const Graph& g, std::size_t max_depth, const std::function<bool(std::span<const Tile>)>& f) {
  std::vector<Tile> path;
  max_depth = std::min<std::size_t>(max_depth, kMaxDepth);
  g.Dispatch([&](const auto& view) { return WalkStrings(view, view.root(), max_depth, &path, f); });
}

bool Accepts(const Graph& g, std::span<const Tile> s) {
  return g.Dispatch([&](const auto& view) {
    Node n = view.root();
    bool accepts = false;
    for (Tile t : s)
      if (!view.Child(n, t, &n, &accepts)) return false;
    return accepts;
  });
}

LanguageReport CheckLanguage(const Lexicon& lex, const WordList& words) {
  LanguageReport r;
  const Renderer render(lex.alphabet());

  // 1. The enumerated words against the sorted list, in step.
  std::size_t i = 0;
  r.image_words = ForEachWord(lex, [&](const WordMatch& m) {
    if (i < words.size() && std::ranges::equal(m.tiles, words[i])) {
      ++i;
      return true;
    }
    if (i == words.size() || std::ranges::lexicographical_compare(m.tiles, words[i]))
      r.difference = "not in word list: " + render(m.tiles);
    else
      r.difference = "missing from image: " + render(words[i]);
    return false;
  });
  if (r.difference.empty() && i < words.size()) r.difference = "missing from image: " + render(words[i]);
  if (!r.difference.empty() || !lex.has_gaddag()) return r;

  // 2. Every split of every word through the GADDAG: rev(x) ^ y, and rev(w).
  std::size_t longest = 0;
  for (std::size_t w = 0; w < words.size(); ++w) longest = std::max(longest, words[w].size());
  std::size_t failed_word = 0, failed_split = 0;
  const bool all = lex.gaddag().Dispatch([&](const auto& view) {
    SplitWalker walker(view, longest);
    for (std::size_t w = 0; w < words.size(); ++w) {
      const std::size_t shared = w ? std::ranges::mismatch(words[w - 1], words[w]).in1 - words[w - 1].begin() : 0;
      if (std::size_t k = walker.Walk(words[w], shared)) {
        failed_word = w;
        failed_split = k;
        return false;
      }
    }
    r.gaddag_strings = walker.strings();
    return true;
  });
  if (!all) {
    const std::span<const Tile> word = words[failed_word];
    r.difference = "missing from image: " + render(word) + " (GADDAG lacks " +
                   render(GaddagString(word, failed_split)) + ")";
    return r;
  }

  // 3. Nothing else: as many accepted strings as were checked.
  Result<GraphTally> tally = TallyGraph(lex.gaddag());
  if (!tally.ok()) {
    r.difference = "GADDAG: " + Describe(tally.status());
  } else if (tally->strings != r.gaddag_strings) {
    r.difference = FindExtraGaddagString(lex, words);
    if (r.difference.empty())
      r.difference = "GADDAG accepts " + std::to_string(tally->strings) + " strings, expected " +
                     std::to_string(r.gaddag_strings);
  }
  return r;
}

}  // namespace lexc::cli
