// Test helper for `lexc report` until the study driver (`lexc selfplay
// --stats`) is merged: plays GAMES greedy games (seeds FIRST..) on IMAGE on
// one thread and writes OUT_DIR/stats.json in the driver's envelope.
// Usage: lexc_test_make_study IMAGE OUT_DIR GAMES [FIRST_SEED]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "lexc/game/selfplay.h"
#include "lexc/io.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/stats.h"
#include "lexc/word_index.h"

int main(int argc, char** argv) {
  using namespace lexc;
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s IMAGE OUT_DIR GAMES [FIRST_SEED]\n", argv[0]);
    return 2;
  }
  const std::string image = argv[1], dir = argv[2];
  const std::uint64_t games = std::strtoull(argv[3], nullptr, 10);
  const std::uint64_t first = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  auto die = [](const Status& st) {
    std::fprintf(stderr, "make_study: %s\n", st.ToString().c_str());
    std::exit(1);
  };
  Result<MappedLexicon> lex = MappedLexicon::Open(image);
  if (!lex.ok()) die(lex.status());
  const gen::Layout layout = gen::Layout::Standard15();
  Result<WordIndex> index = WordIndex::Of(lex->lexicon());
  if (!index.ok()) die(index.status());
  selfplay::StatsConfig config;
  config.lexicon = &lex->lexicon(), config.layout = &layout, config.words = &*index;
  config.lexicon_name = "TEST";
  selfplay::StudyStats stats(config);
  gen::MoveGenerator gen = gen::MoveGenerator::Create(lex->lexicon(), layout).value();
  for (std::uint64_t i = 0; i < games; ++i) {
    game::SelfPlayOptions o;
    o.seed = first + i;
    o.lexicon_name = "TEST";
    Result<game::GameRecord> g = game::PlayGreedyGame(gen, o);
    if (!g.ok()) die(g.status());
    if (Status st = stats.Add(*g); !st.ok()) die(st);
  }
  nlohmann::json envelope = {
      {"format", "lexc-study"},
      {"version", 1},
      {"study",
       {{"image", image}, {"lexicon", "TEST"}, {"first_seed", first}, {"games", games}, {"strategy", "greedy"}}},
      {"stats", stats.ToJson()}};
  const std::string text = envelope.dump(1) + "\n";
  if (Status st = WriteFileAtomic(dir + "/stats.json", std::as_bytes(std::span(text.data(), text.size()))); !st.ok())
    die(st);
  return 0;
}
