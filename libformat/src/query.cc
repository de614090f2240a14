// Word queries. Every traversal is bounded by META's max-len, so even an
// unverified (cyclic) image cannot make a query loop forever.
#include "lexc/query.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "lexc/format.h"
#include "lexc/tile_text.h"

namespace lexc {
namespace {

// Forward (left-to-right) traversal of the words. On a DAWG this is the DAWG.
// On a GADDAG-only image the first tile c is read from the GADDAG root and
// the rest from delta(c), which the separator arc after c points to: the
// GADDAG's suffix halves are the DAWG's states.
class Forward {
 public:
  explicit Forward(const Lexicon& lex)
      : g_(lex.has_dawg() ? lex.dawg() : lex.gaddag()),
        gaddag_only_(!lex.has_dawg()),
        max_depth_(static_cast<int>(lex.meta().max_len)) {}

  const Graph& graph() const { return g_; }
  int max_depth() const { return max_depth_; }

  // f(tile, accepts, child) over the arcs leaving the start (root == true)
  // or node n.
  template <class F>
  void Arcs(Node n, bool root, F&& f) const {
    if (!root) return g_.ForEachArc(n, f);
    if (!gaddag_only_) return g_.ForEachArc(g_.root(), f);
    g_.ForEachArc(g_.root(), [&](Tile t, bool acc, Node child) {
      Node next = kNoNode;
      bool sep_acc = false;
      if (t == kSeparator) return true;
      if (child != kNoNode) g_.Child(child, kSeparator, &next, &sep_acc);
      return f(t, acc, next);
    });
  }

  // Walks `tiles` from the start; false if some tile has no arc.
  bool Walk(std::span<const Tile> tiles, Node* node, bool* accepts) const {
    Node n = kNoNode;
    bool acc = false;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      bool found = false;
      if (i == 0) {
        Arcs(kNoNode, true, [&](Tile t, bool a, Node c) {
          if (t != tiles[0]) return t < tiles[0];
          found = true;
          acc = a;
          n = c;
          return false;
        });
      } else {
        found = g_.Child(n, tiles[i], &n, &acc);
      }
      if (!found) return false;
    }
    *node = n;
    *accepts = acc;
    return true;
  }

 private:
  Graph g_;
  bool gaddag_only_;
  int max_depth_;
};

// Depth-first enumeration of all words below `n`, extending `word`.
// Returns false when the callback asked to stop.
bool EnumerateBelow(const Forward& fw, Node n, bool root, std::vector<Tile>* word, const WordCallback& cb,
                    std::uint64_t* count) {
  if (static_cast<int>(word->size()) >= fw.max_depth()) return true;
  bool go = true;
  fw.Arcs(n, root, [&](Tile t, bool acc, Node child) {
    word->push_back(t);
    if (acc) {
      ++*count;
      go = cb(WordMatch{*word, {}});
    }
    if (go && child != kNoNode) go = EnumerateBelow(fw, child, false, word, cb, count);
    word->pop_back();
    return go;
  });
  return go;
}

// Words met out of order (Suffix and Substring on a GADDAG), kept packed
// (tiles, then each word's start) so they can be emitted sorted and unique.
// Two limits: `max_words`, META's bound on the matches of a verified image
// (more means a damaged image: collecting stops and what was kept is
// emitted, as a damaged image's answers may be wrong), and `max_bytes`, a
// multiple of the image size (a verified image of a few kilobytes can hold
// 10^17 words): past it the caller drops the collection and streams the
// answer from a scan of every word instead, in bounded memory.
class SortedWords {
 public:
  static constexpr std::uint64_t kBytesPerImageByte = 16;
  static constexpr std::uint64_t kMinBytes = std::uint64_t(1) << 20;

  SortedWords(const Lexicon& lex, std::uint64_t max_words)
      : max_words_(max_words), max_bytes_(kMinBytes + kBytesPerImageByte * lex.bytes().size()) {}

  // Adds the word; false when collecting must stop (full() or too_big()).
  bool Add(std::span<const Tile> left_reversed, std::span<const Tile> middle, std::span<const Tile> right) {
    if (full() || too_big()) return false;
    starts_.push_back(tiles_.size());
    tiles_.insert(tiles_.end(), left_reversed.rbegin(), left_reversed.rend());
    tiles_.insert(tiles_.end(), middle.begin(), middle.end());
    tiles_.insert(tiles_.end(), right.begin(), right.end());
    // Bytes held: the tiles, a start per word and the emitting order.
    too_big_ = tiles_.size() + 2 * sizeof(std::uint64_t) * starts_.size() > max_bytes_;
    return !full() && !too_big();
  }
  bool full() const { return starts_.size() > max_words_; }
  bool too_big() const { return too_big_; }

  std::uint64_t Emit(const WordCallback& cb) {
    const auto word = [&](std::uint64_t i) {
      const std::uint64_t end = i + 1 < starts_.size() ? starts_[i + 1] : tiles_.size();
      return std::span<const Tile>(tiles_.data() + starts_[i], end - starts_[i]);
    };
    std::vector<std::uint64_t> order(starts_.size());
    for (std::uint64_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto less = [&](std::uint64_t a, std::uint64_t b) {
      const auto x = word(a), y = word(b);
      return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
    };
    std::sort(order.begin(), order.end(), less);
    std::uint64_t n = 0;
    for (std::uint64_t i = 0; i < order.size(); ++i) {
      if (i > 0 && !less(order[i - 1], order[i])) continue;  // a duplicate
      ++n;
      if (!cb(WordMatch{word(order[i]), {}})) break;
    }
    return n;
  }

 private:
  std::uint64_t max_words_, max_bytes_;
  bool too_big_ = false;
  std::vector<Tile> tiles_;
  std::vector<std::uint64_t> starts_;
};

// All words, filtered by `keep` (used where the image lacks a GADDAG).
template <class Keep>
std::uint64_t ScanWords(const Lexicon& lex, Keep&& keep, const WordCallback& cb) {
  std::uint64_t n = 0;
  ForEachWord(lex, [&](const WordMatch& m) {
    if (!keep(m.tiles)) return true;
    ++n;
    return cb(m);
  });
  return n;
}

// GADDAG: walks rev(tiles) from the root.
bool WalkReversed(const Graph& g, std::span<const Tile> tiles, Node* node, bool* accepts) {
  Node n = g.root();
  bool acc = false;
  for (std::size_t i = tiles.size(); i-- > 0;) {
    if (n == kNoNode || !g.Child(n, tiles[i], &n, &acc)) return false;
  }
  *node = n;
  *accepts = acc;
  return true;
}

// Whether every tile is a letter of the alphabet. Tile 0 is the GADDAG
// separator, never a letter: a query holding it must match nothing, not
// follow separator arcs.
bool AllLetters(const Lexicon& lex, std::span<const Tile> tiles) {
  const int n = lex.alphabet().size();
  return std::all_of(tiles.begin(), tiles.end(), [n](Tile t) { return t >= 1 && t <= n; });
}

}  // namespace

bool Contains(const Lexicon& lex, std::span<const Tile> word) {
  if (word.empty() || word.size() > lex.meta().max_len || !AllLetters(lex, word)) return false;
  Node n;
  bool acc = false;
  if (lex.has_dawg()) {
    return lex.dawg().Dispatch([&](const auto& g) {
      Node cur = g.root();
      for (Tile t : word)
        if (cur == kNoNode || !g.Child(cur, t, &cur, &acc)) return false;
      return acc;
    });
  }
  return WalkReversed(lex.gaddag(), word, &n, &acc) && acc;
}

std::uint64_t ForEachWord(const Lexicon& lex, const WordCallback& cb) {
  Forward fw(lex);
  std::vector<Tile> word;
  std::uint64_t n = 0;
  EnumerateBelow(fw, kNoNode, true, &word, cb, &n);
  return n;
}

std::uint64_t Prefix(const Lexicon& lex, std::span<const Tile> prefix, const WordCallback& cb) {
  if (prefix.size() > lex.meta().max_len) return 0;  // results are words: at most max-len tiles
  if (!AllLetters(lex, prefix)) return 0;
  Forward fw(lex);
  std::vector<Tile> word(prefix.begin(), prefix.end());
  std::uint64_t n = 0;
  if (prefix.empty()) {
    EnumerateBelow(fw, kNoNode, true, &word, cb, &n);
    return n;
  }
  Node node;
  bool acc;
  if (!fw.Walk(prefix, &node, &acc)) return 0;
  if (acc) {
    ++n;
    if (!cb(WordMatch{word, {}})) return n;
  }
  if (node != kNoNode) EnumerateBelow(fw, node, false, &word, cb, &n);
  return n;
}

std::uint64_t Suffix(const Lexicon& lex, std::span<const Tile> suffix, const WordCallback& cb) {
  if (suffix.empty()) return ForEachWord(lex, cb);
  if (suffix.size() > lex.meta().max_len || !AllLetters(lex, suffix)) return 0;
  const auto ends_in_suffix = [&](std::span<const Tile> w) {
    return w.size() >= suffix.size() &&
           std::equal(suffix.begin(), suffix.end(), w.end() - static_cast<std::ptrdiff_t>(suffix.size()));
  };
  if (!lex.has_gaddag()) return ScanWords(lex, ends_in_suffix, cb);
  const Graph& g = lex.gaddag();
  Node n;
  bool acc;
  if (!WalkReversed(g, suffix, &n, &acc)) return 0;
  std::vector<Tile> left;  // tiles prepended, in reading order (reversed)
  // Each word ends in the suffix once: more matches than META's words means
  // a damaged image (never verified); stop collecting there.
  SortedWords found(lex, lex.meta().word_count);
  if (acc) found.Add({}, suffix, {});
  const int limit = static_cast<int>(lex.meta().max_len) - static_cast<int>(suffix.size());
  bool go = !found.full() && !found.too_big();
  // Letters only (no separator): x with x+suffix a word, read as rev(x).
  auto rec = [&](auto& self, Node node) -> void {
    if (static_cast<int>(left.size()) >= limit) return;
    g.ForEachArc(node, [&](Tile t, bool a, Node child) {
      if (t == kSeparator) return true;
      left.push_back(t);
      if (a) go = found.Add(left, suffix, {});
      if (child != kNoNode && go) self(self, child);
      left.pop_back();
      return go;
    });
  };
  if (n != kNoNode && go) rec(rec, n);
  if (found.too_big()) return ScanWords(lex, ends_in_suffix, cb);
  return found.Emit(cb);
}

std::uint64_t Substring(const Lexicon& lex, std::span<const Tile> infix, const WordCallback& cb) {
  if (infix.empty()) return ForEachWord(lex, cb);
  if (infix.size() > lex.meta().max_len || !AllLetters(lex, infix)) return 0;
  const auto holds_infix = [&](std::span<const Tile> w) {
    return std::search(w.begin(), w.end(), infix.begin(), infix.end()) != w.end();
  };
  if (!lex.has_gaddag()) return ScanWords(lex, holds_infix, cb);
  const Graph& g = lex.gaddag();
  Node n;
  bool acc;
  if (!WalkReversed(g, infix, &n, &acc)) return 0;
  std::vector<Tile> left, right;
  const int max_len = static_cast<int>(lex.meta().max_len);
  // A word holds the infix at most once per tile: more matches than META's
  // tile total means a damaged image (never verified); stop collecting there.
  SortedWords found(lex, lex.meta().tile_total);
  bool go = true;
  auto emit = [&]() { go = found.Add(left, infix, right); };
  // After the separator: the DAWG part, extending to the right.
  auto suffixes = [&](auto& self, Node node) -> void {
    if (static_cast<int>(left.size() + infix.size() + right.size()) >= max_len) return;
    g.ForEachArc(node, [&](Tile t, bool a, Node child) {
      right.push_back(t);
      if (a) emit();
      if (child != kNoNode && go) self(self, child);
      right.pop_back();
      return go;
    });
  };
  // Before it: extending to the left while the word can still grow.
  auto prefixes = [&](auto& self, Node node) -> void {
    if (static_cast<int>(left.size() + infix.size()) >= max_len) return;
    g.ForEachArc(node, [&](Tile t, bool a, Node child) {
      if (t == kSeparator) {
        suffixes(suffixes, child);
        return go;
      }
      left.push_back(t);
      if (a) emit();
      if (child != kNoNode && go) self(self, child);
      left.pop_back();
      return go;
    });
  };
  if (acc) emit();
  if (n != kNoNode && go) prefixes(prefixes, n);
  if (found.too_big()) return ScanWords(lex, holds_infix, cb);
  return found.Emit(cb);
}

Result<Rack> ParseRack(const Alphabet& a, std::string_view text) {
  Result<Rack> r = Rack::Parse(a, text);
  if (r.ok() && r->empty()) return Status(Errc::kBadInput, "empty rack");
  return r;
}

std::uint64_t Anagram(const Lexicon& lex, const Rack& rack_in, bool sub, const WordCallback& cb) {
  Forward fw(lex);
  Rack rack = rack_in;
  const int total = rack.size();
  std::vector<Tile> word;
  bool blank_flags[format::kMaxWordLen + 1] = {};  // per depth (max-len <= kMaxWordLen)
  std::uint64_t n = 0;
  bool go = true;
  auto emit = [&]() {
    ++n;
    go = cb(WordMatch{word, std::span<const bool>(blank_flags, word.size())});
  };
  auto rec = [&](auto& self, Node node, bool root) -> void {
    if (static_cast<int>(word.size()) >= std::min(total, fw.max_depth())) return;
    fw.Arcs(node, root, [&](Tile t, bool acc, Node child) {
      // A real tile when the rack has one, else a blank: swapping a blank
      // for a real tile of the same letter never loses a word, so this
      // finds every word exactly once.
      const bool use_blank = rack.count(t) == 0;
      if (use_blank && rack.blanks() == 0) return true;
      rack.Remove(t, use_blank);
      blank_flags[word.size()] = use_blank;
      word.push_back(t);
      if (acc && (sub || static_cast<int>(word.size()) == total)) emit();
      if (go && child != kNoNode) self(self, child, false);
      word.pop_back();
      rack.Add(t, use_blank);
      return go;
    });
  };
  rec(rec, kNoNode, true);
  return n;
}

Result<std::vector<PatternElem>> ParsePattern(const Alphabet& a, std::string_view text) {
  std::vector<PatternElem> out;
  TileTextReader reader(a, text, "?*");
  TextToken token;
  while (reader.Next(&token)) {
    if (token.kind == TextToken::Kind::kTile) {
      out.push_back({PatternElem::kTile, token.tile});
    } else if (token.mark == '?') {
      out.push_back({PatternElem::kOne, 0});
    } else if (out.empty() || out.back().kind != PatternElem::kAny) {  // consecutive '*' are one '*'
      out.push_back({PatternElem::kAny, 0});
    }
  }
  if (!reader.ok()) return reader.ErrorStatus("pattern");
  if (out.empty()) return Status(Errc::kBadInput, "empty pattern");
  if (out.size() > 63)
    return Status(Errc::kBadInput, "pattern: " + std::to_string(out.size()) + " elements, at most 63");
  return out;
}

std::uint64_t Pattern(const Lexicon& lex, std::span<const PatternElem> pat, const WordCallback& cb) {
  if (pat.empty() || pat.size() > 63) return 0;
  Forward fw(lex);
  const std::size_t L = pat.size();
  // NFA over pattern positions 0..L as a bit mask; '*' loops on itself and
  // has an empty move to the next position. Simulating the set of positions
  // visits each DAWG path once, so no word is reported twice.
  auto closure = [&](std::uint64_t m) {
    for (std::size_t i = 0; i < L; ++i)
      if ((m >> i & 1) && pat[i].kind == PatternElem::kAny) m |= std::uint64_t(1) << (i + 1);
    return m;
  };
  auto step = [&](std::uint64_t m, Tile t) {
    std::uint64_t out = 0;
    for (std::size_t i = 0; i < L; ++i) {
      if (!(m >> i & 1)) continue;
      const PatternElem& e = pat[i];
      if (e.kind == PatternElem::kAny)
        out |= std::uint64_t(1) << i;
      else if (e.kind == PatternElem::kOne || e.tile == t)
        out |= std::uint64_t(1) << (i + 1);
    }
    return closure(out);
  };
  std::vector<Tile> word;
  std::uint64_t n = 0;
  bool go = true;
  auto rec = [&](auto& self, Node node, bool root, std::uint64_t m) -> void {
    if (static_cast<int>(word.size()) >= fw.max_depth()) return;
    fw.Arcs(node, root, [&](Tile t, bool acc, Node child) {
      const std::uint64_t next = step(m, t);
      if (!next) return true;
      word.push_back(t);
      if (acc && (next >> L & 1)) {
        ++n;
        go = cb(WordMatch{word, {}});
      }
      if (go && child != kNoNode) self(self, child, false, next);
      word.pop_back();
      return go;
    });
  };
  rec(rec, kNoNode, true, closure(1));
  return n;
}

}  // namespace lexc
