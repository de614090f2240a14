// A synthetic leave table for benchmarks, with magnitudes like published
// English tables (a blank worth about 25, an S about 8, a Q about -7,
// repeated tiles penalized), so that bounds and lookups cost what a real
// table makes them cost. Not real values: never used to play.
#pragma once

#include <algorithm>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/gen/position.h"
#include "lexc/interop/leave_table.h"

namespace lexc::bench {

// Every multiset of 1..6 tiles of the English set (counts respected):
// the sum of per-tile values, minus 4 per repeated tile beyond the first.
inline lexc::interop::LeaveTable SyntheticLeaves(const lexc::Alphabet& a) {
  // A..Z then the blank, values in points.
  const double tile_value[27] = {1,  -2, 0.5, 0.5, 2, -2, -2, 0.5, -0.5, -2, -2, 0.5, 0.5, 1,
                                 -1, -1, -7,  2,   8, 0,  -3, -5,  -4,   3,  -1, 4,   25};
  std::vector<lexc::interop::LeaveEntry> entries;
  std::vector<lexc::Tile> key;
  const lexc::gen::TileCounts full = lexc::gen::FullSet(a);
  auto rec = [&](auto& self, int from, double value, int dups) -> void {
    if (!key.empty()) entries.push_back({key, float(value - 4.0 * dups)});
    if (key.size() == 6) return;
    for (int t = from; t <= 26; ++t) {
      const int have = int(std::count(key.begin(), key.end(), lexc::Tile(t)));
      const int limit = t == 0 ? full.blanks : full.counts[std::size_t(t)];
      if (have >= limit) continue;
      key.push_back(lexc::Tile(t));
      self(self, t, value + tile_value[t == 0 ? 26 : t - 1], dups + (have > 0));
      key.pop_back();
    }
  };
  rec(rec, 0, 0.0, 0);
  return lexc::interop::LeaveTable::FromEntries(std::move(entries), a.size()).value();
}

}  // namespace lexc::bench
