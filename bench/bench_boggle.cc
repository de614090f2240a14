// Boggle on SOWPODS ($LEXC_SOWPODS, default ../shared/lexica/SOWPODS.txt
// beside the checkout), one thread: random boards rolled from the standard
// dice (4x4 New Boggle, 5x5 Big Boggle; seeds 0..kBoards-1) scored per
// second (Score, and Solve with the word list); also 4x4 boards of 16
// letters drawn uniformly from A-Z (Q the Qu face), the workload of the
// published trie-based solvers' figures (BM_UniformBoards); and the board search's
// evaluations per second (SearchBestBoards, a fixed iteration budget, one
// thread), and the solver's construction. The image holds the DAWG only, or both graphs (the solver then
// walks the same DAWG), or the GADDAG only (its DAWG part). Skips
// everything when the list is absent.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "lexc/boggle/dice.h"
#include "lexc/boggle/search.h"
#include "lexc/boggle/solver.h"
#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace {

constexpr int kBoards = 4096;

struct Image {
  std::vector<std::uint64_t> store;
  lexc::Lexicon lex;
};

struct Fixture {
  lexc::Alphabet alphabet = lexc::Alphabet::English();
  Image dawg, gaddag;
  std::vector<lexc::boggle::Grid> boards4, boards5, uniform4;
  bool ok = false;

  Fixture() {
    const char* env = std::getenv("LEXC_SOWPODS");
    lexc::ReadReport rep;
    auto wl = lexc::ReadWordList(env && *env ? env : LEXC_DEFAULT_SOWPODS, alphabet, {}, &rep);
    if (!wl.ok()) return;
    Build(*wl, true, false, &dawg);
    Build(*wl, false, true, &gaddag);
    for (int seed = 0; seed < kBoards; ++seed) {
      boards4.push_back(lexc::boggle::RollDice(*lexc::boggle::StandardDice(4, 4), alphabet, seed).value());
      boards5.push_back(lexc::boggle::RollDice(*lexc::boggle::StandardDice(5, 5), alphabet, seed).value());
    }
    std::mt19937 rng(808813);
    std::uniform_int_distribution<int> letter(0, 25);
    for (int b = 0; b < kBoards; ++b) {
      std::string text;
      for (int c = 0; c < 16; ++c) {
        const char l = char('A' + letter(rng));
        text += (c > 0 && c % 4 == 0 ? " " : "") + (l == 'Q' ? std::string("QU") : std::string(1, l));  // "QUU": Qu, U
      }
      uniform4.push_back(lexc::boggle::ParseGrid(alphabet, text).value());
    }
    ok = true;
  }
  void Build(const lexc::WordList& words, bool d, bool g, Image* out) const {
    lexc::BuildOptions o;
    o.dawg = d;
    o.gaddag = g;
    const auto bytes = lexc::BuildImage(words, alphabet, o).value();
    out->store.resize((bytes.size() + 7) / 8);
    std::memcpy(out->store.data(), bytes.data(), bytes.size());
    out->lex = lexc::Lexicon::FromBytes({reinterpret_cast<const std::byte*>(out->store.data()), bytes.size()}).value();
  }
};

const Fixture* F(benchmark::State& state) {
  static const Fixture f;
  if (!f.ok) state.SkipWithError("SOWPODS not found (set LEXC_SOWPODS)");
  return f.ok ? &f : nullptr;
}

// Arguments: side (4 or 5), 1 for the GADDAG-only image, 1 to list words (Solve).
void BM_RandomBoards(benchmark::State& state) {
  const Fixture* f = F(state);
  if (!f) return;
  const auto& boards = state.range(0) == 4 ? f->boards4 : f->boards5;
  const lexc::Lexicon& lex = state.range(1) ? f->gaddag.lex : f->dawg.lex;
  const bool list = state.range(2) != 0;
  lexc::boggle::Solver solver = lexc::boggle::Solver::Create(lex).value();
  std::size_t i = 0;
  std::int64_t points = 0;
  for (auto _ : state) {
    points += list ? solver.Solve(boards[i]) : solver.Score(boards[i]);
    if (++i == boards.size()) i = 0;
  }
  benchmark::DoNotOptimize(points);
  state.SetItemsProcessed(state.iterations());
  state.counters["points/board"] = double(points) / double(state.iterations());
}
BENCHMARK(BM_RandomBoards)
    ->ArgNames({"side", "gaddag_only", "list"})
    ->Args({4, 0, 0})
    ->Args({5, 0, 0})
    ->Args({4, 0, 1})
    ->Args({4, 1, 0});

// 4x4 boards of uniformly random letters (Q: the Qu face), DAWG image,
// Score: far fewer words a board than dice boards (about 40 points with
// ENABLE2K, the published solvers' list, against 195 for dice and SOWPODS).
void BM_UniformBoards(benchmark::State& state) {
  const Fixture* f = F(state);
  if (!f) return;
  lexc::boggle::Solver solver = lexc::boggle::Solver::Create(f->dawg.lex).value();
  std::size_t i = 0;
  std::int64_t points = 0;
  for (auto _ : state) {
    points += solver.Score(f->uniform4[i]);
    if (++i == f->uniform4.size()) i = 0;
  }
  benchmark::DoNotOptimize(points);
  state.SetItemsProcessed(state.iterations());
  state.counters["points/board"] = double(points) / double(state.iterations());
}
BENCHMARK(BM_UniformBoards);

// Solver::Create on the DAWG image: the edge table derived from the DAWG
// (time per build; its bytes as a counter).
void BM_CreateSolver(benchmark::State& state) {
  const Fixture* f = F(state);
  if (!f) return;
  std::uint64_t bytes = 0;
  for (auto _ : state) {
    auto solver = lexc::boggle::Solver::Create(f->dawg.lex).value();
    bytes = solver.table_bytes();
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["table_bytes"] = double(bytes);
}
BENCHMARK(BM_CreateSolver)->Unit(benchmark::kMillisecond);

// One SearchBestBoards call of 20,000 proposals (4x4, one thread, seed 1),
// timed in process CPU time (the search runs on a thread of its own; the
// wall clock of a loaded machine would count other programs' turns), so
// items_per_second is boards evaluated per CPU second.
double ProcessCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void BM_SearchEvaluations(benchmark::State& state) {
  const Fixture* f = F(state);
  if (!f) return;
  lexc::boggle::Solver solver = lexc::boggle::Solver::Create(f->dawg.lex).value();
  lexc::boggle::SearchOptions o;
  o.iterations = 20000;
  o.chain_length = 20000;
  std::uint64_t evaluated = 0;
  int best = 0;
  for (auto _ : state) {
    const double t0 = ProcessCpuSeconds();
    const auto r = lexc::boggle::SearchBestBoards(solver, f->alphabet, o).value();
    state.SetIterationTime(ProcessCpuSeconds() - t0);
    evaluated += r.evaluated;
    best = r.best.front().score;
  }
  state.SetItemsProcessed(std::int64_t(evaluated));
  state.counters["best"] = best;
}
BENCHMARK(BM_SearchEvaluations)->Unit(benchmark::kMillisecond)->UseManualTime();

}  // namespace

BENCHMARK_MAIN();
