// Verify's walk split over two threads (graph_verifier.h, "Split"): on
// intact and damaged graphs, the split walk reports exactly what the
// one-thread walk reports: the same status, the same message, or the same
// figures (which Run then compares with the descriptor and META). The
// damage keeps every arc's tile and target in range (Verify checks those
// first, VerifyArcs): arcs copied over others or swapped, and descriptor
// figures off by one, at random places, so that both runs' parts of the
// graph are hit (cycles, unsorted lists, dead ends, separators, lists
// running past the array, figures that disagree).
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "../libformat/src/graph_verifier.h"
#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "test_support.h"

using namespace lexc;
using namespace lexc::test;

namespace {

struct Outcome {
  std::string status;
  int ok = 0, failed = 0;
};

// Runs both walks of one graph (`root`, arcs `words`) against `info` and
// `meta`; requires the same status.
std::string Compare(const std::vector<std::uint32_t>& words, Node root, bool gaddag, const Alphabet& alphabet,
                    const GraphInfo& info, const Metadata& meta) {
  const GraphView<Arc32> g(words.data(), words.size(), root);
  const Status one = internal::GraphVerifier<Arc32>(g, "G", gaddag, alphabet, false).Run(info, meta);
  const Status two = internal::GraphVerifier<Arc32>(g, "G", gaddag, alphabet, true).Run(info, meta);
  REQUIRE(one.ToString() == two.ToString());
  return one.ToString();
}

void CheckDamaged(const Lexicon& lex, bool gaddag, std::uint64_t seed, Outcome* out) {
  const Graph& graph = gaddag ? lex.gaddag() : lex.dawg();
  std::vector<std::uint32_t> words;
  graph.Dispatch([&](const auto& g) {
    for (std::uint64_t i = 0; i < g.arc_count(); ++i) words.push_back(static_cast<std::uint32_t>(g.arc(i)));
  });
  const GraphInfo base = gaddag ? lex.gaddag_info() : lex.dawg_info();
  REQUIRE(Compare(words, graph.root(), gaddag, lex.alphabet(), base, lex.meta()) == Status::Ok().ToString());
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::uint64_t> slot(1, words.size() - 1);
  for (int trial = 0; trial < 150; ++trial) {
    std::vector<std::uint32_t> w = words;
    GraphInfo info = base;
    const int edits = 1 + int(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::uint64_t i = slot(rng), j = slot(rng);
      switch (rng() % 4) {
        case 0:
          w[i] = w[j];
          break;  // an arc copied over another
        case 1:
          std::swap(w[i], w[j]);
          break;  // two arcs swapped
        case 2:
          w[i] ^= 1u << 30;
          break;  // a list's end moved
        default:  // a descriptor figure off by one
          switch (rng() % 4) {
            case 0:
              ++info.nodes;
              break;
            case 1:
              --info.arcs;
              break;
            case 2:
              ++info.strings;
              break;
            default:
              ++info.longest_path;
              break;
          }
      }
    }
    INFO("trial " << trial);
    const std::string status = Compare(w, graph.root(), gaddag, lex.alphabet(), info, lex.meta());
    (status == Status::Ok().ToString() ? out->ok : out->failed)++;
  }
}

}  // namespace

TEST_CASE("Verify split over two threads: the one-thread walk's status on intact and damaged graphs") {
  std::mt19937_64 rng(1010);
  const WordSet words = ToSet(RandomWords(rng, 3000, 26, 9));
  for (const GraphChoice& choice : kGraphChoices) {
    INFO(choice.name);
    const Image img = BuildOrFail(words, LetterAlphabet(26), Options(choice, 4));
    const Lexicon lex = OpenOrFail(img);
    REQUIRE(lex.Verify().ok());
    Outcome out;
    if (choice.dawg) CheckDamaged(lex, false, 7, &out);
    if (choice.gaddag) CheckDamaged(lex, true, 8, &out);
    // The damage is real: most trials fail, in both runs' parts.
    CHECK(out.failed > out.ok);
  }
}

TEST_CASE(
    "Verify split over two threads: a large image (two-thread path of Verify itself) equals the one-thread walk") {
  std::mt19937_64 rng(2020);
  const WordSet words = ToSet(RandomWords(rng, 20000, 26, 10));
  const Image img = BuildOrFail(words, LetterAlphabet(26), Options(kGraphChoices[2], 4));
  const Lexicon lex = OpenOrFail(img);
  REQUIRE(lex.arc_count() >= 65536);  // Lexicon::Verify splits from here on
  REQUIRE(lex.Verify().ok());
  Outcome out;
  CheckDamaged(lex, true, 9, &out);
  CHECK(out.failed > out.ok);
}
