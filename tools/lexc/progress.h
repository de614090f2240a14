// tools/lexc/progress.h -- the progress of a long run on standard error, one
// style for every command:
// on a terminal one line redrawn in place (a bar, done of total, rate, ETA);
// when standard error is not a terminal a plain line every `plain_every`
// seconds (the first after that long, so runs shorter than that print none,
// not even the last); nothing when quiet.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common.h"

namespace lexc::cli {

class ProgressLine {
 public:
  // `label` starts each line ("lexc selfplay"). `resumed` games were done
  // by an earlier run: they count as done but not in the rate.
  // `unit` names what is counted ("games", "words"; "bytes" is shown in MB).
  ProgressLine(std::string label, bool quiet, std::uint64_t resumed = 0, std::string unit = "games",
               double plain_every = 10);
  ~ProgressLine() { Clear(); }  // a run that ends by an error leaves no half-drawn line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  // A run that also stops after `seconds` of wall time (0: none): its bar,
  // percentage and ETA follow whichever budget, count or time, is nearer
  // its end, and the line shows the seconds of the budget spent.
  void SetTimeBudget(double seconds) { time_budget_ = seconds; }
  // `done` of `total` after `seconds`; throttles itself. `total` 0: unknown
  // (no bar, percentage or ETA unless a time budget is set). `detail`, when
  // not empty, is shown after the counts ("best 512", "depth 6: +12").
  void Update(std::uint64_t done, std::uint64_t total, double seconds, std::string_view detail = {});
  // Ends a redrawn line (a newline), so that later messages start clean.
  void Finish();
  // Erases a redrawn line instead, for a caller that prints its own.
  void Clear();

 private:
  std::string Amount(std::uint64_t n) const;
  std::string label_, unit_;
  bool quiet_, tty_;
  std::uint64_t resumed_;
  double plain_every_;
  double time_budget_ = 0;
  double last_ = -1;
  bool drawn_ = false;
  bool finished_shown_ = false;
};

// A run in phases ("reading x.txt", "building", "verifying", "writing x"),
// for `label` ("lexc build"). On a terminal: "LABEL: reading x.txt ..."
// redrawn with a ProgressLine while the phase reports progress, then the
// phase's time. Elsewhere: a plain progress line every 2 s of a long phase
// that reports progress (short runs print none), and with `show_times` each
// phase's time. Nothing when quiet. The phases are always timed.
class Phases {
 public:
  Phases(std::string label, bool quiet, bool show_times);
  ~Phases();  // a failure in a phase: its line is erased before the message
  void Begin(const std::string& what);
  // `done` of `total` (0: unknown) `unit`s ("bytes", "words") in step `step`
  // of the phase (a graph).
  void Progress(std::string_view step, const char* unit, std::uint64_t done, std::uint64_t total);
  // Ends the phase; returns its seconds.
  double End();

 private:
  std::string label_;
  bool quiet_, tty_, times_, open_ = false;
  std::string what_, step_;
  std::optional<ProgressLine> line_;
  Stopwatch watch_, step_watch_;
};

}  // namespace lexc::cli
