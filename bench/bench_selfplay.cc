// Greedy self-play on SOWPODS ($LEXC_SOWPODS, default
// ../shared/lexica/SOWPODS.txt), one thread: every iteration plays the same
// 200 games (seeds 1..200) with one move generator, as `lexc selfplay` does.
// The image is built, written to a temporary file and memory-mapped.
//
//   BM_GreedyGames/<alg>   200 games per iteration
//
// Counters (from this thread's CPU time, so other load on the machine counts
// less): games/s, us/turn, turns per iteration (a check that every iteration
// plays the same games). Run with --benchmark_repetitions=N and read the
// medians. Skips everything when the list is absent.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <string>

#include "lexc/builder.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/movegen.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace {

using lexc::gen::Algorithm;

constexpr std::uint64_t kGamesPerIteration = 200;

std::string SowpodsPath() {
  const char* env = std::getenv("LEXC_SOWPODS");
  return env && *env ? env : LEXC_DEFAULT_SOWPODS;
}

// The SOWPODS image, mapped; null when the list or the build fails.
std::unique_ptr<lexc::MappedLexicon> OpenImage() {
  const lexc::Alphabet english = lexc::Alphabet::English();
  lexc::ReadReport rep;
  auto words = lexc::ReadWordList(SowpodsPath(), english, {}, &rep);
  if (!words.ok()) return nullptr;
  auto bytes = lexc::BuildImage(*words, english, lexc::BuildOptions());
  if (!bytes.ok()) return nullptr;
  const std::string dir = (std::filesystem::temp_directory_path() / "lexc-bench").string();
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/sowpods-selfplay.lex";
  if (!lexc::WriteFileAtomic(path, *bytes).ok()) return nullptr;
  auto mapped = lexc::MappedLexicon::Open(path);
  if (!mapped.ok()) return nullptr;
  return std::make_unique<lexc::MappedLexicon>(std::move(mapped).value());
}

const lexc::MappedLexicon* Image() {
  static const std::unique_ptr<lexc::MappedLexicon> image = OpenImage();
  return image.get();
}

double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void BM_GreedyGames(benchmark::State& state) {
  if (!Image()) {
    state.SkipWithError(("word list not found: " + SowpodsPath()).c_str());
    return;
  }
  const Algorithm alg = state.range(0) ? Algorithm::kGaddag : Algorithm::kDawg;
  static const lexc::gen::Layout layout = lexc::gen::Layout::Standard15();  // the generator keeps a reference
  auto gen = lexc::gen::MoveGenerator::Create(Image()->lexicon(), layout).value();
  lexc::game::SeriesOptions series;
  series.games = kGamesPerIteration;
  series.first_seed = 1;
  series.game.algorithm = alg;
  lexc::game::GreedyPlayer one("Greedy One"), two("Greedy Two");
  // The first series also builds what the generator fetches once (the
  // bingo index): untimed.
  if (auto first = lexc::game::RunSelfPlay(gen, one, two, series); !first.ok()) {
    state.SkipWithError(first.status().ToString().c_str());
    return;
  }
  double cpu = 0;
  std::uint64_t turns = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    auto stats = lexc::game::RunSelfPlay(gen, one, two, series);
    cpu += ThreadSeconds() - start;
    if (!stats.ok()) {
      state.SkipWithError(stats.status().ToString().c_str());
      return;
    }
    turns = stats->turns;
  }
  const double iterations = double(state.iterations());
  state.counters["games/s"] = iterations * double(kGamesPerIteration) / cpu;
  state.counters["us/turn"] = cpu / iterations / double(turns) * 1e6;
  state.counters["turns"] = double(turns);
  state.SetLabel(lexc::gen::AlgorithmName(alg));
}
BENCHMARK(BM_GreedyGames)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
