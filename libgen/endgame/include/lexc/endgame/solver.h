// lexc/endgame/solver.h -- the exact endgame solver: once the bag is empty,
// the game has perfect information and a full search finds its value.
//
// An endgame is a position (a CGP record) whose unseen tiles fit on one
// rack: they are the opponent's rack, listed or not. The value searched is
// the final spread: the points the side to move still gains minus the
// opponent's, with the end-of-game adjustments of the game layer
// (lexc/game/rules.h: OutBonus when a player plays out, each player losing
// its rack's value at ScorelessLimitReached), exactly as GameState applies
// them. Passes are moves; exchanges are not (the bag is empty). The turn
// limit of Rules (max_turns) is a safety stop of self-play and is not
// searched: an endgame lasts at most (tiles + 1) x max_scoreless turns.
//
// Search: negamax with alpha-beta (principal variation search) on that
// value, iterative deepening one ply at a time, moves ordered by the
// transposition table's best move, then score plus the going-out bonus (or
// minus the face value left on the rack). The board is updated in place by
// MoveGenerator::Apply/Undo (the BoardAnalysis follows incrementally); no
// board is copied per node. With threads, the moves of the main thread's
// principal-variation nodes are shared out, the root's and every PV node's
// below it of two plies or more (young brothers wait): the first searched
// by the main thread alone, the others taken one by one by every thread (a
// null window at the node's alpha so far, a full search again when one may
// be better); helpers move their own board to each such node. The
// transposition table is
// shared by every thread and keyed by a Zobrist hash of the board, the
// rack of the side to move, the other rack and the scoreless-turn count
// searched with (while no tile worth 0 is on a rack, at most two turns
// before the scoreless end: more change no value, since a pass answered by
// a pass gives the position back).
// An entry remembers whether its value depends on the depth limit; a result
// is exact when no leaf of its proof was cut by the depth limit. A pass
// forced on a side with no play does not count against the depth, nor,
// from the second iteration on, the reply to it (so a stuck side's
// opponent is searched to the end of its play-out): a line may hold more
// plies than the depth.
//
// Budgets: a time limit, a node limit and a ply limit stop the search; the
// result is then the last completed iteration's line, marked not exact.
// The first iteration (one ply) always completes, so a line is always there.
// Thread safety: SolveEndgame is reentrant; it borrows the lexicon and
// layout read-only (any number of solves may share them) and starts and
// joins its own threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "lexc/game/rules.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/lexicon.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::endgame {

// Deepest search: an endgame of two full racks and the default rules ends
// within 90 plies.
inline constexpr int kMaxPlies = 120;
inline constexpr int kMaxThreads = 256;
inline constexpr std::size_t kMinTableBytes = std::size_t(1) << 12;
inline constexpr std::size_t kMaxTableBytes = std::size_t(1) << 40;
inline constexpr double kMaxSeconds = 7 * 24 * 3600.0;

// What one completed iteration found (EndgameOptions::on_iteration).
struct EndgameIteration {
  int depth = 0;  // plies searched (forced passes and, past depth 1, their replies not counted)
  int value = 0;  // as EndgameResult::value
  bool exact = false;
  std::uint64_t nodes = 0;  // all threads, so far
  double seconds = 0;
};

struct EndgameOptions {
  int max_plies = 0;             // 0: until exact (at most kMaxPlies); else 1..kMaxPlies (as depth counts)
  int threads = 1;               // 1..kMaxThreads
  double time_limit = 0;         // seconds of wall time; 0: none; else up to kMaxSeconds
  std::uint64_t node_limit = 0;  // nodes (all threads); 0: none
  std::size_t table_bytes = std::size_t(64) << 20;  // kMinTableBytes..kMaxTableBytes
  gen::Algorithm algorithm = gen::Algorithm::kGaddag;
  // A node's plays from those of the node two plies above (the same side):
  // the ones the two moves since leave unchanged, and only the anchors
  // those moves touched searched again (lexc/gen/play_reuse.h); a node's
  // plays for the other side kept once for all its children, and a
  // depth-1 child's best plays taken from a ranking of them. The same
  // values; lines may differ between moves of equal value (the plays come
  // in another order). Off only to measure it.
  bool reuse_plays = true;
  // Raised by the caller (another thread) to stop early, as a budget does.
  const std::atomic<bool>* cancel = nullptr;
  // Called by the solving thread after each completed iteration.
  std::function<void(const EndgameIteration&)> on_iteration;
  // Called by the solving thread about every `progress_every` seconds while
  // it searches: nodes and seconds so far, with the depth, value and
  // exactness of the last completed iteration (depth 0 before the first).
  std::function<void(const EndgameIteration&)> on_progress;
  double progress_every = 0.2;
};

struct EndgameResult {
  // The points the side to move gains from here to the end minus the
  // opponent's, adjustments included (exact, or at the depth reached).
  int value = 0;
  // The final spread from the side to move's view: its score minus the
  // opponent's now (Position::scores), plus value.
  int final_spread = 0;
  bool exact = false;  // proven: the value is the game's whatever the depth
  int depth = 0;       // plies of the last completed iteration
  // The principal variation from the side to move, alternating sides; it
  // ends where the game ends (exact) or at the depth limit. Scores are the
  // plays' own (passes 0). A line that ends by the scoreless rule gets the
  // passes the rules play before the end, so it may be longer than depth.
  std::vector<gen::Move> pv;
  bool pv_ends_game = false;  // the last move of pv ends the game
  std::uint64_t nodes = 0;    // positions searched, all threads
  double seconds = 0;         // wall time
  int threads = 1;
};

// An endgame checked and completed: both racks, the rules.
struct Endgame {
  gen::Position position;  // racks[1] completed with the unseen tiles
  game::Rules rules;       // game::RulesOf(position); max_turns unused
};

// Checks that `p` is an endgame and completes the opponent's rack. Errors:
// those of gen::ValidatePosition (kInvalidArgument); kBadInput naming the
// field for more than two racks; "bag: 9 tiles unseen besides the listed
// racks, the bag is not empty" (an opponent rack listed and tiles still
// unseen, or none listed and more than kRackSize unseen); "racks: the
// player to move has no tiles, the game is over"; the opponent holding none
// (the game is over); the scoreless turns already at the limit; a
// max_scoreless below 1 or an exchange limit below 1 (exchanging from an
// empty bag would refill it).
Result<Endgame> MakeEndgame(const gen::Position& p, const gen::Layout& layout, const Alphabet& a);

// Checks options: kInvalidArgument naming the field ("max_plies: 0 is not
// in 0..120" style details) for values outside the ranges above.
Status ValidateOptions(const EndgameOptions& o);

// Solves the endgame on `lexicon` (which must hold the algorithm's graph).
// Errors: ValidateOptions's; MoveGenerator::Create's and SetPosition's
// (kInvalidArgument, kLimit); kLimit when the table cannot be allocated.
// Memory: the table (table_bytes, rounded down to a power of two of
// 16-byte entries, on huge pages from 2 MiB; a search uses 4 MiB of it
// first and four times more each time its nodes reach twice the entries in
// use) plus per thread a generator and O(kMaxPlies x plays) move lists.
// Time: exponential in the racks, bounded by the budgets.
Result<EndgameResult> SolveEndgame(const Lexicon& lexicon, const gen::Layout& layout, const Endgame& endgame,
                                   const EndgameOptions& options);

}  // namespace lexc::endgame
