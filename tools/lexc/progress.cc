#include "progress.h"

#include <unistd.h>

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

ProgressLine::ProgressLine(std::string label, bool quiet, std::uint64_t resumed)
    : label_(std::move(label)), quiet_(quiet), tty_(::isatty(STDERR_FILENO) == 1), resumed_(resumed) {}

void ProgressLine::Update(std::uint64_t done, std::uint64_t total, double seconds) {
  if (quiet_) return;
  const double every = tty_ ? 0.2 : 10;
  if (done < total && last_ >= 0 && seconds - last_ < every) return;
  if (done < total && last_ < 0 && !tty_ && seconds < every) return;
  last_ = seconds;
  const double rate = seconds > 0 && done > resumed_ ? double(done - resumed_) / seconds : 0;
  const double eta = rate > 0 ? double(total - done) / rate : -1;
  const int percent = total ? int(100.0 * double(done) / double(total)) : 100;
  std::string line = label_ + ": " + Thousands(done) + " / " + Thousands(total) + " games (" + std::to_string(percent) +
                     "%), " + Fixed(rate, 0) + " games/s, ";
  line += done < total ? "ETA " + Duration(eta) : "done in " + Duration(seconds);
  if (tty_) {
    constexpr int kWidth = 20;
    const int filled = total ? int(kWidth * double(done) / double(total)) : kWidth;
    line = "[" + std::string(filled, '#') + std::string(kWidth - filled, '.') + "] " + line;
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

}  // namespace lexc::cli
