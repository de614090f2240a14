// lexc/gen/rack.h -- a player's tiles: counts per tile code plus blanks.
//
// A Rack is a fixed-size value (no heap), cheap to copy, indexed by tile code
// 1..kMaxGenTile. It holds any number of tiles up to 255; the game rule that
// a rack holds at most kRackSize tiles is checked where positions are read
// (position.h), so that the error can name the rack.
//
// Text form: tile labels in any order, '?' for a blank, a label of more than
// one code point inside brackets ("[CH]"); labels match the alphabet's upper-
// or lower-case spelling. Written back in tile-code order, blanks last.
// Thread safety: a value type.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "lexc/alphabet.h"
#include "lexc/gen/board.h"
#include "lexc/status.h"

namespace lexc::gen {

// Tiles a full rack holds; playing all of them earns the bingo bonus.
inline constexpr int kRackSize = 7;

class Rack {
 public:
  // Parses the text form. Errors: kInvalidArgument naming the unknown tile
  // and its character position, or an alphabet of more than kMaxGenTile tiles.
  static Result<Rack> Parse(const Alphabet& a, std::string_view text);

  int count(Tile t) const { return counts_[t]; }
  int blanks() const { return blanks_; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Bit t set when count(t) > 0.
  std::uint64_t mask() const;

  // Preconditions: 1 <= t <= kMaxGenTile, size() < 255 (Add), a tile to remove.
  void Add(Tile t) { ++counts_[t], ++size_; }
  void AddBlank() { ++blanks_, ++size_; }
  void Remove(Tile t) { --counts_[t], --size_; }
  void RemoveBlank() { --blanks_, --size_; }
  // Adds or removes the tile a Cell came from (a blank for blank cells).
  void AddCell(Cell c) { CellIsBlank(c) ? AddBlank() : Add(CellTile(c)); }
  void RemoveCell(Cell c) { CellIsBlank(c) ? RemoveBlank() : Remove(CellTile(c)); }
  // Whether every tile of `o` is here too.
  bool Contains(const Rack& o) const;

  // Sum of face values; a blank counts the alphabet's blank score.
  int Value(const Alphabet& a) const;
  // The text form, tile-code order, '?' last ("AEINRST?").
  std::string ToString(const Alphabet& a) const;

  bool operator==(const Rack& o) const = default;

 private:
  std::array<std::uint8_t, kMaxGenTile + 1> counts_{};
  std::uint8_t blanks_ = 0;
  std::uint8_t size_ = 0;
};

}  // namespace lexc::gen
