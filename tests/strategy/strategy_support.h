// Test support for lexc::strategy: random leave tables.
#pragma once

#include <map>
#include <random>
#include <vector>

#include "gen_support.h"
#include "lexc/interop/leave_table.h"

namespace lexc::strategy::test {

// Random values in [-15, 25] for `count` random leaves of 1..6 tiles over
// `letters` tiles (a blank with probability blank_p each).
inline interop::LeaveTable RandomLeaveTable(std::mt19937_64& rng, int letters, int count = 2000, double blank_p = 0.1) {
  std::map<std::vector<Tile>, float> m;
  std::uniform_real_distribution<float> value(-15, 25);
  for (int i = 0; i < count; ++i)
    m[interop::LeaveTable::KeyOf(gen::test::RandomRack(rng, letters, 1 + int(rng() % 6), blank_p))] = value(rng);
  std::vector<interop::LeaveEntry> e;
  for (const auto& [k, v] : m) e.push_back({k, v});
  return interop::LeaveTable::FromEntries(std::move(e), letters).value();
}

}  // namespace lexc::strategy::test
