// The equity player's choice next to the greedy one, on SOWPODS
// ($LEXC_SOWPODS, default ../shared/lexica/SOWPODS.txt) over
// fixtures/positions/sowpods-mixed.cgp (1,000 positions, the rack of the
// player to move), one generator per position with its board set, single
// thread. Leave values from $LEXC_LEAVES (a KLV2 or lexc leave file, e.g.
// `lexc leaves sowpods.lex -o /tmp/sowpods.klv2`); without it the equity
// rows are skipped.
//
//   BM_BestByScore       MoveGenerator::Best: the greedy player's search
//   BM_BestByEquityAll   TopByEquity(1): every play rated
//   BM_BestByEquity      BestByEquity: plays best score first until the
//                        score + the rack's best leave cannot win (exact)
//
// Counters (this thread's CPU time): us/position, and for BestByEquity the
// mean number of plays the search looked at against all plays.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/movegen.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/leave_file.h"
#include "lexc/wordlist.h"

namespace {

using lexc::gen::Algorithm;

struct Position {
  lexc::gen::Board board;
  lexc::Rack rack;
  int bag = 0;
  lexc::Rack unseen;
};

struct Fixture {
  std::unique_ptr<lexc::MappedLexicon> image;
  lexc::gen::Layout layout = lexc::gen::Layout::Standard15();
  std::vector<Position> positions;
  std::vector<lexc::gen::MoveGenerator> gens;
  std::unique_ptr<lexc::strategy::LeaveFile> leaves;
  std::unique_ptr<lexc::strategy::LeaveValues> values;
  std::string error;

  Fixture() {
    const char* env = std::getenv("LEXC_SOWPODS");
    const std::string list = env && *env ? env : LEXC_DEFAULT_SOWPODS;
    const lexc::Alphabet english = lexc::Alphabet::English();
    lexc::ReadReport rep;
    auto words = lexc::ReadWordList(list, english, {}, &rep);
    if (!words.ok()) {
      error = "word list not found: " + list;
      return;
    }
    auto bytes = lexc::BuildImage(*words, english, lexc::BuildOptions());
    const std::string dir = (std::filesystem::temp_directory_path() / "lexc-bench").string();
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/sowpods-equity.lex";
    if (!bytes.ok() || !lexc::WriteFileAtomic(path, *bytes).ok()) return;
    image = std::make_unique<lexc::MappedLexicon>(lexc::MappedLexicon::Open(path).value());
    auto text = lexc::ReadFileBytes(LEXC_FIXTURE_MIXED);
    if (!text.ok()) return;
    for (std::string_view rest = *text; !rest.empty();) {
      const std::size_t eol = rest.find('\n');
      const std::string_view line = rest.substr(0, eol);
      rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
      if (line.empty()) continue;
      auto p = lexc::gen::ParseCgp(line, english, layout);
      if (!p.ok()) return;
      Position pos{p->board, p->racks[0], lexc::gen::BagSize(*p, english), {}};
      const lexc::gen::TileCounts u = lexc::gen::Unseen(*p, english);
      for (int t = 1; t <= lexc::gen::kMaxGenTile; ++t)
        for (int c = 0; c < u.counts[std::size_t(t)]; ++c) pos.unseen.Add(lexc::Tile(t));
      for (int b = 0; b < u.blanks; ++b) pos.unseen.AddBlank();
      positions.push_back(pos);
      gens.push_back(lexc::gen::MoveGenerator::Create(image->lexicon(), layout).value());
      (void)gens.back().SetBoard(p->board);
    }
    if (const char* l = std::getenv("LEXC_LEAVES"); l && *l) {
      auto f = lexc::strategy::LoadLeaveFile(l, english);
      if (f.ok()) {
        leaves = std::make_unique<lexc::strategy::LeaveFile>(std::move(*f));
        values = std::make_unique<lexc::strategy::LeaveValues>(
            lexc::strategy::LeaveValues::Create(leaves->table, english.size()).value());
      } else {
        std::fprintf(stderr, "LEXC_LEAVES: %s\n", f.status().detail().c_str());
      }
    }
  }
};

Fixture& F() {
  static Fixture f;
  return f;
}

double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

template <class PerPosition>
void OverPositions(benchmark::State& state, PerPosition&& per_position) {
  const std::size_t n = F().positions.size();
  double cpu = 0;
  for (auto _ : state) {
    const double start = ThreadSeconds();
    for (std::size_t i = 0; i < n; ++i) per_position(i);
    cpu += ThreadSeconds() - start;
  }
  state.counters["us/position"] = cpu / double(state.iterations()) / double(n) * 1e6;
  state.counters["positions"] = double(n);
}

bool Ready(benchmark::State& state, bool need_leaves) {
  if (F().positions.empty()) {
    state.SkipWithError(F().error.empty() ? "no positions" : F().error.c_str());
    return false;
  }
  if (need_leaves && !F().values) {
    state.SkipWithError("no leave values: set LEXC_LEAVES to a KLV2 or lexc leave file");
    return false;
  }
  return true;
}

void BM_BestByScore(benchmark::State& state) {
  if (!Ready(state, false)) return;
  std::int64_t sum = 0;
  OverPositions(state, [&](std::size_t i) {
    lexc::gen::Play best;
    if (F().gens[i].Best(F().positions[i].rack, Algorithm::kGaddag, &best)) sum += best.score;
  });
  benchmark::DoNotOptimize(sum);
}
BENCHMARK(BM_BestByScore)->Unit(benchmark::kMillisecond);

void BM_BestByEquityAll(benchmark::State& state) {
  if (!Ready(state, true)) return;
  lexc::strategy::StaticEquity equity(*F().values, F().image->lexicon().alphabet());
  std::vector<lexc::strategy::RatedMove> top;
  double sum = 0;
  OverPositions(state, [&](std::size_t i) {
    const Position& p = F().positions[i];
    equity.SetPosition(p.rack, p.bag, p.unseen);
    lexc::strategy::TopByEquity(F().gens[i], Algorithm::kGaddag, equity, p.bag >= 7, 1, &top);
    sum += top[0].equity;
  });
  benchmark::DoNotOptimize(sum);
}
BENCHMARK(BM_BestByEquityAll)->Unit(benchmark::kMillisecond);

void BM_BestByEquity(benchmark::State& state) {
  if (!Ready(state, true)) return;
  lexc::strategy::StaticEquity equity(*F().values, F().image->lexicon().alphabet());
  std::vector<lexc::gen::Play> scratch;
  double sum = 0, seen = 0, all = 0;
  OverPositions(state, [&](std::size_t i) {
    const Position& p = F().positions[i];
    equity.SetPosition(p.rack, p.bag, p.unseen);
    lexc::strategy::RatedMove best;
    lexc::strategy::BestByEquity(F().gens[i], Algorithm::kGaddag, equity, p.bag >= 7, &best, &scratch);
    sum += best.equity;
  });
  for (std::size_t i = 0; i < F().positions.size(); ++i) {  // untimed: how much of the search was cut
    const Position& p = F().positions[i];
    equity.SetPosition(p.rack, p.bag, p.unseen);
    lexc::strategy::RatedMove best;
    lexc::strategy::BestByEquity(F().gens[i], Algorithm::kGaddag, equity, p.bag >= 7, &best, &scratch);
    seen += double(scratch.size());
    all += double(F().gens[i].Count(p.rack, Algorithm::kGaddag));
  }
  state.counters["plays_listed/position"] = seen / double(F().positions.size());
  state.counters["plays/position"] = all / double(F().positions.size());
  benchmark::DoNotOptimize(sum);
}
BENCHMARK(BM_BestByEquity)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
