// Fuzz target: arbitrary bytes as a lexicon image.
//
// Lexicon::FromBytes must accept or reject without reading out of bounds;
// errors carry a category and a detail. An image that opens is verified, and
// when only its checksum is wrong, verified again with the CRC fixed, so the
// fuzzer reaches the structural checks behind the checksum. Whether or not
// Verify passes, every query runs (memory safety is Open's promise), with a
// callback that stops each after a few matches. Queries bound their depth by
// META's max-len, not their breadth, so on an image that is only opened they
// may take time exponential in max-len; queries run only when a count of the
// paths they could walk stays small. After a successful Verify, ForEachWord
// must list exactly meta().word_count words, strictly increasing, each of
// 1..max-len valid tiles, and (with a DAWG) each Contains()ed, and the word
// index (lexc/word_index.h) must number them 0, 1, ... in that order; on any
// image that opened (within the path budget or not: the index walks no
// paths), the index is built or refused with a reported error and its reads
// end in bounds. The move
// generator runs on the same images (under the same path budget), verified
// or not: both algorithms, a board with a few tiles, a rack with a blank;
// every play stays on the board (and, verified, within max-len).
//
// Universal images: an input that starts with "UNIVERSE" is not an image but
// the recipe of one (tests/support/universal_image.h): the next three bytes
// choose the letters (1..26), the max-len (2..12) and whether it has a
// GADDAG, and each further 5 bytes (a 32-bit offset, an XOR mask) flip bits
// of the result. Such an image, verified, accepts up to 10^17 words in a
// few kilobytes, far past what the path budget lets the queries above walk;
// what must hold on it is that memory follows the image: the word index
// (counts over 2^32 - 1 are a limit error), the move
// generator's Best and Top (equal to each other), and Suffix and Substring
// (which sort what they meet) finish on it within the fuzzer's RSS limit
// (tests/cli/universal_test.sh runs the commands under ulimit -v).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "fuzz_support.h"
#include "lexc/crc32c.h"
#include "lexc/format.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/movegen.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "lexc/word_index.h"
#include "universal_image.h"

namespace {

using namespace lexc;

constexpr std::uint64_t kMaxPaths = 20000;  // arc visits a query may make here

template <class T>
T LoadLE(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Paths of 1..depth arcs from `root`, saturated just above `cap`: an upper
// bound on the arcs any traversal of at most `depth` levels visits, cycles
// included. P_d(n) = sum over n's arcs of 1 + P_{d-1}(target); a list runs
// from n to the first `last` arc, so P_d(n) = term(n) + P_d(n + 1) unless
// arc n is last. O(arc_count x depth).
template <class G>
std::uint64_t CountPaths(const G& g, int depth, std::uint64_t cap) {
  const std::uint64_t count = g.arc_count();
  const Node root = g.root();
  if (root == kNoNode || root >= count) return 0;
  std::vector<std::uint64_t> prev(count, 0), cur(count, 0);
  for (int d = 1; d <= depth; ++d) {
    for (std::uint64_t i = count; i-- > 1;) {
      const auto w = g.arc(i);
      const Node t = g.target(w);
      const std::uint64_t below = (t != kNoNode && t < count) ? prev[t] : 0;
      const std::uint64_t rest = (g.last(w) || i + 1 >= count) ? 0 : cur[i + 1];
      cur[i] = std::min(1 + below + rest, cap + 1);
    }
    prev.swap(cur);
    if (prev[root] > cap || prev == cur) break;  // over budget, or no longer paths
  }
  return prev[root];
}

std::uint64_t QueryPaths(const Lexicon& lex) {
  const int max_len = static_cast<int>(lex.meta().max_len);
  std::uint64_t total = 0;
  auto add = [&](const Graph& g, int depth) {
    total += g.Dispatch([&](const auto& view) { return CountPaths(view, depth, kMaxPaths); });
  };
  if (lex.has_dawg()) add(lex.dawg(), max_len);
  // GADDAG walks: rev(x) SEP y is at most max-len + 1 arcs; one level spare.
  if (lex.has_gaddag()) add(lex.gaddag(), max_len + 2);
  return total;
}

// Every query kind, each stopped after a few matches.
void Exercise(const Lexicon& lex) {
  int left = 0;
  const WordCallback cb = [&](const WordMatch& m) {
    FUZZ_CHECK(m.tiles.size() <= lex.meta().max_len);
    FUZZ_CHECK(m.blank.empty() || m.blank.size() == m.tiles.size());
    return --left > 0;
  };
  const int n = lex.alphabet().size();
  const auto last = static_cast<Tile>(n);
  const std::vector<std::vector<Tile>> probes = {
      {1}, {last}, {1, 2}, {2, 1, 3}, {last, 1}, {1, 1, 1, 1}, {0}, {static_cast<Tile>(n + 1)}, {255, 1}};
  left = 16;
  ForEachWord(lex, cb);
  for (const auto& p : probes) {
    (void)Contains(lex, p);
    left = 8;
    Prefix(lex, p, cb);
    left = 8;
    Suffix(lex, p, cb);
    left = 8;
    Substring(lex, p, cb);
  }
  Rack rack;
  for (int t = 1; t <= n && t <= 5; ++t) rack.Add(static_cast<Tile>(t));
  rack.AddBlank();
  rack.AddBlank();
  for (bool sub : {false, true}) {
    left = 8;
    Anagram(lex, rack, sub, cb);
  }
  using E = PatternElem;
  const std::vector<std::vector<E>> patterns = {{{E::kAny, 0}},
                                                {{E::kOne, 0}, {E::kAny, 0}},
                                                {{E::kTile, 1}, {E::kAny, 0}, {E::kTile, last}},
                                                {{E::kOne, 0}, {E::kOne, 0}},
                                                {{E::kAny, 0}, {E::kTile, 2}, {E::kAny, 0}}};
  for (const auto& p : patterns) {
    left = 8;
    Pattern(lex, p, cb);
  }
}

// Move generation over the image as it is. The generator walks the graphs
// with the same depth bounds as the queries.
void GenerateMoves(const Lexicon& lex, bool verified) {
  static const gen::Layout layout = gen::Layout::Standard15();
  auto gen = gen::MoveGenerator::Create(lex, layout);
  if (!gen.ok()) {  // over 63 tiles, or scores that could overflow
    FUZZ_CHECK(gen.status().code() == Errc::kLimit);
    return;
  }
  const int n = std::min(lex.alphabet().size(), gen::kMaxGenTile);
  gen::Board board(15, 15);
  board.set(7, 7, gen::MakeCell(1, false));
  board.set(7, 8, gen::MakeCell(static_cast<Tile>(n), false));
  board.set(8, 8, gen::MakeCell(static_cast<Tile>(1 + n / 2), true));
  FUZZ_CHECK(gen->SetBoard(board).ok());
  Rack rack;
  for (int t = 1; t <= n && rack.size() < 6; t += 1 + n / 7) rack.Add(static_cast<Tile>(t));
  rack.AddBlank();
  for (gen::Algorithm alg : {gen::Algorithm::kGaddag, gen::Algorithm::kDawg}) {
    if (!gen->Supports(alg)) continue;
    std::uint64_t seen = 0;
    gen->Generate(rack, alg, [&](const gen::Play& p) {
      FUZZ_CHECK(p.length >= 2 && p.length <= 15 && p.placed >= 1 && p.placed <= rack.size());
      // Verified, the graphs hold no longer words; unverified, the generator
      // is bounded by the board instead (answers may be wrong, movegen.h).
      if (verified) FUZZ_CHECK(p.length <= lex.meta().max_len);
      FUZZ_CHECK(p.RowAt(p.length - 1) < 15 && p.ColAt(p.length - 1) < 15);
      return ++seen < 2000;
    });
    gen::Play best;
    gen->Best(rack, alg, &best);
    std::vector<gen::Play> top;
    gen->Top(rack, alg, 3, &top);
    FUZZ_CHECK(top.size() <= 3);
  }
  // The opening: Best on the empty board with a rack without blanks spells
  // words along the DAWG (movegen_opening.cc), a walk of its own.
  FUZZ_CHECK(gen->SetBoard(gen::Board(15, 15)).ok());
  Rack opening;
  for (int t = 1; t <= n && opening.size() < 7; t += 1 + n / 9) opening.Add(static_cast<Tile>(t));
  for (gen::Algorithm alg : {gen::Algorithm::kGaddag, gen::Algorithm::kDawg}) {
    if (!gen->Supports(alg)) continue;
    gen::Play best;
    if (gen->Best(opening, alg, &best))
      FUZZ_CHECK(best.row == 7 && best.dir == gen::Dir::kAcross && best.col <= 7 && best.col + best.length > 7);
  }
}

// Word numbers (lexc/word_index.h) on an image as it is: the index is built
// or refused with a reported error, and reads stay in bounds and end. On a
// verified image, number -> word -> number round-trips and the numbers are
// the listing's positions (`listed`, when given).
void ExerciseWordIndex(const Lexicon& lex, bool verified, const std::vector<std::vector<Tile>>* listed = nullptr) {
  auto index = WordIndex::Of(lex);
  if (!index.ok()) {
    FUZZ_CHECK(lexc::fuzz::IsReportedError(index.status()));
    FUZZ_CHECK(!verified || index.status().code() == Errc::kLimit);
    return;
  }
  FUZZ_CHECK(index->from_image() == lex.has_word_index());
  if (verified) FUZZ_CHECK(index->size() == lex.meta().word_count);
  const int n = lex.alphabet().size();
  const std::vector<std::vector<Tile>> probes = {{1}, {static_cast<Tile>(n)},     {1, 2},   {2, 1, 3},
                                                 {0}, {static_cast<Tile>(n + 1)}, {255, 1}, {}};
  for (const auto& p : probes) {
    const auto k = index->Number(p);
    if (k) FUZZ_CHECK(*k < index->size());
  }
  std::vector<Tile> word;
  const std::uint64_t size = index->size();
  for (std::uint64_t k : {std::uint64_t{0}, std::uint64_t{1}, size / 2, size - 1, size, size + 1}) {
    const Status s = index->Word(k, &word);
    if (k >= size) {
      FUZZ_CHECK(s.code() == Errc::kInvalidArgument);
      continue;
    }
    FUZZ_CHECK(s.ok() || (!verified && lexc::fuzz::IsReportedError(s)));
    if (!s.ok()) continue;
    FUZZ_CHECK(word.size() <= lex.meta().max_len);
    if (verified) FUZZ_CHECK(index->Number(word) == std::optional<std::uint64_t>(k));
  }
  if (listed)
    for (std::size_t i = 0; i < listed->size(); ++i)
      FUZZ_CHECK(index->Number((*listed)[i]) == std::optional<std::uint64_t>(i));
}

// What a successful Verify promises about listing the words.
void CheckVerified(const Lexicon& lex) {
  const Metadata& m = lex.meta();
  std::vector<std::vector<Tile>> words;
  ForEachWord(lex, [&](const WordMatch& w) {
    words.emplace_back(w.tiles.begin(), w.tiles.end());
    return true;
  });
  FUZZ_CHECK_MSG(words.size() == m.word_count,
                 std::to_string(words.size()) + " words listed, META says " + std::to_string(m.word_count));
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto& w = words[i];
    FUZZ_CHECK(!w.empty() && w.size() <= m.max_len);
    for (Tile t : w) FUZZ_CHECK(t >= 1 && t <= lex.alphabet().size());
    FUZZ_CHECK(i == 0 || words[i - 1] < w);
    if (lex.has_dawg()) FUZZ_CHECK(Contains(lex, w));
  }
  ExerciseWordIndex(lex, true, &words);
}

constexpr char kUniverse[] = "UNIVERSE";
constexpr std::size_t kUniverseRecipe = sizeof kUniverse - 1 + 3;

// The image an input starting with kUniverse describes (see the top).
std::vector<std::uint8_t> UniversalFromRecipe(const std::uint8_t* data, std::size_t size) {
  const std::uint8_t* p = data + sizeof kUniverse - 1;
  lexc::test::UniversalSpec spec;
  spec.letters = 1 + p[0] % 26;
  spec.max_len = 2 + p[1] % 11;
  spec.gaddag = p[2] & 1;
  const lexc::test::UniversalImage image(spec);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(image.bytes().data());
  std::vector<std::uint8_t> out(bytes, bytes + image.bytes().size());
  for (std::size_t at = kUniverseRecipe; at + 5 <= size; at += 5) {
    const std::uint32_t offset = LoadLE<std::uint32_t>(reinterpret_cast<const std::byte*>(data + at));
    out[offset % out.size()] ^= data[at + 4];
  }
  return out;
}

// On an image whose words may be far too many to list: Best, Top, and the
// sorting queries each stopped after a few matches.
void ExerciseHuge(const Lexicon& lex) {
  int left = 0;
  const WordCallback cb = [&](const WordMatch& m) {
    FUZZ_CHECK(m.tiles.size() <= lex.meta().max_len);
    return --left > 0;
  };
  const int n = lex.alphabet().size();
  for (const std::vector<Tile>& probe : {std::vector<Tile>{1}, std::vector<Tile>{static_cast<Tile>(n), 1}}) {
    left = 50;
    Suffix(lex, probe, cb);
    left = 50;
    Substring(lex, probe, cb);
  }
  static const gen::Layout layout = gen::Layout::Standard15();
  auto gen = gen::MoveGenerator::Create(lex, layout);
  if (!gen.ok()) return;
  gen::Board board(15, 15);
  board.set(7, 7, gen::MakeCell(1, false));
  FUZZ_CHECK(gen->SetBoard(board).ok());
  // The index costs O(arcs) (or O(1) with WIDX), GADDAG-only images too.
  ExerciseWordIndex(lex, true);
  Rack rack;
  for (int i = 0; i < 7; ++i) rack.Add(static_cast<Tile>(1 + (i * 5) % std::min(n, gen::kMaxGenTile)));
  for (gen::Algorithm alg : {gen::Algorithm::kGaddag, gen::Algorithm::kDawg}) {
    if (!gen->Supports(alg)) continue;
    gen::Play best;
    const bool found = gen->Best(rack, alg, &best);
    std::vector<gen::Play> top;
    gen->Top(rack, alg, 3, &top);
    FUZZ_CHECK(top.size() <= 3);
    FUZZ_CHECK(found == !top.empty());
    if (found) FUZZ_CHECK(best == top.front());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size >= kUniverseRecipe && std::memcmp(data, kUniverse, sizeof kUniverse - 1) == 0) {
    const std::vector<std::uint8_t> image = UniversalFromRecipe(data, size);
    lexc::fuzz::AlignedBytes buf(image.data(), image.size());
    auto lex = Lexicon::FromBytes(buf.bytes());
    if (!lex.ok()) return 0;
    const Status st = lex->Verify();
    // The recipe alone (no flips) is a valid image.
    FUZZ_CHECK_MSG(st.ok() || size > kUniverseRecipe, st.ToString());
    // Unverified, the walks may take time exponential in max-len: only the
    // path budget's images (below) run them.
    if (st.ok()) ExerciseHuge(*lex);
    return 0;
  }
  lexc::fuzz::AlignedBytes buf(data, size);
  auto lex = Lexicon::FromBytes(buf.bytes());
  if (!lex.ok()) {
    FUZZ_CHECK(lexc::fuzz::IsReportedError(lex.status()));
    return 0;
  }
  Status st = lex->Verify();
  if (st.code() == Errc::kChecksum) {
    // Fix the trailer CRC (Open does not read it) and look behind it.
    const std::size_t body = size - format::kTrailerSize;
    const std::uint32_t crc = Crc32c(0, buf.data(), body);
    std::memcpy(buf.data() + body, &crc, sizeof crc);
    st = lex->Verify();
    FUZZ_CHECK(st.code() != Errc::kChecksum);
  }
  FUZZ_CHECK(st.ok() || lexc::fuzz::IsReportedError(st));
  // The word index walks no paths (O(arcs) whatever the image, the
  // GADDAG-only one too): before the path budget, so cyclic images reach it.
  if (!st.ok()) ExerciseWordIndex(*lex, false);
  if (QueryPaths(*lex) > kMaxPaths) return 0;
  Exercise(*lex);
  GenerateMoves(*lex, st.ok());
  if (st.ok()) CheckVerified(*lex);
  return 0;
}
