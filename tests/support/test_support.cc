#include "test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace lexc::test {

std::string SourcePath(const std::string& rel) { return std::string(LEXC_SOURCE_DIR) + "/" + rel; }

std::optional<std::string> SowpodsPath() {
  std::string p = LEXC_DEFAULT_SOWPODS;
  if (const char* env = std::getenv("LEXC_SOWPODS"); env && *env) p = env;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec)) return std::nullopt;
  return p;
}

std::vector<std::vector<Tile>> RandomWords(std::mt19937_64& rng, int count, int letters, int max_len) {
  std::vector<std::vector<Tile>> out;
  std::uniform_int_distribution<int> len(1, max_len), tile(1, letters);
  for (int i = 0; i < count; ++i) {
    std::vector<Tile> w(static_cast<std::size_t>(len(rng)));
    for (auto& t : w) t = static_cast<Tile>(tile(rng));
    out.push_back(std::move(w));
  }
  return out;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace lexc::test
