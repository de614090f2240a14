// lexc/strategy/simulation.h -- Monte Carlo simulation of the best
// candidates by static equity, with Wickman's confidence pruning.
//
// Simulate() takes the top K moves of the player to move by static equity
// (equity.h) and plays each out many times against racks the opponent
// might hold (Wickman section 3; Quackle's, MAGPIE's and Macondo's "sim"):
//
//   iteration i:  a draw: the unseen tiles (bag plus the opponent's rack, as
//                 the player to move sees them) shuffled with a generator
//                 seeded by (seed, i); the opponent's rack is the first
//                 min(7, unseen) (or an inferred leave, inference.h,
//                 completed from them), the bag the rest in that order.
//   candidate c:  played, the mover's rack refilled from the bag; then
//                 `plies` moves, alternately the opponent's and the mover's,
//                 each the best by static equity for the rack then held
//                 (TopByEquity(1)), each followed by its draw; an exchange
//                 puts its tiles back at places of the bag the same draw
//                 chooses. The game ends as GameState ends it (game/
//                 rules.h), after any move of the line, the candidate
//                 included, and the line stops there: a play that empties
//                 a rack with the bag empty gains twice the other rack
//                 (OutBonus); a move that brings the consecutive scoreless
//                 turns (the position's count, then one more for each pass,
//                 exchange or play scoring 0: ScorelessAfter) to the limit
//                 (ScorelessLimitReached, CGP mcnz) costs each side its own
//                 rack's value (ScorelessPenalty).
//   value:        the mover's points minus the opponent's over the line,
//                 plus the leave value of the mover's last move in it minus
//                 that of the opponent's (StaticEquity's leave part: 0 once
//                 the bag was empty, and none once the game ended).
//                 plies = 0 gives static equity, unless the candidate ends
//                 the game.
// Every candidate is played against the same draws (common random numbers):
// iteration i is the same tiles, in the same order, for every candidate.
//
// Pruning (ConfidencePruner, testable alone): iterations run in batches;
// after each, every live candidate's mean, SD and interval mean +- z * SD /
// sqrt(n) at the chosen confidence (two-sided normal z). A candidate whose
// upper bound is below the lower bound of the live candidate of highest
// mean is pruned. The run stops when one candidate is left, when the leader
// is ahead of every other live candidate at that confidence on the paired
// differences (all comparisons together, Bonferroni; the common draws make
// these far tighter than the separate intervals), at the iteration limit,
// or at the time limit. A single candidate (K = 1, or a rack with one legal
// move) has nothing to be compared with: it is played against every draw up
// to the iteration or time limit (stop kIterations or kTime), so its mean,
// SD and bounds are simulated values like any other's.
//
// Reproducibility: iteration i depends only on (seed, i), and batches are
// folded in iteration order, so with an iteration limit (no time limit) the
// result is identical, bit for bit, for any number of threads. With a time
// limit the number of iterations done varies with the machine and load;
// everything else given that number is still the same.
// Thread safety: Simulate is reentrant; it runs options.threads threads,
// each with its own MoveGenerator, over the shared immutable lexicon and
// leave values.
// Cost: per iteration and live candidate, `plies` best replies (with leave
// values each generates every play of its rack: bench/bench_sim and the
// README give the measured rate) and the generator's Apply/Undo.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/lexicon.h"
#include "lexc/rack.h"
#include "lexc/status.h"
#include "lexc/strategy/equity.h"
#include "lexc/strategy/leave_values.h"

namespace lexc::strategy {

// ---- the statistics and the pruning rule, apart from move generation ----

// The two-sided standard normal quantile: z with P(|Z| <= z) = confidence.
// Precondition: 0 < confidence < 1. Accurate to about 1e-9.
double NormalQuantile(double confidence);

struct RunningStats {
  std::uint64_t n = 0;
  double sum = 0, sum_sq = 0;
  void Add(double v) {
    ++n;
    sum += v;
    sum_sq += v * v;
  }
  double Mean() const { return n ? sum / double(n) : 0.0; }
  // The sample standard deviation (n - 1); 0 below two values.
  double Sd() const;
};

// Candidates' values, batch by batch, and Wickman's rule. Values of one
// iteration are added together (AddIteration) so that the paired
// differences between live candidates are kept too. Memory O(K^2).
class ConfidencePruner {
 public:
  ConfidencePruner(std::size_t candidates, double confidence);

  std::size_t size() const { return stats_.size(); }
  bool alive(std::size_t c) const { return alive_[c]; }
  std::size_t alive_count() const;
  const RunningStats& stats(std::size_t c) const { return stats_[c]; }
  double z() const { return z_; }
  double Lower(std::size_t c) const;
  double Upper(std::size_t c) const;
  // The live candidate of highest mean (lowest index on a tie).
  std::size_t Leader() const;

  // values[c] for every live candidate c (others are ignored).
  void AddIteration(const std::vector<double>& values);
  // After a batch: prunes as the rule says (only candidates with at least
  // two values are judged). Returns the candidates pruned now.
  std::vector<std::size_t> Prune();
  // Whether the leader's paired difference to every other live candidate has
  // its lower bound above 0, the m comparisons each at confidence
  // 1 - (1 - confidence) / m (Bonferroni: all of them hold together at the
  // chosen confidence); true when one is left.
  bool LeaderAhead() const;

 private:
  double confidence_, z_;
  std::vector<RunningStats> stats_;
  std::vector<RunningStats> diff_;  // [a * K + b]: value(a) - value(b), a < b
  std::vector<bool> alive_;
};

// ---- the simulation ----

// The opponent's kept tiles, when inferred (inference.h): leaves with
// weights; a draw picks a leave with probability weight / total, then
// completes the rack from the remaining unseen tiles.
struct LeaveDistribution {
  std::vector<Rack> leaves;
  std::vector<double> weights;  // > 0, as many as leaves
};

inline constexpr int kMaxPlies = 10;
inline constexpr int kMaxSimThreads = 256;
inline constexpr int kMaxCandidates = 1000;

struct SimCandidate {
  RatedMove move;  // its static equity
  std::uint64_t iterations = 0;
  double mean = 0, sd = 0, lower = 0, upper = 0;
  bool pruned = false;
  std::uint64_t pruned_at = 0;  // iterations done when pruned
};

enum class SimStop : std::uint8_t { kOneLeft, kLeaderAhead, kIterations, kTime, kCallback, kNoCandidates };
const char* SimStopName(SimStop s);  // "one_left", "leader_ahead", ...

struct SimResult {
  std::vector<SimCandidate> candidates;  // live first, then by mean; best first
  std::uint64_t iterations = 0;          // draws done (the leader's iterations)
  std::uint64_t evaluations = 0;         // candidate-iterations played, all candidates
  double seconds = 0;
  double z = 0;
  int threads = 1;
  int plies = 0;
  int opponent_rack = 0;  // tiles on the simulated opponent's rack
  int bag = 0;            // tiles in the bag as the mover sees it
  SimStop stop = SimStop::kIterations;
};

struct SimOptions {
  int candidates = 10;               // K, >= 1
  int plies = 2;                     // moves after the candidate, 0..kMaxPlies
  std::uint64_t max_iterations = 0;  // per candidate; 0: no limit (then a time limit is needed)
  double time_limit = 0;             // seconds of wall time; 0: none
  double confidence = 0.99;          // in (0, 1)
  int batch = 100;                   // iterations between pruning decisions, >= 1
  int threads = 1;                   // >= 1
  std::uint64_t seed = 1;
  gen::Algorithm algorithm = gen::Algorithm::kGaddag;
  const LeaveDistribution* opponent = nullptr;  // null: uniform racks
  // The opponent's reply after each candidate reuses its plays on the root
  // board (gen/play_reuse.h): its best ones found once per draw, searched
  // again only from the anchors whose plays a candidate may have changed.
  // The same replies either way (the tests compare whole results); off
  // only to measure what it saves.
  bool reuse_replies = true;
  // Called after every batch on the calling thread; return false to stop.
  std::function<bool(const SimResult&)> on_batch;
};

// Simulates position `p` for its player to move (racks[0]). The opponent's
// rack, if the position lists it, is not used: it goes back among the unseen
// tiles, which the mover cannot tell apart. `lexicon`, `layout`, `alphabet`
// and `leaves` must outlive the call. Errors (kInvalidArgument): the
// position's (gen::ValidatePosition), more than two racks
// (game::CheckTwoPlayers), an empty rack to move, a game already over
// (game::CheckNotOver: the scoreless turns at the limit, the opponent with
// no tiles and none unseen), an option out of range, neither an
// iteration nor a time limit, an inferred leave
// (options.opponent) that the unseen tiles do not hold or longer than the
// opponent's rack; the generator's (MoveGenerator::Create).
Result<SimResult> Simulate(const Lexicon& lexicon, const gen::Layout& layout, const Alphabet& alphabet,
                           const LeaveValues& leaves, const gen::Position& p, const SimOptions& options);

}  // namespace lexc::strategy
