#include "lexc/selfplay/summary.h"

#include <cstdio>
#include <string>

#include "json_fields.h"

namespace lexc::selfplay {
namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull, kFnvPrime = 0x100000001b3ull;
// The base of the sequence digest: odd, so its powers never vanish mod 2^64.
constexpr std::uint64_t kSequenceBase = 0x9E3779B97F4A7C15ull;

void Mix(std::uint64_t& h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFF;
    h *= kFnvPrime;
  }
}

std::uint64_t Power(std::uint64_t base, std::uint64_t exp) {
  std::uint64_t r = 1;
  for (; exp; exp >>= 1, base *= base)
    if (exp & 1) r *= base;
  return r;
}

std::string Hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

std::uint64_t SeriesSummary::HashGame(const game::GameRecord& g) {
  std::uint64_t h = kFnvOffset;
  Mix(h, g.seed);
  Mix(h, std::uint64_t(std::int64_t(g.scores[0])));
  Mix(h, std::uint64_t(std::int64_t(g.scores[1])));
  Mix(h, std::uint64_t(g.turns));
  Mix(h, std::uint64_t(g.end));
  for (const game::GameEvent& e : g.events) {
    Mix(h, std::uint64_t(e.kind) | std::uint64_t(e.player) << 8 | std::uint64_t(e.move.kind) << 16);
    Mix(h, std::uint64_t(std::int64_t(e.points)));
    Mix(h, std::uint64_t(std::int64_t(e.total)));
    if (e.kind == game::GameEvent::Kind::kMove && e.move.kind == gen::Move::Kind::kPlay) {
      const gen::Play& p = e.move.play;
      Mix(h, std::uint64_t(p.row) | std::uint64_t(p.col) << 8 | std::uint64_t(p.dir) << 16 |
                 std::uint64_t(p.length) << 24 | std::uint64_t(p.placed) << 32);
      Mix(h, p.through);
      for (int i = 0; i < p.length; ++i) Mix(h, p.cells[i]);
    } else if (e.move.kind == gen::Move::Kind::kExchange) {
      Mix(h, std::uint64_t(e.move.exchange.size()));
    }
  }
  return h;
}

std::unique_ptr<GameAccumulator> SeriesSummary::NewEmpty() const { return std::make_unique<SeriesSummary>(); }

Status SeriesSummary::Add(const game::GameRecord& g) {
  ++games_;
  turns_ += std::uint64_t(g.turns);
  bingos_ += std::uint64_t(g.bingos);
  points_ += std::int64_t(g.scores[0]) + std::int64_t(g.scores[1]);
  for (const game::GameEvent& e : g.events) {
    if (e.kind != game::GameEvent::Kind::kMove) continue;
    switch (e.move.kind) {
      case gen::Move::Kind::kPlay:
        ++plays_;
        break;
      case gen::Move::Kind::kExchange:
        ++exchanges_;
        break;
      case gen::Move::Kind::kPass:
        ++passes_;
        break;
    }
  }
  switch (g.end) {
    case game::End::kWentOut:
      ++went_out_;
      break;
    case game::End::kScoreless:
      ++scoreless_;
      break;
    case game::End::kTurnLimit:
      ++turn_limit_;
      break;
  }
  const std::uint64_t h = HashGame(g);
  digest_ += h;
  sequence_digest_ = sequence_digest_ * kSequenceBase + h;
  return Status::Ok();
}

Status SeriesSummary::Merge(const GameAccumulator& later) {
  const auto* o = dynamic_cast<const SeriesSummary*>(&later);
  if (!o) return Status(Errc::kInvalidArgument, "SeriesSummary::Merge: the other accumulator is of another kind");
  sequence_digest_ = sequence_digest_ * Power(kSequenceBase, o->games_) + o->sequence_digest_;
  games_ += o->games_, turns_ += o->turns_, bingos_ += o->bingos_, points_ += o->points_;
  plays_ += o->plays_, exchanges_ += o->exchanges_, passes_ += o->passes_;
  went_out_ += o->went_out_, scoreless_ += o->scoreless_, turn_limit_ += o->turn_limit_;
  digest_ += o->digest_;
  return Status::Ok();
}

nlohmann::json SeriesSummary::ToJson() const {
  return {{"kind", "series-summary"},
          {"games", games_},
          {"turns", turns_},
          {"bingos", bingos_},
          {"points", points_},
          {"moves", {{"play", plays_}, {"exchange", exchanges_}, {"pass", passes_}}},
          {"ends", {{"went_out", went_out_}, {"scoreless", scoreless_}, {"turn_limit", turn_limit_}}},
          {"digest", Hex(digest_)},
          {"sequence_digest", Hex(sequence_digest_)}};
}

Status SeriesSummary::FromJson(const nlohmann::json& j) {
  JsonFields f(j, "stats");
  SeriesSummary s;
  f.Expect("kind", "series-summary");
  s.games_ = f.Whole("games");
  s.turns_ = f.Whole("turns");
  s.bingos_ = f.Whole("bingos");
  s.points_ = f.Integer("points");
  JsonFields moves = f.Object("moves");
  s.plays_ = moves.Whole("play");
  s.exchanges_ = moves.Whole("exchange");
  s.passes_ = moves.Whole("pass");
  JsonFields ends = f.Object("ends");
  s.went_out_ = ends.Whole("went_out");
  s.scoreless_ = ends.Whole("scoreless");
  s.turn_limit_ = ends.Whole("turn_limit");
  s.digest_ = f.Hex64("digest");
  s.sequence_digest_ = f.Hex64("sequence_digest");
  for (JsonFields* part : {&f, &moves, &ends}) part->NoOthers();
  if (!f.ok()) return f.status();
  if (!moves.ok()) return moves.status();
  if (!ends.ok()) return ends.status();
  if (s.went_out_ + s.scoreless_ + s.turn_limit_ != s.games_)
    return Status(Errc::kBadInput, "stats.ends: " + std::to_string(s.went_out_ + s.scoreless_ + s.turn_limit_) +
                                       " games ended, but stats.games is " + std::to_string(s.games_));
  *this = s;
  return Status::Ok();
}

}  // namespace lexc::selfplay
