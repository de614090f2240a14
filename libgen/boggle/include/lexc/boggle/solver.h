// lexc/boggle/solver.h -- every word of a Boggle board, and its score.
//
// The solver walks the lexicon's DAWG alongside a depth-first search of the
// board: from each cube, into each unused neighbour whose face continues a
// prefix of some word, stopping as soon as no word continues. Words come
// from the image's DAWG, or from the DAWG part of a GADDAG-only image (the
// first tile from the GADDAG root, the rest from the state its separator arc
// leads to, as lexc/query.h reads it).
//
// Each distinct word counts once however many ways it can be traced: the
// solver numbers words with the DAWG perfect hash (for every arc, the words
// under its later siblings, computed once at Create) and sets one bit per
// word found, clearing at the next board only the 64-bit blocks it set. So
// solving allocates nothing (once the word list, when asked for, has
// reached its size).
//
// With fewer than 32 tiles in the alphabet, Create derives an edge table
// from the DAWG (src/solver_tables.h): every reachable state's edges
// contiguous, breadth first, each edge with the tiles below it as a mask, so
// a child is a popcount away and one 12-byte record a step. The walk over it
// is branch-free on its common path (whether a step ends a word, or leads
// anywhere, is a coin toss to the branch predictor): an explicit stack, one
// tile of the top frame per turn. Score walks three such stacks, a turn of
// each in turn (paths from different first cubes: a turn is a chain of
// dependent loads, and independent chains overlap). popcnt is used when the CPU has it (a
// runtime check; the build stays portable). Larger alphabets scan the
// image's arcs.
//
// Scoring (length in tiles, grid.h): 3-4 tiles 1 point, 5: 2, 6: 3, 7: 5,
// 8 or more: 11; words shorter than the minimum length (3 by default) are
// not found at all.
//
// Cost: Create is O(arcs) time (with 13 bytes per arc of scratch) and keeps
// 12 bytes per edge of the table (about one edge per arc; SOWPODS: 2.2
// MB, 8 ms of CPU), shared by copies; each Solver also holds one bit per word
// (rounded up to a power of two; the dirty list half as much again), three
// 18 KB stacks and 20 KB of board tables. A solve is O(paths the lexicon allows):
// about 700 turns, 79,000 instructions, 9 microseconds under load here, for
// a random 4x4 board on SOWPODS (README, "Boggle").
// Thread safety: a Solver is used by one thread at a time; copy it for each
// thread (copies share the lexicon tables). The Lexicon must outlive it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/boggle/grid.h"
#include "lexc/lexicon.h"
#include "lexc/status.h"

namespace lexc::boggle {

struct Edge;  // solver_tables.h

// Points for a word of `tiles` tiles (0 below 3).
constexpr int PointsForLength(int tiles) {
  return tiles < 3 ? 0 : tiles <= 4 ? 1 : tiles == 5 ? 2 : tiles == 6 ? 3 : tiles == 7 ? 5 : 11;
}

struct SolverOptions {
  int min_len = 3;  // shortest word counted, in tiles: 1..kMaxWordTiles
  // Count bits without the popcnt instruction even when the CPU has it (the
  // walk's portable build; for tests and comparisons). Same answers.
  bool portable_bit_count = false;
};

// One word found on the board.
struct FoundWord {
  std::uint32_t offset = 0;  // where its tiles start in Solver::tiles()
  std::uint16_t length = 0;  // tiles
  std::uint16_t points = 0;
  std::uint64_t cells = 0;  // the cubes of the first tracing found
};

class Solver {
 public:
  Solver() = default;

  // A solver over `lex`'s DAWG (or its GADDAG's DAWG part). On an image
  // that was only opened, not verified, answers may be wrong but every read
  // stays in bounds and every solve terminates. Errors: kNotFound (no
  // graph), kInvalidArgument (min_len out of range), kCorrupt (a cycle in
  // the graph), kLimit (more than 2^32 - 2 words).
  static Result<Solver> Create(const Lexicon& lex, const SolverOptions& options = {});

  // The board's score. Precondition: a board of valid shape (grid.h; any
  // other scores 0) whose tiles are the lexicon alphabet's (other codes
  // match nothing).
  int Score(const Grid& board);

  // The board's score, and its words into words() and tiles(): sorted in
  // tile order, each once. Same precondition.
  int Solve(const Grid& board);
  std::span<const FoundWord> words() const { return found_; }
  std::span<const Tile> word_tiles(const FoundWord& w) const { return {tiles_.data() + w.offset, w.length}; }

  int min_len() const { return min_len_; }
  // Words in the lexicon.
  std::uint32_t lexicon_words() const;

  // Bytes of the tables Create derived from the lexicon (shared by copies).
  std::uint64_t table_bytes() const;

  struct Tables;  // opaque: what Create computes from the lexicon, shared by copies

 private:
  template <bool kCollect, bool kPopcnt>
  struct EdgeWalk;
  struct WalkFrame {  // a cube reached on the path, and the edge that reached it
    std::uint64_t used = 0;
    std::uint32_t tiles = 0;            // still to try from here
    std::uint32_t mask = 0, first = 0;  // the edge's (solver_tables.h)
    std::uint32_t base = 0;             // word number of the path, plus one if it is a word
    std::uint8_t cell = 0, len = 0;
  };
  template <class G, bool kCollect>
  struct ScanWalk;
  void SetBoard(const Grid& board);
  template <bool kCollect>
  int Run(const Grid& board);
  template <bool kCollect>
  void Record(std::uint32_t number, int len, std::uint64_t used, bool take);

  std::shared_ptr<const Tables> tables_;
  int min_len_ = 3;
  int points_[kMaxWordTiles + 1] = {};
  // Per board: the shape's neighbour masks (kept while the shape stays),
  // which cells show each first tile, and by neighbour tile.
  int rows_ = 0, cols_ = 0;
  std::uint64_t neighbours_[kMaxCells] = {};
  std::uint64_t cells_with_[256] = {};
  // One-tile cubes of tiles < 32: around_[c] has bit t when a neighbour of c
  // shows t, adjacent_[c][t] those neighbours; multi_near_[c] the
  // neighbours whose cube shows more than one tile (Qu).
  std::uint32_t around_[kMaxCells] = {};
  std::uint64_t adjacent_[kMaxCells][32] = {};
  std::uint64_t multi_near_[kMaxCells] = {};
  Cube cubes_[kMaxCells] = {};
  // Dedup: bit n of seen_ once word number n is found on this board; the
  // 64-bit blocks set are listed in dirty_ and cleared at the next board.
  std::vector<std::uint64_t> seen_;
  std::vector<std::uint32_t> dirty_;
  std::uint32_t dirty_count_ = 0;
  std::uint32_t seen_mask_ = 0;  // seen_ has seen_mask_ + 1 bits
  // The edge walk's stack. A turn pushes at most 8 frames (the free
  // neighbours of one cube), and a frame's pending frames sit above its own
  // slot until they are walked; the frames being walked are on distinct
  // cubes of one path. So at most 9 frames per cube of the path, plus one
  // for the root.
  static constexpr int kStackFrames = kMaxCells * 9 + 1;
  // Score interleaves this many walks, each on a stack of its own (3
  // measured faster than 2 or 4 on SOWPODS 4x4; README, "Boggle").
  static constexpr int kWalks = 3;
  std::vector<WalkFrame> stack_;
  int score_ = 0;
  // The word list (Solve only).
  std::vector<FoundWord> found_;
  std::vector<Tile> tiles_;
  Tile path_[kMaxWordTiles] = {};
};

}  // namespace lexc::boggle
