// The endgame solver on SOWPODS endgames ($LEXC_SOWPODS, default
// ../shared/lexica/SOWPODS.txt): the first position with an empty bag of
// each greedy self-play game (seeds 1..N, N = --games, default 200), or the
// CGP records of --positions FILE (fixtures/positions/sowpods-endgames.cgp
// holds the default set; --write FILE writes the generated set).
//
// Each endgame is solved to the end (no ply limit) with each thread count of
// --threads (default "1,2"), a fresh table of --table MiB (default 64) per
// solve, and at most --limit CPU seconds of the process each (default 60,
// all threads together; a solve stopped by it counts as not exact). Reported per thread count: exact
// solves, the distribution of solve times (median, p90, p99, max), nodes/s,
// and whether the values agree between thread counts. Times are CPU
// seconds of the process (all its threads) and wall seconds; on a machine
// shared with other work, CPU time is the figure to quote for one thread,
// wall time (with its load) for two. A driver printing medians, not Google
// Benchmark: one solve is the unit.
//
//   bench_endgame [--games N] [--positions FILE] [--write FILE] [--threads 1,2]
//                 [--limit SECONDS] [--nodes N] [--table MIB] [--verbose] [--no-solve]
//
// --nodes N stops each solve after N nodes (all threads): with one thread a
// budget independent of the machine's load, for comparing search changes by
// the endgames they prove and the nodes they need.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <span>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "lexc/builder.h"
#include "lexc/endgame/solver.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/movegen.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"
#include "sowpods_image.h"

namespace {

using namespace lexc;

double ProcessSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double Quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(q * double(v.size() - 1) + 0.5));
  return v[i];
}

[[noreturn]] void Die(const std::string& why) {
  std::fprintf(stderr, "bench_endgame: %s\n", why.c_str());
  std::exit(1);
}

struct Solve {
  bool exact = false;
  int value = 0, depth = 0;
  std::uint64_t nodes = 0;
  double cpu = 0, wall = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int games = 200;
  std::string positions_file, write_file, threads_list = "1,2";
  double limit = 60;
  std::uint64_t node_limit = 0;  // 0: none
  std::size_t table_mib = 64;
  bool verbose = false, no_solve = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto next = [&]() -> std::string {
      if (i + 1 >= argc) Die(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--games")
      games = std::atoi(next().c_str());
    else if (arg == "--positions")
      positions_file = next();
    else if (arg == "--write")
      write_file = next();
    else if (arg == "--threads")
      threads_list = next();
    else if (arg == "--limit")
      limit = std::atof(next().c_str());
    else if (arg == "--nodes")
      node_limit = std::strtoull(next().c_str(), nullptr, 10);
    else if (arg == "--table")
      table_mib = std::size_t(std::atol(next().c_str()));
    else if (arg == "--verbose")
      verbose = true;
    else if (arg == "--no-solve")
      no_solve = true;
    else
      Die("unknown argument " + arg);
  }
  const std::vector<int> thread_counts = lexc::bench::ParseThreadList(threads_list);
  const Alphabet english = Alphabet::English();
  std::string why;
  bool missing = false;
  const auto image = lexc::bench::SowpodsImage(LEXC_DEFAULT_SOWPODS, &missing, &why);
  if (!image && missing) {
    std::printf("bench_endgame: %s, skipped\n", why.c_str());
    return 0;
  }
  if (!image) Die(why);
  const Lexicon& lex = image->lexicon;
  const gen::Layout layout = gen::Layout::Standard15();

  std::vector<gen::Position> positions;
  if (!positions_file.empty()) {
    auto text = ReadFileBytes(positions_file);
    if (!text.ok()) Die(text.status().detail());
    std::stringstream ss(*text);
    for (std::string line; std::getline(ss, line);) {
      if (line.empty() || line[0] == '#') continue;
      auto p = gen::ParseCgp(line, english, layout);
      if (!p.ok()) Die(positions_file + ": " + p.status().detail());
      positions.push_back(*p);
    }
  } else {
    auto gen = gen::MoveGenerator::Create(lex, layout).value();
    for (int g = 0; g < games; ++g) {
      game::SelfPlayOptions o;
      o.seed = std::uint64_t(g + 1);
      o.lexicon_name = "SOWPODS";
      bool found = false;
      auto rec = game::PlayGreedyGame(gen, o, [&](const gen::Position& p) {
        if (found || gen::BagSize(p, english) != 0) return;
        found = true;
        positions.push_back(p);
      });
      if (!rec.ok()) Die(rec.status().detail());
    }
  }
  if (!write_file.empty()) {
    std::string out = "# The first position with an empty bag of greedy SOWPODS self-play games, seeds 1.." +
                      std::to_string(games) + " (bench/bench_endgame.cc).\n";
    for (const gen::Position& p : positions) out += gen::WriteCgp(p, english) + "\n";
    if (Status st = WriteFileAtomic(write_file, std::as_bytes(std::span<const char>(out.data(), out.size()))); !st.ok())
      Die(st.detail());
  }
  if (no_solve) return 0;
  std::printf("bench_endgame: %zu endgames, limit %.2f CPU s each, table %zu MiB\n", positions.size(), limit,
              table_mib);

  std::vector<std::vector<Solve>> results(thread_counts.size());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    auto e = endgame::MakeEndgame(positions[i], layout, english);
    if (!e.ok()) Die("position " + std::to_string(i + 1) + ": " + e.status().detail());
    for (std::size_t k = 0; k < thread_counts.size(); ++k) {
      endgame::EndgameOptions o;
      o.threads = thread_counts[k];
      o.table_bytes = table_mib << 20;
      o.node_limit = node_limit;
      const double cpu0 = ProcessSeconds();
      const auto wall0 = std::chrono::steady_clock::now();
      // The limit is CPU time of the process (all its threads): a watchdog
      // cancels the solve, so that other load on the machine does not
      // shorten the budget.
      std::atomic<bool> cancel{false}, done{false};
      o.cancel = &cancel;
      std::thread watchdog([&] {
        while (!done.load()) {
          if (ProcessSeconds() - cpu0 >= limit) cancel.store(true);
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
      });
      auto r = endgame::SolveEndgame(lex, layout, *e, o);
      done.store(true);
      watchdog.join();
      if (!r.ok()) Die(r.status().detail());
      Solve s;
      s.cpu = ProcessSeconds() - cpu0;
      s.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
      s.exact = r->exact;
      s.value = r->value;
      s.depth = r->depth;
      s.nodes = r->nodes;
      results[k].push_back(s);
      if (verbose)
        std::printf("%3zu racks %d/%d threads %d: %s %+d depth %d, %llu nodes, cpu %.3f s, wall %.3f s\n", i + 1,
                    e->position.racks[0].size(), e->position.racks[1].size(), o.threads,
                    s.exact ? "exact" : "NOT EXACT", s.value, s.depth, static_cast<unsigned long long>(s.nodes), s.cpu,
                    s.wall);
      std::fflush(stdout);
    }
  }

  for (std::size_t k = 0; k < thread_counts.size(); ++k) {
    std::vector<double> cpu, wall;
    std::uint64_t nodes = 0;
    double wall_sum = 0;
    int exact = 0;
    for (const Solve& s : results[k]) {
      cpu.push_back(s.cpu);
      wall.push_back(s.wall);
      nodes += s.nodes;
      wall_sum += s.wall;
      exact += s.exact;
    }
    std::printf(
        "threads %d: %d/%zu exact; cpu s: median %.4f p90 %.3f p99 %.3f max %.3f; wall s: median %.4f p90 %.3f p99 "
        "%.3f max %.3f; %.0f nodes/s (wall)\n",
        thread_counts[k], exact, results[k].size(), Quantile(cpu, 0.5), Quantile(cpu, 0.9), Quantile(cpu, 0.99),
        Quantile(cpu, 1.0), Quantile(wall, 0.5), Quantile(wall, 0.9), Quantile(wall, 0.99), Quantile(wall, 1.0),
        wall_sum > 0 ? double(nodes) / wall_sum : 0);
  }
  for (std::size_t k = 1; k < thread_counts.size(); ++k) {
    int differ = 0;
    for (std::size_t i = 0; i < positions.size(); ++i)
      if (results[0][i].exact && results[k][i].exact && results[0][i].value != results[k][i].value) ++differ;
    std::printf("values, %d threads vs %d: %d of the endgames solved exactly by both differ\n", thread_counts[k],
                thread_counts[0], differ);
  }
  return 0;
}
