// lexc/game/rules.h -- the rules a game is played by, and the moves that are
// not plays (exchanges and the pass).
//
// A player may always pass. Exchanging (any non-empty part of the rack) is
// allowed exactly when the bag holds at least the exchange limit. The game
// ends when a player plays out with the bag empty (that player gains twice
// the value of the opponent's rack), after max_scoreless consecutive
// scoreless turns of either player (each loses the value of its own rack;
// a play scoring 0 counts as scoreless), or, as a safety stop, after
// max_turns moves. GameState (game_state.h) applies these rules.
//
// These functions serve both a GameState and a bare CGP Position (for
// `lexc moves`, where the opponent's rack is unknown), so that every listing
// of legal moves comes from one place.
// Thread safety: value types and pure functions.
#pragma once

#include <vector>

#include "lexc/alphabet.h"
#include "lexc/gen/move.h"
#include "lexc/gen/position.h"
#include "lexc/rack.h"

namespace lexc::game {

struct Rules {
  int exchange_limit = gen::kDefaultExchangeLimit;  // tiles the bag must hold to exchange
  int max_scoreless = gen::kDefaultMaxScoreless;    // consecutive scoreless turns that end the game
  int max_turns = 200;                              // moves after which the game stops (End::kTurnLimit); < 0: no limit
};

// The rules of a CGP position: its etl and mcnz operations, or the defaults;
// max_turns is the default.
Rules RulesOf(const gen::Position& p);

// Whether a player holding `rack` may exchange with `bag_tiles` in the bag:
// bag_tiles >= exchange_limit and the rack is not empty.
bool ExchangeAllowed(const Rack& rack, int bag_tiles, const Rules& rules);

// The end-of-game adjustments, in one place for GameState and the endgame
// solver. Points the player who plays out with the bag empty gains: twice
// the value of the opponent's rack (Rack::Value).
int OutBonus(const Rack& opponent_rack, const Alphabet& a);
// The same from the opponent's rack value (a search that keeps it).
constexpr int OutBonusOfValue(int opponent_rack_value) { return 2 * opponent_rack_value; }
// Whether `scoreless_turns` consecutive scoreless turns end the game; each
// player then loses the value of its own rack (Rack::Value).
bool ScorelessLimitReached(int scoreless_turns, const Rules& rules);
// The consecutive scoreless turns after a move scoring `points`: one more
// after a pass, an exchange or a play scoring 0; none after points.
constexpr int ScorelessAfter(int scoreless_turns, int points) { return points == 0 ? scoreless_turns + 1 : 0; }
// Points a player loses at the scoreless end: its own rack's value.
int ScorelessPenalty(const Rack& own_rack, const Alphabet& a);

// For tools that play on from a CGP position (GameState::FromPosition,
// strategy's Simulate and InferLeave), the game layer's checks of it, each
// kInvalidArgument naming the field, Ok otherwise. Precondition:
// gen::ValidatePosition(p) succeeded.
//   CheckTwoPlayers: a game has two players; more than two racks are
//   refused ("racks: a game has two players, the position lists 3 racks").
//   CheckNotOver: the game is not over (GameState's rules): the scoreless
//   turns have not reached the limit ("scoreless turns: 6 reach the limit of
//   6, the game is over"; a count of 0 never has, as for a new game), and
//   neither player has gone out: the player to move has tiles or some to
//   draw (gen::BagSize), the opponent a listed tile or an unseen one ("racks:
//   the opponent has no tiles and the bag is empty, the game is over").
Status CheckTwoPlayers(const gen::Position& p);
Status CheckNotOver(const gen::Position& p, const Alphabet& a, const Rules& rules);

// Appends to *out every exchange of `rack` when `exchange_allowed` (each
// distinct non-empty sub-multiset once, ForEachExchange's order), then the
// pass. Complexity: O(product of (count + 1) over the rack's tiles).
void AppendNonPlays(const Rack& rack, bool exchange_allowed, std::vector<gen::Move>* out);

// The same for the player to move in a position: the bag is gen::BagSize's
// (every other rack assumed full), the limit the position's etl. Precondition:
// ValidatePosition(p) succeeded.
void AppendNonPlays(const gen::Position& p, const Alphabet& a, std::vector<gen::Move>* out);

}  // namespace lexc::game
