// Random numbers of the simulation and the inference (internal): SplitMix64,
// fixed here so that a seed gives the same draws on every platform and
// standard library, and one stream per iteration so that an iteration's
// draws do not depend on which thread plays it.
#pragma once

#include <cstdint>

namespace lexc::strategy::internal {

inline std::uint64_t Mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The seed of iteration i of a run seeded with `seed`.
inline std::uint64_t IterationSeed(std::uint64_t seed, std::uint64_t i) {
  return Mix64(seed * 0x9E3779B97F4A7C15ull + Mix64(i + 0x632BE59BD9B4E019ull));
}

class SimRng {
 public:
  explicit SimRng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() { return Mix64(state_ += 0x9E3779B97F4A7C15ull); }
  // Uniform in [0, n), n >= 1: rejection below 2^64 mod n, unbiased.
  std::uint64_t Below(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
      const std::uint64_t x = Next();
      if (x >= threshold) return x % n;
    }
  }
  // Uniform in [0, 1).
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace lexc::strategy::internal
