// lexc/boggle/dice.h -- the standard dice sets, random boards rolled from a
// seed, and the fixed pseudo-random generator behind them.
//
// Dice sets (formats/boggle.md lists them and their sources): "New Boggle"
// (16 dice, 4x4, sold since 1987) and "Big Boggle" (25 dice, 5x5, the
// original 1979 set). A die is six ASCII letters; 'Q' is the Qu face. A roll
// places the dice on the cells in a random order (Fisher-Yates) and turns up
// a random face of each, all drawn from Rng: the same seed gives the same
// board on every platform and standard library (std:: distributions do not
// promise that).
// Thread safety: values and pure functions; an Rng belongs to one thread.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "lexc/alphabet.h"
#include "lexc/boggle/grid.h"
#include "lexc/status.h"

namespace lexc::boggle {

// SplitMix64 (Steele, Lea, Flood 2014), as written in formats/boggle.md: the
// state advances by 0x9E3779B97F4A7C15 and each output is the state mixed by
// two xor-shift-multiply rounds. 64-bit, passes BigCrush; tiny and fixed.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n >= 1: rejection of the draws below 2^64 mod n, then
  // the remainder.
  std::uint64_t Below(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
      const std::uint64_t r = Next();
      if (r >= threshold) return r % n;
    }
  }
  // Uniform in [0, 1): the top 53 bits of a draw.
  double Unit() { return double(Next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

struct DiceSet {
  std::string_view name;  // "new-boggle", "big-boggle"
  int rows = 0, cols = 0;
  std::span<const std::string_view> dice;  // rows*cols dice of 6 faces each
};

// The standard set for a board size (4x4, 5x5), or nullptr.
const DiceSet* StandardDice(int rows, int cols);
// Every built-in set.
std::span<const DiceSet> AllDiceSets();

// A board rolled from `dice` with `seed`. Errors: kInvalidArgument when a
// face letter is not a tile of the alphabet ("dice new-boggle: die 4
// 'AFFKPS': alphabet spanish has no tile 'K'").
Result<Grid> RollDice(const DiceSet& dice, const Alphabet& a, std::uint64_t seed);

}  // namespace lexc::boggle
