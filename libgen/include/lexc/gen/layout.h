// lexc/gen/layout.h -- board geometry: size, premium squares, start square.
//
// A Layout says how big the board is, which squares multiply a newly placed
// tile's value (letter premiums, x2..x4) or the whole word (word premiums,
// x2..x4), and which square the first play must cover. The standard 15x15
// board is built in; any other comes from a layout file, whose text format is
// specified in formats/layout.md (examples in formats/layouts/).
//
// Squares are addressed (row, col), 0-based, row 0 at the top. Printed
// coordinates are 1-based rows and lettered columns (move.h).
// Thread safety: immutable after construction; share freely.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/status.h"

namespace lexc::gen {

// Largest board side the generator handles (lines are scanned with 32-bit
// masks). Layout files beyond it are rejected with kLimit.
inline constexpr int kMaxBoardDim = 32;

class Layout {
 public:
  Layout() = default;

  // The standard 15x15 board: 8 TW, 17 DW (centre star included), 12 TL,
  // 24 DL; start square H8 (row 7, col 7).
  static Layout Standard15();

  // Parses the layout file format (formats/layout.md). `source` names the
  // input in errors ("big21.txt:4: row 3 has 20 squares, expected 21").
  // Errors: kBadInput (syntax, sizes, no or several start squares),
  // kLimit (a side above kMaxBoardDim).
  static Result<Layout> Parse(std::string_view text, std::string_view source);
  // Reads ("-": standard input) and parses a file. Errors: kIo naming the
  // path, kLimit for a file over 1 MiB (read no further), and Parse's.
  static Result<Layout> LoadFile(const std::string& path);

  const std::string& name() const { return name_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int start_row() const { return start_row_; }
  int start_col() const { return start_col_; }
  // Premiums of a square; 1 when plain. Precondition: in range.
  int letter_mult(int row, int col) const { return letter_[Index(row, col)]; }
  int word_mult(int row, int col) const { return word_[Index(row, col)]; }

  // Whether the layout is its own transpose: square, the start square on
  // the diagonal, and every square's premiums those of its mirror image
  // (the standard board). On the empty board of such a layout every play
  // down has its mirror image across, with the same word and score.
  bool Transposable() const;

  // The layout file text that parses back to this layout.
  std::string ToText() const;

  bool operator==(const Layout& o) const = default;

 private:
  int Index(int row, int col) const { return row * cols_ + col; }

  std::string name_;
  int rows_ = 0, cols_ = 0;
  int start_row_ = 0, start_col_ = 0;
  std::vector<std::uint8_t> letter_, word_;
};

}  // namespace lexc::gen
