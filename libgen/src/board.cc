#include "lexc/gen/board.h"

namespace lexc::gen {

int Board::TileCount() const {
  int n = 0;
  for (Cell c : cells_) n += c != kEmpty;
  return n;
}

}  // namespace lexc::gen
