// In-process benchmarks on SOWPODS ($LEXC_SOWPODS, default
// ../shared/lexica/SOWPODS.txt beside the checkout): building each graph,
// opening an image (mapped and from memory), contains() throughput, anagram
// and pattern latency, word numbers (WordIndex: building it, word -> number,
// number -> word, with the WIDX section and computed). Skips everything when
// the list is absent. LEXC_BENCH_COMPACT=1: every image bit-packed
// (sowpods_image.h).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "lexc/word_index.h"
#include "lexc/wordlist.h"
#include "sowpods_image.h"

namespace {

std::string SowpodsPath() {
  const char* env = std::getenv("LEXC_SOWPODS");
  return env && *env ? env : LEXC_DEFAULT_SOWPODS;
}

struct Fixture {
  lexc::Alphabet alphabet = lexc::Alphabet::English();
  lexc::WordList words;
  std::vector<std::byte> dawg, gaddag, both, both_widx;
  std::string dir;
  bool ok = false;

  Fixture() {
    lexc::ReadReport rep;
    auto wl = lexc::ReadWordList(SowpodsPath(), alphabet, {}, &rep);
    if (!wl.ok()) return;
    words = std::move(wl).value();
    dawg = Build(true, false);
    gaddag = Build(false, true);
    both = Build(true, true);
    both_widx = Build(true, true, true);
    dir = (std::filesystem::temp_directory_path() / "lexc-bench").string();
    std::filesystem::create_directories(dir);
    (void)lexc::WriteFileAtomic(dir + "/sowpods.dawg", dawg);
    (void)lexc::WriteFileAtomic(dir + "/sowpods.lex", both);
    ok = true;
  }
  std::vector<std::byte> Build(bool d, bool g, bool word_index = false) const {
    lexc::BuildOptions o;
    o.dawg = d;
    o.gaddag = g;
    o.word_index = word_index;
    o.compact = lexc::bench::CompactImages();
    return lexc::BuildImage(words, alphabet, o).value();
  }
};

const Fixture& F() {
  static const Fixture f;
  return f;
}

bool Ready(benchmark::State& state) {
  if (F().ok) return true;
  state.SkipWithError(("word list not found: " + SowpodsPath()).c_str());
  return false;
}

void BM_Build(benchmark::State& state) {
  if (!Ready(state)) return;
  lexc::BuildOptions o;
  o.dawg = state.range(0) != 1;
  o.gaddag = state.range(0) != 0;
  o.compact = lexc::bench::CompactImages();
  for (auto _ : state) {
    auto img = lexc::BuildImage(F().words, F().alphabet, o);
    benchmark::DoNotOptimize(img);
  }
  state.SetLabel(state.range(0) == 0 ? "dawg" : state.range(0) == 1 ? "gaddag" : "dawg+gaddag");
}
BENCHMARK(BM_Build)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Both graphs plus the WIDX section: the section's share of building.
void BM_BuildWordIndex(benchmark::State& state) {
  if (!Ready(state)) return;
  lexc::BuildOptions o;
  o.word_index = true;
  for (auto _ : state) {
    auto img = lexc::BuildImage(F().words, F().alphabet, o);
    benchmark::DoNotOptimize(img);
  }
  state.SetLabel("dawg+gaddag+widx");
}
BENCHMARK(BM_BuildWordIndex)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_OpenMapped(benchmark::State& state) {
  if (!Ready(state)) return;
  const std::string path = F().dir + (state.range(0) ? "/sowpods.lex" : "/sowpods.dawg");
  for (auto _ : state) {
    auto m = lexc::MappedLexicon::Open(path);
    benchmark::DoNotOptimize(m);
  }
  state.SetLabel(state.range(0) ? "dawg+gaddag 4.7 MB" : "dawg 0.7 MB");
}
BENCHMARK(BM_OpenMapped)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_OpenFromBytes(benchmark::State& state) {
  if (!Ready(state)) return;
  for (auto _ : state) {
    auto l = lexc::Lexicon::FromBytes(F().both);
    benchmark::DoNotOptimize(l);
  }
}
BENCHMARK(BM_OpenFromBytes)->Unit(benchmark::kMicrosecond);

void BM_Verify(benchmark::State& state) {
  if (!Ready(state)) return;
  auto l = lexc::Lexicon::FromBytes(F().both).value();
  for (auto _ : state) benchmark::DoNotOptimize(l.Verify());
}
BENCHMARK(BM_Verify)->Unit(benchmark::kMillisecond);

// Half words, half near-misses (one tile changed), in random order.
void BM_Contains(benchmark::State& state) {
  if (!Ready(state)) return;
  const auto& img = state.range(0) == 0 ? F().dawg : F().gaddag;
  auto l = lexc::Lexicon::FromBytes(img).value();
  std::mt19937_64 rng(42);
  std::vector<std::vector<lexc::Tile>> probes;
  for (int i = 0; i < 100000; ++i) {
    auto w = F().words[rng() % F().words.size()];
    std::vector<lexc::Tile> p(w.begin(), w.end());
    if (i % 2) p[rng() % p.size()] = static_cast<lexc::Tile>(1 + rng() % 26);
    probes.push_back(std::move(p));
  }
  std::size_t i = 0, hits = 0;
  for (auto _ : state) {
    hits += lexc::Contains(l, probes[i]);
    if (++i == probes.size()) i = 0;
  }
  benchmark::DoNotOptimize(hits);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(state.range(0) == 0 ? "dawg" : "gaddag-only");
}
BENCHMARK(BM_Contains)->Arg(0)->Arg(1);

void BM_Anagram(benchmark::State& state) {
  if (!Ready(state)) return;
  auto l = lexc::Lexicon::FromBytes(F().both).value();
  const char* racks[] = {"RETAINS", "RETAINS?", "AEINST??", "QUIZZES"};
  auto rack = lexc::ParseRack(l.alphabet(), racks[state.range(0)]).value();
  std::uint64_t n = 0;
  for (auto _ : state) n += lexc::Anagram(l, rack, state.range(1) != 0, [](const lexc::WordMatch&) { return true; });
  benchmark::DoNotOptimize(n);
  state.SetLabel(std::string(racks[state.range(0)]) + (state.range(1) ? " sub" : " exact"));
}
BENCHMARK(BM_Anagram)
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({1, 1})
    ->Args({3, 1})
    ->Unit(benchmark::kMicrosecond);

void BM_Pattern(benchmark::State& state) {
  if (!Ready(state)) return;
  auto l = lexc::Lexicon::FromBytes(F().both).value();
  const char* pats[] = {"Q?I*", "*XAN*", "??????", "C*T*"};
  auto pat = lexc::ParsePattern(l.alphabet(), pats[state.range(0)]).value();
  std::uint64_t n = 0;
  for (auto _ : state) n += lexc::Pattern(l, pat, [](const lexc::WordMatch&) { return true; });
  benchmark::DoNotOptimize(n);
  state.SetLabel(pats[state.range(0)]);
}
BENCHMARK(BM_Pattern)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

void BM_Substring(benchmark::State& state) {
  if (!Ready(state)) return;
  auto l = lexc::Lexicon::FromBytes(F().both).value();
  auto infix = l.alphabet().TokenizeOrError("XAN").value();
  std::uint64_t n = 0;
  for (auto _ : state) n += lexc::Substring(l, infix, [](const lexc::WordMatch&) { return true; });
  benchmark::DoNotOptimize(n);
}
BENCHMARK(BM_Substring)->Unit(benchmark::kMicrosecond);

// Arg 0: read the image's WIDX section; 1: compute the counts (no section).
const lexc::Lexicon& IndexImage(int computed) {
  static const lexc::Lexicon with = lexc::Lexicon::FromBytes(F().both_widx).value();
  static const lexc::Lexicon without = lexc::Lexicon::FromBytes(F().both).value();
  return computed ? without : with;
}

void BM_WordIndexOf(benchmark::State& state) {
  if (!Ready(state)) return;
  const lexc::Lexicon& l = IndexImage(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto index = lexc::WordIndex::Of(l);
    benchmark::DoNotOptimize(index);
  }
  state.SetLabel(state.range(0) ? "computed from the DAWG" : "WIDX in place");
}
BENCHMARK(BM_WordIndexOf)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Random SOWPODS words, one Number each.
void BM_WordNumber(benchmark::State& state) {
  if (!Ready(state)) return;
  const auto index = lexc::WordIndex::Of(IndexImage(static_cast<int>(state.range(0)))).value();
  std::mt19937_64 rng(42);
  std::vector<std::vector<lexc::Tile>> probes;
  for (int i = 0; i < 100000; ++i) {
    auto w = F().words[rng() % F().words.size()];
    probes.emplace_back(w.begin(), w.end());
  }
  std::size_t i = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) {
    sum += *index.Number(probes[i]);
    if (++i == probes.size()) i = 0;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(state.range(0) ? "computed" : "WIDX");
}
BENCHMARK(BM_WordNumber)->Arg(0)->Arg(1);

// Random word numbers, one Word each.
void BM_WordOfNumber(benchmark::State& state) {
  if (!Ready(state)) return;
  const auto index = lexc::WordIndex::Of(IndexImage(static_cast<int>(state.range(0)))).value();
  std::mt19937_64 rng(42);
  std::vector<std::uint64_t> numbers(100000);
  for (auto& n : numbers) n = rng() % index.size();
  std::vector<lexc::Tile> word;
  std::size_t i = 0, tiles = 0;
  for (auto _ : state) {
    (void)index.Word(numbers[i], &word);
    tiles += word.size();
    if (++i == numbers.size()) i = 0;
  }
  benchmark::DoNotOptimize(tiles);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel(state.range(0) ? "computed" : "WIDX");
}
BENCHMARK(BM_WordOfNumber)->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
