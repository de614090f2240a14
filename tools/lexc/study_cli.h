// tools/lexc/study_cli.h -- what `lexc selfplay --stats`, `lexc merge` and
// the MPI tool (lexc-mpi) share about studies.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "lexc/gen/layout.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/accumulator.h"
#include "lexc/selfplay/cluster.h"

namespace lexc::cli {

// ---- THE INTEGRATION POINT (defined in cmd_selfplay.cc) -------------------
// The accumulator a study gathers and the files written beside stats.json.
// Today: SeriesSummary and no report. The integrator swaps in StudyStats
// (StatsConfig from `study` and the image) and WriteReport here, and nowhere
// else. `lexicon`/`layout` are null in `lexc merge`, which has no image open
// (study["image"]["path"] names it, if the accumulator needs it).
nlohmann::json StudyAccumulatorConfig();  // the study's "accumulator" field
Result<std::unique_ptr<selfplay::GameAccumulator>> MakeStudyAccumulator(const nlohmann::json& study,
                                                                        const Lexicon* lexicon,
                                                                        const gen::Layout* layout);
Status WriteStudyReport(const std::string& dir, const selfplay::GameAccumulator& stats, const nlohmann::json& study);
// ---------------------------------------------------------------------------

// lexc-mpi's main sets the MPI cluster before parsing; lexc runs alone.
void SetStudyCluster(selfplay::Cluster* cluster);

void RegisterMerge(CLI::App& app);

}  // namespace lexc::cli
