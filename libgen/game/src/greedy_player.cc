#include "lexc/game/player.h"

namespace lexc::game {

Result<gen::Move> GreedyPlayer::ChooseMove(const PlayerView& view) {
  gen::Play best;
  if (view.generator().Best(view.rack(), view.algorithm(), &best)) return gen::Move::FromPlay(best);
  gen::Move m;
  if (view.CanExchange()) {
    m.kind = gen::Move::Kind::kExchange;
    m.exchange = view.rack();
  }
  return m;
}

}  // namespace lexc::game
