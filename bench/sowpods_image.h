// Shared by the benchmark drivers that print medians (bench_endgame,
// bench_sim): SOWPODS compiled in memory into an image (both graphs), and a
// comma-separated list of thread counts.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace lexc::bench {

// LEXC_BENCH_COMPACT=1: the benchmarks that honour it (bench_movegen,
// bench_runtime) build their images with bit-packed arcs (`lexc build
// --compact`, format 1.3) instead of the default 4-byte arcs, so that the
// same binary measures both encodings A/B.
inline bool CompactImages() {
  const char* env = std::getenv("LEXC_BENCH_COMPACT");
  return env && std::strcmp(env, "1") == 0;
}

// The image's bytes (8-byte aligned) and the lexicon reading them.
struct InMemoryImage {
  std::vector<std::uint64_t> store;
  Lexicon lexicon;
};

// $LEXC_SOWPODS, else `default_path`, built with both graphs. Null with
// *missing set when the list cannot be read (the caller skips), null with
// *error otherwise when the build fails (the caller stops).
inline std::unique_ptr<InMemoryImage> SowpodsImage(const std::string& default_path, bool* missing, std::string* error) {
  *missing = false;
  const char* env = std::getenv("LEXC_SOWPODS");
  const std::string list = env && *env ? env : default_path;
  const Alphabet english = Alphabet::English();
  ReadReport rep;
  auto words = ReadWordList(list, english, {}, &rep);
  if (!words.ok()) {
    *error = list + ": SOWPODS not found";
    *missing = true;
    return nullptr;
  }
  auto bytes = BuildImage(*words, english, BuildOptions());
  if (!bytes.ok()) {
    *error = bytes.status().detail();
    return nullptr;
  }
  auto image = std::make_unique<InMemoryImage>();
  image->store.resize((bytes->size() + 7) / 8);
  std::memcpy(image->store.data(), bytes->data(), bytes->size());
  auto lex = Lexicon::FromBytes({reinterpret_cast<const std::byte*>(image->store.data()), bytes->size()});
  if (!lex.ok()) {
    *error = lex.status().detail();
    return nullptr;
  }
  image->lexicon = std::move(lex).value();
  return image;
}

// "1,2" -> {1, 2}.
inline std::vector<int> ParseThreadList(const std::string& text) {
  std::vector<int> out;
  std::stringstream ss(text);
  for (std::string t; std::getline(ss, t, ',');) out.push_back(std::atoi(t.c_str()));
  return out;
}

}  // namespace lexc::bench
