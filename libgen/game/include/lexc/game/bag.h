// lexc/game/bag.h -- the bag of undrawn tiles, with reproducible draws.
//
// A Bag holds a multiset of tiles (a blank is MakeCell(0, true)) and draws
// from it at random with its own generator: std::mt19937_64 (whose sequence
// the C++ standard fixes) and a bounded-integer mapping of its own (rejection
// below 2^64 mod n), so a seed gives the same draws on every platform and
// standard library. Draw, Return and the seed alone decide the order: a game
// replays byte for byte from its seed.
// Thread safety: a value type (copying it copies the generator's state).
// Complexity: Draw O(1) a tile, Return O(kMaxGenTile + tiles), Counts O(size()).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "lexc/gen/board.h"
#include "lexc/gen/position.h"
#include "lexc/rack.h"

namespace lexc::game {

class Bag {
 public:
  // The tiles of `contents` (counts by tile code, blanks), drawn with `seed`.
  Bag(const gen::TileCounts& contents, std::uint64_t seed);

  int size() const { return static_cast<int>(tiles_.size()); }
  bool empty() const { return tiles_.empty(); }
  // Draws at random until the rack holds kRackSize tiles or the bag is empty.
  void Refill(Rack* rack);
  // Draws n tiles (fewer when the bag runs out) into *out.
  void Draw(int n, Rack* out);
  // Puts tiles back (in tile-code order, blanks last: part of the replay).
  void Return(const Rack& tiles);
  // Takes these tiles out (a replayed record's rack). Precondition: the bag
  // holds them (Counts()). O(size()).
  void Take(const Rack& tiles);
  // What the bag holds, by tile code.
  gen::TileCounts Counts() const;

 private:
  std::uint64_t Below(std::uint64_t n);  // uniform in [0, n)
  std::vector<gen::Cell> tiles_;
  std::mt19937_64 rng_;
};

}  // namespace lexc::game
