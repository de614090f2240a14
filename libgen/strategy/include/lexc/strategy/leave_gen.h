// lexc/strategy/leave_gen.h -- leave values learnt from self-play
// (`lexc leaves`; the method and its figures: docs/leaves.md).
//
// 1. Observations (LeaveObservations, a selfplay::GameAccumulator, so the
//    study driver plays the games on N threads): for every play or exchange
//    after which the mover draws (the bag is not empty) and moves again,
//    the leave L it kept is credited with the target
//      t = points of the mover's next move
//          + previous value of the leave that next move keeps (when the bag
//            is still not empty after it; 0 in generation 0),
//    in fixed point (1/kLeaveScale points, rounded once per observation):
//    counts and sums are integers, so the figures do not depend on the
//    threads or the order of merging.
// 2. Estimation (EstimateLeaves): a leave's raw value is its mean target
//    minus the mean target of the empty leave (a bingo, or all 7 tiles
//    thrown: the reference that makes "score + leave" comparable with
//    playing out, whose leave the engines value 0). Rare leaves are shrunk
//    toward a model made of single tiles and pairs: per leave size n,
//      model(L) = c_n + a_n * S1(L) + b_n * S2(L)
//    where S1 is the sum of the single tiles' values and S2 the sum over
//    the leave's pairs of their synergy (pair value - both singles), the
//    coefficients fitted by weighted least squares on the observed leaves
//    of that size. value(L) = (n_L * raw(L) + k * model(L)) / (n_L + k),
//    n_L the leave's observations, k = sigma^2 / tau^2 (sigma^2: the
//    targets' variance within a leave; tau^2: the raw values' variance
//    around the model beyond noise), or given.
// 3. Generations (GenerateLeaves): generation 0 plays greedy games,
//    generation g >= 1 plays equity players using generation g-1's values
//    (which also value the next leave of the target). Every multiset of
//    1..max_tiles tiles the tile set allows is written (914,624 for English
//    with 6 tiles).
// Thread safety: LeaveObservations as any accumulator (one per worker);
// the functions are reentrant.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json_fwd.hpp>  // the full header in the .cc files that use it
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/game/rules.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/movegen.h"
#include "lexc/interop/leave_table.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/accumulator.h"
#include "lexc/strategy/leave_values.h"

namespace lexc::strategy {

// Targets are summed in units of 1/kLeaveScale points.
inline constexpr int kLeaveScale = 16;

// The integer sums of one leave's targets (fixed point).
struct LeaveSums {
  std::uint64_t count = 0;
  std::int64_t sum = 0;
  std::uint64_t sum_squares = 0;
  bool operator==(const LeaveSums&) const = default;
};

// A leave key (sorted, blanks as 0 first, at most 7 tiles, codes < 255)
// packed into 64 bits: the length in the top byte, then a byte per tile.
std::uint64_t PackLeave(std::span<const Tile> key);
std::vector<Tile> UnpackLeave(std::uint64_t packed);

struct LeaveObservationConfig {
  const Alphabet* alphabet = nullptr;     // the image's; outlives the object
  const LeaveValues* previous = nullptr;  // values of the next leave; null: 0
  int max_tiles = 6;                      // leaves of more tiles are not counted
};

class LeaveObservations final : public selfplay::GameAccumulator {
 public:
  explicit LeaveObservations(LeaveObservationConfig config) : config_(config) {}

  std::unique_ptr<selfplay::GameAccumulator> NewEmpty() const override;
  // Replays the bag's size from the record (the full set less both racks,
  // less each play's draw). Errors (kInvalidArgument, nothing counted): a
  // move whose tiles are not on the mover's rack, a seat other than 0 or 1.
  // O(moves x tiles).
  Status Add(const game::GameRecord& game) override;
  // Adds the sums (integers: exact, whatever the order). kLimit when a sum
  // would overflow; kInvalidArgument for another kind or configuration.
  Status Merge(const selfplay::GameAccumulator& later) override;
  std::uint64_t games() const override { return games_; }
  // {"kind":"leave-observations","scale":16,"max_tiles":6,"games":N,
  //  "leaves":[[packed key, count, sum, sum_squares], ...]} sorted by key.
  nlohmann::json ToJson() const override;
  Status FromJson(const nlohmann::json& j) override;

  // By packed key (PackLeave); the empty leave is PackLeave({}).
  const std::unordered_map<std::uint64_t, LeaveSums>& sums() const { return sums_; }
  std::uint64_t observations() const { return observations_; }
  const LeaveObservationConfig& config() const { return config_; }

 private:
  LeaveObservationConfig config_;
  std::uint64_t games_ = 0, observations_ = 0;
  std::unordered_map<std::uint64_t, LeaveSums> sums_;
};

// Every multiset of 1..max_tiles tiles the alphabet's set allows (each tile
// at most its count; blanks as 0), in LeaveTable key order. O(result).
std::vector<std::vector<Tile>> AllLeaves(const Alphabet& alphabet, int max_tiles);

struct EstimateOptions {
  int max_tiles = 6;
  double prior = 0;  // k, in observations; 0: estimated (sigma^2 / tau^2)
};

struct EstimateReport {
  std::uint64_t observations = 0, distinct_observed = 0, leaves_written = 0;
  double baseline = 0;      // mean target of the empty leave (points)
  double sigma = 0;         // within-leave sd of the targets (points)
  double tau = 0;           // sd of the raw values around the model (points)
  double prior = 0;         // k used
  double model[7][3] = {};  // [size] {c, a, b}
};

// The table of every leave (AllLeaves) valued as described above. Errors:
// kInvalidArgument when no empty leave and no observation at all were seen.
// Deterministic: a function of the integer sums only. O(leaves x tiles^2).
Result<interop::LeaveTable> EstimateLeaves(const LeaveObservations& obs, const Alphabet& alphabet,
                                           const EstimateOptions& options, EstimateReport* report = nullptr);

struct LeaveGenOptions {
  int generations = 3;           // >= 1
  std::uint64_t games = 100000;  // per generation, >= 1
  std::uint64_t seed = 1;        // generation g plays seeds seed + g*games ...
  int threads = 1;               // 0: every core
  EstimateOptions estimate;
  gen::Algorithm algorithm = gen::Algorithm::kGaddag;
  game::Rules rules;
  const interop::LeaveTable* start = nullptr;  // generation 0 plays equity with these; null: greedy
  const std::atomic<bool>* cancel = nullptr;
  // generation (0-based), games done, games of the generation, seconds.
  std::function<void(int, std::uint64_t, std::uint64_t, double)> on_progress;
};

struct GenerationReport {
  int generation = 0;
  std::string players;  // "greedy" or "equity"
  std::uint64_t games = 0;
  double seconds = 0;
  EstimateReport estimate;
};

// Plays the generations and returns the last table. Errors: the driver's
// and the estimate's; kInvalidArgument for generations or games < 1, and
// "cancelled" when options.cancel stopped the games.
Result<interop::LeaveTable> GenerateLeaves(const Lexicon& lexicon, const gen::Layout& layout,
                                           const LeaveGenOptions& options, std::vector<GenerationReport>* reports);

}  // namespace lexc::strategy
