// tools/lexc/progress.h -- the progress of a long run on standard error:
// on a terminal one line redrawn in place (a bar, done of total, rate, ETA);
// when standard error is not a terminal a plain line every `plain_every`
// seconds (the first after that long, so runs shorter than that print none,
// not even the last); nothing when quiet.
#pragma once

#include <cstdint>
#include <string>

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
  // `done` of `total` after `seconds`; throttles itself. `total` 0: unknown
  // (no bar, percentage or ETA).
  void Update(std::uint64_t done, std::uint64_t total, double seconds);
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
  double last_ = -1;
  bool drawn_ = false;
};

}  // namespace lexc::cli
