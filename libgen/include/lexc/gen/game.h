// lexc/gen/game.h -- greedy self-play: bags, games, and their GCG record.
//
// A reproducible two-player game where each player makes the highest-scoring
// play (BetterPlay order, so ties do not depend on the algorithm), exchanges
// the whole rack when nothing plays and the bag holds at least the exchange
// limit, and passes otherwise. The game ends when a player plays out with the
// bag empty (that player gains twice the opponent's rack value), or after the
// maximum number of consecutive scoreless turns (each player loses the value
// of the tiles left on their rack). Its uses: fixture positions, benchmarks,
// and an end-to-end check of the generator.
//
// Reproducibility: the bag draws with std::mt19937_64 (whose sequence the C++
// standard fixes) and its own bounded-integer mapping, so a seed gives the
// same game on every platform and standard library.
// Thread safety: PlayGreedyGame uses only the generator it is given; run
// games in parallel with one generator per thread.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/gen/position.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::gen {

class Bag {
 public:
  Bag(const TileCounts& contents, std::uint64_t seed);

  int size() const { return static_cast<int>(tiles_.size()); }
  // Draws at random until the rack holds kRackSize tiles or the bag is empty.
  void Refill(Rack* rack);
  // Draws n tiles (at most size()) into *out.
  void Draw(int n, Rack* out);
  // Puts tiles back.
  void Return(const Rack& tiles);

 private:
  std::uint64_t Below(std::uint64_t n);  // uniform in [0, n)
  std::vector<Cell> tiles_;              // a blank is MakeCell(0, true)
  std::mt19937_64 rng_;
};

struct GameEvent {
  enum class Kind : std::uint8_t {
    kMove,         // rack: the mover's rack before the move
    kOutBonus,     // player went out; rack: the opponent's tiles, points +2x their value
    kRackPenalty,  // game ended scoreless; rack: the player's own tiles, points -value
  };
  Kind kind = Kind::kMove;
  int player = 0;  // 0 or 1
  Rack rack;
  Move move;
  int points = 0;
  int total = 0;   // the player's score after the event
};

struct GameRecord {
  enum class End : std::uint8_t { kWentOut, kScoreless, kTurnLimit };
  std::uint64_t seed = 0;
  std::vector<GameEvent> events;
  int scores[2] = {0, 0};
  int turns = 0;   // moves made
  int bingos = 0;
  End end = End::kWentOut;
};

struct SelfPlayOptions {
  std::uint64_t seed = 1;
  Algorithm algorithm = Algorithm::kGaddag;
  int exchange_limit = kDefaultExchangeLimit;
  int max_scoreless = kDefaultMaxScoreless;
  int max_turns = 200;        // safety stop (End::kTurnLimit)
  std::string lexicon_name;   // `lex` operation of the positions handed out
};

// Plays one game on gen's layout with gen's lexicon, from an empty board
// (gen's board is replaced). on_position, if set, sees each position before
// each move, the player to move first, both racks known. Errors: those of
// MoveGenerator::Apply (never for plays it generated) and kInvalidArgument
// for an algorithm the image lacks.
Result<GameRecord> PlayGreedyGame(MoveGenerator& gen, const SelfPlayOptions& options,
                                  const std::function<void(const Position&)>& on_position = nullptr);

// The game in GCG (the .gcg format of annotated games): pragmas
// #character-encoding, #player1/2, #title, #lexicon; one event line a move:
//   >p1: AEINRST 8D NASTIER +70 70      play ('.' for a played-through tile)
//   >p2: EIIOUUV -IIOUUV +0 0           exchange
//   >p2: EIIOUUV - +0 0                 pass
//   >p1: (EIV) +12 382                  end: went out, twice the opponent's tiles
//   >p2: EIV (EIV) -6 305               end: scoreless, own tiles deducted
std::string WriteGcg(const GameRecord& game, const Alphabet& a, const std::string& lexicon_name);

}  // namespace lexc::gen
