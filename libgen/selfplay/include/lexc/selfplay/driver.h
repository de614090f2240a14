// lexc/selfplay/driver.h -- RunStudy: a range of self-play games on many
// threads, folded into one accumulator exactly as a sequential run would.
//
// Game i of a study (i from 0) uses bag seed seed_base + i. RunStudy plays
// games [first_game, first_game + games) on `threads` threads over one
// shared Lexicon: each thread has its own MoveGenerator and its own pair of
// players (made by the PlayerFactory, so a study can pit any two policies).
// Work is handed out in chunks of consecutive games through an atomic
// counter; each chunk is folded into a fresh accumulator (prefix.NewEmpty())
// and finished chunks are merged into `prefix` strictly in game order, a
// bounded number of chunks waiting. So `prefix` ends equal (ToJson) to one
// accumulator fed every game in order, whatever the thread count and chunk
// size (accumulator.h's contract).
//
// `prefix` may already hold games [.., first_game) (a resumed checkpoint,
// an earlier rank's part): the new games are appended after them.
//
// Stopping: a cancellation flag, checked between games, ends the run with
// the committed prefix (the games of whole chunks, in order, with no gap);
// the outcome says how many were committed. An error in any game (a
// player's, the referee's, the accumulator's) stops every thread; the error
// of the earliest failing chunk is returned and `prefix` holds the games
// committed before it.
//
// Callbacks run on the thread that commits, one at a time, under the
// driver's lock (keep them short; a checkpoint write is fine):
//  - on_commit(prefix, games_done): after a chunk is merged, when
//    commit_every_seconds have passed since the start or the last call; for
//    checkpoints (the caller saves the final or cancelled state itself). An
//    error it returns stops the run like a game's.
//  - on_progress(games_done, games, elapsed seconds): at most every
//    progress_every_seconds, and once at the end.
//  - on_game(record, positions): each game in order, with the positions seen
//    before every position_every-th move (see game::RunSelfPlay); only when
//    set does the driver keep records and positions until their chunk is
//    committed (memory: a few chunks of games).
// An exception thrown by a callback or the factory stops every thread and is
// rethrown by RunStudy once they have all stopped (the library itself throws
// none: out of memory in a game is kLimit).
// Thread safety: RunStudy itself is reentrant; `prefix`, the callbacks and
// the factory are used by the driver's threads as described.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "lexc/game/player.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/layout.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/accumulator.h"

namespace lexc::selfplay {

// Makes the two players of one thread: seat 0 (first to move every game,
// unless StudyOptions::alternate_seats) and seat 1. Called once per thread,
// from that thread.
using PlayerPair = std::pair<std::unique_ptr<game::Player>, std::unique_ptr<game::Player>>;
using PlayerFactory = std::function<Result<PlayerPair>()>;

// Players by strategy name: "greedy" is game::GreedyPlayer (the only one
// today; the strategy issue adds more). Names are "<Strategy> One" and
// "<Strategy> Two" when both seats share a strategy. kInvalidArgument naming
// an unknown strategy.
Result<PlayerFactory> StrategyPlayers(const std::string& seat0, const std::string& seat1);

// The names the players of two strategies carry in records (and so in GCG
// and in StudyStats' matchup): "Equity" and "Greedy" when the strategies
// differ, "Greedy One" and "Greedy Two" when they are the same. Every
// PlayerFactory of a study names its players so.
std::array<std::string, 2> StrategyPlayerNames(const std::string& first, const std::string& second);

struct StudyOptions {
  game::SelfPlayOptions game;  // game.seed is ignored: game i uses seed_base + i
  int bingo_bonus = gen::kDefaultBingoBonus;
  std::uint64_t seed_base = 1;
  std::uint64_t first_game = 0;
  std::uint64_t games = 0;        // >= 1
  int threads = 1;                // 0: std::thread::hardware_concurrency()
  std::uint64_t chunk_games = 0;  // games per chunk; 0: chosen from games and threads
  PlayerFactory players;          // required
  // Two different strategies: game i of the series (i = first_game + k,
  // counted from the series' start, so a shard or a resumed run plays the
  // same game) seats the factory's first player in seat i % 2, so each
  // strategy moves first in half the games and every game stays
  // reproducible by its index. False: the first player is always seat 0.
  bool alternate_seats = false;
  const std::atomic<bool>* cancel = nullptr;  // stops at the next game boundary when set true

  double commit_every_seconds = 60;
  std::function<Status(const GameAccumulator& prefix, std::uint64_t games_done)> on_commit;
  double progress_every_seconds = 0.5;
  std::function<void(std::uint64_t games_done, std::uint64_t games, double seconds)> on_progress;
  int position_every = 1;
  std::function<void(const game::GameRecord&, const std::vector<gen::Position>&)> on_game;
  bool keep_positions = false;  // with on_game: collect the positions too
};

struct StudyOutcome {
  std::uint64_t games_done = 0;  // games of the range committed to the prefix
  bool cancelled = false;        // stopped by the flag before the range's end
  double seconds = 0;            // wall time of the run
  int threads = 1;               // threads used
};

// Plays the range into `prefix` (see above). Errors: kInvalidArgument for
// games == 0, a missing factory, position_every < 1, or a range past 2^64;
// the first failing game's error (with its seed: "game 17 (seed 18): ...");
// the accumulator's or on_commit's error. Complexity: the games' cost / threads.
Result<StudyOutcome> RunStudy(const Lexicon& lexicon, const gen::Layout& layout, GameAccumulator& prefix,
                              const StudyOptions& options);

}  // namespace lexc::selfplay
