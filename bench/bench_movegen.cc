// Move generation on SOWPODS ($LEXC_SOWPODS, default ../shared/lexica/SOWPODS.txt)
// over two sets of positions, each with the rack of the player to move:
//   greedy  the positions before every move of greedy self-play games (seeds
//           1, 2, ...) until there are at least 1,000 (blank-poor: greedy
//           players spend blanks at once; about 8% of racks hold one)
//   mixed   fixtures/positions/sowpods-mixed.cgp: 1,000 positions of our own
//           self-play, 25% of racks with one or two blanks, mostly mid and
//           late game (fixtures/positions/README.md)
// The composition of both is printed first. The image is built, written to a
// temporary file and memory-mapped, as an engine would use it; with 4-byte
// arcs, or bit-packed ones with LEXC_BENCH_COMPACT=1 (sowpods_image.h).
// Single thread.
//
//   BM_AllPlays/<alg>/<set>   every play built as a Play and passed to a visitor
//   BM_CountPlays/<alg>/<set> every play counted (no Play built)
//   BM_BestPlay/<alg>/<set>   the single best play
//   (alg 1: GADDAG, 0: DAWG; set 0: greedy, 1: mixed)
//   BM_BestByEquity/1/<set>   the best play by static equity (score + a
//                       synthetic full leave table, bench/synthetic_leaves.h):
//                       SetPosition (the rack's leaves) and BestPlayByEquity,
//                       GADDAG; BM_BestByEquityScan/<set> the same answer from
//                       every play generated and rated (the first argument is 1: GADDAG)
//   BM_Analyze          board analysis from scratch (SetBoard)
//   BM_ApplyUndo        the best play applied (incremental analysis) and undone
//   BM_SelfPlayGame     one greedy game (GADDAG), games/s
//   BM_DawgOverGaddag   all plays with both, ratio of the times
//
// Counters (from this thread's CPU time, so other load on the machine counts
// less): plays/s, us/position, plays found per pass over the positions.
// Skips everything when the list is absent.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/builder.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/movegen.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/strategy/equity.h"
#include "lexc/wordlist.h"
#include "sowpods_image.h"
#include "synthetic_leaves.h"

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
  int bag = 0;
};

// A set of positions and one generator per position, analysis done, so the
// timed loops only generate.
struct PositionSet {
  const char* name = "";
  std::vector<Position> positions;
  std::vector<lexc::gen::MoveGenerator> gens;
};

// Racks by blank count, tiles on the board and bag sizes, on stderr.
void PrintComposition(const PositionSet& s) {
  int blanks[3] = {0, 0, 0}, tiles[4] = {0, 0, 0, 0}, bags[4] = {0, 0, 0, 0};
  for (const Position& p : s.positions) {
    ++blanks[std::min(p.rack.blanks(), 2)];
    int on = 0;
    for (int r = 0; r < p.board.rows(); ++r)
      for (int c = 0; c < p.board.cols(); ++c) on += p.board.at(r, c) != lexc::gen::kEmpty;
    ++tiles[on < 30 ? 0 : on < 50 ? 1 : on < 70 ? 2 : 3];
    ++bags[p.bag == 0 ? 0 : p.bag <= 7 ? 1 : p.bag <= 30 ? 2 : 3];
  }
  std::fprintf(stderr,
               "set %-6s %4zu positions; racks with 0/1/2 blanks: %d/%d/%d (%.1f%% with blanks); tiles on board "
               "<30/30-49/50-69/70+: %d/%d/%d/%d; bag 0/1-7/8-30/31+: %d/%d/%d/%d\n",
               s.name, s.positions.size(), blanks[0], blanks[1], blanks[2],
               100.0 * (blanks[1] + blanks[2]) / double(std::max<std::size_t>(1, s.positions.size())), tiles[0],
               tiles[1], tiles[2], tiles[3], bags[0], bags[1], bags[2], bags[3]);
}

struct Fixture {
  std::unique_ptr<lexc::MappedLexicon> image;
  lexc::gen::Layout layout = lexc::gen::Layout::Standard15();
  PositionSet sets[2];  // greedy, mixed
  bool ok = false;

  Fixture() {
    const lexc::Alphabet english = lexc::Alphabet::English();
    lexc::ReadReport rep;
    auto words = lexc::ReadWordList(SowpodsPath(), english, {}, &rep);
    if (!words.ok()) return;
    lexc::BuildOptions options;
    options.compact = lexc::bench::CompactImages();
    auto bytes = lexc::BuildImage(*words, english, options);
    if (!bytes.ok()) return;
    const std::string dir = (std::filesystem::temp_directory_path() / "lexc-bench").string();
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/sowpods-movegen.lex";
    if (!lexc::WriteFileAtomic(path, *bytes).ok()) return;
    auto mapped = lexc::MappedLexicon::Open(path);
    if (!mapped.ok()) return;
    image = std::make_unique<lexc::MappedLexicon>(std::move(mapped).value());
    auto gen = lexc::gen::MoveGenerator::Create(image->lexicon(), layout).value();
    sets[0].name = "greedy";
    for (std::uint64_t seed = 1; sets[0].positions.size() < kMinPositions; ++seed) {
      lexc::game::SelfPlayOptions o;
      o.seed = seed;
      (void)lexc::game::PlayGreedyGame(gen, o, [&](const lexc::gen::Position& p) {
        sets[0].positions.push_back({p.board, p.racks[0], lexc::gen::BagSize(p, english)});
      });
    }
    sets[1].name = "mixed";
    auto text = lexc::ReadFileBytes(LEXC_FIXTURE_MIXED);
    if (!text.ok()) return;
    for (std::string_view rest = *text; !rest.empty();) {
      const std::size_t eol = rest.find('\n');
      const std::string_view line = rest.substr(0, eol);
      rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
      if (line.empty()) continue;
      auto p = lexc::gen::ParseCgp(line, english, layout);
      if (!p.ok()) return;
      sets[1].positions.push_back({p->board, p->racks[0], lexc::gen::BagSize(*p, english)});
    }
    for (PositionSet& s : sets) {
      for (const Position& p : s.positions) {
        s.gens.push_back(lexc::gen::MoveGenerator::Create(image->lexicon(), layout).value());
        (void)s.gens.back().SetBoard(p.board);
      }
      PrintComposition(s);
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
// The set of a benchmark registered with a second argument (0: greedy, 1: mixed).
PositionSet& Set(const benchmark::State& state) { return F().sets[state.range(1) ? 1 : 0]; }

double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Runs per_position(i) -> plays over every position once per iteration and
// reports per-position figures from this thread's CPU time.
template <class PerPosition>
void OverPositions(benchmark::State& state, const char* plays_key, PerPosition&& per_position) {
  const std::size_t n = Set(state).positions.size();
  std::uint64_t plays = 0;
  double cpu = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    plays = 0;
    for (std::size_t i = 0; i < n; ++i) plays += per_position(i);
    cpu += ThreadSeconds() - start;
  }
  const double passes = double(state.iterations()), positions = double(n);
  state.counters["us/position"] = cpu / passes / positions * 1e6;
  if (plays_key[0] == 'p') state.counters["plays/s"] = double(plays) * passes / cpu;
  state.counters[plays_key] = double(plays);
  state.counters["positions"] = positions;
  state.SetLabel(std::string(lexc::gen::AlgorithmName(Alg(state))) + " " + Set(state).name);
}

void BM_AllPlays(benchmark::State& state) {
  if (!Ready(state)) return;
  const Algorithm alg = Alg(state);
  PositionSet& s = Set(state);
  std::int64_t score_sum = 0;
  OverPositions(state, "plays", [&](std::size_t i) {
    return s.gens[i].Generate(s.positions[i].rack, alg, [&](const lexc::gen::Play& p) { score_sum += p.score; });
  });
  benchmark::DoNotOptimize(score_sum);
}
BENCHMARK(BM_AllPlays)->ArgsProduct({{1, 0}, {1, 0}})->Unit(benchmark::kMillisecond);

void BM_CountPlays(benchmark::State& state) {
  if (!Ready(state)) return;
  const Algorithm alg = Alg(state);
  PositionSet& s = Set(state);
  OverPositions(state, "plays", [&](std::size_t i) { return s.gens[i].Count(s.positions[i].rack, alg); });
}
BENCHMARK(BM_CountPlays)->ArgsProduct({{1, 0}, {1, 0}})->Unit(benchmark::kMillisecond);

void BM_BestPlay(benchmark::State& state) {
  if (!Ready(state)) return;
  const Algorithm alg = Alg(state);
  PositionSet& s = Set(state);
  std::int64_t score_sum = 0;
  OverPositions(state, "found", [&](std::size_t i) -> std::uint64_t {
    lexc::gen::Play best;
    if (!s.gens[i].Best(s.positions[i].rack, alg, &best)) return 0;
    score_sum += best.score;
    return 1;
  });
  state.counters["mean_best_score"] = double(score_sum) / double(state.iterations()) / double(s.positions.size());
}
BENCHMARK(BM_BestPlay)->ArgsProduct({{1, 0}, {1, 0}})->Unit(benchmark::kMillisecond);

// The synthetic table and its index, built once.
const lexc::strategy::LeaveValues& Leaves() {
  static const lexc::interop::LeaveTable table = lexc::bench::SyntheticLeaves(lexc::Alphabet::English());
  static const lexc::strategy::LeaveValues values =
      lexc::strategy::LeaveValues::Create(table, lexc::Alphabet::English().size()).value();
  return values;
}

// Runs `best(i, equity, &value)` (true when position i has a play; its
// equity in value) over the set, each position's equity set up first, and
// counts the mean best equity.
template <class Best>
void OverEquityPositions(benchmark::State& state, Best&& best) {
  if (!Ready(state)) return;
  PositionSet& s = Set(state);
  lexc::strategy::StaticEquity equity(Leaves(), F().image->lexicon().alphabet());
  const lexc::Rack no_unseen;
  double sum = 0;
  OverPositions(state, "found", [&](std::size_t i) -> std::uint64_t {
    equity.SetPosition(s.positions[i].rack, s.positions[i].bag, no_unseen);
    double value = 0;
    if (!best(s, i, equity, &value)) return 0;
    sum += value;
    return 1;
  });
  state.counters["mean_best_equity"] = sum / double(state.iterations()) / double(s.positions.size());
}

void BM_BestByEquity(benchmark::State& state) {
  OverEquityPositions(state,
                      [](PositionSet& s, std::size_t i, const lexc::strategy::StaticEquity& equity, double* value) {
                        lexc::strategy::RatedMove best;
                        if (!lexc::strategy::BestPlayByEquity(s.gens[i], Algorithm::kGaddag, equity, &best))
                          return false;
                        *value = best.equity;
                        return true;
                      });
}
BENCHMARK(BM_BestByEquity)->ArgsProduct({{1}, {0, 1}})->Unit(benchmark::kMillisecond);

void BM_BestByEquityScan(benchmark::State& state) {
  OverEquityPositions(state,
                      [](PositionSet& s, std::size_t i, const lexc::strategy::StaticEquity& equity, double* value) {
                        lexc::gen::Play best;
                        bool have = false;
                        s.gens[i].Generate(s.positions[i].rack, Algorithm::kGaddag, [&](const lexc::gen::Play& p) {
                          const double v = equity.OfPlay(p);
                          if (!have || v > *value || (v == *value && lexc::gen::BetterPlay(p, best)))
                            best = p, *value = v, have = true;
                        });
                        return have;
                      });
}
BENCHMARK(BM_BestByEquityScan)->ArgsProduct({{1}, {0, 1}})->Unit(benchmark::kMillisecond);

void BM_Analyze(benchmark::State& state) {
  if (!Ready(state)) return;
  auto gen = lexc::gen::MoveGenerator::Create(F().image->lexicon(), F().layout).value();
  double cpu = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    for (const Position& p : F().sets[0].positions) (void)gen.SetBoard(p.board);
    cpu += ThreadSeconds() - start;
  }
  state.counters["us/position"] = cpu / double(state.iterations()) / double(F().sets[0].positions.size()) * 1e6;
}
BENCHMARK(BM_Analyze)->Unit(benchmark::kMillisecond);

void BM_ApplyUndo(benchmark::State& state) {
  if (!Ready(state)) return;
  std::vector<lexc::gen::Play> best(F().sets[0].positions.size());
  std::vector<std::size_t> with_play;
  for (std::size_t i = 0; i < F().sets[0].positions.size(); ++i)
    if (F().sets[0].gens[i].Best(F().sets[0].positions[i].rack, Algorithm::kGaddag, &best[i])) with_play.push_back(i);
  double cpu = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    for (const std::size_t i : with_play) {
      (void)F().sets[0].gens[i].Apply(best[i]);
      (void)F().sets[0].gens[i].Undo();
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
      for (std::size_t i = 0; i < F().sets[0].positions.size(); ++i)
        F().sets[0].gens[i].Generate(F().sets[0].positions[i].rack, alg,
                                     [&](const lexc::gen::Play& p) { sum += p.score; });
      benchmark::DoNotOptimize(sum);
      seconds[alg == Algorithm::kGaddag] += ThreadSeconds() - start;
    }
  }
  state.counters["dawg/gaddag"] = seconds[0] / seconds[1];
}
BENCHMARK(BM_DawgOverGaddag)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
