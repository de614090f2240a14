// The exact word-list check and the string walks it needs. Contracts in
// lexc/language.h.
#include "lexc/language.h"

#include <algorithm>
#include <iterator>
#include <vector>

#include "lexc/query.h"

namespace lexc {
namespace {

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

// Labels for messages: '^' for the separator, "<N>" past the alphabet.
std::string Render(const Alphabet& alphabet, std::span<const Tile> tiles) {
  std::string out;
  for (Tile t : tiles) {
    if (t == kSeparator)
      out += '^';
    else
      alphabet.AppendLabel(t, false, &out);
  }
  return out;
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
    if (std::ranges::lexicographical_compare(words[mid], w))
      lo = mid + 1;
    else
      hi = mid;
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

// Step 1: the enumerated words against the sorted list, in step.
void CompareEnumeratedWords(const Lexicon& lex, const WordList& words, VerifyWordsReport* r) {
  const Alphabet& alphabet = lex.alphabet();
  std::size_t i = 0;
  r->words_enumerated = ForEachWord(lex, [&](const WordMatch& m) {
    if (i < words.size() && std::ranges::equal(m.tiles, words[i])) {
      ++i;
      return true;
    }
    if (i == words.size() || std::ranges::lexicographical_compare(m.tiles, words[i]))
      r->difference = "not in word list: " + Render(alphabet, m.tiles);
    else
      r->difference = "missing from image: " + Render(alphabet, words[i]);
    return false;
  });
  if (r->difference.empty() && i < words.size()) r->difference = "missing from image: " + Render(alphabet, words[i]);
}

// Step 2: every split of every word through the GADDAG: rev(x) ^ y, and rev(w).
void WalkEverySplit(const Lexicon& lex, const WordList& words, VerifyWordsReport* r) {
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
    r->gaddag_strings_checked = walker.strings();
    return true;
  });
  if (!all) {
    const std::span<const Tile> word = words[failed_word];
    r->difference = "missing from image: " + Render(lex.alphabet(), word) + " (GADDAG lacks " +
                    Render(lex.alphabet(), GaddagString(word, failed_split)) + ")";
  }
}

// Step 3: nothing else. Verify() proved the descriptor's count equal to the
// strings the GADDAG accepts; when it exceeds the strings walked, name one.
void CheckNoExtraGaddagStrings(const Lexicon& lex, const WordList& words, VerifyWordsReport* r) {
  const std::uint64_t accepted = lex.gaddag_info().strings;
  if (accepted == r->gaddag_strings_checked) return;
  ForEachString(lex.gaddag(), lex.meta().max_len + 1, [&](std::span<const Tile> s) {
    const std::vector<Tile> w = GaddagWord(s);
    if (!w.empty() && InList(words, w)) return true;
    r->difference = "not in word list: " + (w.empty() ? "?" : Render(lex.alphabet(), w)) + " (GADDAG accepts " +
                    Render(lex.alphabet(), s) + ")";
    return false;
  });
  if (r->difference.empty())
    r->difference = "GADDAG accepts " + std::to_string(accepted) + " strings, expected " +
                    std::to_string(r->gaddag_strings_checked);
}

}  // namespace

void ForEachString(const Graph& g, std::size_t max_depth, const std::function<bool(std::span<const Tile>)>& f) {
  std::vector<Tile> path;
  max_depth = std::min(max_depth, kMaxStringDepth);
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

VerifyWordsReport VerifyWords(const Lexicon& lex, const WordList& words) {
  VerifyWordsReport r;
  CompareEnumeratedWords(lex, words, &r);
  if (!r.equal() || !lex.has_gaddag()) return r;
  WalkEverySplit(lex, words, &r);
  if (!r.equal()) return r;
  CheckNoExtraGaddagStrings(lex, words, &r);
  return r;
}

}  // namespace lexc
