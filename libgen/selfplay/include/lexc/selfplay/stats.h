// lexc/selfplay/stats.h -- the statistics of a study: StudyStats, the
// GameAccumulator of Wickman's figures.
//
// Add(record) replays the game's board from the record's events (one
// gen::Board, gen::ApplyPlay per play) and counts, as integers only:
//   - per game: turns, bingos, the winner's, loser's, first and second
//     player's scores, the spreads winner - loser and first - second (sums and
//     sums of squares, so means and standard deviations are derived when
//     printing); in a tie the winner's and loser's score are the tied score;
//   - the first player's wins, ties and losses; how games ended; moves by
//     kind (play, exchange, pass);
//   - the top_moves highest-scoring moves (score desc, seed asc, turn asc),
//     each with the move's notation and the CGP of the position the mover
//     saw (both racks, from the record: the opponent's rack is the one of its
//     next move or of the end-of-game event; empty after a turn-limit end);
//   - the top_games highest winning, losing and combined game scores (score
//     desc, seed asc);
//   - exact-value histograms: main-word lengths, cross-word lengths, winner's
//     and loser's final scores, move scores (plays only), bingos per game;
//   - with two strategies (StatsConfig::matchup): strategy A's wins, ties
//     and losses against B, the games A moved first, and A's spread (A's
//     final score - B's; sum and sum of squares), the seats found by the
//     record's player names;
//   - per word of the lexicon (WordIndex number, blanks as their letter):
//     plays as a main word, and games in which it was a main word at least
//     once. Dense in memory (two uint64 arrays sized to the lexicon: memory
//     is bounded by the lexicon, not by the games), sparse in JSON.
// The JSON form ("stats" of study/stats.json) is specified field by field in
// formats/study-stats.md; kStatsSchema is its version.
//
// Merge follows accumulator.h's contract: a.Merge(b), b holding the games
// after a's, equals feeding a every game of b in order (ToJson equal).
// Complexity: Add is O(tiles placed + main-word lookups) plus one CGP for a
// move that enters the top list; Merge is O(lexicon); ToJson and FromJson
// O(lexicon + histograms). Thread safety: none; one StudyStats per worker,
// any number may share the config's lexicon, layout and word index.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lexc/game/rules.h"
#include "lexc/gen/board.h"
#include "lexc/gen/layout.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/accumulator.h"
#include "lexc/word_index.h"

namespace lexc::selfplay {

// 2: adds "matchup" (two strategies). Schema 1 files (no matchup) are read.
inline constexpr int kStatsSchema = 2;

struct StatsConfig {
  const Lexicon* lexicon = nullptr;  // these three outlive the stats
  const gen::Layout* layout = nullptr;
  const WordIndex* words = nullptr;  // of *lexicon
  game::Rules rules;                 // the study's: etl and mcnz of the top moves' CGP
  std::string lexicon_name;          // the CGP `lex` operation ("" for none)
  int top_moves = 10, top_games = 10;
  int top_words = 100;  // the most-played words a report lists (not stored)
  // The player names of strategies A and B when a study pits two different
  // strategies (the records' GameRecord::players, in either seat); empty
  // when both seats play the same strategy.
  std::array<std::string, 2> matchup;
  bool has_matchup() const { return !matchup[0].empty(); }
};

// A sum and a sum of squares of one integer figure over the games.
struct Moments {
  std::int64_t sum = 0;
  std::uint64_t sum_squares = 0;
  void Add(std::int64_t v) { sum += v, sum_squares += std::uint64_t(v * v); }
  double Mean(std::uint64_t n) const;
  // Sample standard deviation (n - 1); 0 for fewer than two games.
  double Sd(std::uint64_t n) const;
  bool operator==(const Moments&) const = default;
};

// Strategy A against strategy B (StatsConfig::matchup).
struct MatchupCounts {
  std::uint64_t a_wins = 0, ties = 0, a_first = 0;  // a_first: games A moved first
  Moments spread;                                   // A's final score - B's
  bool operator==(const MatchupCounts&) const = default;
};

// Counts by exact integer value (sparse in JSON). Values in [0, kDense) are
// counted in an array grown up to the largest seen, others in a map, so
// memory follows the distinct values, whatever range a file claims.
class Histogram {
 public:
  void Add(std::int64_t value, std::uint64_t count = 1);
  void Merge(const Histogram& o);
  std::uint64_t Total() const;  // saturating at 2^64 - 1
  // (value, count) pairs with count > 0, by value.
  std::vector<std::pair<std::int64_t, std::uint64_t>> Entries() const;
  bool operator==(const Histogram& o) const { return Entries() == o.Entries(); }

 private:
  static constexpr std::int64_t kDense = 4096;
  std::vector<std::uint64_t> counts_;             // by value, [0, kDense)
  std::map<std::int64_t, std::uint64_t> others_;  // the rest
};

struct TopMove {
  int score = 0;
  std::uint64_t seed = 0;
  int turn = 0;      // 1-based move number in the game
  int player = 0;    // seat, 0 moved first
  std::string move;  // gen::FormatMove
  std::string cgp;   // the position before the move, the mover first
  bool operator==(const TopMove&) const = default;
};

struct TopGame {
  int score = 0;
  std::uint64_t seed = 0;
  bool operator==(const TopGame&) const = default;
};

// The per-game figures, in the order of StudyStats::moments().
enum class Figure : int {
  kTurns,
  kBingos,
  kWinnerScore,
  kLoserScore,
  kFirstScore,
  kSecondScore,
  kSpread,       // winner - loser (>= 0)
  kFirstSpread,  // first - second
  kCount
};
inline constexpr int kFigures = static_cast<int>(Figure::kCount);
// "turns", "bingos", "winner_score", ...: the JSON names.
const char* FigureName(Figure f);

class StudyStats final : public GameAccumulator {
 public:
  // Preconditions: lexicon, layout and words set, words indexes *lexicon,
  // top_moves and top_games >= 0.
  explicit StudyStats(StatsConfig config);

  std::unique_ptr<GameAccumulator> NewEmpty() const override;
  // Errors (kInvalidArgument, "game seed S, turn T: ..."; nothing counted on
  // error): a play ApplyPlay refuses on the replayed board, a main word not
  // in the lexicon, a player seat other than 0 or 1, players other than the
  // matchup's two.
  Status Add(const game::GameRecord& game) override;
  // kInvalidArgument: `later` is not a StudyStats or was configured with
  // another word count or other top sizes. kLimit: a count or sum would pass
  // its integer range (2^64; +-2^63 for sums), possible only with statistics
  // read from files; *this unchanged on error.
  Status Merge(const GameAccumulator& later) override;
  nlohmann::json ToJson() const override;
  // kBadInput naming the JSON path ("stats.top_moves[3].score: expected an
  // integer, got a string"): a missing or mistyped field, a negative or
  // out-of-range number, a schema other than kStatsSchema, a word count other
  // than the config's, a word number >= it, arrays out of order, counts that
  // do not add up (first-player results or ends != games). *this unchanged on
  // error. The top-list limits are taken from the JSON ("limits"); the
  // lexicon, layout, index, rules and name stay this object's.
  Status FromJson(const nlohmann::json& j) override;

  const StatsConfig& config() const { return config_; }
  std::uint64_t games() const override { return games_; }
  std::uint64_t first_wins() const { return first_wins_; }
  std::uint64_t ties() const { return ties_; }
  std::uint64_t first_losses() const { return games_ - first_wins_ - ties_; }
  // By game::End: went out, scoreless, turn limit.
  std::uint64_t ends(game::End e) const { return ends_[static_cast<int>(e)]; }
  // By gen::Move::Kind: play, exchange, pass.
  std::uint64_t moves(int kind) const { return moves_[kind]; }
  const Moments& moments(Figure f) const { return moments_[static_cast<int>(f)]; }
  // Zero unless config().has_matchup().
  const MatchupCounts& matchup() const { return matchup_; }
  const std::vector<TopMove>& top_moves() const { return top_moves_; }
  const std::vector<TopGame>& top_winning() const { return top_games_[0]; }
  const std::vector<TopGame>& top_losing() const { return top_games_[1]; }
  const std::vector<TopGame>& top_combined() const { return top_games_[2]; }
  const Histogram& main_word_lengths() const { return main_lengths_; }
  const Histogram& cross_word_lengths() const { return cross_lengths_; }
  const Histogram& winner_scores() const { return winner_scores_; }
  const Histogram& loser_scores() const { return loser_scores_; }
  const Histogram& move_scores() const { return move_scores_; }
  const Histogram& bingos_per_game() const { return bingos_; }
  // Indexed by word number; size() == config().words->size().
  const std::vector<std::uint64_t>& word_plays() const { return word_plays_; }
  const std::vector<std::uint64_t>& word_games() const { return word_games_; }

 private:
  Status AddGame(const game::GameRecord& g);  // on a scratch copy's members
  void OfferTopMove(TopMove m);
  bool WouldEnterTopMoves(int score, std::uint64_t seed, int turn) const;

  StatsConfig config_;
  std::uint64_t games_ = 0, first_wins_ = 0, ties_ = 0;
  std::uint64_t ends_[3] = {0, 0, 0};
  std::uint64_t moves_[3] = {0, 0, 0};
  Moments moments_[kFigures];
  MatchupCounts matchup_;
  std::vector<TopMove> top_moves_;
  std::vector<TopGame> top_games_[3];  // winning, losing, combined
  Histogram main_lengths_, cross_lengths_, winner_scores_, loser_scores_, move_scores_, bingos_;
  std::vector<std::uint64_t> word_plays_, word_games_;
  // Scratch of Add, kept to avoid allocations.
  gen::Board board_;
  std::vector<std::uint64_t> game_words_;
  std::vector<Tile> word_;
};

}  // namespace lexc::selfplay
