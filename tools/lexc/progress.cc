#include "progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "common.h"

namespace lexc::cli {
namespace {

std::string Duration(double s) {
  if (!(s >= 0) || s > 1e8) return "?";
  const auto t = std::uint64_t(s + 0.5);
  char buf[32];
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%lluh%02llum", (unsigned long long)(t / 3600), (unsigned long long)(t / 60 % 60));
  else
    std::snprintf(buf, sizeof buf, "%llum%02llus", (unsigned long long)(t / 60), (unsigned long long)(t % 60));
  return buf;
}

}  // namespace

ProgressLine::ProgressLine(std::string label, bool quiet, std::uint64_t resumed, std::string unit, double plain_every)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      quiet_(quiet),
      tty_(::isatty(STDERR_FILENO) == 1),
      resumed_(resumed),
      plain_every_(plain_every) {}

std::string ProgressLine::Amount(std::uint64_t n) const {
  return unit_ == "bytes" ? Fixed(double(n) / 1e6, 1) : Thousands(n);
}

void ProgressLine::Update(std::uint64_t done, std::uint64_t total, double seconds) {
  if (quiet_) return;
  const bool finished = total > 0 && done >= total;
  const double every = tty_ ? 0.2 : plain_every_;
  if (!finished && last_ >= 0 && seconds - last_ < every) return;
  if (last_ < 0 && !tty_ && seconds < every) return;  // a short run prints no plain line
  last_ = seconds;
  const double rate = seconds > 0 && done > resumed_ ? double(done - resumed_) / seconds : 0;
  const double eta = rate > 0 && total >= done ? double(total - done) / rate : -1;
  const std::string unit = unit_ == "bytes" ? "MB" : unit_;
  std::string line = label_ + ": " + Amount(done);
  if (total > 0)
    line +=
        " / " + Amount(total) + " " + unit + " (" + std::to_string(int(100.0 * double(done) / double(total))) + "%)";
  else
    line += " " + unit;
  const bool timed = seconds >= 0.5;  // a rate over less is noise
  if (timed) line += ", " + (unit_ == "bytes" ? Fixed(rate / 1e6, 1) : Fixed(rate, 0)) + " " + unit + "/s";
  if (total > 0 && finished) line += ", done in " + Duration(seconds);
  if (total > 0 && !finished && timed) line += ", ETA " + Duration(eta);
  if (tty_) {
    constexpr int kWidth = 20;
    const int filled = total ? int(kWidth * std::min(1.0, double(done) / double(total))) : 0;
    if (total > 0) line = "[" + std::string(filled, '#') + std::string(kWidth - filled, '.') + "] " + line;
    std::fprintf(stderr, "\r%s\033[K", line.c_str());
    drawn_ = true;
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

void ProgressLine::Finish() {
  if (drawn_) std::fprintf(stderr, "\n");
  drawn_ = false;
}

void ProgressLine::Clear() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");
  drawn_ = false;
}

}  // namespace lexc::cli
