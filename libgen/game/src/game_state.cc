#include "lexc/game/game_state.h"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

namespace lexc::game {
namespace {

Status Invalid(std::string detail) { return Status(Errc::kInvalidArgument, std::move(detail)); }

Status ScorePasses(int turn) {
  return Status(Errc::kLimit,
                "turn " + std::to_string(turn) + ": a score passes " + std::to_string(std::numeric_limits<int>::max()));
}

void AddTiles(const Rack& tiles, Rack* to) {
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    for (int n = tiles.count(static_cast<Tile>(t)); n > 0; --n) to->Add(static_cast<Tile>(t));
  for (int n = tiles.blanks(); n > 0; --n) to->AddBlank();
}

// Precondition: from->Contains(tiles).
void RemoveTiles(const Rack& tiles, Rack* from) {
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    for (int n = tiles.count(static_cast<Tile>(t)); n > 0; --n) from->Remove(static_cast<Tile>(t));
  for (int n = tiles.blanks(); n > 0; --n) from->RemoveBlank();
}

}  // namespace

GameState::GameState(const gen::Board& board, const Alphabet& alphabet, const Rules& rules, Bag bag)
    : board_(board), bag_(std::move(bag)), rules_(rules), alphabet_(&alphabet) {}

GameState GameState::NewGame(const gen::Layout& layout, const Alphabet& alphabet, const Rules& rules,
                             std::uint64_t seed) {
  GameState s(gen::Board(layout.rows(), layout.cols()), alphabet, rules, Bag(gen::FullSet(alphabet), seed));
  s.bag_.Refill(&s.racks_[0]);
  s.bag_.Refill(&s.racks_[1]);
  s.EndIfOver(nullptr, nullptr);
  return s;
}

Result<GameState> GameState::FromPosition(const gen::Position& p, const gen::Layout& layout, const Alphabet& alphabet,
                                          const Rules& rules, std::uint64_t seed) {
  LEXC_RETURN_IF_ERROR(gen::ValidatePosition(p, layout, alphabet));
  LEXC_RETURN_IF_ERROR(CheckTwoPlayers(p));
  GameState s(p.board, alphabet, rules, Bag(gen::Unseen(p, alphabet), seed));
  for (std::size_t seat = 0; seat < p.racks.size(); ++seat) {
    s.racks_[seat] = p.racks[seat];
    s.scores_[seat] = p.scores[seat];
  }
  // The opponent's rack is hidden from the position's author: the rules say
  // it is full while the bag lasts.
  s.bag_.Refill(&s.racks_[1]);
  s.scoreless_ = p.scoreless_turns;
  s.EndIfOver(nullptr, nullptr);
  return s;
}

bool GameState::CanExchange() const { return ExchangeAllowed(racks_[to_move_], bag_.size(), rules_); }

gen::TileCounts GameState::Unseen(int seat) const {
  gen::TileCounts u = bag_.Counts();
  const Rack& other = racks_[1 - seat];
  for (int t = 1; t <= gen::kMaxGenTile; ++t) u.counts[std::size_t(t)] += other.count(static_cast<Tile>(t));
  u.blanks += other.blanks();
  u.total += other.size();
  return u;
}

void GameState::LegalMoves(gen::MoveGenerator& gen, gen::Algorithm alg, std::vector<gen::Move>* out) const {
  out->clear();
  if (over_) return;
  gen.Generate(racks_[to_move_], alg, [&](const gen::Play& play) { out->push_back(gen::Move::FromPlay(play)); });
  std::sort(out->begin(), out->end(),
            [](const gen::Move& a, const gen::Move& b) { return gen::BetterPlay(a.play, b.play); });
  AppendNonPlays(racks_[to_move_], CanExchange(), out);
}

Status GameState::AddPoints(int seat, int points, GameEvent event, std::vector<GameEvent>* events) {
  // Plays are bounded (MoveGenerator::Create), but a long game of them with
  // huge letter scores could still pass what an int holds.
  if (__builtin_add_overflow(scores_[seat], points, &scores_[seat])) {
    over_ = true;
    return ScorePasses(turns_);
  }
  event.player = seat;
  event.points = points;
  event.total = scores_[seat];
  if (events) events->push_back(std::move(event));
  return Status::Ok();
}

Status GameState::Apply(const gen::Move& move, std::vector<GameEvent>* events, const Rack* draw) {
  if (over_) return Invalid("the game is over");
  const int seat = to_move_;
  Rack& rack = racks_[seat];
  if (draw) {
    const int drawn = move.kind == gen::Move::Kind::kPlay       ? std::min(bag_.size(), move.play.Tiles().size())
                      : move.kind == gen::Move::Kind::kExchange ? move.exchange.size()
                                                                : 0;
    if (draw->size() > drawn)
      return Invalid("the move draws " + std::to_string(drawn) + " tiles, not " + std::to_string(draw->size()));
    const gen::TileCounts in = bag_.Counts();
    bool ok = draw->blanks() <= in.blanks;
    for (int t = 1; t <= gen::kMaxGenTile; ++t)
      ok = ok && draw->count(static_cast<Tile>(t)) <= in.counts[std::size_t(t)];
    if (!ok) return Invalid("the tiles drawn " + draw->ToString(*alphabet_) + " are not in the bag");
  }
  GameEvent event;
  event.kind = GameEvent::Kind::kMove;
  event.rack = rack;
  event.move = move;
  switch (move.kind) {
    case gen::Move::Kind::kPlay: {
      const gen::Play& play = move.play;
      const Rack tiles = play.Tiles();
      if (!rack.Contains(tiles))
        return Invalid("play " + gen::Coordinate(play.row, play.col, play.dir) + ": the rack " +
                       rack.ToString(*alphabet_) + " does not hold " + tiles.ToString(*alphabet_));
      int unused = 0;
      if (__builtin_add_overflow(scores_[seat], play.score, &unused)) return ScorePasses(turns_ + 1);
      LEXC_RETURN_IF_ERROR(gen::ApplyPlay(play, &board_));
      RemoveTiles(tiles, &rack);
      if (draw) {
        bag_.Take(*draw);
        AddTiles(*draw, &rack);
      } else {
        bag_.Refill(&rack);
      }
      break;
    }
    case gen::Move::Kind::kExchange: {
      if (!CanExchange())
        return Invalid("exchange: the bag holds " + std::to_string(bag_.size()) + " tiles, exchanging needs " +
                       std::to_string(rules_.exchange_limit));
      if (move.exchange.empty() || !rack.Contains(move.exchange))
        return Invalid("exchange: the rack " + rack.ToString(*alphabet_) + " does not hold '" +
                       move.exchange.ToString(*alphabet_) + "'");
      // Draw first, then put the old tiles back, as the rules say.
      Rack fresh;
      if (draw) {
        bag_.Take(*draw);
        fresh = *draw;
      } else {
        bag_.Draw(move.exchange.size(), &fresh);
      }
      bag_.Return(move.exchange);
      RemoveTiles(move.exchange, &rack);
      AddTiles(fresh, &rack);
      break;
    }
    case gen::Move::Kind::kPass:
      break;
  }
  const int points = move.score();
  ++turns_;
  Status st = AddPoints(seat, points, std::move(event), events);
  scoreless_ = ScorelessAfter(scoreless_, points);
  to_move_ = 1 - seat;
  if (!st.ok()) return st;
  if (move.kind == gen::Move::Kind::kPlay && rack.empty()) {
    over_ = true;
    end_ = End::kWentOut;
    GameEvent out;
    out.kind = GameEvent::Kind::kOutBonus;
    out.rack = racks_[1 - seat];
    return AddPoints(seat, OutBonus(out.rack, *alphabet_), std::move(out), events);
  }
  EndIfOver(events, &st);
  return st;
}

Status GameState::SetRack(int seat, const Rack& rack, const Rack* other) {
  if (over_) return Invalid("the game is over");
  if (seat != 0 && seat != 1) return Invalid("seat " + std::to_string(seat));
  Bag bag = bag_;
  bag.Return(racks_[0]);
  bag.Return(racks_[1]);
  Rack both = rack;
  if (other) AddTiles(*other, &both);
  const gen::TileCounts have = bag.Counts();
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    if (both.count(static_cast<Tile>(t)) > have.counts[std::size_t(t)])
      return Invalid("rack " + rack.ToString(*alphabet_) + (other ? " and " + other->ToString(*alphabet_) : "") + ": " +
                     std::to_string(both.count(static_cast<Tile>(t))) + " '" +
                     alphabet_->tile(static_cast<Tile>(t)).label + "', only " +
                     std::to_string(have.counts[std::size_t(t)]) + " unseen");
  if (both.blanks() > have.blanks)
    return Invalid("rack " + rack.ToString(*alphabet_) + (other ? " and " + other->ToString(*alphabet_) : "") + ": " +
                   std::to_string(both.blanks()) + " blanks, only " + std::to_string(have.blanks) + " unseen");
  bag.Take(both);
  Rack drawn;
  if (other)
    drawn = *other;
  else
    bag.Refill(&drawn);
  bag_ = std::move(bag);
  racks_[seat] = rack;
  racks_[1 - seat] = drawn;
  return Status::Ok();
}

Status GameState::Adjust(int seat, GameEvent::Kind kind, int points, std::vector<GameEvent>* events) {
  if (seat != 0 && seat != 1) return Invalid("seat " + std::to_string(seat));
  if (kind != GameEvent::Kind::kChallengeBonus && kind != GameEvent::Kind::kTimePenalty)
    return Invalid("an adjustment is a challenge bonus or a time penalty");
  int unused = 0;
  if (__builtin_add_overflow(scores_[seat], points, &unused)) return ScorePasses(turns_);
  GameEvent e;
  e.kind = kind;
  e.rack = racks_[seat];
  return AddPoints(seat, points, std::move(e), events);
}

void GameState::EndIfOver(std::vector<GameEvent>* events, Status* status) {
  // A new game (no turn, no scoreless turn yet) is never over; a position
  // read mid-game may already be at the limit.
  if (ScorelessLimitReached(scoreless_, rules_) && (turns_ > 0 || scoreless_ > 0)) {
    over_ = true;
    end_ = End::kScoreless;
    for (int seat : {0, 1}) {
      GameEvent penalty;
      penalty.kind = GameEvent::Kind::kRackPenalty;
      penalty.rack = racks_[seat];
      const Status st = AddPoints(seat, -ScorelessPenalty(racks_[seat], *alphabet_), std::move(penalty), events);
      if (!st.ok() && status && status->ok()) *status = st;
    }
    return;
  }
  if (rules_.max_turns >= 0 && turns_ >= rules_.max_turns) {
    over_ = true;
    end_ = End::kTurnLimit;
  }
}

gen::Position GameState::ToPosition() const {
  gen::Position p;
  p.board = board_;
  p.racks = {racks_[to_move_], racks_[1 - to_move_]};
  p.scores = {scores_[to_move_], scores_[1 - to_move_]};
  p.scoreless_turns = scoreless_;
  return p;
}

}  // namespace lexc::game
