// Shared helpers for the tests: paths, random word lists, a brute-force model.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "lexc/alphabet.h"

namespace lexc::test {

// Absolute path of a file under the source tree ("fixtures/words-small.txt").
std::string SourcePath(const std::string& rel);
// Path of SOWPODS: $LEXC_SOWPODS, else ../shared/lexica/SOWPODS.txt beside the
// checkout; nullopt when the file does not exist (tests then SKIP).
std::optional<std::string> SowpodsPath();

// Random words over the first `letters` tiles of an alphabet, lengths
// 1..max_len, as tile strings (deterministic for a seed).
std::vector<std::vector<Tile>> RandomWords(std::mt19937_64& rng, int count, int letters, int max_len);

std::string ReadFile(const std::string& path);

}  // namespace lexc::test
