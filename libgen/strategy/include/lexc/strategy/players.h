// lexc/strategy/players.h -- the strategies a study or a tool can name, and
// the players of a study made from those names.
//
// Names: "greedy" (game::GreedyPlayer: the highest score) and "equity"
// (EquityPlayer: score + leave value, equity.h), which needs a leave table.
// Players carry selfplay::StrategyPlayerNames (e.g. "Equity" and "Greedy"),
// the names StudyStats' matchup expects.
// Thread safety: the factory may be called from any number of threads at
// once; each call makes a fresh pair over the shared LeaveValues.
#pragma once

#include <array>
#include <string>

#include "lexc/selfplay/driver.h"
#include "lexc/status.h"
#include "lexc/strategy/leave_values.h"

namespace lexc::strategy {

// "greedy, equity": for messages and help texts.
inline constexpr const char* kStrategyList = "greedy, equity";

// Whether `name` is a strategy this layer knows.
bool IsStrategy(const std::string& name);
// Whether the strategy values leaves (needs a leave table).
bool UsesLeaves(const std::string& name);

// The factory of a study's players: strategies[0] for the first player,
// strategies[1] for the second (see StudyOptions::alternate_seats). `leaves`
// (outliving the factory and its players) is required when a strategy uses
// leaves. Errors: kInvalidArgument for an unknown strategy ("strategy
// \"foo\": unknown (known: greedy, equity)") or missing leaves.
Result<selfplay::PlayerFactory> StudyPlayers(const std::array<std::string, 2>& strategies, const LeaveValues* leaves);

}  // namespace lexc::strategy
