// tools/lexc/study_cli.h -- what `lexc selfplay --stats`, `lexc merge` and
// the MPI tool (lexc-mpi) share about studies.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lexc/gen/layout.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/accumulator.h"
#include "lexc/selfplay/cluster.h"
#include "lexc/selfplay/stats.h"
#include "lexc/selfplay/study_file.h"

namespace lexc::cli {

// What a study gathers (study_accumulator.cc): StudyStats, its report.
// `lexicon`/`layout` are the ones `lexc selfplay` opened, or null in `lexc
// merge` and `lexc report`, which open the image and layout the study names
// (study.image.path, study.layout.path) and refuse another image (size and
// CRC32C differ). What they open lives as long as the process.
nlohmann::json StudyAccumulatorConfig();  // the study's "accumulator" field
Result<std::unique_ptr<selfplay::GameAccumulator>> MakeStudyAccumulator(const nlohmann::json& study,
                                                                        const Lexicon* lexicon,
                                                                        const gen::Layout* layout);
// report.md and plots/ beside DIR/stats.json (selfplay::WriteReport).
Status WriteStudyReport(const std::string& dir, const selfplay::GameAccumulator& stats, const nlohmann::json& study);

// Where `lexc report` finds a study's image when the paths recorded in it
// no longer hold.
struct StudyStatsSource {
  std::string image, layout;  // overrides; "" for the study's own
  std::string study_dir;      // a relative image path is also tried here
  bool verify = true;         // verify an image opened here
  int top_words = 0;          // most-played words a report lists; 0: the default
  // Files the command will write: none may be the image or layout file
  // opened here (CheckOutputIsNotInput), whichever path found them.
  std::vector<std::string> outputs;
};
Result<std::unique_ptr<selfplay::StudyStats>> MakeStudyStats(const nlohmann::json& study, const Lexicon* lexicon,
                                                             const gen::Layout* layout, const StudyStatsSource& source);

// The image and layout fields of a study's identity (StudyDescription):
// the image's absolute path, size and CRC32C; "standard15", or a layout
// file's absolute path and text CRC32C.
void DescribeStudyInputs(const Lexicon& lexicon, const std::string& image_path, const std::string& layout_spec,
                         selfplay::StudyDescription* d);

// lexc-mpi's main sets the MPI cluster before parsing; lexc runs alone.
void SetStudyCluster(selfplay::Cluster* cluster);

void RegisterMerge(CLI::App& app);

}  // namespace lexc::cli
