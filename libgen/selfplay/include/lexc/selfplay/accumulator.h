// lexc/selfplay/accumulator.h -- what a study gathers from its games.
//
// The study driver (driver.h) plays a range of games on many threads, ranks
// or shard jobs. Each worker feeds the records of its games, in seed order,
// to an accumulator of its own; the driver then merges the accumulators in
// seed order: a.Merge(b) where b holds the games right after a's. The
// contract that makes a study reproducible: for any split of a range into
// consecutive pieces, merging the pieces' accumulators gives exactly (ToJson
// equal) what one accumulator fed every game in order gives. Keep counts and
// sums as integers, and break every tie by a total order (seed, turn, ...),
// so that neither the split nor the order of floating-point additions can
// change a figure.
//
// ToJson/FromJson carry an accumulator through checkpoints, MPI messages and
// shard files: FromJson(ToJson()) gives an equal accumulator, and FromJson
// rejects (kBadInput, naming the field) anything else, since its input may
// be a damaged or edited file. The JSON holds no timings.
//
// Statistics (StudyStats, stats.h) are one accumulator; leave-value
// estimation (the strategy issue) will be another.
// Thread safety: none; one accumulator per worker.
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>  // the full header in the .cc files that use it

#include "lexc/game/record.h"
#include "lexc/status.h"

namespace lexc::selfplay {

class GameAccumulator {
 public:
  virtual ~GameAccumulator() = default;

  // A new, empty accumulator of the same kind and configuration.
  virtual std::unique_ptr<GameAccumulator> NewEmpty() const = 0;

  // One finished game, after the games already added (seed order). An error
  // (a record that contradicts the configuration) stops the study.
  virtual Status Add(const game::GameRecord& game) = 0;

  // Appends `later`, an accumulator of the same kind and configuration that
  // holds the games right after this one's. kInvalidArgument for another
  // kind.
  virtual Status Merge(const GameAccumulator& later) = 0;

  // Games added (or merged, or read by FromJson). The driver checks it
  // against the games a checkpoint or shard says it holds.
  virtual std::uint64_t games() const = 0;

  virtual nlohmann::json ToJson() const = 0;
  // Replaces the contents with `j` (a ToJson of the same configuration).
  virtual Status FromJson(const nlohmann::json& j) = 0;
};

}  // namespace lexc::selfplay
