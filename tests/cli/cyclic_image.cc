// Test helper: rewrites a lexc image so that every letter arc accepts and
// leads back to a graph's root, a cyclic graph whose paths multiply without
// end. Open still accepts the result (Verify does not: the CRC and the
// structure are off), so `lexc ... --no-verify` runs on a hostile graph.
//
//   cyclic_image IN OUT dawg|gaddag
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include "lexc/lexicon.h"

int main(int argc, char** argv) {
  if (argc != 4 || (std::string(argv[3]) != "dawg" && std::string(argv[3]) != "gaddag")) {
    std::cerr << "usage: cyclic_image IN OUT dawg|gaddag\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  std::vector<std::uint64_t> store(bytes.size() / 8 + 1);  // 8-byte aligned copy
  std::memcpy(store.data(), bytes.data(), bytes.size());
  auto* base = reinterpret_cast<std::byte*>(store.data());
  auto lex = lexc::Lexicon::FromBytes({base, bytes.size()});
  if (!lex.ok()) {
    std::cerr << argv[1] << ": " << lex.status().ToString() << "\n";
    return 1;
  }
  const bool dawg = std::string(argv[3]) == "dawg";
  if (dawg ? !lex->has_dawg() : !lex->has_gaddag()) {
    std::cerr << argv[1] << ": no " << argv[3] << "\n";
    return 1;
  }
  const lexc::Graph& g = dawg ? lex->dawg() : lex->gaddag();
  const lexc::Node root = g.root();
  if (g.encoding().packed()) {
    std::cerr << argv[1] << ": bit-packed arcs are not supported here\n";
    return 1;
  }
  g.Dispatch([&](const auto& view) {
    using Word = typename std::remove_cvref_t<decltype(view)>::Word;
    auto* arcs = static_cast<Word*>(const_cast<void*>(view.arcs_data()));  // points into `store`
    for (std::uint64_t i = 1; i < lex->arc_count(); ++i) {
      Word w = arcs[i];
      if constexpr (sizeof(Word) == 4) {
        if (((w >> 24) & 63u) == 0) continue;        // separator
        w = (w & 0x7F000000u) | 0x80000000u | root;  // accepts, target root
      } else {
        if (((w >> 32) & 0xFFu) == 0) continue;
        w = (w & ~std::uint64_t(0xFFFFFFFFu)) | (std::uint64_t(1) << 41) | root;
      }
      arcs[i] = w;
    }
    return 0;
  });
  std::ofstream out(argv[2], std::ios::binary);
  out.write(reinterpret_cast<const char*>(base), static_cast<std::streamsize>(bytes.size()));
  return out ? 0 : 1;
}
