// Move generation on SOWPODS ($LEXC_SOWPODS, default ../shared/lexica/SOWPODS.txt):
// the positions before every move of greedy self-play games (seeds 1, 2, ...)
// until there are at least 1,000, each with the rack of the player to move.
// The image is built, written to a temporary file and memory-mapped, as an
// engine would use it. Single thread.
//
//   BM_AllPlays/<alg>   every play built as a Play and passed to a visitor
//   BM_CountPlays/<alg> every play counted (no Play built)
//   BM_BestPlay/<alg>   the single best play
//   BM_Analyze          board analysis from scratch (SetBoard)
//   BM_ApplyUndo        the best play applied (incremental analysis) and undone
//   BM_SelfPlayGame     one greedy game (GADDAG), games/s
//   BM_DawgOverGaddag   all plays with both, ratio of the times
//
// Counters (from this thread's CPU time, so other load on the machine counts
// less): plays/s, us/position, plays found per pass over the positions.
// Skips everything when the list is absent.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/movegen.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace {

using lexc::gen::Algorithm;

constexpr std::size_t kMinPositions = 1000;

std::string SowpodsPath() {
  const char* env = std::getenv("LEXC_SOWPODS");
  return env && *env ? env : LEXC_DEFAULT_SOWPODS;
}

struct Position {
  lexc::gen::Board board;
  lexc::Rack rack;
};

struct Fixture {
  std::unique_ptr<lexc::MappedLexicon> image;
  lexc::gen::Layout layout = lexc::gen::Layout::Standard15();
  std::vector<Position> positions;
  // One generator per position, analysis done, so the timed loops only generate.
  std::vector<lexc::gen::MoveGenerator> gens;
  bool ok = false;

  Fixture() {
    const lexc::Alphabet english = lexc::Alphabet::English();
    lexc::ReadReport rep;
    auto words = lexc::ReadWordList(SowpodsPath(), english, {}, &rep);
    if (!words.ok()) return;
    auto bytes = lexc::BuildImage(*words, english, lexc::BuildOptions());
    if (!bytes.ok()) return;
    const std::string dir = (std::filesystem::temp_directory_path() / "lexc-bench").string();
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/sowpods-movegen.lex";
    if (!lexc::WriteFileAtomic(path, *bytes).ok()) return;
    auto mapped = lexc::MappedLexicon::Open(path);
    if (!mapped.ok()) return;
    image = std::make_unique<lexc::MappedLexicon>(std::move(mapped).value());
    auto gen = lexc::gen::MoveGenerator::Create(image->lexicon(), layout).value();
    for (std::uint64_t seed = 1; positions.size() < kMinPositions; ++seed) {
      lexc::game::SelfPlayOptions o;
      o.seed = seed;
      (void)lexc::game::PlayGreedyGame(gen, o, [&](const lexc::gen::Position& p) {
        positions.push_back({p.board, p.racks[0]});
      });
    }
    for (const Position& p : positions) {
      gens.push_back(lexc::gen::MoveGenerator::Create(image->lexicon(), layout).value());
      (void)gens.back().SetBoard(p.board);
    }
    ok = true;
  }
};

Fixture& F() {
  static Fixture f;
  return f;
}

bool Ready(benchmark::State& state) {
  if (F().ok) return true;
  state.SkipWithError(("word list not found: " + SowpodsPath()).c_str());
  return false;
}

Algorithm Alg(const benchmark::State& state) { return state.range(0) ? Algorithm::kGaddag : Algorithm::kDawg; }

double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Runs per_position(i) -> plays over every position once per iteration and
// reports per-position figures from this thread's CPU time.
template <class PerPosition>
void OverPositions(benchmark::State& state, const char* plays_key, PerPosition&& per_position) {
  std::uint64_t plays = 0;
  double cpu = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    plays = 0;
    for (std::size_t i = 0; i < F().positions.size(); ++i) plays += per_position(i);
    cpu += ThreadSeconds() - start;
  }
  const double passes = double(state.iterations()), positions = double(F().positions.size());
  state.counters["us/position"] = cpu / passes / positions * 1e6;
  if (plays_key[0] == 'p') state.counters["plays/s"] = double(plays) * passes / cpu;
  state.counters[plays_key] = double(plays);
  state.counters["positions"] = positions;
  state.SetLabel(lexc::gen::AlgorithmName(Alg(state)));
}

void BM_AllPlays(benchmark::State& state) {
  if (!Ready(state)) return;
  const Algorithm alg = Alg(state);
  std::int64_t score_sum = 0;
  OverPositions(state, "plays", [&](std::size_t i) {
    return F().gens[i].Generate(F().positions[i].rack, alg, [&](const lexc::gen::Play& p) { score_sum += p.score; });
  });
  benchmark::DoNotOptimize(score_sum);
}
BENCHMARK(BM_AllPlays)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_CountPlays(benchmark::State& state) {
  if (!Ready(state)) return;
  const Algorithm alg = Alg(state);
  OverPositions(state, "plays", [&](std::size_t i) { return F().gens[i].Count(F().positions[i].rack, alg); });
}
BENCHMARK(BM_CountPlays)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_BestPlay(benchmark::State& state) {
  if (!Ready(state)) return;
  const Algorithm alg = Alg(state);
  std::int64_t score_sum = 0;
  OverPositions(state, "found", [&](std::size_t i) -> std::uint64_t {
    lexc::gen::Play best;
    if (!F().gens[i].Best(F().positions[i].rack, alg, &best)) return 0;
    score_sum += best.score;
    return 1;
  });
  state.counters["mean_best_score"] = double(score_sum) / double(state.iterations()) / double(F().positions.size());
}
BENCHMARK(BM_BestPlay)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_Analyze(benchmark::State& state) {
  if (!Ready(state)) return;
  auto gen = lexc::gen::MoveGenerator::Create(F().image->lexicon(), F().layout).value();
  double cpu = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    for (const Position& p : F().positions) (void)gen.SetBoard(p.board);
    cpu += ThreadSeconds() - start;
  }
  state.counters["us/position"] = cpu / double(state.iterations()) / double(F().positions.size()) * 1e6;
}
BENCHMARK(BM_Analyze)->Unit(benchmark::kMillisecond);

void BM_ApplyUndo(benchmark::State& state) {
  if (!Ready(state)) return;
  std::vector<lexc::gen::Play> best(F().positions.size());
  std::vector<std::size_t> with_play;
  for (std::size_t i = 0; i < F().positions.size(); ++i)
    if (F().gens[i].Best(F().positions[i].rack, Algorithm::kGaddag, &best[i])) with_play.push_back(i);
  double cpu = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    for (const std::size_t i : with_play) {
      (void)F().gens[i].Apply(best[i]);
      (void)F().gens[i].Undo();
    }
    cpu += ThreadSeconds() - start;
  }
  state.counters["us/position"] = cpu / double(state.iterations()) / double(with_play.size()) * 1e6;
}
BENCHMARK(BM_ApplyUndo)->Unit(benchmark::kMillisecond);

void BM_SelfPlayGame(benchmark::State& state) {
  if (!Ready(state)) return;
  auto gen = lexc::gen::MoveGenerator::Create(F().image->lexicon(), F().layout).value();
  std::uint64_t seed = 1000;
  for (auto _ : state) {
    lexc::game::SelfPlayOptions o;
    o.seed = seed++;
    benchmark::DoNotOptimize(lexc::game::PlayGreedyGame(gen, o));
  }
  state.counters["games/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SelfPlayGame)->Unit(benchmark::kMillisecond);

void BM_DawgOverGaddag(benchmark::State& state) {
  if (!Ready(state)) return;
  double seconds[2] = {0, 0};
  for (auto _ : state) {
    for (const Algorithm alg : {Algorithm::kDawg, Algorithm::kGaddag}) {
      const double start = ThreadSeconds();
      std::int64_t sum = 0;
      for (std::size_t i = 0; i < F().positions.size(); ++i)
        F().gens[i].Generate(F().positions[i].rack, alg, [&](const lexc::gen::Play& p) { sum += p.score; });
      benchmark::DoNotOptimize(sum);
      seconds[alg == Algorithm::kGaddag] += ThreadSeconds() - start;
    }
  }
  state.counters["dawg/gaddag"] = seconds[0] / seconds[1];
}
BENCHMARK(BM_DawgOverGaddag)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
