// lexc leaves -- leave values learnt from self-play (lexc/strategy/leave_gen.h;
// the method and its figures: docs/leaves.md), written as KLV2 (-o x.klv2)
// or lexc's leave file (any other name; formats/leaves.md).
//
// Generation g plays --games games, seeds --seed + g x games ..., on the
// study driver's threads: the table depends on the seed and the options,
// never on --threads.
#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "cli_checks.h"
#include "common.h"
#include "lexc/interop/klv2.h"
#include "lexc/io.h"
#include "lexc/strategy/leave_file.h"
#include "lexc/strategy/leave_gen.h"
#include "play_common.h"
#include "progress.h"

namespace lexc::cli {
namespace {

struct LeavesArgs {
  std::string image, output, from_leaves, format;
  GameOptions game;
  std::uint64_t games = 100000, seed = 1;
  int generations = 3, threads = 1, max_tiles = 6;
  double prior = 0;
  bool quiet = false, json = false;
};

std::atomic<bool> g_leaves_stop{false};
std::atomic<int> g_leaves_signal{0};  // the signal that stopped the run: exit 128 + it
void OnLeavesSignal(int sig) {
  g_leaves_signal.store(sig);
  g_leaves_stop.store(true);
}

bool WantsKlv2(const LeavesArgs& a) {
  if (!a.format.empty()) return a.format == "klv2";
  return std::filesystem::path(a.output).extension() == ".klv2";
}

void RunLeaves(const LeavesArgs& a) {
  if (a.output.empty()) Fail("-o: the leave file to write", 2);
  if (a.json && WritesStandardOutput(a.output))
    Fail("-o " + QuotePath(a.output) + " and --json would both write standard output", 2);
  const std::string inputs[] = {a.image, a.game.layout, a.from_leaves};
  Check(CheckOutputIsNotInput(a.output, inputs));
  if (a.seed > ~0ull - a.games * std::uint64_t(a.generations)) Fail("--seed + --games x --generations passes 2^64", 2);
  // The output's temporary file now, before the games: an output that cannot
  // be written fails at once, not after hours of play.
  OutputFile output = Check(OutputFile::Create(a.output));
  MappedLexicon image = OpenImage(a.image, a.game.verify, a.game.load);
  const Lexicon& lex = image.lexicon();
  const gen::Layout layout = LoadLayout(a.game.layout);
  MakeGenerator(lex, layout, gen::kDefaultBingoBonus);  // Fail early on a layout mismatch
  strategy::LeaveGenOptions o;
  o.generations = a.generations;
  o.games = a.games;
  o.seed = a.seed;
  o.threads = a.threads;
  o.estimate.max_tiles = a.max_tiles;
  o.estimate.prior = a.prior;
  o.algorithm = ChooseAlgorithm(a.game.algorithm, lex);
  std::optional<strategy::LeaveFile> start;
  if (!a.from_leaves.empty()) {
    start.emplace(Check(strategy::LoadLeaveFile(a.from_leaves, lex.alphabet())));
    o.start = &start->table;
  }
  std::signal(SIGINT, OnLeavesSignal);
  std::signal(SIGTERM, OnLeavesSignal);
  o.cancel = &g_leaves_stop;
  std::unique_ptr<ProgressLine> progress;
  int shown = -1;
  o.on_progress = [&](int g, std::uint64_t done, std::uint64_t total, double seconds) {
    if (g != shown) {
      if (progress) progress->Finish();
      progress = std::make_unique<ProgressLine>(
          "lexc leaves: generation " + std::to_string(g + 1) + " of " + std::to_string(a.generations), a.quiet);
      shown = g;
    }
    progress->Update(done, total, seconds);
  };
  std::vector<strategy::GenerationReport> reports;
  auto table = strategy::GenerateLeaves(lex, layout, o, &reports);
  if (progress) progress->Finish();
  const auto interrupted = [] { Fail("interrupted: nothing written", 128 + g_leaves_signal.load()); };
  if (!table.ok() && g_leaves_stop.load()) interrupted();
  Check(table.status());
  std::vector<std::byte> bytes =
      WantsKlv2(a) ? Check(interop::EncodeKlv2(*table)) : Check(interop::EncodeLeavesFile(*table, lex.alphabet()));
  Check(output.Append(bytes));
  if (g_leaves_stop.load()) interrupted();  // a signal before the file is in place: as during the games
  Check(output.Commit());

  double seconds = 0;
  std::uint64_t games = 0;
  for (const auto& r : reports) seconds += r.seconds, games += r.games;
  if (a.json) {
    JsonValue gens = JsonValue::array();
    for (const auto& r : reports)
      gens.push_back({{"generation", r.generation},
                      {"players", r.players},
                      {"games", r.games},
                      {"seconds", JsonFixed(r.seconds, 3)},
                      {"observations", r.estimate.observations},
                      {"leaves_observed", r.estimate.distinct_observed},
                      {"baseline", JsonFixed(r.estimate.baseline, 3)},
                      {"sigma", JsonFixed(r.estimate.sigma, 3)},
                      {"tau", JsonFixed(r.estimate.tau, 3)},
                      {"prior", JsonFixed(r.estimate.prior, 2)}});
    const JsonValue j = {{"output", a.output},      {"format", WantsKlv2(a) ? "klv2" : "leaves"},
                         {"leaves", table->size()}, {"bytes", bytes.size()},
                         {"games", games},          {"seconds", JsonFixed(seconds, 3)},
                         {"generations", gens}};
    std::fputs(JsonReport(std::move(j)).c_str(), stdout);
  }
  if (!a.quiet) {
    for (const auto& r : reports)
      std::fprintf(stderr,
                   "lexc leaves: generation %d (%s): %s games, %s leaves seen (%s distinct), baseline %s, "
                   "sigma %s, tau %s, prior %s, %s s\n",
                   r.generation + 1, r.players.c_str(), Thousands(r.games).c_str(),
                   Thousands(r.estimate.observations).c_str(), Thousands(r.estimate.distinct_observed).c_str(),
                   Fixed(r.estimate.baseline, 2).c_str(), Fixed(r.estimate.sigma, 2).c_str(),
                   Fixed(r.estimate.tau, 2).c_str(), Fixed(r.estimate.prior, 1).c_str(), Fixed(r.seconds, 1).c_str());
    std::fprintf(stderr, "lexc leaves: %s leaves written to %s (%s bytes)\n", Thousands(table->size()).c_str(),
                 a.output.c_str(), Thousands(bytes.size()).c_str());
  }
}

}  // namespace

void RegisterLeaves(CLI::App& app) {
  auto args = std::make_shared<LeavesArgs>();
  CLI::App* cmd = app.add_subcommand("leaves", "Learn leave values from self-play and write them (KLV2 or lexc)");
  cmd->add_option("image", args->image, "Image file (with a GADDAG and/or a DAWG)")->required();
  cmd->add_option("-o,--output", args->output,
                  "Leave file to write: KLV2 when it ends in .klv2, else lexc's leave file (formats/leaves.md)")
      ->required();
  cmd->add_option("--format", args->format, "klv2 or leaves (default: by the output's name)")
      ->check(CLI::IsMember({"klv2", "leaves"}));
  cmd->add_option("--games", args->games, "Games per generation (default 100000)")
      ->transform(WholeNumber(1, 1000000000000ull));
  cmd->add_option("--generations", args->generations,
                  "Generations (default 3): the first plays greedy, each next one plays equity with the\n"
                  "previous generation's values")
      ->transform(WholeNumber(1, 100));
  cmd->add_option("--seed", args->seed, "Seed of the first game; generation g plays seeds seed + g x games ...")
      ->transform(WholeNumber(0, ~0ull));
  cmd->add_option("--threads", args->threads, "Threads (default 1; 0: every core). The values do not depend on it")
      ->transform(WholeNumber(0, 4096));
  cmd->add_option("--from", args->from_leaves,
                  "Start from these leave values (KLV2 or lexc): the first generation plays equity with them");
  cmd->add_option("--prior", args->prior,
                  "Shrinkage of rare leaves toward the model, in observations (default: estimated)")
      ->check(DecimalNumber(0, 1e9, false, "observations in [0, 1000000000]"));
  cmd->add_option("--max-tiles", args->max_tiles, "Longest leave written (default 6)")->transform(WholeNumber(1, 6));
  cmd->add_flag("-q,--quiet", args->quiet, "No progress and no summary on standard error");
  cmd->add_flag("--json", args->json, "Print a summary as JSON (per generation: games, observations, fit)");
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"(Examples:
  lexc leaves sowpods.lex -o sowpods.klv2 --games 100000 --threads 0
  lexc leaves sowpods.lex -o sowpods.leaves --games 20000 --generations 2 --json
  lexc selfplay sowpods.lex --players equity,greedy --leaves sowpods.klv2 --games 100000 --stats vs/

For every play or exchange after which the mover draws and moves again, the
leave kept is credited with the mover's next points plus the value (previous
generation) of the leave kept then. A leave's value is its mean credit less
the empty leave's, shrunk toward a model of single tiles and pairs when it
was seen rarely. Every leave of 1..6 tiles is written (914,624 for English).
The method and measured figures: docs/leaves.md.)");
  cmd->callback([args] { RunLeaves(*args); });
}

}  // namespace lexc::cli
