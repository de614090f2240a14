// lexc selfplay -- greedy self-play games: GCG records, CGP positions, speed.
// The games and their statistics come from the game layer (lexc/game/selfplay.h);
// this file parses options and prints.
//
// Game i (from 0) uses seed --seed + i, so any game can be replayed alone.
// The GCG of every game goes to standard output (or one file a game with
// --gcg-dir); the summary, with games per second, goes to standard error.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>

#include "cli_checks.h"
#include "lexc/game/gcg.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/io.h"
#include "play_common.h"

namespace lexc::cli {
namespace {

struct SelfplayArgs {
  std::string image, gcg_dir, positions, lexicon;
  GameOptions game;
  std::uint64_t games = 1, seed = 1;
  int every = 1;
  bool quiet = false, json = false;
};

std::string LexiconName(const SelfplayArgs& a) {
  if (!a.lexicon.empty()) return a.lexicon;
  std::string stem = std::filesystem::path(a.image).stem().string();
  for (char& c : stem) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (const std::string why = gen::CgpOperandProblem(stem); !why.empty())
    Fail("the image's file name gives the lexicon name " + QuoteText(stem) + ", which " + why +
             ": name the lexicon with --lexicon",
         2);
  return stem;
}

// CGP lines go to the output in pieces of this size, as games are played.
constexpr std::size_t kPositionChunk = std::size_t(1) << 16;

void RunSelfplay(const SelfplayArgs& a) {
  if (a.every < 1) Fail("--every must be at least 1", 2);
  const bool gcg_on_stdout = !a.quiet && !a.json && a.gcg_dir.empty();
  if (a.positions == "-" && (gcg_on_stdout || a.json))
    Fail("--positions - needs standard output to itself: add -q, or --gcg-dir, and no --json", 2);
  // Every output is checked, and the positions file opened, before any game.
  const std::string inputs[] = {a.image, a.game.layout};
  std::optional<OutputFile> positions_file;
  if (!a.positions.empty()) {
    Check(CheckOutputIsNotInput(a.positions, inputs));
    positions_file.emplace(Check(OutputFile::Create(a.positions)));
  }
  const MappedLexicon image = OpenImage(a.image, a.game.verify);
  const Lexicon& lex = image.lexicon();
  const gen::Layout layout = LoadLayout(a.game.layout);
  gen::MoveGenerator gen = MakeGenerator(lex, layout, gen::kDefaultBingoBonus);
  game::SeriesOptions o;
  o.games = a.games;
  o.first_seed = a.seed;
  o.position_every = a.every;
  o.game.algorithm = ChooseAlgorithm(a.game.algorithm, lex);
  o.game.lexicon_name = LexiconName(a);
  if (!a.gcg_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.gcg_dir, ec);
    if (ec) Fail(QuotePath(a.gcg_dir) + ": cannot create the directory: " + ec.message());
    Check(CheckWritableDirectory(a.gcg_dir));
  }
  std::string pending_positions;  // CGP lines not yet appended
  Output out;
  std::uint64_t printed = 0;
  const auto on_game = [&](const game::GameRecord& g) {
    if (a.quiet || a.json) return;
    const std::string gcg = game::WriteGcg(g, lex.alphabet(), o.game.lexicon_name);
    if (!a.gcg_dir.empty()) {
      const std::string path =
          (std::filesystem::path(a.gcg_dir) / ("game-" + std::to_string(g.seed) + ".gcg")).string();
      Check(CheckOutputIsNotInput(path, inputs));
      Check(WriteFileAtomic(path, std::as_bytes(std::span(gcg.data(), gcg.size()))));
    } else {
      out.buf() += (printed++ ? "\n" : "") + gcg;
      out.MaybeFlush();
    }
  };
  game::PositionCallback on_position;
  if (!a.positions.empty())
    on_position = [&](const gen::Position& p) {
      pending_positions += gen::WriteCgp(p, lex.alphabet());
      pending_positions += '\n';
      if (pending_positions.size() >= kPositionChunk) {
        Check(positions_file->AppendText(pending_positions));
        pending_positions.clear();
      }
    };
  game::GreedyPlayer one("Greedy One"), two("Greedy Two");
  const game::SelfPlayStats stats = Check(game::RunSelfPlay(gen, one, two, o, on_game, on_position));
  if (positions_file) {
    Check(positions_file->AppendText(pending_positions));
    Check(positions_file->Commit());
  }
  if (a.json) {
    lexc::cli::Json j;
    j.Open('{')
        .Field("games", stats.games)
        .Field("first_seed", a.seed)
        .Field("algorithm", gen::AlgorithmName(o.game.algorithm))
        .Field("turns", stats.turns)
        .Field("bingos", stats.bingos)
        .Field("mean_score", stats.mean_score(), 1)
        .Field("positions_written", stats.positions)
        .Field("seconds", stats.seconds, 3)
        .Field("games_per_second", stats.games_per_second(), 1)
        .Close();
    out.buf() += j.str() + "\n";
  }
  out.Flush();
  std::fprintf(stderr,
               "lexc selfplay: %s games (seeds %llu..%llu, %s), %s turns, %s bingos, mean score %s; %s games/s\n",
               Thousands(stats.games).c_str(), (unsigned long long)a.seed, (unsigned long long)(a.seed + a.games - 1),
               gen::AlgorithmName(o.game.algorithm), Thousands(stats.turns).c_str(), Thousands(stats.bingos).c_str(),
               Fixed(stats.mean_score(), 1).c_str(), Fixed(stats.games_per_second(), 1).c_str());
}

}  // namespace

void RegisterSelfplay(CLI::App& app) {
  auto args = std::make_shared<SelfplayArgs>();
  CLI::App* cmd = app.add_subcommand("selfplay", "Play greedy games against itself: GCG, CGP positions, games/s");
  cmd->add_option("image", args->image, "Image file (with a GADDAG and/or a DAWG)")->required();
  cmd->add_option("--games", args->games, "Games to play (default 1)")->check(WholeNumber(1, 1000000000000ull));
  cmd->add_option("--seed", args->seed, "Seed of the first game; game i uses seed + i (default 1)")
      ->check(WholeNumber(0, ~0ull));
  cmd->add_option("--gcg-dir", args->gcg_dir, "Write game-SEED.gcg files here instead of printing them");
  cmd->add_option("--positions", args->positions,
                  "Write CGP positions (before every --every-th move) to this file, as games are played\n"
                  "(replaced at the end; a device, FIFO or - is written as a stream)");
  cmd->add_option("--every", args->every, "With --positions: the position before moves N, 2N, ... of each game")
      ->check(WholeNumber(1, 1000000));
  cmd->add_option("--lexicon", args->lexicon, "Lexicon name for GCG and CGP (default: the image's file name)")
      ->check(RecordName());
  cmd->add_flag("-q,--quiet", args->quiet, "Print no GCG");
  cmd->add_flag("--json", args->json, "Print the summary as JSON (no GCG)");
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"(Examples:
  lexc selfplay sowpods.lex --games 3 --seed 42          three games in GCG
  lexc selfplay sowpods.lex --games 1000 -q              speed only
  lexc selfplay sowpods.lex --games 10 --every 4 --positions mid.cgp -q

Each player makes the highest-scoring play, exchanges its whole rack when
nothing plays and the bag holds 7 tiles or more, and passes otherwise. The
game ends when a player goes out (+2x the opponent's tiles) or after six
scoreless turns (each loses its own tiles).)");
  cmd->callback([args] { RunSelfplay(*args); });
}

}  // namespace lexc::cli
