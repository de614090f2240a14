// lexc/game/replay.h -- a GCG game replayed by the referee and checked.
//
// ReplayGcg plays the events of a GcgGame (gcg_reader.h) through a GameState
// and a MoveGenerator standing on its board, and checks each line against the
// lexicon, the board and the rules:
//   - a play: its tiles were on the rack when the rack is known (otherwise the
//     rack is taken to be the tiles played); its placement and every word it
//     forms are legal (the generator, given exactly the tiles played, finds a
//     play placing the same tiles on the same squares); its score is the
//     generator's. A play that is not legal is reported naming the words that
//     are not in the lexicon (or the placement), unless the next line
//     withdraws it ('--': a phony challenged off, counted, not an issue);
//   - a withdrawal takes back exactly the play's score; the turn is then a
//     scoreless pass in the referee's record;
//   - every line's total is the player's previous total plus its score;
//   - end-of-game lines equal the referee's end (who went out, the tiles and
//     points; the racks deducted after the scoreless turns), and none is
//     missing.
// A discrepancy is a ReplayIssue and the replay goes on, with the record's
// scores. What makes going on impossible is an error: a tile placed on an
// occupied square or '.' on an empty one, a rack holding tiles that are not
// unseen, a player moving out of turn. A record that goes on after the game
// is over by the rules gets an issue and the replay stops there.
//
// The referee's racks are the record's: before each move, GameState::SetRack
// gives the mover the rack of the line (or the tiles played), the opponent a
// rack drawn from the rest with the options' seed; so the bag always holds
// what the record implies, and the end of the game comes when the rules say.
// A seat's rack stays known after a pass (and after a play that drew nothing)
// and is given to it as the opponent's; the move that ends the game by
// scoreless turns takes the racks the penalty lines after it show (the
// mover's through the tiles it draws, GameState::Apply's `draw`), so the
// deductions the rules compute are checked against the record's.
// Thread safety: a generator is single-threaded state; otherwise pure.
// Complexity: per play, one generation with the tiles played (at most 7
// tiles: the plays of one small rack).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lexc/game/game_state.h"
#include "lexc/game/gcg_reader.h"
#include "lexc/game/record.h"
#include "lexc/game/rules.h"
#include "lexc/gen/movegen.h"
#include "lexc/status.h"

namespace lexc::game {

struct ReplayIssue {
  int line = 0;       // the GCG line
  int turn = 0;       // 1-based move number of the line (the move it follows for other lines)
  std::string field;  // "word", "score", "total", "rack", "challenge", "end", "rules"
  std::string problem;
};

struct ReplayOptions {
  gen::Algorithm algorithm = gen::Algorithm::kGaddag;  // the generator must support it
  Rules rules = {gen::kDefaultExchangeLimit, gen::kDefaultMaxScoreless, -1};
  std::uint64_t seed = 0;  // GameRecord::seed, and the draws of hidden racks
};

struct ReplayedGame {
  // The referee's record: the moves as applied (a withdrawn play is a pass),
  // the end computed by the rules (kTurnLimit when the record stops before the
  // end), adjustments; scores and totals as the record's score fields add up.
  // players are the full names, seat 0 first; the title the GCG's.
  GameRecord record;
  std::vector<ReplayIssue> issues;
  int plays = 0;              // plays checked
  int phonies_withdrawn = 0;  // plays not legal and withdrawn, as the record says
  bool finished = false;      // every event was replayed (false when the replay stopped early)
};

// Called before each move is made, the mover to move holding the record's
// rack (the opponent's rack is the referee's guess: hide it from users).
using BeforeMove = std::function<void(int turn, const GcgEvent& event, const GameState& state)>;

// Preconditions: gen's lexicon has the alphabet `game` was read with;
// gen.Supports(o.algorithm). gen's board is replaced (empty first) and its
// bingo bonus used. Errors: kBadInput "SOURCE:LINE: FIELD: problem" as above;
// then *issues_before_error (when given) holds the issues of the lines
// replayed before that one, in order (the error may follow from them: a
// phony's tiles, say, no longer unseen later).
Result<ReplayedGame> ReplayGcg(const GcgGame& game, gen::MoveGenerator& gen, const ReplayOptions& o,
                               const BeforeMove& before = {}, std::vector<ReplayIssue>* issues_before_error = nullptr);

}  // namespace lexc::game
