#include "lexc/game/rules.h"

#include <string>

#include "lexc/gen/movegen.h"  // ForEachExchange

namespace lexc::game {

Rules RulesOf(const gen::Position& p) {
  Rules r;
  r.exchange_limit = p.ExchangeLimit();
  r.max_scoreless = p.MaxScoreless();
  return r;
}

bool ExchangeAllowed(const Rack& rack, int bag_tiles, const Rules& rules) {
  return bag_tiles >= rules.exchange_limit && !rack.empty();
}

int OutBonus(const Rack& opponent_rack, const Alphabet& a) { return OutBonusOfValue(opponent_rack.Value(a)); }

bool ScorelessLimitReached(int scoreless_turns, const Rules& rules) { return scoreless_turns >= rules.max_scoreless; }

int ScorelessPenalty(const Rack& own_rack, const Alphabet& a) { return own_rack.Value(a); }

Status CheckTwoPlayers(const gen::Position& p) {
  if (p.racks.size() <= 2) return Status::Ok();
  return Status(Errc::kInvalidArgument,
                "racks: a game has two players, the position lists " + std::to_string(p.racks.size()) + " racks");
}

Status CheckNotOver(const gen::Position& p, const Alphabet& a, const Rules& rules) {
  const auto over = [](std::string why) { return Status(Errc::kInvalidArgument, why + ", the game is over"); };
  if (p.scoreless_turns > 0 && ScorelessLimitReached(p.scoreless_turns, rules))
    return over("scoreless turns: " + std::to_string(p.scoreless_turns) + " reach the limit of " +
                std::to_string(rules.max_scoreless));
  const bool mover_empty = p.racks.empty() || p.racks[0].empty();
  if (mover_empty && gen::BagSize(p, a) == 0)
    return over("racks: the player to move has no tiles and the bag is empty");
  const bool opponent_empty = p.racks.size() < 2 || p.racks[1].empty();
  if (opponent_empty && gen::Unseen(p, a).total == 0)
    return over("racks: the opponent has no tiles and the bag is empty");
  return Status::Ok();
}

void AppendNonPlays(const Rack& rack, bool exchange_allowed, std::vector<gen::Move>* out) {
  if (exchange_allowed) {
    gen::ForEachExchange(rack, [&](const Rack& tiles) {
      gen::Move m;
      m.kind = gen::Move::Kind::kExchange;
      m.exchange = tiles;
      out->push_back(m);
    });
  }
  out->push_back(gen::Move());  // the pass
}

void AppendNonPlays(const gen::Position& p, const Alphabet& a, std::vector<gen::Move>* out) {
  AppendNonPlays(p.racks[0], ExchangeAllowed(p.racks[0], gen::BagSize(p, a), RulesOf(p)), out);
}

}  // namespace lexc::game
