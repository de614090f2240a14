// The cost of a study's statistics next to the cost of the games: greedy
// self-play on SOWPODS ($LEXC_SOWPODS, default ../shared/lexica/SOWPODS.txt;
// the fixture english-small.txt when absent), one thread.
//
//   BM_PlayGreedyGame   one greedy game (GADDAG), seeds 1, 2, ...
//   BM_StatsAdd         StudyStats::Add of one recorded game (the same games,
//                       recorded once, replayed cyclically)
//   BM_StatsMerge       StudyStats::Merge of two accumulators (per merge)
//   BM_StatsToJson      ToJson of the statistics of the recorded games
//
// The target (issue 8): statistics cost <= 10% over bare play, so Add should
// stay under ~60 us/game once a game takes ~0.75 ms.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/game/selfplay.h"
#include "lexc/selfplay/stats.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;

std::string SowpodsPath() {
  const char* env = std::getenv("LEXC_SOWPODS");
  return env && *env ? env : LEXC_DEFAULT_SOWPODS;
}

struct Fixture {
  std::vector<std::uint64_t> store;
  Lexicon lex;
  gen::Layout layout = gen::Layout::Standard15();
  WordIndex index;
  std::vector<game::GameRecord> games;
  std::string source;

  Fixture() {
    const Alphabet english = Alphabet::English();
    ReadReport rep;
    source = SowpodsPath();
    auto words = ReadWordList(source, english, {}, &rep);
    if (!words.ok()) {
      source = LEXC_FIXTURE_WORDS;
      words = ReadWordList(source, english, {}, &rep);
    }
    if (!words.ok()) std::abort();
    auto bytes = BuildImage(*words, english, BuildOptions());
    if (!bytes.ok()) std::abort();
    store.resize((bytes->size() + 7) / 8);
    std::memcpy(store.data(), bytes->data(), bytes->size());
    lex = Lexicon::FromBytes({reinterpret_cast<const std::byte*>(store.data()), bytes->size()}).value();
    index = WordIndex::Of(lex).value();
    gen::MoveGenerator gen = gen::MoveGenerator::Create(lex, layout).value();
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      game::SelfPlayOptions o;
      o.seed = seed;
      o.lexicon_name = "SOWPODS";
      games.push_back(game::PlayGreedyGame(gen, o).value());
    }
  }
  selfplay::StatsConfig Config() const {
    return selfplay::StatsConfig{&lex, &layout, &index, game::Rules(), "SOWPODS", 10, 10, 100, {}};
  }
};

const Fixture& Get() {
  static const Fixture f;
  return f;
}

void BM_PlayGreedyGame(benchmark::State& state) {
  const Fixture& f = Get();
  gen::MoveGenerator gen = gen::MoveGenerator::Create(f.lex, f.layout).value();
  std::uint64_t seed = 1;
  for (auto _ : state) {
    game::SelfPlayOptions o;
    o.seed = seed++;
    o.lexicon_name = "SOWPODS";
    auto g = game::PlayGreedyGame(gen, o);
    benchmark::DoNotOptimize(g);
  }
  state.SetLabel(f.source);
  state.counters["games/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PlayGreedyGame)->Unit(benchmark::kMicrosecond)->MinTime(2.0);

void BM_StatsAdd(benchmark::State& state) {
  const Fixture& f = Get();
  selfplay::StudyStats stats(f.Config());
  std::size_t i = 0;
  for (auto _ : state) {
    if (!stats.Add(f.games[i]).ok()) std::abort();
    if (++i == f.games.size()) i = 0;
  }
  state.counters["games/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StatsAdd)->Unit(benchmark::kMicrosecond)->MinTime(2.0);

void BM_StatsMerge(benchmark::State& state) {
  const Fixture& f = Get();
  selfplay::StudyStats a(f.Config()), b(f.Config());
  for (const auto& g : f.games) (void)b.Add(g);
  for (auto _ : state) {
    if (!a.Merge(b).ok()) std::abort();
  }
}
BENCHMARK(BM_StatsMerge)->Unit(benchmark::kMicrosecond);

void BM_StatsToJson(benchmark::State& state) {
  const Fixture& f = Get();
  selfplay::StudyStats s(f.Config());
  for (const auto& g : f.games) (void)s.Add(g);
  for (auto _ : state) benchmark::DoNotOptimize(s.ToJson().dump());
}
BENCHMARK(BM_StatsToJson)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
