#include "progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

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

void ProgressLine::Update(std::uint64_t done, std::uint64_t total, double seconds, std::string_view detail) {
  if (quiet_) return;
  const bool timed_run = time_budget_ > 0;
  const bool finished = (total > 0 && done >= total) || (timed_run && seconds >= time_budget_);
  const double every = tty_ ? 0.2 : plain_every_;
  // The end is shown at once, but once: work still finishing past a time
  // budget is throttled again.
  if (last_ >= 0 && seconds - last_ < every && !(finished && !finished_shown_)) return;
  if (last_ < 0 && !tty_ && seconds < every) return;  // a short run prints no plain line
  last_ = seconds;
  finished_shown_ = finished_shown_ || finished;
  const double rate = seconds > 0 && done > resumed_ ? double(done - resumed_) / seconds : 0;
  // The share done, and the time left, by the count and by the time budget:
  // the run ends at whichever comes first.
  double fraction = total > 0 ? std::min(1.0, double(done) / double(total)) : 0;
  double eta = total > 0 && rate > 0 && total >= done ? double(total - done) / rate : -1;
  if (timed_run) {
    fraction = std::max(fraction, std::min(1.0, seconds / time_budget_));
    const double left = std::max(0.0, time_budget_ - seconds);
    eta = eta < 0 ? left : std::min(eta, left);
  }
  const bool known = total > 0 || timed_run;
  const std::string unit = unit_ == "bytes" ? "MB" : unit_;
  std::string line = label_ + ": " + Amount(done);
  if (total > 0) line += " / " + Amount(total);
  line += " " + unit;
  if (known) line += " (" + std::to_string(int(100.0 * fraction)) + "%)";
  const bool timed = seconds >= 0.5;  // a rate over less is noise
  if (timed)
    line += ", " + (unit_ == "bytes" ? Fixed(rate / 1e6, 1) : Thousands(std::uint64_t(rate + 0.5))) + " " + unit + "/s";
  if (timed_run) line += ", " + Fixed(seconds, 1) + " of " + Fixed(time_budget_, 1) + " s";
  if (!detail.empty()) line += ", " + std::string(detail);
  if (known && finished) line += ", done in " + Duration(seconds);
  if (known && !finished && timed) line += ", ETA " + Duration(eta);
  if (tty_) {
    constexpr int kWidth = 20;
    const int filled = int(kWidth * fraction);
    if (known) line = "[" + std::string(filled, '#') + std::string(kWidth - filled, '.') + "] " + line;
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

Phases::Phases(std::string label, bool quiet, bool show_times)
    : label_(std::move(label)), quiet_(quiet), tty_(StderrIsTerminal()), times_(!quiet && show_times) {}

Phases::~Phases() {
  if (open_ && !quiet_ && tty_) std::fprintf(stderr, "\r\033[K");
}

void Phases::Begin(const std::string& what) {
  what_ = what;
  open_ = true;
  line_.reset();
  step_.clear();
  watch_ = Stopwatch();
  step_watch_ = Stopwatch();
  if (!quiet_ && tty_) std::fprintf(stderr, "%s: %s ...", label_.c_str(), what.c_str());
}

void Phases::Progress(std::string_view step, const char* unit, std::uint64_t done, std::uint64_t total) {
  if (quiet_) return;
  if (!line_ || step != step_) {
    if (line_) line_->Clear();
    step_ = std::string(step);
    step_watch_ = Stopwatch();
    line_.emplace(label_ + ": " + what_ + (step_.empty() ? "" : " " + step_), false, 0, unit, 2.0);
  }
  line_->Update(done, total, step_watch_.Seconds());
}

double Phases::End() {
  const double s = watch_.Seconds();
  open_ = false;
  if (line_) line_->Clear();
  line_.reset();
  if (!quiet_ && tty_)
    std::fprintf(stderr, "\r\033[K%s: %s ... %.2f s\n", label_.c_str(), what_.c_str(), s);
  else if (times_)
    std::fprintf(stderr, "%s: %s ... %.2f s\n", label_.c_str(), what_.c_str(), s);
  return s;
}

}  // namespace lexc::cli
