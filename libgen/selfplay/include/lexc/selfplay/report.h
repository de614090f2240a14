// lexc/selfplay/report.h -- a study's statistics for people: derived figures
// (means, standard deviations, confidence intervals), report.md, and plots
// drawn by gnuplot.
//
// WriteReport writes DIR/report.md (Markdown tables of every figure of
// StudyStats, means ± sd, the first player's win rate with its 95% Wilson
// interval, the top moves with their CGP, the most-played and the never
// played words) and DIR/plots/*.svg. Plots are drawn by gnuplot, run as a
// child process on a generated script and data files in a temporary
// directory; the SVGs are then copied in through lexc/io.h (temp file +
// rename). When gnuplot is missing or fails, the report says the plots were
// skipped and why, and everything else is still written.
// Thread safety: reentrant (no shared state besides the files written).
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>  // the full header in the .cc files that use it
#include <string>
#include <vector>

#include "lexc/selfplay/stats.h"
#include "lexc/status.h"

namespace lexc::selfplay {

// The 95% Wilson score interval of `successes` (may hold halves: ties count
// one half) out of n. {0, 1} when n == 0.
struct Interval {
  double low = 0, high = 1;
};
Interval WilsonInterval(double successes, std::uint64_t n, double z = 1.959963984540054);

// The figures a report prints, derived from the integer counts: means and
// sds of every Figure, first-player wins/ties/losses, win rate ((wins +
// ties/2) / games) and its interval, ends, moves by kind. O(1).
nlohmann::json DerivedFigures(const StudyStats& stats);

struct WordCount {
  std::uint64_t number = 0;
  std::string word;
  std::uint64_t plays = 0, games = 0;
};
// The `n` words played in the most games (then most plays, then word order).
// Errors: those of WordIndex::Word. O(lexicon log n).
Result<std::vector<WordCount>> MostPlayedWords(const StudyStats& stats, int n);

struct UnplayedByLength {
  int length = 0;
  std::uint64_t count = 0;
  std::vector<std::string> words;  // the first `list_limit` in word order
};
// Words never played as a main word, grouped by length (ascending).
// O(lexicon x word length).
Result<std::vector<UnplayedByLength>> UnplayedWords(const StudyStats& stats, std::size_t list_limit = 200);

struct ReportOptions {
  int top_words = 0;                // most-played words listed; 0: the config's top_words
  std::string gnuplot = "gnuplot";  // program, found in PATH; "" skips the plots
};

struct ReportOutcome {
  bool plots_drawn = false;
  std::string plots_skipped;       // why, when not drawn
  std::vector<std::string> files;  // written, relative to dir
};

// The plots WriteReport may draw, in dir/plots/.
inline constexpr std::array<const char*, 5> kPlotFileNames = {"word_lengths.svg", "scores.svg", "bingos.svg",
                                                              "move_scores.svg", "top_words.svg"};

// Every file a study's writers may replace in `dir`: stats.json, run.json,
// report.md and plots/<kPlotFileNames>. A command that writes a study or its
// report checks each against its inputs (CheckOutputIsNotInput) before any
// work, so that no input (an image, a game, a layout) is replaced.
std::vector<std::string> StudyOutputPaths(const std::string& dir);

// Writes dir/report.md and dir/plots/*.svg. `study` is the envelope's
// "study" object: its scalar fields are printed as facts (others ignored).
// Errors: kIo naming the file (dir must exist; plots/ is created);
// kInvalidArgument from the word index. Plot failures are not errors (see
// ReportOutcome). Complexity: O(lexicon x word length) plus gnuplot's time.
Status WriteReport(const StudyStats& stats, const nlohmann::json& study, const std::string& dir,
                   const ReportOptions& options = {}, ReportOutcome* outcome = nullptr);

}  // namespace lexc::selfplay
