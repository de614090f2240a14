// The standard dice and rolling them (formats/boggle.md). Contracts in
// lexc/boggle/dice.h.
#include "lexc/boggle/dice.h"

#include <array>
#include <string>

#include "lexc/escape.h"

namespace lexc::boggle {
namespace {

// New Boggle (Hasbro, 1987 onwards): 16 dice.
constexpr std::string_view kNewBoggle[] = {"AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU",
                                           "DEILRX", "DELRVY", "DISTTY", "EEGHNW", "EEINSU", "EHRTVW",
                                           "EIOSST", "ELRTTY", "HIMNQU", "HLNNRZ"};
// Big Boggle (Parker Brothers, 1979): 25 dice.
constexpr std::string_view kBigBoggle[] = {"AAAFRS", "AAEEEE", "AAFIRS", "ADENNN", "AEEEEM", "AEEGMU", "AEGMNN",
                                           "AFIRSY", "BJKQXZ", "CCENST", "CEIILT", "CEILPT", "CEIPST", "DDHNOT",
                                           "DHHLOR", "DHHLOR", "DHLNOR", "EIIITT", "EMOTTT", "ENSSSU", "FIPRSY",
                                           "GORRVW", "IPRRRY", "NOOTUW", "OOOTTU"};

const std::array<DiceSet, 2> kSets = {DiceSet{"new-boggle", 4, 4, kNewBoggle}, DiceSet{"big-boggle", 5, 5, kBigBoggle}};

}  // namespace

const DiceSet* StandardDice(int rows, int cols) {
  for (const DiceSet& s : kSets)
    if (s.rows == rows && s.cols == cols) return &s;
  return nullptr;
}

std::span<const DiceSet> AllDiceSets() { return kSets; }

Result<Grid> RollDice(const DiceSet& dice, const Alphabet& a, std::uint64_t seed) {
  const Faces faces(a);
  Grid b;
  b.rows = dice.rows;
  b.cols = dice.cols;
  const int n = b.cells();
  if (CheckShape(b.rows, b.cols).code() != Errc::kOk || dice.dice.size() != std::size_t(n))
    return Status(Errc::kInvalidArgument, "dice " + std::string(dice.name) + ": not one die per cell");
  // Every face of every die to its cube first, so that an alphabet missing a
  // letter is refused whatever the seed.
  Cube cubes[kMaxCells][6];
  for (int die = 0; die < n; ++die) {
    const std::string_view faces_text = dice.dice[std::size_t(die)];
    if (faces_text.size() != 6)
      return Status(Errc::kInvalidArgument, "dice " + std::string(dice.name) + ": a die of 6 faces");
    for (int f = 0; f < 6; ++f) {
      const char letter = faces_text[std::size_t(f)];
      Tile t = letter == 'Q' ? faces.qu() : 0;  // the Qu face is the QU tile where there is one
      if (t == 0 && a.MatchAt(std::string_view(&letter, 1), 0, &t) != 1)
        return Status(Errc::kInvalidArgument, "dice " + std::string(dice.name) + ": die " + std::to_string(die + 1) +
                                                  " '" + std::string(faces_text) + "': alphabet " + a.name() +
                                                  " has no tile " + QuoteText(std::string_view(&letter, 1), '\''));
      cubes[die][f] = faces.CubeOf(t);
    }
  }
  int order[kMaxCells];
  for (int i = 0; i < n; ++i) order[i] = i;
  Rng rng(seed);
  for (int i = n - 1; i > 0; --i) std::swap(order[i], order[rng.Below(std::uint64_t(i) + 1)]);
  for (int cell = 0; cell < n; ++cell) b.cubes[std::size_t(cell)] = cubes[order[cell]][rng.Below(6)];
  return b;
}

}  // namespace lexc::boggle
