// lexc/selfplay/study.h -- one part of a study run in a directory: the
// state a directory allows (a fresh run, a resume, nothing to do), the
// resumption of a checkpoint, and the run itself with its checkpoints.
//
// A run is split into `parts` consecutive pieces (MPI ranks; 1 in one
// process): PartRange gives each its games. Part p keeps its own checkpoint
// DIR/checkpoint-p-of-N.json, written atomically every checkpoint interval,
// on cancellation, and (for N > 1) when the part is done. The caller then
// writes DIR/stats.json from the merged parts (study_file.h) and removes the
// checkpoints. A killed run loses at most one interval; resuming gives the
// same stats as an uninterrupted run, since the checkpoint holds the
// committed prefix of the part (driver.h).
// Thread safety: as RunStudy.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "lexc/selfplay/driver.h"
#include "lexc/selfplay/study_file.h"

namespace lexc::selfplay {

struct StudyPart {
  std::string dir;
  nlohmann::json study;  // the identity of the whole run (StudyDescription::ToJson)
  int part = 0, parts = 1;
  std::uint64_t first_game = 0, games = 0;  // this part's range (PartRange)
};

// Part p of n of [first_game, first_game + games): [first + games*p/n,
// first + games*(p+1)/n), so parts differ by at most one game. Precondition:
// 0 <= p < n.
std::pair<std::uint64_t, std::uint64_t> PartRange(std::uint64_t first_game, std::uint64_t games, int part, int parts);

enum class DirectoryPlan {
  kFresh,     // nothing of a study there: a new run may start
  kResume,    // checkpoints of this study, split the same way
  kComplete,  // stats.json of this very study: nothing left to do
};

// What `dir` allows. For a new run (resume false): kFresh, or kInvalidArgument
// "DIR already holds a study (stats.json)" / "(checkpoint-0-of-1.json)". For a
// resume: kResume or kComplete after checking the files are this study
// (CheckSameStudy, range included); kBadInput naming the file for another
// study, another split ("DIR/checkpoint-0-of-2.json: the run was split into 2
// parts, this one into 1"), a damaged file; kFresh when empty (a run killed
// before its first checkpoint starts over). kIo for a directory that cannot
// be listed.
Result<DirectoryPlan> PlanStudyDirectory(const std::string& dir, const nlohmann::json& study, int parts, bool resume);

// Resuming: loads the part's checkpoint, if there is one, into `acc`
// (acc.FromJson) and returns the games it holds (0 without a checkpoint).
// kBadInput naming the file and field: another study or range, a damaged
// checkpoint.
Result<std::uint64_t> LoadPartCheckpoint(const StudyPart& part, GameAccumulator& acc);

// The checkpoint of the part with `games_done` games committed in `acc`.
Status SavePartCheckpoint(const StudyPart& part, const GameAccumulator& acc, std::uint64_t games_done);

// Plays the part's games after the first `games_done` (already in `acc`) with
// `options` (its range, on_commit and commit_every_seconds are set here:
// checkpoints every `checkpoint_every_seconds`), and writes the checkpoint
// when cancelled (and, when finished, if parts > 1). The outcome's
// games_done counts the whole part. Errors: RunStudy's and the checkpoint
// writes' (kIo naming the file).
Result<StudyOutcome> RunStudyPart(const Lexicon& lexicon, const gen::Layout& layout, GameAccumulator& acc,
                                  const StudyPart& part, std::uint64_t games_done, double checkpoint_every_seconds,
                                  StudyOptions options);

}  // namespace lexc::selfplay
