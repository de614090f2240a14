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

// Appends to *out every exchange of `rack` when `exchange_allowed` (each
// distinct non-empty sub-multiset once, ForEachExchange's order), then the
// pass. Complexity: O(product of (count + 1) over the rack's tiles).
void AppendNonPlays(const Rack& rack, bool exchange_allowed, std::vector<gen::Move>* out);

// The same for the player to move in a position: the bag is gen::BagSize's
// (every other rack assumed full), the limit the position's etl. Precondition:
// ValidatePosition(p) succeeded.
void AppendNonPlays(const gen::Position& p, const Alphabet& a, std::vector<gen::Move>* out);

}  // namespace lexc::game
