// Monte Carlo simulation (lexc::strategy::Simulate) on SOWPODS mid-game
// positions ($LEXC_SOWPODS, default ../shared/lexica/SOWPODS.txt; skipped
// when absent): iterations per second, one iteration being one draw played
// out for one candidate to the chosen depth (the unit).
//
// Positions: the first --positions N (default 20) records of
// fixtures/positions/sowpods-mixed.cgp with at least 20 tiles on the board
// and at least 30 in the bag as the mover sees it. Each is simulated with
// --candidates K (default 10), --plies P (default 2) and --iterations N per
// candidate (default 200) in one batch (no pruning, so every candidate plays
// every draw), for each thread count of --threads (default "1,2"), --reps R
// times (default 3). Reported per thread count: the median over repetitions
// of (candidate-iterations of all positions) / (wall seconds), and the same
// per CPU second of the process.
//
// Leaves: --leaves FILE (KLV2 or lexc's leave file); by default a synthetic
// table over every leave of 1..6 tiles (per-tile values plus a penalty per
// duplicate, magnitudes like published tables), so that the best reply by
// equity is as hard to find as with real leaves. --none: every leave 0.
//
//   bench_sim [--positions N] [--candidates K] [--plies P] [--iterations N]
//             [--threads 1,2] [--reps R] [--leaves FILE | --none]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/gen/cgp.h"
#include "lexc/interop/klv2.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/strategy/simulation.h"
#include "lexc/wordlist.h"
#include "sowpods_image.h"
#include "synthetic_leaves.h"

namespace {

using namespace lexc;

double ProcessSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

[[noreturn]] void Die(const std::string& why) {
  std::fprintf(stderr, "bench_sim: %s\n", why.c_str());
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  int npos = 20, reps = 3;
  strategy::SimOptions o;
  o.max_iterations = 200;
  std::string threads_list = "1,2", leaves_file;
  bool none = false;
  std::string set_file = LEXC_FIXTURE_GREEDY;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) Die(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--positions")
      npos = std::atoi(next().c_str());
    else if (arg == "--candidates")
      o.candidates = std::atoi(next().c_str());
    else if (arg == "--plies")
      o.plies = std::atoi(next().c_str());
    else if (arg == "--iterations")
      o.max_iterations = std::strtoull(next().c_str(), nullptr, 10);
    else if (arg == "--threads")
      threads_list = next();
    else if (arg == "--reps")
      reps = std::atoi(next().c_str());
    else if (arg == "--leaves")
      leaves_file = next();
    else if (arg == "--set")
      set_file = next();
    else if (arg == "--none")
      none = true;
    else
      Die("unknown argument " + arg);
  }
  o.batch = int(o.max_iterations);
  const std::vector<int> thread_counts = lexc::bench::ParseThreadList(threads_list);
  const Alphabet english = Alphabet::English();
  std::string why;
  bool missing = false;
  const auto image = lexc::bench::SowpodsImage(LEXC_DEFAULT_SOWPODS, &missing, &why);
  if (!image && missing) {
    std::printf("bench_sim: %s, skipped\n", why.c_str());
    return 0;
  }
  if (!image) Die(why);
  const Lexicon& lex = image->lexicon;
  const gen::Layout layout = gen::Layout::Standard15();

  interop::LeaveTable table;
  std::string leaves_name = "none";
  if (!none && leaves_file.empty()) {
    table = lexc::bench::SyntheticLeaves(english);
    leaves_name = "synthetic (" + std::to_string(table.size()) + " leaves)";
  } else if (!none) {
    auto t = interop::LoadLeaveTable(leaves_file, english);
    if (!t.ok()) Die(t.status().detail());
    table = std::move(t).value();
    leaves_name = leaves_file;
  }
  const strategy::LeaveValues leaves =
      none ? strategy::LeaveValues() : strategy::LeaveValues::Create(table, english.size()).value();

  auto text = ReadFileBytes(set_file);
  if (!text.ok()) Die(text.status().detail());
  std::vector<gen::Position> positions;
  {
    std::stringstream ss(*text);
    for (std::string line; std::getline(ss, line) && int(positions.size()) < npos;) {
      if (line.empty() || line[0] == '#') continue;
      auto p = gen::ParseCgp(line, english, layout);
      if (!p.ok()) Die(p.status().detail());
      int on_board = 0;
      for (int r = 0; r < 15; ++r)
        for (int c = 0; c < 15; ++c) on_board += p->board.at(r, c) != gen::kEmpty;
      if (on_board >= 20 && gen::BagSize(*p, english) >= 30) positions.push_back(*std::move(p));
    }
  }
  std::printf("bench_sim: SOWPODS, %zu mid-game positions, %d candidates, %d plies, %llu iterations each, leaves %s\n",
              positions.size(), o.candidates, o.plies, static_cast<unsigned long long>(o.max_iterations),
              leaves_name.c_str());
  // Warm-up: the bingo index is built on the first Top().
  {
    strategy::SimOptions w = o;
    w.max_iterations = 1;
    w.batch = 1;
    (void)strategy::Simulate(lex, layout, english, leaves, positions.front(), w);
  }
  for (int threads : thread_counts) {
    o.threads = threads;
    std::vector<double> wall_rate, cpu_rate;
    for (int r = 0; r < reps; ++r) {
      std::uint64_t evaluations = 0;
      const auto t0 = std::chrono::steady_clock::now();
      const double c0 = ProcessSeconds();
      for (const gen::Position& p : positions) {
        auto res = strategy::Simulate(lex, layout, english, leaves, p, o);
        if (!res.ok()) Die(res.status().detail());
        evaluations += res->evaluations;
      }
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const double cpu = ProcessSeconds() - c0;
      wall_rate.push_back(double(evaluations) / wall);
      cpu_rate.push_back(double(evaluations) / cpu);
    }
    std::printf("threads %d: %.0f iterations/s (wall, median of %d), %.0f per CPU second\n", threads, Median(wall_rate),
                reps, Median(cpu_rate));
  }
  return 0;
}
