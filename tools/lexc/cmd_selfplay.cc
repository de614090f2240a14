// lexc selfplay -- self-play games: GCG records, CGP positions, speed, and
// studies (--stats DIR): many games on every core or an MPI cluster, with
// checkpoints, --resume and shards (--first-game). The games run on the
// study driver (lexc/selfplay/driver.h, study.h); this file parses options,
// prints, and wires the study's accumulator (MakeStudyAccumulator, below).
//
// Game i (from 0) uses seed --seed + i, so any game can be replayed alone,
// and every figure is the same whatever --threads or the process count.
// Without --stats the GCG of every game goes to standard output (or one file
// a game with --gcg-dir) in seed order; the summary goes to standard error.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <regex>

#include "cli_checks.h"
#include "lexc/crc32c.h"
#include "lexc/game/gcg.h"
#include "lexc/gen/cgp.h"
#include "lexc/io.h"
#include "lexc/selfplay/report.h"
#include "lexc/selfplay/study.h"
#include "lexc/selfplay/summary.h"
#include "lexc/strategy/leave_file.h"
#include "lexc/strategy/players.h"
#include "play_common.h"
#include "progress.h"
#include "study_cli.h"

namespace lexc::cli {

namespace {

selfplay::Cluster* g_cluster = nullptr;

struct SelfplayArgs {
  std::string image, gcg_dir, positions, lexicon, stats_dir;
  std::string strategy, players, leaves;  // --strategy, --players A,B, --leaves FILE
  GameOptions game;
  std::uint64_t games = 1, seed = 1, first_game = 0;
  int every = 1, threads = 1;
  double checkpoint_every = 60;
  bool quiet = false, json = false, resume = false;
};

std::string LexiconName(const SelfplayArgs& a) {
  if (!a.lexicon.empty()) return a.lexicon;
  std::string stem = std::filesystem::path(a.image).stem().string();
  for (char& c : stem) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (const std::string why = gen::CgpOperandProblem(stem); !why.empty())
    Fail("the image's file name gives the lexicon name " + QuoteText(stem) + ", which " + why +
             ": name the lexicon with --lexicon",
         2);
  return stem;
}

// SIGINT, SIGTERM and SIGHUP during a study: the first stops the games at
// the next boundary (a checkpoint is then written); a second one removes
// lexc/io.h's temporaries and dies of the signal, as io.h's own handler does.
std::atomic<bool> g_stop{false};
volatile std::sig_atomic_t g_signal = 0;
static_assert(std::atomic<bool>::is_always_lock_free);

void OnStopSignal(int sig) {
  if (g_signal) {
    RemoveOutputTemporaries();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  g_signal = sig;
  g_stop.store(true);
}

void InstallStopHandlers() {
  struct sigaction act {};
  act.sa_handler = OnStopSignal;
  sigemptyset(&act.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &act, nullptr);
}

// CGP lines go to the output in pieces of this size, as games are played.
constexpr std::size_t kPositionChunk = std::size_t(1) << 16;

struct Setup {
  std::optional<MappedLexicon> image;
  gen::Layout layout;
  selfplay::StudyOptions options;
  std::array<std::string, 2> strategies{"greedy", "greedy"};
  std::optional<strategy::LeaveFile> leaves;  // --leaves, when a strategy values leaves
  std::optional<strategy::LeaveValues> leave_values;
};

// --strategy S (both players) or --players A,B, and --leaves.
std::array<std::string, 2> ParseStrategies(const SelfplayArgs& a) {
  std::array<std::string, 2> s{"greedy", "greedy"};
  if (!a.strategy.empty()) s = {a.strategy, a.strategy};
  if (!a.players.empty()) {
    const std::size_t comma = a.players.find(',');
    if (comma == std::string::npos || a.players.find(',', comma + 1) != std::string::npos)
      Fail("--players: " + QuoteText(a.players) + ": expected two strategies, A,B (e.g. equity,greedy)", 2);
    s = {a.players.substr(0, comma), a.players.substr(comma + 1)};
  }
  for (const std::string& name : s)
    if (!strategy::IsStrategy(name))
      Fail(std::string(a.players.empty() ? "--strategy" : "--players") + ": " + QuoteText(name) +
               ": unknown strategy (known: " + strategy::kStrategyList + ")",
           2);
  const bool uses = strategy::UsesLeaves(s[0]) || strategy::UsesLeaves(s[1]);
  if (uses && a.leaves.empty()) Fail("--leaves: the equity strategy needs a leave file (KLV2 or lexc's)", 2);
  if (!uses && !a.leaves.empty()) Fail("--leaves: no strategy values leaves (use --strategy equity or --players)", 2);
  return s;
}

// The image, layout and the driver's options every mode shares.
void Prepare(const SelfplayArgs& a, Setup& s) {
  if (a.every < 1) Fail("--every must be at least 1", 2);
  if (a.first_game > ~0ull - a.games || a.seed > ~0ull - (a.first_game + a.games))
    Fail("--seed + --first-game + --games passes 2^64", 2);
  s.image.emplace(OpenImage(a.image, a.game.verify, a.game.load));
  s.layout = LoadLayout(a.game.layout);
  MakeGenerator(s.image->lexicon(), s.layout, gen::kDefaultBingoBonus);  // Fail early on a layout mismatch
  selfplay::StudyOptions& o = s.options;
  o.game.algorithm = ChooseAlgorithm(a.game.algorithm, s.image->lexicon());
  o.game.lexicon_name = LexiconName(a);
  o.seed_base = a.seed;
  o.first_game = a.first_game;
  o.games = a.games;
  o.threads = a.threads;
  o.position_every = a.every;
  s.strategies = ParseStrategies(a);
  if (!a.leaves.empty()) {
    s.leaves.emplace(Check(strategy::LoadLeaveFile(a.leaves, s.image->lexicon().alphabet())));
    s.leave_values.emplace(Check(strategy::LeaveValues::Create(s.leaves->table, s.image->lexicon().alphabet().size())));
  }
  o.players = Check(strategy::StudyPlayers(s.strategies, s.leave_values ? &*s.leave_values : nullptr));
  o.alternate_seats = s.strategies[0] != s.strategies[1];
  if (s.strategies != std::array<std::string, 2>{"greedy", "greedy"})
    o.game.title = "lexc self-play, " + s.strategies[0] + (o.alternate_seats ? " v " + s.strategies[1] : "");
}

std::string SummaryLine(const SelfplayArgs& a, const selfplay::SeriesSummary* sum, const selfplay::StudyOutcome& out,
                        std::uint64_t games_run, gen::Algorithm algorithm, int processes = 1) {
  std::string line = Thousands(a.games) + " games (seeds " + std::to_string(a.seed + a.first_game) + ".." +
                     std::to_string(a.seed + a.first_game + a.games - 1) + ", " + gen::AlgorithmName(algorithm) + ")";
  if (sum)
    line += ", " + Thousands(sum->turns()) + " turns, " + Thousands(sum->bingos()) + " bingos, mean score " +
            Fixed(double(sum->points()) / double(2 * sum->games()), 1);
  if (games_run == 0 || !(out.seconds > 0)) return line + "; no games left to play";
  line += "; " + Fixed(double(games_run) / out.seconds, 1) + " games/s on ";
  if (processes > 1) line += std::to_string(processes) + " processes x ";
  line += std::to_string(out.threads) + (out.threads == 1 ? " thread" : " threads");
  return line;
}

// Without --stats: GCG and positions in seed order, a summary.
void RunGames(const SelfplayArgs& a) {
  const bool gcg_on_stdout = !a.quiet && !a.json && a.gcg_dir.empty();
  if (WritesStandardOutput(a.positions) && (gcg_on_stdout || a.json))
    Fail("--positions " + QuotePath(a.positions) +
             " writes standard output, which it needs to itself: add -q, or --gcg-dir, and no --json",
         2);
  // Every output is checked, and the positions file opened, before any game.
  const std::string inputs[] = {a.image, a.game.layout, a.leaves};
  std::optional<OutputFile> positions_file;
  if (!a.positions.empty()) {
    Check(CheckOutputIsNotInput(a.positions, inputs));
    // Nor one output over another: a game's GCG in --gcg-dir.
    if (!a.gcg_dir.empty() && a.positions != "-") {
      const std::filesystem::path p(a.positions);
      std::error_code ec;
      static const std::regex game_file(R"(game-[0-9]+\.gcg)");
      if (std::regex_match(p.filename().string(), game_file) &&
          std::filesystem::equivalent(p.parent_path().empty() ? "." : p.parent_path(), a.gcg_dir, ec))
        Fail(QuotePath(a.positions) + ": the positions file would replace a game's GCG in --gcg-dir " +
             QuotePath(a.gcg_dir) + ": write it elsewhere");
    }
    positions_file.emplace(Check(OutputFile::Create(a.positions)));
  }
  Setup s;
  Prepare(a, s);
  const Lexicon& lex = s.image->lexicon();
  if (!a.gcg_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.gcg_dir, ec);
    if (ec) Fail(QuotePath(a.gcg_dir) + ": cannot create the directory: " + ec.message());
    Check(CheckWritableDirectory(a.gcg_dir));
  }
  std::string pending_positions;  // CGP lines not yet appended
  std::uint64_t positions_written = 0, printed = 0;
  Output out;
  Status write_error;
  // GCG files in --gcg-dir are written whatever -q and --json say (they
  // silence standard output and standard error only).
  const bool want_gcg = !a.gcg_dir.empty() || (!a.quiet && !a.json);
  if (want_gcg || positions_file) {
    s.options.keep_positions = positions_file.has_value();
    s.options.on_game = [&](const game::GameRecord& g, const std::vector<gen::Position>& positions) {
      for (const gen::Position& p : positions) {
        pending_positions += gen::WriteCgp(p, lex.alphabet());
        pending_positions += '\n';
        ++positions_written;
      }
      if (positions_file && pending_positions.size() >= kPositionChunk && write_error.ok()) {
        write_error = positions_file->AppendText(pending_positions);
        pending_positions.clear();
      }
      if (!want_gcg) return;
      const std::string gcg = game::WriteGcg(g, lex.alphabet(), s.options.game.lexicon_name);
      if (!a.gcg_dir.empty()) {
        const std::string path =
            (std::filesystem::path(a.gcg_dir) / ("game-" + std::to_string(g.seed) + ".gcg")).string();
        if (write_error.ok()) write_error = CheckOutputIsNotInput(path, inputs);
        if (write_error.ok()) write_error = WriteFileAtomic(path, std::as_bytes(std::span(gcg.data(), gcg.size())));
      } else {
        out.buf() += (printed++ ? "\n" : "") + gcg;
        out.MaybeFlush();
      }
    };
  }
  selfplay::SeriesSummary summary;
  const selfplay::StudyOutcome outcome = Check(selfplay::RunStudy(lex, s.layout, summary, s.options));
  Check(write_error);
  if (positions_file) {
    Check(positions_file->AppendText(pending_positions));
    Check(positions_file->Commit());
  }
  if (a.json) {
    const JsonValue j = {{"games", summary.games()},
                         {"first_seed", a.seed + a.first_game},
                         {"algorithm", gen::AlgorithmName(s.options.game.algorithm)},
                         {"turns", summary.turns()},
                         {"bingos", summary.bingos()},
                         {"mean_score", JsonFixed(double(summary.points()) / double(2 * summary.games()), 1)},
                         {"positions_written", positions_written},
                         {"threads", outcome.threads},
                         {"seconds", JsonFixed(outcome.seconds, 3)},
                         {"games_per_second", JsonFixed(double(summary.games()) / outcome.seconds, 1)}};
    out.buf() += JsonReport(std::move(j));
  }
  out.Flush();
  std::fprintf(stderr, "lexc selfplay: %s\n",
               SummaryLine(a, &summary, outcome, summary.games(), s.options.game.algorithm).c_str());
}

std::string Hostname() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "";
  return buf;
}

// With --stats DIR: a study, in this process or as one rank of a cluster.
void RunStudyCommand(const SelfplayArgs& a) {
  selfplay::LocalCluster local;
  selfplay::Cluster& cluster = g_cluster ? *g_cluster : local;
  const bool root = cluster.rank() == 0;
  if (!(a.checkpoint_every > 0)) Fail("--checkpoint-every must be more than 0 seconds", 2);
  Setup s;
  Prepare(a, s);
  const Lexicon& lex = s.image->lexicon();
  const std::string& dir = a.stats_dir;
  const std::string inputs[] = {a.image, a.game.layout, a.leaves};
  for (const std::string& path : selfplay::StudyOutputPaths(dir)) Check(CheckOutputIsNotInput(path, inputs));

  selfplay::StudyDescription d;
  DescribeStudyInputs(lex, a.image, a.game.layout, &d);
  d.lexicon_name = s.options.game.lexicon_name;
  d.algorithm = gen::AlgorithmName(s.options.game.algorithm);
  d.rules = s.options.game.rules;
  d.bingo_bonus = s.options.bingo_bonus;
  d.seed_base = a.seed, d.first_game = a.first_game, d.games = a.games;
  d.strategies = s.strategies;
  d.alternate_seats = s.options.alternate_seats;
  if (s.leaves) {
    d.leaves = s.leaves->Identity();
    d.leaves["path"] = std::filesystem::absolute(a.leaves).lexically_normal().string();
  }
  d.accumulator = StudyAccumulatorConfig();
  const nlohmann::json study = d.ToJson();

  if (root) {
    std::error_code ec;
    // A directory that is not there holds nothing to resume: a mistyped
    // path would start a new study unnoticed. (An empty one does start
    // over: a run killed before its first checkpoint leaves it so.)
    if (a.resume && !std::filesystem::exists(dir, ec))
      Fail(QuotePath(dir) + ": no study to resume: the directory does not exist (drop --resume to start one)");
    std::filesystem::create_directories(dir, ec);
    if (ec) Fail(QuotePath(dir) + ": cannot create the directory: " + ec.message());
  }
  if (!cluster.AllOk(true)) Fail("", 1);
  Check(CheckWritableDirectory(dir));
  auto plan = selfplay::PlanStudyDirectory(dir, study, cluster.size(), a.resume);
  if (!cluster.AllOk(plan.ok())) {
    if (!root) Fail("", 1);
    if (plan.ok()) Fail("another rank refused the study directory " + QuotePath(dir));
    if (!a.resume && plan.status().code() == Errc::kInvalidArgument)
      Fail(plan.status().detail() + ": add --resume to carry it on, or choose another directory");
    Check(plan.status());
  }
  if (*plan == selfplay::DirectoryPlan::kComplete) {
    if (root && !a.quiet) std::fprintf(stderr, "lexc selfplay: %s: the study is complete already\n", dir.c_str());
    return;
  }
  // Named copies rather than a structured binding: the progress lambda
  // below captures part_games, which clang before 16 does not allow.
  const std::pair<std::uint64_t, std::uint64_t> range =
      selfplay::PartRange(a.first_game, a.games, cluster.rank(), cluster.size());
  const std::uint64_t part_first = range.first, part_games = range.second;
  selfplay::StudyPart part{dir, study, cluster.rank(), cluster.size(), part_first, part_games};
  std::unique_ptr<selfplay::GameAccumulator> acc = Check(MakeStudyAccumulator(study, &lex, &s.layout));
  const std::uint64_t resumed = a.resume ? Check(selfplay::LoadPartCheckpoint(part, *acc)) : 0;

  InstallStopHandlers();
  s.options.cancel = &g_stop;
  ProgressLine progress(
      cluster.size() > 1 ? "lexc selfplay (rank 0 of " + std::to_string(cluster.size()) + ")" : "lexc selfplay",
      a.quiet || !root, resumed);
  s.options.on_progress = [&](std::uint64_t done, std::uint64_t, double seconds) {
    progress.Update(resumed + done, part_games, seconds);
  };
  if (!a.gcg_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.gcg_dir, ec);
    Check(CheckWritableDirectory(a.gcg_dir));
    s.options.on_game = [&](const game::GameRecord& g, const std::vector<gen::Position>&) {
      const std::string gcg = game::WriteGcg(g, lex.alphabet(), s.options.game.lexicon_name);
      const std::string path =
          (std::filesystem::path(a.gcg_dir) / ("game-" + std::to_string(g.seed) + ".gcg")).string();
      Check(CheckOutputIsNotInput(path, inputs));  // RunStudy rethrows
      Check(WriteFileAtomic(path, std::as_bytes(std::span(gcg.data(), gcg.size()))));
    };
  }
  auto outcome = selfplay::RunStudyPart(lex, s.layout, *acc, part, resumed, a.checkpoint_every, s.options);
  progress.Finish();
  // Every rank learns whether all parts finished before any waits for the
  // gather: one interrupted or failed rank stops them all (each keeps its
  // checkpoint), never a rank left waiting.
  const bool part_done = outcome.ok() && !outcome->cancelled;
  if (!cluster.AllOk(part_done)) {
    const int signal_exit = 128 + (g_signal ? int(g_signal) : SIGINT);
    if (!outcome.ok())
      Fail(Describe(outcome.status()) + "; the games committed before it are kept: resume with --resume");
    if (outcome->cancelled)
      Fail("interrupted after " + Thousands(outcome->games_done) + " of " + Thousands(part_games) +
               " games (checkpoint written); resume with --resume",
           signal_exit);
    Fail("another rank stopped; this rank's checkpoint is kept: resume with --resume", 130);
  }
  auto parts = cluster.GatherToRoot(acc->ToJson());
  if (!cluster.AllOk(parts.ok())) Check(parts.status());
  if (!root) return;
  for (std::size_t r = 1; r < parts->size(); ++r) {
    std::unique_ptr<selfplay::GameAccumulator> piece = acc->NewEmpty();
    if (Status st = piece->FromJson((*parts)[r]); !st.ok())
      Fail("rank " + std::to_string(r) + "'s statistics: " + st.detail());
    Check(acc->Merge(*piece));
  }
  if (Status st = selfplay::WriteStudyStats(dir, study, acc->ToJson()); !st.ok()) {
    // Keep the games: with one part no checkpoint holds them yet.
    if (cluster.size() == 1) (void)selfplay::SavePartCheckpoint(part, *acc, acc->games());
    Fail(Describe(st) + "; the games are kept in a checkpoint: resume with --resume");
  }
  const std::uint64_t games_run = part_games - resumed;  // rank 0's share, for games/s
  nlohmann::json run = {{"host", Hostname()},
                        {"processes", cluster.size()},
                        {"threads_per_process", outcome->threads},
                        {"seconds", outcome->seconds},
                        {"rank0_games_resumed", resumed},
                        {"rank0_games_per_second", outcome->seconds > 0 ? double(games_run) / outcome->seconds : 0}};
  const std::string run_text = run.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  Check(WriteFileAtomic((std::filesystem::path(dir) / "run.json").string(),
                        std::as_bytes(std::span(run_text.data(), run_text.size()))));
  Check(WriteStudyReport(dir, *acc, study));
  Check(selfplay::RemoveCheckpoints(dir));
  if (!a.quiet) {
    selfplay::StudyOutcome whole = *outcome;
    const auto* sum = dynamic_cast<const selfplay::SeriesSummary*>(acc.get());
    std::fprintf(
        stderr, "lexc selfplay: %s; %s written\n",
        SummaryLine(a, sum, whole, games_run * std::uint64_t(cluster.size()), s.options.game.algorithm, cluster.size())
            .c_str(),
        selfplay::StatsPath(dir).c_str());
  }
  // Two strategies: A's win rate and spread against B (report.md has more).
  const auto* stats = dynamic_cast<const selfplay::StudyStats*>(acc.get());
  const nlohmann::json matchup =
      stats && stats->config().has_matchup() ? selfplay::DerivedFigures(*stats)["matchup"] : nlohmann::json();
  if (!a.quiet && !matchup.is_null())
    std::fprintf(stderr, "lexc selfplay: %s v %s: %s%% wins (95%% CI %s%% - %s%%), mean spread %s (95%% CI %s - %s)\n",
                 matchup["a"].get<std::string>().c_str(), matchup["b"].get<std::string>().c_str(),
                 Fixed(100 * matchup["a_win_rate"].get<double>(), 2).c_str(),
                 Fixed(100 * matchup["a_win_rate_ci95"][0].get<double>(), 2).c_str(),
                 Fixed(100 * matchup["a_win_rate_ci95"][1].get<double>(), 2).c_str(),
                 Fixed(matchup["a_spread_mean"].get<double>(), 2).c_str(),
                 Fixed(matchup["a_spread_ci95"][0].get<double>(), 2).c_str(),
                 Fixed(matchup["a_spread_ci95"][1].get<double>(), 2).c_str());
  if (a.json) {
    const double games_per_second =
        outcome->seconds > 0 ? double(games_run * std::uint64_t(cluster.size())) / outcome->seconds : 0.0;
    JsonValue j = {{"stats", selfplay::StatsPath(dir)},
                   {"games", a.games},
                   {"games_resumed_rank0", resumed},
                   {"processes", cluster.size()},
                   {"threads", outcome->threads},
                   {"seconds", JsonFixed(outcome->seconds, 3)},
                   {"games_per_second", JsonFixed(games_per_second, 1)}};
    if (!matchup.is_null())
      j["matchup"] = {{"a", matchup["a"].get<std::string>()},
                      {"b", matchup["b"].get<std::string>()},
                      {"a_win_rate", JsonFixed(matchup["a_win_rate"].get<double>(), 4)},
                      {"a_win_rate_ci95",
                       {JsonFixed(matchup["a_win_rate_ci95"][0].get<double>(), 4),
                        JsonFixed(matchup["a_win_rate_ci95"][1].get<double>(), 4)}},
                      {"a_spread_mean", JsonFixed(matchup["a_spread_mean"].get<double>(), 2)},
                      {"a_spread_ci95",
                       {JsonFixed(matchup["a_spread_ci95"][0].get<double>(), 2),
                        JsonFixed(matchup["a_spread_ci95"][1].get<double>(), 2)}}};
    std::fputs(JsonReport(std::move(j)).c_str(), stdout);
  }
}

void RunSelfplay(const SelfplayArgs& a) {
  if (a.stats_dir.empty()) {
    if (a.resume) Fail("--resume needs --stats DIR (the study to carry on)", 2);
    RunGames(a);
  } else {
    if (!a.positions.empty()) Fail("--positions does not go with --stats", 2);
    RunStudyCommand(a);
  }
}

}  // namespace

void SetStudyCluster(selfplay::Cluster* cluster) { g_cluster = cluster; }

void RegisterSelfplay(CLI::App& app) {
  auto args = std::make_shared<SelfplayArgs>();
  CLI::App* cmd =
      app.add_subcommand("selfplay", "Self-play games (greedy, equity): GCG, CGP positions, games/s, studies");
  cmd->add_option("image", args->image, "Image file (with a GADDAG and/or a DAWG)")->required();
  cmd->add_option("--games", args->games, "Games to play (default 1)")->transform(WholeNumber(1, 1000000000000ull));
  cmd->add_option("--seed", args->seed, "Seed of game 0; game i uses seed + i (default 1)")
      ->transform(WholeNumber(0, ~0ull));
  cmd->add_option("--first-game", args->first_game,
                  "Play games A .. A+games-1 of the series (a shard of a study; default 0)")
      ->transform(WholeNumber(0, ~0ull));
  cmd->add_option("--threads", args->threads, "Threads (default 1; 0: every core). Results do not depend on it")
      ->transform(WholeNumber(0, 4096));
  CLI::Option* stats =
      cmd->add_option("--stats", args->stats_dir,
                      "Study directory: write DIR/stats.json (and checkpoints while running) instead of GCG");
  auto* strat = cmd->add_option(
      "--strategy", args->strategy,
      std::string("Both players' strategy: ") + strategy::kStrategyList + " (default greedy; equity needs --leaves)");
  cmd->add_option("--players", args->players,
                  "Two strategies, A,B (e.g. equity,greedy): game i seats A first when i is even, so each\n"
                  "moves first in half the games; a study reports A's win rate and spread against B")
      ->excludes(strat);
  cmd->add_option("--leaves", args->leaves,
                  "Leave values for the equity strategy: KLV2 or lexc's leave file, for the image's alphabet");
  cmd->add_flag("--resume", args->resume, "Carry on the study in --stats DIR from its checkpoint");
  cmd->add_option("--checkpoint-every", args->checkpoint_every,
                  "With --stats: seconds between checkpoints (default 60; fractions allowed)")
      ->check(DecimalNumber(0, std::numeric_limits<double>::max(), true, "seconds > 0"))
      ->needs(stats);
  cmd->add_option("--gcg-dir", args->gcg_dir, "Write game-SEED.gcg files here instead of printing them");
  cmd->add_option("--positions", args->positions,
                  "Write CGP positions (before every --every-th move) to this file, as games are played\n"
                  "(replaced at the end; a device, FIFO or - is written as a stream)");
  cmd->add_option("--every", args->every, "With --positions: the position before moves N, 2N, ... of each game")
      ->transform(WholeNumber(1, 1000000))
      ->needs("--positions");
  cmd->add_option("--lexicon", args->lexicon, "Lexicon name for GCG and CGP (default: the image's file name)")
      ->check(RecordName());
  cmd->add_flag("-q,--quiet", args->quiet, "Print no GCG, no progress and no summary line with --stats");
  cmd->add_flag("--json", args->json,
                "Print the summary as JSON (no GCG on standard output; --gcg-dir still gets its files; with --stats: "
                "the run's figures)");
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"(Examples:
  lexc selfplay sowpods.lex --games 3 --seed 42          three games in GCG
  lexc selfplay sowpods.lex --games 1000 -q --threads 0  speed on every core
  lexc selfplay sowpods.lex --games 10 --every 4 --positions mid.cgp -q
  lexc selfplay sowpods.lex --games 1000000 --threads 0 --stats study/
  lexc selfplay sowpods.lex --games 1000000 --threads 0 --stats study/ --resume
  lexc selfplay sowpods.lex --first-game 500000 --games 500000 --stats shard2/
  lexc merge merged/ shard1/ shard2/                     shards into one study
  mpirun -np 64 lexc-mpi selfplay sowpods.lex --games 100000000 --stats study/
  lexc leaves sowpods.lex -o sowpods.klv2 --games 20000 --generations 2
  lexc selfplay sowpods.lex --players equity,greedy --leaves sowpods.klv2 --games 100000 --stats vs/

A greedy player makes the highest-scoring play, exchanges its whole rack
when nothing plays and the bag holds 7 tiles or more, and passes otherwise.
An equity player makes the move of highest score + leave value (--leaves;
with the bag empty: score, +2x the opponent's tiles for going out). The
game ends when a player goes out (+2x the opponent's tiles) or after six
scoreless turns (each loses its own tiles).

A study (--stats DIR) writes DIR/stats.json (the same bytes whatever the
threads or processes), DIR/run.json (timings), and checkpoints while it
runs. Ctrl-C stops it at the next game and keeps a checkpoint (exit 130);
--resume carries on with the same options. Shards (--first-game) are joined
with 'lexc merge'. Progress goes to standard error (-q: none).)");
  cmd->callback([args] { RunSelfplay(*args); });
}

}  // namespace lexc::cli
