// lexc sim -- Monte Carlo simulation of the best candidates of a position by
// static equity, with Wickman's confidence pruning (lexc::strategy's
// Simulate; the method is in lexc/strategy/simulation.h).
//
// Prints each candidate (best first) with its static equity, the mean and
// SD of its simulated value, the confidence bounds, the iterations it was
// played and whether it was kept or pruned (Wickman's figures 5 and 6),
// then the iterations done and why the run stopped. A single candidate is
// simulated over every draw asked for (nothing to prune). A position that is
// not a two-player game in progress is refused (Simulate's checks, exit 1).
// Progress on standard error unless -q (progress.h).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <memory>
#include <thread>

#include "cli_checks.h"
#include "lexc/gen/cgp.h"
#include "lexc/strategy/simulation.h"
#include "play_common.h"
#include "progress.h"
#include "strategy_cli.h"

namespace lexc::cli {
namespace {

struct SimArgs {
  std::string image, cgp, time, leaves, confidence = "0.99", before;
  InferenceArgs infer;
  GameOptions game;
  int candidates = 10, plies = 2, batch = 100, threads = 1;
  std::uint64_t iterations = 0, seed = 1;
  bool json = false, quiet = false;
};

constexpr std::uint64_t kDefaultSimIterations = 1000;

double ParseConfidence(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(v >= 0.5 && v <= 0.999999))
    Fail("--confidence: expected a level in [0.5, 0.999999], got " + QuoteText(text, '\''), 2);
  return v;
}

std::string SimMoveText(const strategy::SimCandidate& c, const Alphabet& abc) {
  return gen::FormatMove(c.move.move, abc);
}

void PrintSimText(const gen::Position& p, const strategy::SimResult& r, const strategy::SimOptions& o,
                  const Alphabet& abc, Output& out) {
  std::string& buf = out.buf();
  buf += "rack " + p.racks[0].ToString(abc) + ", " + std::to_string(r.bag) + " in the bag, opponent's rack " +
         std::to_string(r.opponent_rack) + " tiles; " + std::to_string(r.plies) + (r.plies == 1 ? " ply" : " plies") +
         " after each candidate, confidence " + Fixed(o.confidence, 4) + " (z " + Fixed(r.z, 3) + ")\n";
  std::size_t width = 4;
  for (const auto& c : r.candidates) width = std::max(width, SimMoveText(c, abc).size());
  auto pad = [](std::string s, std::size_t w) {
    if (s.size() < w) s.insert(0, w - s.size(), ' ');
    return s;
  };
  buf += pad("#", 3) + "  move" + std::string(width - 4, ' ') + pad("equity", 9) + pad("mean", 9) + pad("sd", 8) +
         pad("low", 9) + pad("high", 9) + pad("iters", 9) + "  verdict\n";
  for (std::size_t i = 0; i < r.candidates.size(); ++i) {
    const strategy::SimCandidate& c = r.candidates[i];
    const std::string m = SimMoveText(c, abc);
    buf += pad(std::to_string(i + 1), 3) + "  " + m + std::string(width - m.size(), ' ') +
           pad(Fixed(c.move.equity, 2), 9) + pad(Fixed(c.mean, 2), 9) + pad(Fixed(c.sd, 2), 8) +
           pad(Fixed(c.lower, 2), 9) + pad(Fixed(c.upper, 2), 9) + pad(Thousands(c.iterations), 9) + "  " +
           (c.pruned ? "pruned after " + Thousands(c.pruned_at) : std::string(i == 0 ? "best" : "kept")) + "\n";
  }
  const double rate = r.seconds > 0 ? double(r.evaluations) / r.seconds : 0;
  buf += "iterations: " + Thousands(r.iterations) + " draws, " + Thousands(r.evaluations) + " candidate plays in " +
         Fixed(r.seconds, 2) + " s (" + Thousands(std::uint64_t(rate)) + "/s), " + std::to_string(r.threads) +
         (r.threads == 1 ? " thread" : " threads") + "; stopped: " + strategy::SimStopName(r.stop) + "\n";
}

JsonValue SimJson(const gen::Position& p, const strategy::SimResult& r, const strategy::SimOptions& o,
                  const Alphabet& abc) {
  JsonValue cands = JsonValue::array();
  for (const strategy::SimCandidate& c : r.candidates)
    cands.push_back({{"move", SimMoveText(c, abc)},
                     {"score", c.move.move.score()},
                     {"equity", JsonFixed(c.move.equity, 3)},
                     {"mean", JsonFixed(c.mean, 3)},
                     {"sd", JsonFixed(c.sd, 3)},
                     {"lower", JsonFixed(c.lower, 3)},
                     {"upper", JsonFixed(c.upper, 3)},
                     {"iterations", c.iterations},
                     {"kept", !c.pruned},
                     {"pruned_at", c.pruned ? JsonValue(c.pruned_at) : JsonValue(nullptr)}});
  return {{"cgp", gen::WriteCgp(p, abc)},
          {"rack", p.racks[0].ToString(abc)},
          {"bag", r.bag},
          {"opponent_rack", r.opponent_rack},
          {"plies", r.plies},
          {"confidence", o.confidence},
          {"z", JsonFixed(r.z, 6)},
          {"seed", o.seed},
          {"candidates", std::move(cands)},
          {"iterations", r.iterations},
          {"evaluations", r.evaluations},
          {"seconds", JsonFixed(r.seconds, 6)},
          {"threads", r.threads},
          {"stop", strategy::SimStopName(r.stop)}};
}

void RunSim(const SimArgs& a) {
  if (a.cgp.empty()) Fail("--cgp: the position is required", 2);
  strategy::SimOptions o;
  o.candidates = a.candidates;
  o.plies = a.plies;
  o.batch = a.batch;
  o.seed = a.seed;
  o.confidence = ParseConfidence(a.confidence);
  if (!a.time.empty()) o.time_limit = ParseTimeOption(a.time);
  o.max_iterations = a.iterations ? a.iterations : (a.time.empty() ? kDefaultSimIterations : 0);
  o.threads =
      a.threads > 0 ? a.threads : std::clamp(int(std::thread::hardware_concurrency()), 1, strategy::kMaxSimThreads);
  const MappedLexicon image = OpenImage(a.image, a.game.verify, a.game.load);
  const Alphabet& abc = image->alphabet();
  const gen::Layout layout = LoadLayout(a.game.layout);
  o.algorithm = ChooseAlgorithm(a.game.algorithm, image.lexicon());
  const LoadedLeaves leaves = LoadLeavesOption(a.leaves, abc);
  Result<gen::Position> p = gen::ParseCgp(a.cgp, abc, layout);
  if (!p.ok()) Fail("--cgp: " + Describe(p.status()));
  if (p->racks.empty() || p->racks[0].empty()) Fail("--cgp: the player to move has no tiles (rack 1 is empty)");
  // --infer: the opponent's racks from the leaves it may have kept.
  std::unique_ptr<Inferred> inferred;
  strategy::LeaveDistribution opponent;
  if (!a.infer.move.empty() || a.infer.exchange || !a.before.empty()) {
    if (a.before.empty()) Fail("--before: the position before the opponent's move is required with --infer", 2);
    InferenceArgs ia = a.infer;
    ia.seed = a.seed;
    inferred = std::make_unique<Inferred>(
        RunInference(image.lexicon(), layout, abc, leaves.values, o.algorithm, a.before, "--before", ia, "infer-"));
    gen::Board after = inferred->before.board;
    if (inferred->move.kind == gen::Move::Kind::kPlay) Check(gen::ApplyPlay(inferred->move.play, &after));
    if (!(after == p->board)) Fail("--before: its board with --infer's move played is not the board of --cgp");
    opponent = inferred->result.Distribution();
    o.opponent = &opponent;
  }
  // Progress: draws (of --iterations), the time (of --time), the candidates
  // left and the best so far.
  ProgressLine line("lexc sim", a.quiet, 0, "draws", 5);
  line.SetTimeBudget(o.time_limit);
  if (!a.quiet)
    o.on_batch = [&](const strategy::SimResult& r) {
      std::size_t live = 0;
      for (const auto& c : r.candidates) live += !c.pruned;
      line.Update(r.iterations, o.max_iterations, r.seconds,
                  std::to_string(live) + " of " + std::to_string(r.candidates.size()) + " candidates left, best " +
                      SimMoveText(r.candidates.front(), abc) + " (" + Fixed(r.candidates.front().mean, 2) + ")");
      return true;
    };
  Result<strategy::SimResult> r = strategy::Simulate(image.lexicon(), layout, abc, leaves.values, *p, o);
  line.Clear();
  if (!r.ok()) Fail("--cgp: " + Describe(r.status()));
  Output out;
  if (a.json) {
    JsonValue j = SimJson(*p, *r, o, abc);
    if (inferred) {
      j["inferred_leaves"] = inferred->result.leaves.size();
      j["inferred_leave_size"] = inferred->result.leave_size;
    }
    out.buf() += JsonReport(std::move(j));
  } else {
    if (inferred)
      out.buf() += "opponent's racks: a leave of " + std::to_string(inferred->result.leave_size) + " tiles from " +
                   Thousands(inferred->result.leaves.size()) + " inferred (" +
                   (inferred->result.sampled ? "sampled" : "enumerated") + "), the rest drawn\n";
    PrintSimText(*p, *r, o, abc, out);
  }
  out.Flush();
}

}  // namespace

void RegisterSim(CLI::App& app) {
  auto args = std::make_shared<SimArgs>();
  CLI::App* cmd = app.add_subcommand("sim", "Simulate the best candidates of a position (Monte Carlo, pruned)");
  cmd->add_option("image", args->image, "Image file (with a GADDAG and/or a DAWG)")->required();
  cmd->add_option("--cgp", args->cgp, "The position as a CGP record (quote it); the player to move is simulated");
  cmd->add_option("--candidates,-k", args->candidates, "Candidates: the K best by static equity (default 10)")
      ->transform(WholeNumber(1, strategy::kMaxCandidates));
  cmd->add_option("--plies", args->plies, "Moves played after each candidate (default 2: reply and response)")
      ->transform(WholeNumber(0, strategy::kMaxPlies));
  cmd->add_option("--iterations", args->iterations,
                  "Draws at most (default 1000 without --time; no limit with --time alone)")
      ->transform(WholeNumber(1, 1000000000000ull));
  cmd->add_option("--time", args->time, "Stop after SECONDS of wall time")
      ->check(DecimalNumber(0, 604800, true, "seconds in (0, 604800]"));
  cmd->add_option("--confidence", args->confidence, "Confidence level of the bounds (default 0.99)")
      ->check(DecimalNumber(0.5, 0.999999, false, "a level in [0.5, 0.999999]"));
  cmd->add_option("--batch", args->batch, "Draws between pruning decisions (default 100)")
      ->transform(WholeNumber(1, 1000000));
  cmd->add_option("--threads", args->threads, "Threads (default 1; 0: every core)")
      ->transform(WholeNumber(0, strategy::kMaxSimThreads));
  cmd->add_option("--seed", args->seed, "Seed of the draws (default 1)")->transform(WholeNumber(0, ~0ull));
  cmd->add_option("--leaves", args->leaves, "Leave values: a KLV2 or lexc leave file (default: every leave 0)");
  cmd->add_option("--before", args->before,
                  "With --infer: the position before the opponent's last move (the opponent to move there)");
  cmd->add_option("--infer", args->infer.move,
                  "Draw the opponent's racks from what it may have kept after this play ('8D WORD'), as lexc "
                  "infer does, instead of uniformly");
  cmd->add_option("--infer-exchange", args->infer.exchange, "The same after an exchange of N tiles")
      ->transform(WholeNumber(1, gen::kRackSize));
  AddInferenceOptions(cmd, &args->infer, "infer-");
  cmd->add_flag("--json", args->json, "Print one JSON object");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress lines on standard error");
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"EX(Examples:
  lexc sim sowpods.lex --cgp "$(sed -n 5p fixtures/positions/sowpods-greedy.cgp)" --leaves english.klv2
  lexc sim sowpods.lex --cgp "$(sed -n 10p fixtures/positions/sowpods-greedy.cgp)" --candidates 15 --time 10 --threads 2 --json -q
  lexc sim sowpods.lex --cgp '15/15/15/15/15/15/6S8/3OUTHAUL5/6I8/6V8/6E8/6R8/6Y8/15/15 AEINRST/ 0/22 0' --before '15/15/15/15/15/15/15/3OUTHAUL5/15/15/15/15/15/15/15 /AEINRST 0/0 0' --infer 'G7 S(H)IVERY' --infer-tolerance 15

Each draw gives the opponent a rack from the unseen tiles (the bag and the
opponent's rack as the player to move sees them: a rack the CGP lists for
the opponent goes back among them) and fixes the order of the bag; every
candidate is played against the same draws. A candidate's value is its
points minus the opponent's over the line, plus the leave value of each
side's last move (mover's minus opponent's). A line ends where the game
would (lexc endgame's rules): a play going out with the bag empty earns
twice the other rack; the scoreless-turn limit (the position's count
included, CGP mcnz, default 6) costs each side its own rack. After every
batch, a candidate whose upper bound is below the leader's lower bound is
pruned; the run stops when one is left, when the leader is ahead of every
other on the paired differences at the confidence level (all comparisons
together), or at --iterations / --time. A single candidate (--candidates 1,
or one legal move) has nothing to be compared with: it is played against
every draw up to --iterations / --time, so its mean is a simulated value.
A finished game (scoreless turns at the limit, the opponent out of tiles
with none unseen) or more than two racks is refused (exit 1).
With --iterations and no --time the result is the same for any --threads.
With --infer, each draw first picks a leave the opponent may have kept
(weighed as lexc infer weighs them), then completes its rack at random.)EX");
  // The inference options tune --infer or --infer-exchange (either one).
  cmd->callback([args, cmd] {
    const bool inferring = cmd->get_option("--infer")->count() + cmd->get_option("--infer-exchange")->count() > 0;
    for (const char* name : {"--infer-tolerance", "--infer-samples", "--infer-enumerate"})
      if (!inferring && cmd->get_option(name)->count() > 0)
        Fail(std::string(name) + " goes with --infer or --infer-exchange", 2);
    RunSim(*args);
  });
}

}  // namespace lexc::cli
