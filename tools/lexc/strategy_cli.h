// tools/lexc/strategy_cli.h -- what the strategy subcommands (sim, infer)
// share: leave values from --leaves, seconds from --time.
#pragma once

#include <memory>
#include <string>

#include "common.h"
#include "lexc/interop/leave_table.h"
#include "lexc/strategy/leave_values.h"

namespace lexc::cli {

// A leave table and its index (LeaveValues points into the table, so both
// live together). Empty path: no table, every leave worth 0.
struct LoadedLeaves {
  std::unique_ptr<interop::LeaveTable> table;
  strategy::LeaveValues values;
};
// Reads --leaves (KLV2 or lexc's leave table file) for `alphabet`; Fail (exit
// 1) with the reader's message after "--leaves: ".
LoadedLeaves LoadLeavesOption(const std::string& path, const Alphabet& alphabet);

// --time: seconds, a positive decimal up to a week; else Fail(usage, 2).
double ParseTimeOption(const std::string& text);

}  // namespace lexc::cli
