#include "lexc/gen/position.h"

#include <algorithm>
#include <charconv>

#include "lexc/gen/move.h"

namespace lexc::gen {
namespace {

int OpInt(const Position& p, const std::string& opcode, int fallback) {
  const std::string v = p.Op(opcode);
  int out = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return v.empty() || ec != std::errc() || end != v.data() + v.size() ? fallback : out;
}

Status Invalid(std::string detail) { return Status(Errc::kInvalidArgument, std::move(detail)); }

}  // namespace

std::string Position::Op(const std::string& opcode) const {
  for (const auto& [code, operand] : ops)
    if (code == opcode) return operand;
  return "";
}

void Position::SetOp(const std::string& opcode, std::string operand) {
  for (auto& [code, value] : ops) {
    if (code == opcode) {
      value = std::move(operand);
      return;
    }
  }
  ops.emplace_back(opcode, std::move(operand));
}

int Position::BingoBonus() const { return OpInt(*this, "bb", kDefaultBingoBonus); }
int Position::ExchangeLimit() const { return OpInt(*this, "etl", kDefaultExchangeLimit); }
int Position::MaxScoreless() const { return OpInt(*this, "mcnz", kDefaultMaxScoreless); }

TileCounts FullSet(const Alphabet& a) {
  TileCounts s;
  for (int t = 1; t <= a.size() && t <= kMaxGenTile; ++t) {
    s.counts[std::size_t(t)] = a.tile(static_cast<Tile>(t)).count;
    s.total += s.counts[std::size_t(t)];
  }
  s.blanks = a.blank_count();
  s.total += s.blanks;
  return s;
}

Status ValidatePosition(const Position& p, const Layout& layout, const Alphabet& a) {
  if (a.size() > kMaxGenTile)
    return Status(Errc::kLimit, "alphabet " + a.name() + " has " + std::to_string(a.size()) +
                                    " tiles, the move generator handles at most " + std::to_string(kMaxGenTile));
  if (p.board.rows() != layout.rows())
    return Invalid("board: " + std::to_string(p.board.rows()) + " rows, the layout " + layout.name() + " has " +
                   std::to_string(layout.rows()));
  if (p.board.cols() != layout.cols())
    return Invalid("board: " + std::to_string(p.board.cols()) + " columns, the layout " + layout.name() + " has " +
                   std::to_string(layout.cols()));
  if (p.racks.empty()) return Invalid("racks: no rack");
  if (p.scores.size() != p.racks.size())
    return Invalid("scores: " + std::to_string(p.scores.size()) + " scores for " + std::to_string(p.racks.size()) +
                   " racks");
  for (const int score : p.scores)
    if (score > kMaxPositionScore || score < -kMaxPositionScore)
      return Invalid("scores: " + std::to_string(score) + " is beyond " + std::to_string(kMaxPositionScore) +
                     " either way");
  if (p.scoreless_turns < 0) return Invalid("scoreless turns: negative");
  TileCounts used;
  for (int r = 0; r < p.board.rows(); ++r) {
    for (int c = 0; c < p.board.cols(); ++c) {
      const Cell cell = p.board.at(r, c);
      if (cell == kEmpty) continue;
      if (CellTile(cell) == 0 || CellTile(cell) > a.size() || (cell & ~(kBlankBit | kTileMask)))
        return Invalid("board: tile code " + std::to_string(CellTile(cell)) + " at " + Coordinate(r, c, Dir::kAcross) +
                       ", the alphabet has " + std::to_string(a.size()));
      CellIsBlank(cell) ? ++used.blanks : ++used.counts[CellTile(cell)];
    }
  }
  for (std::size_t i = 0; i < p.racks.size(); ++i) {
    const Rack& rack = p.racks[i];
    if (Status st = ValidateRack(rack, a); !st.ok())
      return Invalid("rack " + std::to_string(i + 1) + ": " + st.detail());
    used.blanks += rack.blanks();
    for (int t = 1; t <= a.size(); ++t) used.counts[std::size_t(t)] += rack.count(static_cast<Tile>(t));
  }
  const TileCounts full = FullSet(a);
  for (int t = 1; t <= a.size(); ++t) {
    if (used.counts[std::size_t(t)] > full.counts[std::size_t(t)])
      return Invalid("tiles: " + std::to_string(used.counts[std::size_t(t)]) + " '" +
                     a.tile(static_cast<Tile>(t)).label + "' on the board and racks, the set has " +
                     std::to_string(full.counts[std::size_t(t)]));
  }
  if (used.blanks > full.blanks)
    return Invalid("tiles: " + std::to_string(used.blanks) + " blanks on the board and racks, the set has " +
                   std::to_string(full.blanks));
  return Status::Ok();
}

Status ValidateRack(const Rack& rack, const Alphabet& a) {
  if (rack.size() > kRackSize)
    return Invalid(std::to_string(rack.size()) + " tiles, a rack holds at most " + std::to_string(kRackSize));
  for (int t = a.size() + 1; t <= kMaxTiles; ++t)  // a Rack holds any code; the alphabet (<= kMaxGenTile) fewer
    if (rack.count(static_cast<Tile>(t)) != 0)
      return Invalid("tile code " + std::to_string(t) + ", the alphabet has " + std::to_string(a.size()));
  return Status::Ok();
}

TileCounts Unseen(const Position& p, const Alphabet& a) {
  TileCounts u = FullSet(a);
  for (Cell cell : p.board.cells()) {
    if (cell == kEmpty) continue;
    CellIsBlank(cell) ? --u.blanks : --u.counts[CellTile(cell)];
    --u.total;
  }
  for (const Rack& rack : p.racks) {
    u.blanks -= rack.blanks();
    for (int t = 1; t <= kMaxGenTile; ++t) u.counts[std::size_t(t)] -= rack.count(static_cast<Tile>(t));
    u.total -= rack.size();
  }
  return u;
}

int BagSize(const Position& p, const Alphabet& a) {
  int bag = Unseen(p, a).total;
  for (std::size_t i = 1; i < p.racks.size(); ++i) bag -= std::min(bag, kRackSize - p.racks[i].size());
  return bag;
}

}  // namespace lexc::gen
