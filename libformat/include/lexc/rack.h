// lexc/rack.h -- a multiset of tiles: counts per tile code plus blanks.
//
// The one rack type of lexc: anagram queries (query.h), positions and the
// move generator (libgen), and later bags and leaves. A Rack is a fixed-size
// value (no heap, 258 bytes), cheap to copy, indexed by any tile code 1..255
// (kMaxTiles). It holds at most kMaxSize tiles in all; how many a player's
// rack may hold is a game rule (lexc::gen::kRackSize), checked where
// positions are read.
//
// Text form (formats/tile-text.md): tile text with '?' for a blank, read by
// greedy longest match with brackets for the exceptions ("[C]HE" is C,H,E in
// Spanish, "CHE" is CH,E); either case names the tile (only '?' is a blank
// on a rack). Written in tile-code order with blanks last, bracketed as the
// tile-text writer does ("AEINRST?", "[CH]A[RR]?").
// Thread safety: a value type.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>

#include "lexc/alphabet.h"
#include "lexc/status.h"

namespace lexc {

class Rack {
 public:
  static constexpr int kMaxSize = 255;  // tiles in one Rack, blanks included

  // Parses the text form; the empty text is the empty rack. Errors
  // (kBadInput): "unknown tile '3' at character 3 of rack 'AB3' (alphabet
  // english)" and the other tile-text problems; "rack '...': more than 255
  // tiles". O(text).
  static Result<Rack> Parse(const Alphabet& a, std::string_view text);

  int count(Tile t) const { return counts_[t]; }
  // count(t) for every code t, in order (a bulk copy for hot loops).
  const std::array<std::uint8_t, kMaxTiles + 1>& counts() const { return counts_; }
  int blanks() const { return blanks_; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Bit t set when count(t) > 0 (bit 0, the separator code, never). O(256).
  std::bitset<kMaxTiles + 1> mask() const;

  // Preconditions: size() < kMaxSize (adding), the tile present (removing).
  void Add(Tile t) { ++counts_[t], ++size_; }
  void AddBlank() { ++blanks_, ++size_; }
  void Remove(Tile t) { --counts_[t], --size_; }
  void RemoveBlank() { --blanks_, --size_; }
  // A blank when `blank`, else tile t (a board square's tile going back to
  // or coming from the rack).
  void Add(Tile t, bool blank) { blank ? AddBlank() : Add(t); }
  void Remove(Tile t, bool blank) { blank ? RemoveBlank() : Remove(t); }
  // Whether every tile of `o` (blanks included) is here too. O(256).
  bool Contains(const Rack& o) const;

  // Sum of face values; a blank counts the alphabet's blank score. Codes
  // beyond the alphabet count 0.
  int Value(const Alphabet& a) const;
  // The text form ("AEINRST?"); parses back to an equal Rack. Precondition
  // for that: no code beyond the alphabet (those render as "[<N>]").
  std::string ToString(const Alphabet& a) const;

  bool operator==(const Rack& o) const = default;

 private:
  std::array<std::uint8_t, kMaxTiles + 1> counts_{};
  std::uint8_t blanks_ = 0;
  std::uint8_t size_ = 0;
};

}  // namespace lexc
