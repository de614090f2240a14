// What WordIndex::Of allocates follows the image's arcs, never META's
// claims: bytes asked of operator new, counted by replacing it in this test
// program (not under AddressSanitizer, which replaces it itself: the tests
// then skip). Regression for a black-box audit's finding: a 25 KB
// GADDAG-only image with a cycle after a separator, META claiming 2,000,000
// words of up to 255 tiles, made the index list words into 1.2 GB before
// it failed.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#include "lexc/lexicon.h"
#include "lexc/word_index.h"
#include "test_support.h"

namespace {
std::atomic<std::uint64_t> g_bytes{0};
}

#if !defined(__SANITIZE_ADDRESS__)
void* operator new(std::size_t n) {
  g_bytes += n;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#endif

using namespace lexc;
using namespace lexc::test;

namespace {

// Bytes operator new was asked for while f ran (every block, freed or not:
// an upper bound on the peak).
template <class F>
std::uint64_t BytesAllocated(F&& f) {
  const std::uint64_t before = g_bytes.load();
  f();
  return g_bytes.load() - before;
}

// `base` with META's word count (and tile total) set to `claimed` and its
// max-len to 255, CRC fixed; with `cycle`, a suffix half looping to itself
// (RawImage::LoopSuffixHalfToItself).
Image Claiming(const Image& base, std::uint64_t claimed, bool cycle) {
  Image img = base;
  RawImage raw(&img);
  if (cycle) raw.LoopSuffixHalfToItself();
  const std::size_t meta = raw.Find("META").offset;
  raw.Set(meta, 8, claimed);
  raw.Set(meta + 8, 8, claimed);
  raw.Set(meta + 32, 4, 255);
  raw.FixCrc();
  return img;
}

// The O(arcs) budget: a bit per arc for the node bitmap, 4 + 1 bytes per
// node for counts and DFS state, a stack entry per node (4 bytes) and a
// frame per level (24), each vector grown by doubling, and the section's
// copy: well under 64 bytes per arc.
std::uint64_t ArcBudget(const Lexicon& lex) { return 64 * lex.arc_count() + 4096; }

}  // namespace

TEST_CASE("WordIndex::Of allocates O(arcs) on a GADDAG-only image, whatever META claims", "[bad-input]") {
#if defined(__SANITIZE_ADDRESS__)
  WARN("operator new belongs to AddressSanitizer here: skipped");
  return;
#endif
  const WordSet words = ToSet(EnglishFixture("fixtures/english-small.txt"));
  const Image base = BuildOrFail(words, Alphabet::English(), Options({"gaddag", false, true}));
  // A valid graph: the same bytes for any claim, and the real word count.
  std::uint64_t honest = 0;
  for (std::uint64_t claimed : {std::uint64_t(words.size()), std::uint64_t(0xFFFFFFFF), ~std::uint64_t(0)}) {
    INFO("META claims " << claimed << " words");
    const Image img = Claiming(base, claimed, false);
    const Lexicon lex = OpenOrFail(img);
    Result<WordIndex> index = Status(Errc::kInvalidArgument, "not built");
    const std::uint64_t bytes = BytesAllocated([&] { index = WordIndex::Of(lex); });
    REQUIRE(index.ok());
    CHECK(index->size() == words.size());
    CHECK(bytes <= ArcBudget(lex));
    if (claimed == words.size()) honest = bytes;
    CHECK(bytes == honest);
  }
  // A cycle after a separator: refused, within the same budget.
  for (std::uint64_t claimed : {std::uint64_t(2000000), std::uint64_t(0xFFFFFFFF)}) {
    INFO("cyclic, META claims " << claimed << " words");
    const Image img = Claiming(base, claimed, true);
    const Lexicon lex = OpenOrFail(img);
    Status st;
    const std::uint64_t bytes = BytesAllocated([&] { st = WordIndex::Of(lex).status(); });
    CheckError(st, Errc::kCorrupt, "section GADG: a cycle passes through the node at arc");
    CHECK(bytes <= ArcBudget(lex));
  }
}
