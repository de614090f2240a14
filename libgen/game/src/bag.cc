#include "lexc/game/bag.h"

#include <utility>

namespace lexc::game {

Bag::Bag(const gen::TileCounts& contents, std::uint64_t seed) : rng_(seed) {
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    tiles_.insert(tiles_.end(), std::size_t(contents.counts[std::size_t(t)]), static_cast<gen::Cell>(t));
  tiles_.insert(tiles_.end(), std::size_t(contents.blanks), gen::kBlankBit);
}

std::uint64_t Bag::Below(std::uint64_t n) {
  // Rejection keeps the draw uniform; the threshold is 2^64 mod n.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t r = rng_();
    if (r >= threshold) return r % n;
  }
}

void Bag::Draw(int n, Rack* out) {
  for (int i = 0; i < n && !tiles_.empty(); ++i) {
    const std::size_t at = Below(tiles_.size());
    std::swap(tiles_[at], tiles_.back());
    out->Add(gen::CellTile(tiles_.back()), gen::CellIsBlank(tiles_.back()));
    tiles_.pop_back();
  }
}

void Bag::Refill(Rack* rack) { Draw(gen::kRackSize - rack->size(), rack); }

void Bag::Return(const Rack& tiles) {
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    tiles_.insert(tiles_.end(), std::size_t(tiles.count(static_cast<Tile>(t))), static_cast<gen::Cell>(t));
  tiles_.insert(tiles_.end(), std::size_t(tiles.blanks()), gen::kBlankBit);
}

void Bag::Take(const Rack& tiles) {
  Rack left = tiles;
  // Keeps the order of the tiles that stay, so draws after it are reproducible.
  std::size_t kept = 0;
  for (gen::Cell cell : tiles_) {
    const bool blank = gen::CellIsBlank(cell);
    const Tile t = gen::CellTile(cell);
    if (blank ? left.blanks() > 0 : left.count(t) > 0) {
      left.Remove(t, blank);
      continue;
    }
    tiles_[kept++] = cell;
  }
  tiles_.resize(kept);
}

gen::TileCounts Bag::Counts() const {
  gen::TileCounts c;
  for (gen::Cell cell : tiles_) gen::CellIsBlank(cell) ? ++c.blanks : ++c.counts[gen::CellTile(cell)];
  c.total = size();
  return c;
}

}  // namespace lexc::game
