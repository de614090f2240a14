// The study driver's throughput (RunStudy, libgen/selfplay/driver.h) on
// SOWPODS: the same range of greedy games played with the bare accumulator
// (SeriesSummary: counts and digests) and with the full statistics
// (StudyStats), on 1 and 2 threads. Prints the median games/s and process
// CPU time per game (std::clock, all threads) of each
// configuration over REPEATS runs (interleaved, so a change of machine load
// hits every configuration alike), the 2-thread speed-up and the statistics'
// overhead, and --json for scripts.
//
//   bench_study_driver [--games N] [--first-game A] [--repeats R] [--json]
//
// SOWPODS: $LEXC_SOWPODS, default ../shared/lexica/SOWPODS.txt; without it
// the benchmark says so and exits 0 (nothing measured). The targets
// (issue 8): statistics <= 10% over bare play; 2 threads >= 1.9x one (only
// meaningful on two otherwise idle cores).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lexc/builder.h"
#include "lexc/selfplay/driver.h"
#include "lexc/selfplay/stats.h"
#include "lexc/selfplay/summary.h"
#include "lexc/word_index.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;

[[noreturn]] void Die(const std::string& what, const Status& st) {
  std::fprintf(stderr, "bench_study_driver: %s: %s\n", what.c_str(), st.ToString().c_str());
  std::exit(1);
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t games = 400, first_game = 0;
  int repeats = 5;
  bool json_out = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--games" && i + 1 < argc) {
      games = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--first-game" && i + 1 < argc) {
      first_game = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--repeats" && i + 1 < argc) {
      repeats = std::atoi(argv[++i]);
    } else if (a == "--json") {
      json_out = true;
    } else {
      std::fprintf(stderr, "usage: %s [--games N] [--first-game A] [--repeats R] [--json]\n", argv[0]);
      return 2;
    }
  }
  if (games == 0 || repeats < 1) {
    std::fprintf(stderr, "bench_study_driver: --games and --repeats must be at least 1\n");
    return 2;
  }

  const char* env = std::getenv("LEXC_SOWPODS");
  const std::string source = env && *env ? env : LEXC_DEFAULT_SOWPODS;
  const Alphabet english = Alphabet::English();
  ReadReport report;
  auto words = ReadWordList(source, english, {}, &report);
  if (!words.ok()) {
    std::printf("skipped: no SOWPODS (%s)\n", words.status().ToString().c_str());
    return 0;
  }
  auto bytes = BuildImage(*words, english, BuildOptions());
  if (!bytes.ok()) Die("build", bytes.status());
  std::vector<std::uint64_t> store((bytes->size() + 7) / 8);  // 8-byte aligned, as images must be
  std::memcpy(store.data(), bytes->data(), bytes->size());
  auto lex = Lexicon::FromBytes({reinterpret_cast<const std::byte*>(store.data()), bytes->size()});
  if (!lex.ok()) Die("open", lex.status());
  auto index = WordIndex::Of(*lex);
  if (!index.ok()) Die("word index", index.status());
  const gen::Layout layout = gen::Layout::Standard15();
  auto players = selfplay::StrategyPlayers("greedy", "greedy");
  if (!players.ok()) Die("players", players.status());

  struct Config {
    const char* name;
    bool stats;
    int threads;
    std::vector<double> rates;
    std::vector<double> cpu_ms;  // process CPU time (all threads) per game
    std::string digest;          // the accumulator's JSON, the same every repeat
  };
  std::vector<Config> configs = {
      {"bare, 1 thread", false, 1, {}, {}, {}},
      {"stats, 1 thread", true, 1, {}, {}, {}},
      {"bare, 2 threads", false, 2, {}, {}, {}},
      {"stats, 2 threads", true, 2, {}, {}, {}},
  };
  for (int r = 0; r < repeats; ++r) {
    for (Config& c : configs) {
      std::unique_ptr<selfplay::GameAccumulator> acc;
      if (c.stats) {
        acc = std::make_unique<selfplay::StudyStats>(
            selfplay::StatsConfig{&*lex, &layout, &*index, game::Rules(), "SOWPODS", 10, 10, 100, {}});
      } else {
        acc = std::make_unique<selfplay::SeriesSummary>();
      }
      selfplay::StudyOptions o;
      o.game.lexicon_name = "SOWPODS";
      o.first_game = first_game;
      o.games = games;
      o.threads = c.threads;
      o.players = *players;
      const std::clock_t cpu_start = std::clock();
      auto outcome = selfplay::RunStudy(*lex, layout, *acc, o);
      const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
      if (!outcome.ok()) Die(c.name, outcome.status());
      c.rates.push_back(double(outcome->games_done) / outcome->seconds);
      c.cpu_ms.push_back(cpu * 1000 / double(outcome->games_done));
      const std::string digest = acc->ToJson().dump();
      if (r > 0 && digest != c.digest) Die(c.name, Status(Errc::kInvalidArgument, "results differ between runs"));
      c.digest = digest;
    }
  }
  if (configs[0].digest != configs[2].digest || configs[1].digest != configs[3].digest)
    Die("threads", Status(Errc::kInvalidArgument, "1 and 2 threads gave different results"));

  const double bare1 = Median(configs[0].rates), stats1 = Median(configs[1].rates);
  const double bare2 = Median(configs[2].rates), stats2 = Median(configs[3].rates);
  const double overhead1 = (bare1 / stats1 - 1) * 100, overhead2 = (bare2 / stats2 - 1) * 100;
  const double cpu_overhead = (Median(configs[1].cpu_ms) / Median(configs[0].cpu_ms) - 1) * 100;
  if (json_out) {
    nlohmann::json j = {
        {"source", source},
        {"games", games},
        {"first_game", first_game},
        {"repeats", repeats},
        {"games_per_s", {{"bare_1", bare1}, {"stats_1", stats1}, {"bare_2", bare2}, {"stats_2", stats2}}},
        {"cpu_ms_per_game",
         {{"bare_1", Median(configs[0].cpu_ms)},
          {"stats_1", Median(configs[1].cpu_ms)},
          {"bare_2", Median(configs[2].cpu_ms)},
          {"stats_2", Median(configs[3].cpu_ms)}}},
        {"speedup_2_threads", {{"bare", bare2 / bare1}, {"stats", stats2 / stats1}}},
        {"stats_overhead_percent",
         {{"1_thread", overhead1}, {"2_threads", overhead2}, {"cpu_1_thread", cpu_overhead}}}};
    std::printf("%s\n", j.dump().c_str());
    return 0;
  }
  std::printf("%s: games %llu..%llu, median of %d runs\n", source.c_str(), (unsigned long long)first_game,
              (unsigned long long)(first_game + games - 1), repeats);
  for (const Config& c : configs) {
    std::printf("  %-18s %8.1f games/s  %6.3f CPU ms/game  (runs:", c.name, Median(c.rates), Median(c.cpu_ms));
    for (double v : c.rates) std::printf(" %.0f", v);
    std::printf(")\n");
  }
  std::printf("  2-thread speed-up: bare %.2fx, stats %.2fx (target >= 1.9x)\n", bare2 / bare1, stats2 / stats1);
  std::printf("  statistics overhead: %.1f%% on 1 thread, %.1f%% on 2 (wall); %.1f%% CPU per game (target <= 10%%)\n",
              overhead1, overhead2, cpu_overhead);
  std::printf(
      "  (wall figures depend on the machine's load: the speed-up is only meaningful on two idle cores;\n"
      "   CPU per game on 2 threads equal to 1 thread's means the driver adds no cost)\n");
  return 0;
}
