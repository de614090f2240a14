// Boggle boards and their text form (formats/boggle.md). Contracts in
// lexc/boggle/grid.h.
#include "lexc/boggle/grid.h"

#include <algorithm>
#include <string>

#include "lexc/escape.h"
#include "lexc/tile_text.h"

namespace lexc::boggle {
namespace {

constexpr std::string_view kRowMarks = " /,\t\r\n";

Tile FindLabel(const Alphabet& a, std::string_view label) {
  for (int t = 1; t <= a.size(); ++t)
    if (a.tile(static_cast<Tile>(t)).label == label) return static_cast<Tile>(t);
  return 0;
}

Status BadBoard(std::string_view text, const std::string& problem) {
  return Status(Errc::kBadInput, "board " + QuoteText(text, '\'', 256) + ": " + problem);
}

// The board mapped through one of its symmetries: `transpose` swaps rows and
// columns, then rows and/or columns are reversed.
Grid Transformed(const Grid& b, bool transpose, bool flip_rows, bool flip_cols) {
  Grid out;
  out.rows = transpose ? b.cols : b.rows;
  out.cols = transpose ? b.rows : b.cols;
  for (int r = 0; r < out.rows; ++r)
    for (int c = 0; c < out.cols; ++c) {
      const int rr = flip_rows ? out.rows - 1 - r : r;
      const int cc = flip_cols ? out.cols - 1 - c : c;
      out.at(r, c) = transpose ? b.at(cc, rr) : b.at(rr, cc);
    }
  return out;
}

bool CubesLess(const Grid& x, const Grid& y) {
  return std::lexicographical_compare(x.cubes.begin(), x.cubes.begin() + x.cells(), y.cubes.begin(),
                                      y.cubes.begin() + y.cells());
}

}  // namespace

bool Grid::operator==(const Grid& o) const {
  return rows == o.rows && cols == o.cols && std::equal(cubes.begin(), cubes.begin() + cells(), o.cubes.begin());
}

Status CheckShape(int rows, int cols) {
  if (rows >= 1 && cols >= 1 && rows <= kMaxSide && cols <= kMaxSide) return Status::Ok();
  return Status(Errc::kInvalidArgument, "board size " + std::to_string(rows) + "x" + std::to_string(cols) + ": 1 to " +
                                            std::to_string(kMaxSide) + " rows and columns");
}

Status ParseShape(std::string_view text, int* rows, int* cols) {
  const auto number = [](std::string_view s, int* out) {
    if (s.empty() || s.size() > 3 || s.find_first_not_of("0123456789") != std::string_view::npos) return false;
    *out = std::stoi(std::string(s));
    return true;
  };
  const std::size_t x = text.find_first_of("xX");
  if (x == std::string_view::npos || !number(text.substr(0, x), rows) || !number(text.substr(x + 1), cols))
    return Status(Errc::kBadInput, "board size " + QuoteText(text, '\'') + ": expected ROWSxCOLUMNS, such as 4x4");
  if (Status st = CheckShape(*rows, *cols); !st.ok()) return Status(Errc::kBadInput, st.detail());
  return Status::Ok();
}

Faces::Faces(const Alphabet& a) {
  const Tile q = FindLabel(a, "Q"), u = FindLabel(a, "U");
  qu_ = FindLabel(a, "QU");
  if (q != 0 && u != 0 && qu_ == 0) q_ = q, u_ = u;
}

Cube Faces::CubeOf(Tile t) const {
  Cube c;
  c.size = 1;
  c.tiles[0] = t;
  if (t == q_ && q_ != 0) c.size = 2, c.tiles[1] = u_;
  return c;
}

Result<Grid> ParseGrid(const Alphabet& a, std::string_view text) {
  const Faces faces(a);
  Grid b;
  int count = 0, rows = 0, row_len = 0, first_len = 0;
  bool absorb_u = false;  // the last token was a Qu cube's Q
  const auto end_row = [&]() -> Status {
    if (row_len == 0) return Status::Ok();
    if (rows == 0) first_len = row_len;
    if (row_len != first_len)
      return BadBoard(text, "row " + std::to_string(rows + 1) + " has " + std::to_string(row_len) +
                                " cubes, row 1 has " + std::to_string(first_len));
    ++rows;
    row_len = 0;
    return Status::Ok();
  };
  TileTextReader reader(a, text, kRowMarks);
  TextToken token;
  while (reader.Next(&token)) {
    if (token.kind == TextToken::Kind::kMark) {
      LEXC_RETURN_IF_ERROR(end_row());
      absorb_u = false;
      continue;
    }
    if (absorb_u && token.tile == faces.u()) {
      absorb_u = false;
      continue;
    }
    if (count == kMaxCells)
      return BadBoard(text, "more than " + std::to_string(kMaxCells) + " cubes (at most " + std::to_string(kMaxSide) +
                                "x" + std::to_string(kMaxSide) + ")");
    b.cubes[std::size_t(count++)] = faces.CubeOf(token.tile);
    absorb_u = faces.q_reads_qu() && token.tile == faces.q();
    ++row_len;
  }
  if (!reader.ok()) return reader.ErrorStatus("board");
  LEXC_RETURN_IF_ERROR(end_row());
  if (count == 0) return BadBoard(text, "no cube");
  if (rows == 1) {
    int side = 1;
    while (side * side < count) ++side;
    if (side * side != count)
      return BadBoard(text, std::to_string(count) +
                                " cubes in one row: a board in one run must be square (9, 16, 25 ... cubes); "
                                "separate the rows otherwise ('CAT DOG')");
    b.rows = b.cols = side;
  } else {
    b.rows = rows;
    b.cols = first_len;
  }
  if (Status st = CheckShape(b.rows, b.cols); !st.ok()) return BadBoard(text, st.detail());
  return b;
}

std::string WriteGrid(const Alphabet& a, const Grid& b, char row_separator) {
  std::string out;
  TileTextWriter writer(a, &out, kRowMarks);
  for (int r = 0; r < b.rows; ++r) {
    if (r) writer.AppendOther(std::string_view(&row_separator, 1));
    for (int c = 0; c < b.cols; ++c) {
      const Cube& cube = b.at(r, c);
      for (int i = 0; i < cube.size; ++i) writer.Append(cube.tiles[i], i > 0);  // the Qu face as "Qu"
    }
  }
  return out;
}

Grid Canonical(const Grid& b) {
  Grid best = b;
  for (int k = 1; k < 8; ++k) {
    const bool transpose = k & 4;
    if (transpose && b.rows != b.cols) continue;
    const Grid t = Transformed(b, transpose, k & 1, k & 2);
    if (CubesLess(t, best)) best = t;
  }
  return best;
}

}  // namespace lexc::boggle
