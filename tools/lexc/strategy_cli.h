// tools/lexc/strategy_cli.h -- what the strategy subcommands (sim, infer)
// share: leave values from --leaves, seconds from --time, and the inference
// of the opponent's leave from its last move (infer, sim --infer).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "common.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/interop/leave_table.h"
#include "lexc/strategy/inference.h"
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

// What `infer` and `sim --infer` ask for: the move (a play's notation, or a
// count of tiles exchanged), the tolerance and the sampling budget.
struct InferenceArgs {
  std::string move, tolerance = "0";
  int exchange = 0;
  std::uint64_t samples = 5000, max_enumerated = 20000, seed = 1;
};
// Registers --<prefix>tolerance, --<prefix>samples and --<prefix>enumerate
// (prefix "" for infer, "infer-" for sim).
void AddInferenceOptions(CLI::App* cmd, InferenceArgs* a, const std::string& prefix);

struct Inferred {
  gen::Position before;
  gen::Move move;
  strategy::InferenceResult result;
};
// Parses `before_cgp` (named `cgp_option` in messages) and the move, and
// infers; Fail with exit 1 for bad data, 2 for bad usage.
Inferred RunInference(const Lexicon& lexicon, const gen::Layout& layout, const Alphabet& alphabet,
                      const strategy::LeaveValues& leaves, gen::Algorithm algorithm, const std::string& before_cgp,
                      const std::string& cgp_option, const InferenceArgs& a, const std::string& prefix);

}  // namespace lexc::cli
