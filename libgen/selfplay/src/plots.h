// Plots of a study, drawn by gnuplot (internal to report.cc).
#pragma once

#include <string>
#include <vector>

#include "lexc/selfplay/report.h"

namespace lexc::selfplay {

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
