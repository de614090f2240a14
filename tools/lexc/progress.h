// tools/lexc/progress.h -- the progress of a long run on standard error:
// on a terminal one line redrawn in place (games done, games/s, ETA); when
// standard error is not a terminal a plain line every ~10 s; nothing when
// quiet.
#pragma once

#include <cstdint>
#include <string>

namespace lexc::cli {

class ProgressLine {
 public:
  // `label` starts each line ("lexc selfplay"). `resumed` games were done
  // by an earlier run: they count as done but not in the rate.
  ProgressLine(std::string label, bool quiet, std::uint64_t resumed = 0);
  // Games done of `total` after `seconds`; throttles itself.
  void Update(std::uint64_t done, std::uint64_t total, double seconds);
  // Ends a redrawn line (a newline), so that later messages start clean.
  void Finish();

 private:
  std::string label_;
  bool quiet_, tty_;
  std::uint64_t resumed_;
  double last_ = -1;
  bool drawn_ = false;
};

}  // namespace lexc::cli
