#include "lexc/game/selfplay.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "lexc/escape.h"
#include "lexc/game/game_state.h"
#include "lexc/gen/cgp.h"

namespace lexc::game {
namespace {

// What goes into the GCG and CGP records, checked before the first move.
Status CheckRecordNames(const Player& first, const Player& second, const SelfPlayOptions& o) {
  if (std::string why = gen::CgpOperandProblem(o.lexicon_name); !why.empty())  // also the `lex` operation
    return Status(Errc::kInvalidArgument, "lexicon name " + QuoteText(o.lexicon_name) + ": " + why);
  const std::pair<const char*, std::string_view> names[] = {
      {"title", o.title}, {"player name", first.name()}, {"player name", second.name()}};
  for (const auto& [what, text] : names)
    if (std::string why = RecordTextProblem(text); !why.empty())
      return Status(Errc::kInvalidArgument, std::string(what) + " " + QuoteText(text) + ": " + why);
  return Status::Ok();
}

}  // namespace

Result<GameRecord> PlayGame(gen::MoveGenerator& gen, Player& first, Player& second, const SelfPlayOptions& o,
                            const PositionCallback& on_position) {
  if (!gen.Supports(o.algorithm))
    return Status(Errc::kInvalidArgument,
                  std::string("the image has no graph for the ") + gen::AlgorithmName(o.algorithm) + " algorithm");
  LEXC_RETURN_IF_ERROR(CheckRecordNames(first, second, o));
  const gen::Layout& layout = gen.layout();
  LEXC_RETURN_IF_ERROR(gen.SetBoard(gen::Board(layout.rows(), layout.cols())));
  GameState state = GameState::NewGame(layout, gen.lexicon().alphabet(), o.rules, o.seed);
  GameRecord g;
  g.seed = o.seed;
  g.players = {first.name(), second.name()};
  g.title = o.title + ", seed " + std::to_string(o.seed);
  Player* const players[2] = {&first, &second};
  while (!state.over()) {
    if (on_position) {
      gen::Position p = state.ToPosition();
      if (!o.lexicon_name.empty()) p.SetOp("lex", o.lexicon_name);
      on_position(p);
    }
    Result<gen::Move> move = players[state.to_move()]->ChooseMove(PlayerView(state, gen, o.algorithm));
    if (!move.ok()) return move.status();
    LEXC_RETURN_IF_ERROR(state.Apply(*move, &g.events));
    if (move->kind == gen::Move::Kind::kPlay) {
      LEXC_RETURN_IF_ERROR(gen.Apply(move->play));
      g.bingos += move->play.placed == gen::kRackSize;
    }
  }
  g.scores[0] = state.score(0);
  g.scores[1] = state.score(1);
  g.turns = state.turns();
  g.end = state.end();
  return g;
}

Result<GameRecord> PlayGreedyGame(gen::MoveGenerator& gen, const SelfPlayOptions& options,
                                  const PositionCallback& on_position) {
  GreedyPlayer one("Greedy One"), two("Greedy Two");
  return PlayGame(gen, one, two, options, on_position);
}

Result<SelfPlayStats> RunSelfPlay(gen::MoveGenerator& gen, Player& first, Player& second, const SeriesOptions& options,
                                  const GameCallback& on_game, const PositionCallback& on_position) {
  if (options.position_every < 1)
    return Status(Errc::kInvalidArgument,
                  "position_every: " + std::to_string(options.position_every) + ", expected at least 1");
  SelfPlayStats stats;
  SelfPlayOptions game = options.game;
  int turn = 0;
  const PositionCallback every_nth = [&](const gen::Position& p) {
    if (turn > 0 && turn % options.position_every == 0) {
      on_position(p);
      ++stats.positions;
    }
    ++turn;
  };
  for (std::uint64_t i = 0; i < options.games; ++i) {
    game.seed = options.first_seed + i;
    turn = 0;
    const auto start = std::chrono::steady_clock::now();
    Result<GameRecord> g = PlayGame(gen, first, second, game, on_position ? every_nth : nullptr);
    stats.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!g.ok()) return g.status();
    ++stats.games;
    stats.turns += std::uint64_t(g->turns);
    stats.bingos += std::uint64_t(g->bingos);
    stats.points += std::uint64_t(std::max(0, g->scores[0]) + std::max(0, g->scores[1]));
    if (on_game) on_game(*g);
  }
  return stats;
}

}  // namespace lexc::game
