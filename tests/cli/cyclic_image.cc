// Test helper: rewrites a lexc image so that every letter arc accepts and
// leads back to a graph's root, a cyclic graph whose paths multiply without
// end. Open still accepts the result (Verify does not: the CRC and the
// structure are off), so `lexc ... --no-verify` runs on a hostile graph.
// `suffix` instead loops one GADDAG suffix half to itself: the first node
// after a root arc's separator with two arcs or more gets every arc of its
// list accepting and leading back to it (a cycle only a left-to-right
// reading of the words meets: listing, a GADDAG-only word index).
//
//   cyclic_image IN OUT dawg|gaddag|suffix
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
  const std::string mode = argc == 4 ? argv[3] : "";
  if (mode != "dawg" && mode != "gaddag" && mode != "suffix") {
    std::cerr << "usage: cyclic_image IN OUT dawg|gaddag|suffix\n";
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
  const bool dawg = mode == "dawg";
  if (dawg ? !lex->has_dawg() : !lex->has_gaddag()) {
    std::cerr << argv[1] << ": no " << (dawg ? "DAWG" : "GADDAG") << "\n";
    return 1;
  }
  const lexc::Graph& g = dawg ? lex->dawg() : lex->gaddag();
  if (g.encoding().packed()) {
    std::cerr << argv[1] << ": bit-packed arcs are not supported here\n";
    return 1;
  }
  const bool found = g.Dispatch([&](const auto& view) {
    using Word = typename std::remove_cvref_t<decltype(view)>::Word;
    auto* arcs = static_cast<Word*>(const_cast<void*>(view.arcs_data()));  // points into `store`
    // Arc i made accepting and leading to `to`.
    const auto loop = [&](std::uint64_t i, lexc::Node to) {
      if constexpr (sizeof(Word) == 4)
        arcs[i] = (arcs[i] & 0x7F000000u) | 0x80000000u | to;
      else
        arcs[i] = (arcs[i] & ~std::uint64_t(0xFFFFFFFFu)) | (std::uint64_t(1) << 41) | to;
    };
    if (mode != "suffix") {
      for (std::uint64_t i = 1; i < lex->arc_count(); ++i)
        if (view.tile(arcs[i]) != lexc::kSeparator) loop(i, view.root());
      return true;
    }
    std::vector<lexc::Node> halves;
    view.ForEachArc(view.root(), [&](lexc::Tile, bool, lexc::Node child) {
      lexc::Node half = lexc::kNoNode;
      bool accepts = false;
      if (view.Child(child, lexc::kSeparator, &half, &accepts) && half != lexc::kNoNode) halves.push_back(half);
      return true;
    });
    for (const lexc::Node half : halves) {
      if (view.last(arcs[half])) continue;  // one arc: no branching cycle
      for (std::uint64_t i = half;; ++i) {
        const bool last = view.last(arcs[i]);
        loop(i, half);
        if (last) break;
      }
      return true;
    }
    return false;
  });
  if (!found) {
    std::cerr << argv[1] << ": no GADDAG suffix half of two arcs or more\n";
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary);
  out.write(reinterpret_cast<const char*>(base), static_cast<std::streamsize>(bytes.size()));
  return out ? 0 : 1;
}
