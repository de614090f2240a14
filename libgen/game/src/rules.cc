#include "lexc/game/rules.h"

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
