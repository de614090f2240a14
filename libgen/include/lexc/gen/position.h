// lexc/gen/position.h -- a game position: board, racks, scores, and the bag.
//
// A Position is what a CGP record holds (cgp.h): the board, the racks and
// scores of every player in turn order (index 0 is the player to move), the
// number of consecutive scoreless turns, and the CGP operations (opcode and
// operand text) in the order read, so that writing preserves them.
//
// The tiles not on the board and not on any listed rack are "unseen". Some of
// them may sit on racks the position does not list in full; the bag is what
// remains when every other player's rack is assumed full (kRackSize tiles,
// fewer only if too few are unseen). That is what decides whether exchanging
// is allowed.
// Thread safety: a value type and pure functions.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/rack.h"
#include "lexc/status.h"

namespace lexc::gen {

// Tiles a full rack holds; playing all of them earns the bingo bonus. Racks
// themselves are lexc::Rack (lexc/rack.h), which holds any number up to 255.
inline constexpr int kRackSize = 7;

inline constexpr int kDefaultBingoBonus = 50;
inline constexpr int kDefaultExchangeLimit = 7;  // tiles the bag must hold to exchange
inline constexpr int kDefaultMaxScoreless = 6;

struct Position {
  Board board;
  std::vector<Rack> racks;  // racks[0]: the player to move
  std::vector<int> scores;  // same order as racks
  int scoreless_turns = 0;
  // CGP operations in input order, e.g. {"lex", "CSW21"}, {"bb", "50"}.
  std::vector<std::pair<std::string, std::string>> ops;

  // The operand of the first operation with this opcode, or "" if none.
  std::string Op(const std::string& opcode) const;
  // Sets (or replaces) an operation.
  void SetOp(const std::string& opcode, std::string operand);
  // bb, etl and mcnz operations, or the defaults above.
  int BingoBonus() const;
  int ExchangeLimit() const;
  int MaxScoreless() const;
};

// Tile counts of a multiset larger than a rack (a bag, the unseen tiles).
struct TileCounts {
  std::array<int, kMaxGenTile + 1> counts{};  // by tile code
  int blanks = 0;
  int total = 0;
};

// The largest score either way a position may give a player (CGP, as GCG
// scores: lexc/game/gcg_reader.h): spreads and a game's further points stay
// far inside an int.
inline constexpr int kMaxPositionScore = 1'000'000'000;

// The full tile set of the alphabet (English: 100 tiles, 2 blanks).
TileCounts FullSet(const Alphabet& a);

// Checks a position against its layout and alphabet; the message names the
// field: "board: 16 rows, the layout has 15", "rack 2: 8 tiles, a rack holds
// at most 7", "scores: 3 scores for 2 racks", "scores: 2000000000 is
// beyond 1000000000 either way" (kMaxPositionScore), "tiles: 2 'Z' on the board and
// racks, the set has 1", "tiles: 3 blanks on the board and racks, the set has 2",
// "board: tile code 40 at 8H, the alphabet has 26". Errors: kInvalidArgument.
Status ValidatePosition(const Position& p, const Layout& layout, const Alphabet& a);
// The rack checks ValidatePosition makes, without the "rack N: " prefix: "8
// tiles, a rack holds at most 7", "tile code 40, the alphabet has 26"; for a
// rack given on its own (a command-line option names it). Errors:
// kInvalidArgument.
Status ValidateRack(const Rack& rack, const Alphabet& a);

// Full set minus the board minus every listed rack. Precondition: valid.
TileCounts Unseen(const Position& p, const Alphabet& a);
// Tiles in the bag as described in the file comment.
int BagSize(const Position& p, const Alphabet& a);

}  // namespace lexc::gen
