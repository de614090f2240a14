// lexc/selfplay/summary.h -- SeriesSummary, the smallest real accumulator of
// a study: counts and sums, and two digests of the game records.
//
// It is what plain `lexc selfplay` (no --stats, which gathers the full
// StudyStats) reports, the bare run `bench_study_driver` measures the
// statistics against, and what the driver's tests fold: it sees every
// field that matters of every record, so two runs with equal summaries played
// the same games.
//  - games, turns, bingos, points (final scores summed, negative included),
//    moves by kind (plays, exchanges, passes), games by end.
//  - digest: the sum (mod 2^64) of a hash of each record: independent of the
//    order the games were added in.
//  - sequence_digest: a polynomial hash of the records in the order added
//    (h = h * P + hash(game), mod 2^64); Merge combines it exactly (h_a *
//    P^n_b + h_b), so merging pieces out of seed order shows.
// All figures are integers: merging any split in order equals one fold.
// Thread safety: none (one per worker). Complexity: Add O(events), Merge
// O(log games), ToJson/FromJson O(1).
#pragma once

#include <cstdint>
#include <memory>

#include "lexc/selfplay/accumulator.h"

namespace lexc::selfplay {

class SeriesSummary final : public GameAccumulator {
 public:
  std::unique_ptr<GameAccumulator> NewEmpty() const override;
  Status Add(const game::GameRecord& game) override;
  Status Merge(const GameAccumulator& later) override;
  // {"kind":"series-summary","games":..,"turns":..,"bingos":..,"points":..,
  //  "moves":{"play":..,"exchange":..,"pass":..},"ends":{"went_out":..,
  //  "scoreless":..,"turn_limit":..},"digest":"16 hex","sequence_digest":"16 hex"}
  nlohmann::json ToJson() const override;
  // kBadInput naming the field ("stats.turns: expected a whole number, got
  // \"x\""; "stats.kind: expected \"series-summary\"") for anything ToJson
  // cannot have written; on error the summary is unchanged.
  Status FromJson(const nlohmann::json& j) override;

  std::uint64_t games() const override { return games_; }
  std::uint64_t turns() const { return turns_; }
  std::uint64_t bingos() const { return bingos_; }
  std::int64_t points() const { return points_; }
  std::uint64_t digest() const { return digest_; }
  std::uint64_t sequence_digest() const { return sequence_digest_; }

  // The hash of one record the digests are made of (FNV-1a 64 over seed,
  // scores, end and every event's kind, player, points, total, move text).
  static std::uint64_t HashGame(const game::GameRecord& game);

 private:
  std::uint64_t games_ = 0, turns_ = 0, bingos_ = 0;
  std::int64_t points_ = 0;
  std::uint64_t plays_ = 0, exchanges_ = 0, passes_ = 0;
  std::uint64_t went_out_ = 0, scoreless_ = 0, turn_limit_ = 0;
  std::uint64_t digest_ = 0, sequence_digest_ = 0;
};

}  // namespace lexc::selfplay
