// lexc/game/record.h -- what happened in a game: its events, in order.
//
// GameState::Apply appends the events of each move: the move itself, then,
// when the move ends the game, the end-of-game adjustments. The runner
// (selfplay.h) collects them into a GameRecord, which the GCG writer (gcg.h)
// prints and the GCG reader (gcg_reader.h) fills.
// Thread safety: value types.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "lexc/gen/move.h"
#include "lexc/rack.h"

namespace lexc::game {

struct GameEvent {
  enum class Kind : std::uint8_t {
    kMove,         // rack: the mover's rack before the move
    kOutBonus,     // player went out; rack: the opponent's tiles, points +2x their value
    kRackPenalty,  // game ended scoreless; rack: the player's own tiles, points -value
    // Read from GCG (gcg_reader.h) and applied by GameState::Adjust / a replay:
    kPhonyWithdrawn,  // the player's last play was challenged off; rack: its rack, points -score
    kChallengeBonus,  // the player's play was challenged and stood; points +bonus
    kTimePenalty,     // points -penalty for overtime
  };
  Kind kind = Kind::kMove;
  int player = 0;  // 0 or 1, the seat (0 moved first)
  Rack rack;
  gen::Move move;  // kMove only
  int points = 0;
  int total = 0;  // the player's score after the event
};

// How a game ended (GameState::end()).
enum class End : std::uint8_t { kWentOut, kScoreless, kTurnLimit };

struct GameRecord {
  using End = game::End;
  std::uint64_t seed = 0;
  std::array<std::string, 2> players;  // names, seat 0 first (GCG #player1/#player2)
  std::string title;                   // GCG #title
  std::vector<GameEvent> events;
  int scores[2] = {0, 0};  // final, seat order
  int turns = 0;           // moves made
  int bingos = 0;          // plays of kRackSize tiles
  End end = End::kWentOut;
};

}  // namespace lexc::game
