#include "strategy_cli.h"

#include <cmath>
#include <cstdlib>

#include "lexc/interop/klv2.h"

namespace lexc::cli {

LoadedLeaves LoadLeavesOption(const std::string& path, const Alphabet& alphabet) {
  LoadedLeaves l;
  if (path.empty()) return l;
  Result<interop::LeaveTable> t = interop::LoadLeaveTable(path, alphabet);
  if (!t.ok()) Fail("--leaves: " + Describe(t.status()));
  l.table = std::make_unique<interop::LeaveTable>(std::move(t).value());
  Result<strategy::LeaveValues> v = strategy::LeaveValues::Create(*l.table, alphabet.size());
  if (!v.ok()) Fail("--leaves: " + Describe(v.status()));
  l.values = std::move(v).value();
  return l;
}

double ParseTimeOption(const std::string& text) {
  constexpr double kWeek = 7 * 24 * 3600;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v <= 0 || v > kWeek)
    Fail("--time: expected seconds in (0, 604800], got " + QuoteText(text, '\''), 2);
  return v;
}

}  // namespace lexc::cli
