// lexc/game/game_state.h -- a two-player game and its rules: board, racks,
// scores, bag, the player to move, and the moves allowed.
//
// A GameState is the referee's view of a game: everything, hidden tiles
// included. Players see it through a PlayerView (player.h). Seats are 0 and
// 1; seat 0 moves first in a new game (and is the player to move in a game
// started from a position). The rules are those of rules.h; Apply is the
// only way the state changes and reports what happened as GameEvents.
//
// The state knows no lexicon: LegalMoves takes the plays from a
// MoveGenerator, and Apply takes a play as legal once its placement and tiles
// check out (the generator found it, or a record said so), its score as
// given. A generator that follows a game is kept on its board by the caller
// (MoveGenerator::Apply after each play; the runner in selfplay.h does it).
//
// Copying a GameState copies the board, the bag and its random generator
// (about 3 KB): cheap next to generating moves, so search can copy freely.
// Thread safety: a value type; const access from many threads is safe.
#pragma once

#include <cstdint>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/game/bag.h"
#include "lexc/game/record.h"
#include "lexc/game/rules.h"
#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/status.h"

namespace lexc::game {

class GameState {
 public:
  // A new game on an empty board of the layout's size: the alphabet's full
  // set (gen::FullSet) in a bag drawn with `seed`, seat 0's rack drawn first.
  // `alphabet` must outlive the state. Over at once if rules.max_turns <= 0.
  static GameState NewGame(const gen::Layout& layout, const Alphabet& alphabet, const Rules& rules, std::uint64_t seed);

  // A game from a position (a CGP record): the player to move (racks[0]) is
  // seat 0 with its rack as given; the opponent's rack (racks[1], if listed)
  // is completed to kRackSize tiles from the unseen tiles, drawn with `seed`;
  // the other unseen tiles form the bag, so bag_size() equals
  // gen::BagSize(p). Scores and scoreless turns are the position's, turns
  // start at 0. Errors (kInvalidArgument): those of gen::ValidatePosition,
  // more than two racks.
  static Result<GameState> FromPosition(const gen::Position& p, const gen::Layout& layout, const Alphabet& alphabet,
                                        const Rules& rules, std::uint64_t seed);

  const gen::Board& board() const { return board_; }
  const Rack& rack(int seat) const { return racks_[seat]; }
  int score(int seat) const { return scores_[seat]; }
  int to_move() const { return to_move_; }
  const Bag& bag() const { return bag_; }
  int scoreless_turns() const { return scoreless_; }
  int turns() const { return turns_; }  // moves applied to this state
  const Rules& rules() const { return rules_; }
  const Alphabet& alphabet() const { return *alphabet_; }
  bool over() const { return over_; }
  End end() const { return end_; }  // meaningful once over()

  // Whether the player to move may exchange (rules.h's ExchangeAllowed).
  bool CanExchange() const;
  // The tiles `seat` cannot see: the bag and the other seat's rack.
  gen::TileCounts Unseen(int seat) const;

  // Every legal move of the player to move into *out (cleared): the plays
  // in BetterPlay order, then the exchanges when allowed, then the pass
  // (the order of `lexc moves`). None when over(). Preconditions:
  // gen.board() == board(), gen.Supports(alg). Complexity: the generator's,
  // plus a sort of the plays.
  void LegalMoves(gen::MoveGenerator& gen, gen::Algorithm alg, std::vector<gen::Move>* out) const;

  // Makes the player to move's move: a play places its tiles and refills the
  // rack from the bag; an exchange draws as many tiles as it puts back (fewer
  // only if an exchange limit below the exchange's size left the bag short),
  // then returns them, the order the rules give; a pass changes nothing. Then
  // the turn passes and the game may end (rules.h), with its adjustments.
  // Appends the move's event and any end-of-game events to *events when
  // given. Errors (kInvalidArgument, the state unchanged): the game is over;
  // a play whose tiles are not on the rack or whose placement ApplyPlay
  // refuses; an exchange not allowed, empty, or of tiles not on the rack.
  // kLimit: a score would pass the int range; the state is then over and its
  // scores are not meaningful. `draw`, when given (a replay that knows the
  // tiles drawn), is what the mover draws instead of random tiles: at most as
  // many as the rules draw, all in the bag (else kInvalidArgument, unchanged).
  Status Apply(const gen::Move& move, std::vector<GameEvent>* events = nullptr, const Rack* draw = nullptr);

  // Replaying a record (replay.h) whose racks are known: `seat`'s rack
  // becomes `rack`, and the other seat's becomes *other when given, else is
  // drawn afresh. Both racks go back to the bag, `rack`'s (and *other's)
  // tiles are taken out of it, and the other seat without *other refills from
  // it (its tiles are hidden from the record until it moves). Racks may hold
  // fewer than kRackSize tiles (a record that shows only the tiles played).
  // Errors (kInvalidArgument, the state unchanged): the game is over; the bag
  // and both racks together do not hold the tiles (the detail names the
  // first missing tile).
  Status SetRack(int seat, const Rack& rack, const Rack* other = nullptr);

  // A score adjustment outside the moves (GameEvent kinds kChallengeBonus,
  // kTimePenalty): `points` added to `seat`'s score, the event appended to
  // *events when given. Allowed after the end of the game (time penalties
  // come last); the turn does not pass. Errors: kInvalidArgument for a seat
  // other than 0 or 1 or another kind; kLimit as Apply's.
  Status Adjust(int seat, GameEvent::Kind kind, int points, std::vector<GameEvent>* events = nullptr);

  // The position before the player to move moves: racks and scores with the
  // player to move first, no operations. Complexity O(squares).
  gen::Position ToPosition() const;

 private:
  GameState(const gen::Board& board, const Alphabet& alphabet, const Rules& rules, Bag bag);
  Status AddPoints(int seat, int points, GameEvent event, std::vector<GameEvent>* events);
  void EndIfOver(std::vector<GameEvent>* events, Status* status);

  gen::Board board_;
  Rack racks_[2];
  int scores_[2] = {0, 0};
  Bag bag_;
  Rules rules_;
  const Alphabet* alphabet_;
  int to_move_ = 0;
  int scoreless_ = 0;
  int turns_ = 0;
  bool over_ = false;
  End end_ = End::kTurnLimit;
};

}  // namespace lexc::game
