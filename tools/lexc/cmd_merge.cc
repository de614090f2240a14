// lexc merge -- joins the study directories of shards (lexc selfplay
// --first-game A --games N --stats DIR) into one: exactly the stats.json one
// run over the union of their ranges gives. The checks (same image and
// options, contiguous ranges, finished shards) are the library's
// (lexc/selfplay/study_file.h MergeStudyFiles); this file reads and writes.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>

#include "cli_checks.h"
#include "common.h"
#include "lexc/io.h"
#include "lexc/selfplay/study_file.h"
#include "study_cli.h"

namespace lexc::cli {
namespace {

struct MergeArgs {
  std::string out;
  std::vector<std::string> shards;
  bool quiet = false;
};

void RunMerge(const MergeArgs& a) {
  std::vector<selfplay::StudyFile> parts;
  for (const std::string& dir : a.shards) {
    std::error_code same_ec;
    if (std::filesystem::equivalent(dir, a.out, same_ec))
      Fail(QuotePath(a.out) + ": the output is the shard " + QuotePath(dir) + "; merge into another directory", 2);
    auto contents = Check(selfplay::InspectStudyDirectory(dir));
    if (!contents.has_stats) {
      if (!contents.checkpoints.empty())
        Fail(QuotePath(dir) + ": unfinished (a checkpoint only): finish it with 'lexc selfplay ... --resume'");
      Fail(QuotePath(dir) + ": no stats.json (not a study directory)");
    }
    parts.push_back(Check(selfplay::ReadStudyFile(selfplay::StatsPath(dir))));
  }
  const selfplay::AccumulatorFactory factory = [](const nlohmann::json& study) {
    return MakeStudyAccumulator(study, nullptr, nullptr);
  };
  selfplay::StudyFile merged = Check(selfplay::MergeStudyFiles(std::move(parts), factory));
  std::error_code ec;
  std::filesystem::create_directories(a.out, ec);
  if (ec) Fail(QuotePath(a.out) + ": cannot create the directory: " + ec.message());
  Check(CheckWritableDirectory(a.out));
  auto existing = Check(selfplay::InspectStudyDirectory(a.out));
  if (!existing.empty()) Fail(QuotePath(a.out) + " already holds a study: merge into another directory");
  std::unique_ptr<selfplay::GameAccumulator> acc = Check(MakeStudyAccumulator(merged.study, nullptr, nullptr));
  Check(acc->FromJson(merged.stats));
  Check(selfplay::WriteStudyStats(a.out, merged.study, merged.stats));
  Check(WriteStudyReport(a.out, *acc, merged.study));
  if (!a.quiet)
    std::fprintf(stderr, "lexc merge: %zu shards, games %s..%s, written to %s\n", a.shards.size(),
                 Thousands(merged.part_first_game).c_str(),
                 Thousands(merged.part_first_game + merged.part_games - 1).c_str(), selfplay::StatsPath(a.out).c_str());
}

}  // namespace

void RegisterMerge(CLI::App& app) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand("merge", "Join the study directories of shards into one study");
  cmd->add_option("out", args->out, "Study directory to write (new or empty)")->required();
  VerbatimPositionals(cmd->add_option("shards", args->shards, "Study directories of the shards (any order)"))
      ->required();
  cmd->add_flag("-q,--quiet", args->quiet, "Print no summary line");
  cmd->footer(R"(Examples:
  lexc selfplay sowpods.lex --first-game 0 --games 5000 --stats s1/
  lexc selfplay sowpods.lex --first-game 5000 --games 5000 --stats s2/
  lexc merge study/ s1/ s2/        the same stats.json as --games 10000 --stats study/

Shards must come from the same image (size and CRC32C, not the path), layout
(the built-in board, or a layout file's text by its CRC32C) and options, be
finished (no checkpoint only), and cover consecutive ranges of games without
overlap. The image and layout file are read where the study recorded them,
and must not have changed since.)");
  cmd->callback([args] { RunMerge(*args); });
}

}  // namespace lexc::cli
