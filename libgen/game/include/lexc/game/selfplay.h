// lexc/game/selfplay.h -- games between two players, one or many, with the
// statistics of a series.
//
// PlayGame plays one game from a new board: seat 0 is `first`, drawing
// first; the bag is seeded with options.seed, so the same seed and players
// give the same game, byte for byte, on every platform (bag.h). The
// generator follows the game (MoveGenerator::Apply after each play) and is
// what the players generate with. Its uses: fixture positions, benchmarks,
// an end-to-end check of the generator, and the self-play of engines.
//
// RunSelfPlay plays a series, game i (from 0) with seed first_seed + i, and
// gathers what `lexc selfplay` reports.
// Thread safety: both use only the generator and players they are given and
// are reentrant: run games in parallel with one generator and one pair of
// players per thread (any number of generators may share one Lexicon).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "lexc/game/player.h"
#include "lexc/game/record.h"
#include "lexc/game/rules.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/status.h"

namespace lexc::game {

struct SelfPlayOptions {
  std::uint64_t seed = 1;
  gen::Algorithm algorithm = gen::Algorithm::kGaddag;
  Rules rules;
  // The `lex` operation of the positions handed out and the GCG #lexicon:
  // RecordTextProblem (lexc/escape.h) must be empty and it holds no ';'.
  std::string lexicon_name;
  std::string title = "lexc greedy self-play";  // GameRecord::title, ", seed N" appended; record text too
};

// Sees the position before a move, the player to move first, both racks known.
using PositionCallback = std::function<void(const gen::Position&)>;

// One game on gen's layout with gen's lexicon, from an empty board (gen's
// board is replaced). on_position, if set, sees the position before each
// move. The record names the players by Player::name(). Errors: a player's,
// GameState::Apply's for a move a player chose (kInvalidArgument), kLimit for
// a score past the int range, kInvalidArgument for an algorithm the image
// lacks, and kInvalidArgument, before any move, for a lexicon_name, title or
// player name that cannot be written into GCG or CGP ("lexicon name "CSW\u{A}
// #player1": holds a line break (U+000A) at byte 4"; a ';' in lexicon_name). Complexity: turns x the players' choice.
Result<GameRecord> PlayGame(gen::MoveGenerator& gen, Player& first, Player& second, const SelfPlayOptions& options,
                            const PositionCallback& on_position = nullptr);

// PlayGame between GreedyPlayers "Greedy One" and "Greedy Two".
Result<GameRecord> PlayGreedyGame(gen::MoveGenerator& gen, const SelfPlayOptions& options,
                                  const PositionCallback& on_position = nullptr);

struct SeriesOptions {
  SelfPlayOptions game;  // game.seed is ignored: game i uses first_seed + i
  std::uint64_t games = 1;
  std::uint64_t first_seed = 1;
  int position_every = 1;  // on_position sees the positions before moves N, 2N, ... of each game
};

struct SelfPlayStats {
  std::uint64_t games = 0;
  std::uint64_t turns = 0;
  std::uint64_t bingos = 0;
  std::uint64_t points = 0;     // final scores summed, negative ones as 0
  std::uint64_t positions = 0;  // handed to on_position
  double seconds = 0;           // spent in PlayGame (on_game excluded)

  double mean_score() const { return double(points) / double(2 * games); }
  double games_per_second() const { return double(games) / seconds; }
};

using GameCallback = std::function<void(const GameRecord&)>;

// Plays options.games games between `first` (seat 0 every game) and
// `second`; on_game, if set, gets each record as it ends, in seed order. The
// first error stops the series and is returned; kInvalidArgument for
// position_every < 1.
Result<SelfPlayStats> RunSelfPlay(gen::MoveGenerator& gen, Player& first, Player& second, const SeriesOptions& options,
                                  const GameCallback& on_game = nullptr, const PositionCallback& on_position = nullptr);

}  // namespace lexc::game
