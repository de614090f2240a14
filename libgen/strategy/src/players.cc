#include "lexc/strategy/players.h"

#include <memory>

#include "lexc/strategy/equity.h"

namespace lexc::strategy {

bool IsStrategy(const std::string& name) { return name == "greedy" || name == "equity"; }

bool UsesLeaves(const std::string& name) { return name == "equity"; }

Result<selfplay::PlayerFactory> StudyPlayers(const std::array<std::string, 2>& strategies, const LeaveValues* leaves) {
  for (const std::string& s : strategies) {
    if (!IsStrategy(s))
      return Status(Errc::kInvalidArgument, "strategy \"" + s + "\": unknown (known: " + kStrategyList + ")");
    if (UsesLeaves(s) && leaves == nullptr)
      return Status(Errc::kInvalidArgument, "strategy \"" + s + "\": needs a leave table");
  }
  const std::array<std::string, 2> names = selfplay::StrategyPlayerNames(strategies[0], strategies[1]);
  return selfplay::PlayerFactory([strategies, names, leaves]() -> Result<selfplay::PlayerPair> {
    const auto make = [&](int k) -> std::unique_ptr<game::Player> {
      if (strategies[k] == "equity") return std::make_unique<EquityPlayer>(*leaves, names[k]);
      return std::make_unique<game::GreedyPlayer>(names[k]);
    };
    return selfplay::PlayerPair(make(0), make(1));
  });
}

}  // namespace lexc::strategy
