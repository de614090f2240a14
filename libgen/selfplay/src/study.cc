#include "lexc/selfplay/study.h"

#include <filesystem>

namespace lexc::selfplay {

std::pair<std::uint64_t, std::uint64_t> PartRange(std::uint64_t first_game, std::uint64_t games, int part, int parts) {
  // games * p / n without overflow: games = q * n + r.
  const std::uint64_t n = std::uint64_t(parts), q = games / n, r = games % n;
  const auto start = [&](std::uint64_t p) { return q * p + r * p / n; };
  const std::uint64_t a = start(std::uint64_t(part)), b = start(std::uint64_t(part) + 1);
  return {first_game + a, b - a};
}

Result<DirectoryPlan> PlanStudyDirectory(const std::string& dir, const nlohmann::json& study, int parts, bool resume) {
  auto d = InspectStudyDirectory(dir);
  if (!d.ok()) return d.status();
  if (!resume) {
    if (d->empty()) return DirectoryPlan::kFresh;
    const std::string what =
        d->has_stats ? "stats.json" : std::filesystem::path(d->checkpoints.front()).filename().string();
    return Status(Errc::kInvalidArgument, dir + " already holds a study (" + what + ")");
  }
  if (Status s = RemoveStaleTemporaries(dir); !s.ok()) return s;  // left by a SIGKILL
  if (d->empty()) return DirectoryPlan::kFresh;                   // killed before its first checkpoint: start over
  if (d->has_stats) {
    auto f = ReadStudyFile(StatsPath(dir));
    if (!f.ok()) return f.status();
    if (Status s = CheckSameStudy(study, f->study, f->path, true); !s.ok()) return s;
    return DirectoryPlan::kComplete;
  }
  for (const std::string& path : d->checkpoints) {
    auto f = ReadStudyFile(path);
    if (!f.ok()) return f.status();
    if (f->parts != parts)
      return Status(Errc::kBadInput, path + ": the run was split into " + std::to_string(f->parts) +
                                         " parts, this one into " + std::to_string(parts));
    if (Status s = CheckSameStudy(study, f->study, f->path, true); !s.ok()) return s;
  }
  return DirectoryPlan::kResume;
}

Result<std::uint64_t> LoadPartCheckpoint(const StudyPart& part, GameAccumulator& acc) {
  const std::string path = CheckpointPath(part.dir, part.part, part.parts);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::uint64_t(0);
  auto f = ReadStudyFile(path);
  if (!f.ok()) return f.status();
  if (f->complete) return Status(Errc::kBadInput, path + ": format: a final stats file, expected a checkpoint");
  if (Status s = CheckSameStudy(part.study, f->study, path, true); !s.ok()) return s;
  if (f->part != part.part || f->parts != part.parts || f->part_first_game != part.first_game ||
      f->part_games != part.games)
    return Status(Errc::kBadInput, path + ": part: games " + std::to_string(f->part_first_game) + " + " +
                                       std::to_string(f->part_games) + " of part " + std::to_string(f->part) + "/" +
                                       std::to_string(f->parts) + ", expected games " +
                                       std::to_string(part.first_game) + " + " + std::to_string(part.games));
  if (f->games_done > part.games)
    return Status(Errc::kBadInput, path + ": games_done: " + std::to_string(f->games_done) + ", more than the part's " +
                                       std::to_string(part.games) + " games");
  if (Status s = acc.FromJson(f->stats); !s.ok()) return Status(s.code(), path + ": " + s.detail());
  if (acc.games() != f->games_done)
    return Status(Errc::kBadInput, path + ": games_done: " + std::to_string(f->games_done) + ", but its stats hold " +
                                       std::to_string(acc.games()) + " games");
  return f->games_done;
}

Status SavePartCheckpoint(const StudyPart& part, const GameAccumulator& acc, std::uint64_t games_done) {
  StudyFile c;
  c.study = part.study;
  c.part = part.part, c.parts = part.parts;
  c.part_first_game = part.first_game, c.part_games = part.games;
  c.games_done = games_done;
  c.stats = acc.ToJson();
  return WriteCheckpoint(part.dir, c);
}

Result<StudyOutcome> RunStudyPart(const Lexicon& lexicon, const gen::Layout& layout, GameAccumulator& acc,
                                  const StudyPart& part, std::uint64_t games_done, double checkpoint_every_seconds,
                                  StudyOptions options) {
  StudyOutcome outcome;
  if (games_done < part.games) {
    options.first_game = part.first_game + games_done;
    options.games = part.games - games_done;
    options.commit_every_seconds = checkpoint_every_seconds;
    options.on_commit = [&](const GameAccumulator& prefix, std::uint64_t done) {
      return SavePartCheckpoint(part, prefix, games_done + done);
    };
    Result<StudyOutcome> run = Status(Errc::kInvalidArgument, "not run");
    try {
      run = RunStudy(lexicon, layout, acc, options);
    } catch (...) {  // a callback's exception, rethrown once every thread stopped
      if (acc.games() > games_done) (void)SavePartCheckpoint(part, acc, acc.games());
      throw;
    }
    if (!run.ok()) {
      // `acc` holds the games committed before the failure: keep them, so
      // that --resume starts from there rather than the last checkpoint.
      if (acc.games() > games_done) (void)SavePartCheckpoint(part, acc, acc.games());
      return run.status();
    }
    outcome = *run;
  }
  outcome.games_done += games_done;
  if (outcome.cancelled || (part.parts > 1 && outcome.games_done == part.games)) {
    if (Status s = SavePartCheckpoint(part, acc, outcome.games_done); !s.ok()) return s;
  }
  return outcome;
}

}  // namespace lexc::selfplay
