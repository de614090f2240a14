#include "lexc/gen/move.h"

#include <algorithm>
#include <cstring>
#include <tuple>

namespace lexc::gen {

Rack Play::Tiles() const {
  Rack r;
  for (int i = 0; i < length; ++i)
    if (!IsThrough(i)) r.Add(CellTile(cells[i]), CellIsBlank(cells[i]));
  return r;
}

bool operator==(const Play& a, const Play& b) {
  return a.row == b.row && a.col == b.col && a.dir == b.dir && a.length == b.length && a.placed == b.placed &&
         a.score == b.score && a.through == b.through && std::memcmp(a.cells, b.cells, a.length) == 0;
}

bool BetterPlay(const Play& a, const Play& b) {
  if (a.score != b.score) return a.score > b.score;
  const auto key = [](const Play& p) { return std::make_tuple(p.dir, p.row, p.col, p.length); };
  if (key(a) != key(b)) return key(a) < key(b);
  return std::memcmp(a.cells, b.cells, a.length) < 0;
}

std::string ColumnName(int col) {
  std::string s;
  for (int c = col + 1; c > 0; c = (c - 1) / 26) s.insert(s.begin(), static_cast<char>('A' + (c - 1) % 26));
  return s;
}

std::string Coordinate(int row, int col, Dir dir) {
  const std::string r = std::to_string(row + 1), c = ColumnName(col);
  return dir == Dir::kAcross ? r + c : c + r;
}

std::string PlayWord(const Play& p, const Alphabet& a) {
  std::string s;
  bool open = false;
  for (int i = 0; i < p.length; ++i) {
    const bool through = p.IsThrough(i);
    if (through && !open) s += '(';
    if (!through && open) s += ')';
    open = through;
    a.AppendLabel(CellTile(p.cells[i]), CellIsBlank(p.cells[i]), &s);
  }
  if (open) s += ')';
  return s;
}

std::string FormatMove(const Move& m, const Alphabet& a) {
  switch (m.kind) {
    case Move::Kind::kPlay:
      return Coordinate(m.play.row, m.play.col, m.play.dir) + " " + PlayWord(m.play, a) + " " +
             std::to_string(m.play.score);
    case Move::Kind::kExchange:
      return "exch " + m.exchange.ToString(a) + " 0";
    case Move::Kind::kPass:
      break;
  }
  return "pass 0";
}

Status ApplyPlay(const Play& p, Board* board) {
  const auto where = [&](int i) { return Coordinate(p.RowAt(i), p.ColAt(i), Dir::kAcross); };
  if (p.length == 0 || p.length > kMaxBoardDim)
    return Status(Errc::kInvalidArgument, "play of " + std::to_string(p.length) + " squares");
  for (int i = 0; i < p.length; ++i) {
    if (!board->InRange(p.RowAt(i), p.ColAt(i)))
      return Status(Errc::kInvalidArgument, "play " + Coordinate(p.row, p.col, p.dir) + " runs off the board");
    const Cell on = board->at(p.RowAt(i), p.ColAt(i));
    if (p.IsThrough(i) && on != p.cells[i])
      return Status(Errc::kInvalidArgument, "play " + Coordinate(p.row, p.col, p.dir) + ": square " + where(i) +
                                                " does not hold the through tile");
    if (!p.IsThrough(i) && (on != kEmpty || CellTile(p.cells[i]) == 0))
      return Status(Errc::kInvalidArgument, "play " + Coordinate(p.row, p.col, p.dir) + ": square " + where(i) +
                                                (on != kEmpty ? " is occupied" : " gets no tile"));
  }
  for (int i = 0; i < p.length; ++i)
    if (!p.IsThrough(i)) board->set(p.RowAt(i), p.ColAt(i), p.cells[i]);
  return Status::Ok();
}

}  // namespace lexc::gen
