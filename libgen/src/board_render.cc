// RenderPosition: the board and what surrounds it, as text (board_render.h).
#include "lexc/gen/board_render.h"

#include <algorithm>

namespace lexc::gen {
namespace {

int CodePoints(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

void Pad(std::string* out, int used, int width) { out->append(std::size_t(std::max(0, width - used)), ' '); }

// SGR sequences for the colour style.
constexpr const char* kReset = "\x1b[0m";
constexpr const char* kTripleWord = "\x1b[41;97m";
constexpr const char* kDoubleWord = "\x1b[45;97m";
constexpr const char* kTripleLetter = "\x1b[44;97m";
constexpr const char* kDoubleLetter = "\x1b[46;30m";
constexpr const char* kTile = "\x1b[47;30;1m";
constexpr const char* kNewTile = "\x1b[43;30;1m";

struct Square {
  std::string text;  // what stands in the square (code points counted for width)
  const char* colour = nullptr;
};

Square SquareAt(const Position& p, const Layout& layout, const Alphabet& a, const RenderOptions& o, int r, int c,
                bool highlighted) {
  const bool unicode = o.style == RenderOptions::Style::kUnicode;
  const Cell cell = p.board.at(r, c);
  Square s;
  if (cell != kEmpty) {
    a.AppendLabel(CellTile(cell), CellIsBlank(cell), &s.text);
    s.colour = highlighted ? kNewTile : kTile;
    return s;
  }
  const int w = layout.word_mult(r, c), l = layout.letter_mult(r, c);
  if (w >= 3) {
    s.text = "=", s.colour = kTripleWord;
  } else if (w == 2) {
    s.text = "-", s.colour = kDoubleWord;
  } else if (l >= 3) {
    s.text = "\"", s.colour = kTripleLetter;
  } else if (l == 2) {
    s.text = "'", s.colour = kDoubleLetter;
  } else {
    s.text = unicode ? "\xC2\xB7" : ".";  // U+00B7 middle dot
  }
  if (r == layout.start_row() && c == layout.start_col() && w < 3) s.text = "*";
  return s;
}

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

std::vector<std::pair<int, int>> NewSquares(const Play& p) {
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < p.length; ++i)
    if (!p.IsThrough(i)) out.emplace_back(p.RowAt(i), p.ColAt(i));
  return out;
}

std::string RenderPosition(const Position& p, const Layout& layout, const Alphabet& a, const RenderOptions& o) {
  const bool unicode = o.style == RenderOptions::Style::kUnicode;
  const bool colour = unicode && o.colour;
  int cell_w = 1;
  for (int t = 1; t <= a.size(); ++t) cell_w = std::max(cell_w, CodePoints(a.tile(static_cast<Tile>(t)).label));
  const int rows = layout.rows(), cols = layout.cols();
  const int num_w = rows >= 100 ? 3 : rows >= 10 ? 2 : 1;
  const int inner = cols * (cell_w + 1) + 1;  // " X" per square and a space before the frame

  std::string out;
  // Column letters.
  Pad(&out, 0, num_w + 1);
  for (int c = 0; c < cols; ++c) {
    const std::string name = ColumnName(c);
    out += ' ';
    out += name;
    Pad(&out, CodePoints(name), cell_w);
  }
  out += '\n';
  const std::string horizontal = unicode ? "\xE2\x94\x80" : "-";
  const auto frame = [&](const char* left, const char* right) {
    Pad(&out, 0, num_w + 1);
    out += unicode ? left : "+";
    out += Repeat(horizontal, inner);
    out += unicode ? right : "+";
    out += '\n';
  };
  frame("\xE2\x94\x8C", "\xE2\x94\x90");                    // ┌ ┐
  const std::string side = unicode ? "\xE2\x94\x82" : "|";  // │
  for (int r = 0; r < rows; ++r) {
    const std::string num = std::to_string(r + 1);
    Pad(&out, int(num.size()), num_w);
    out += num + " " + side;
    for (int c = 0; c < cols; ++c) {
      const bool lit = std::find(o.highlight.begin(), o.highlight.end(), std::make_pair(r, c)) != o.highlight.end() &&
                       p.board.at(r, c) != kEmpty;
      const Square s = SquareAt(p, layout, a, o, r, c, lit);
      out += lit ? (unicode ? "\xE2\x96\xB8" : ">") : " ";  // ▸
      if (colour && s.colour) out += s.colour;
      out += s.text;
      Pad(&out, CodePoints(s.text), cell_w);
      if (colour && s.colour) out += kReset;
    }
    out += " " + side + " " + num + "\n";
  }
  frame("\xE2\x94\x94", "\xE2\x94\x98");  // └ ┘

  // Racks and scores, the player to move first.
  std::size_t name_w = 0;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < p.racks.size(); ++i) {
    names.push_back(i < o.player_names.size() ? o.player_names[i]
                    : i == 0                  ? "to move"
                    : i == 1                  ? "opponent"
                                              : "player " + std::to_string(i + 1));
    name_w = std::max(name_w, std::size_t(CodePoints(names.back())));
  }
  for (std::size_t i = 0; i < p.racks.size(); ++i) {
    out += (i == 0 ? "> " : "  ") + names[i];
    Pad(&out, CodePoints(names[i]), int(name_w));
    const std::string rack = p.racks[i].empty() ? "(unknown)" : p.racks[i].ToString(a);
    out += "  " + rack;
    Pad(&out, CodePoints(rack), 9);
    out += "  " + std::to_string(i < p.scores.size() ? p.scores[i] : 0) + "\n";
  }
  // What the player to move cannot see.
  Position mine = p;
  if (mine.racks.size() > 1) mine.racks.resize(1);
  const TileCounts unseen = Unseen(mine, a);
  Rack tiles;
  for (int t = 1; t <= kMaxGenTile && t <= a.size(); ++t)
    for (int n = 0; n < unseen.counts[std::size_t(t)] && tiles.size() < Rack::kMaxSize; ++n)
      tiles.Add(static_cast<Tile>(t));
  for (int n = 0; n < unseen.blanks && tiles.size() < Rack::kMaxSize; ++n) tiles.AddBlank();
  out += "bag " + std::to_string(BagSize(p, a)) + ", unseen " + std::to_string(unseen.total) + ": " +
         tiles.ToString(a) + "\n";
  return out;
}

}  // namespace lexc::gen
