// Plots of a study, drawn by gnuplot (internal to report.cc).
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "lexc/selfplay/report.h"

namespace lexc::selfplay {

// The study's own files in `dir` (stats.json, run.json): inputs that no
// report or plot written there may replace (CheckOutputIsNotInput).
inline std::array<std::string, 2> StudyFilesIn(const std::string& dir) {
  return {(std::filesystem::path(dir) / "stats.json").string(), (std::filesystem::path(dir) / "run.json").string()};
}

struct PlotFile {
  std::string name;  // in dir/plots/
  std::string title;
};

// Writes dir/plots/*.svg: gnuplot runs as a child process on a generated
// script and data files in a temporary directory; the SVGs are then copied
// in with WriteFileAtomic. Errors (any code; the detail says why, for the
// report's "plots were skipped"): gnuplot not found or failing (its first
// error line), files that cannot be written.
Result<std::vector<PlotFile>> DrawPlots(const StudyStats& stats, const std::vector<WordCount>& most_played,
                                        const std::string& dir, const std::string& gnuplot);

}  // namespace lexc::selfplay
