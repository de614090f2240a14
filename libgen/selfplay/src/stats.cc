// StudyStats: counting games (Add) and appending accumulators (Merge). The
// JSON form is in stats_json.cc.
#include "lexc/selfplay/stats.h"

#include <algorithm>
#include <cmath>

#include "lexc/gen/cgp.h"
#include "lexc/gen/move.h"
#include "lexc/gen/position.h"

namespace lexc::selfplay {
namespace {

bool TopMoveBefore(const TopMove& a, const TopMove& b) {
  if (a.score != b.score) return a.score > b.score;
  if (a.seed != b.seed) return a.seed < b.seed;
  return a.turn < b.turn;
}

bool TopGameBefore(const TopGame& a, const TopGame& b) {
  if (a.score != b.score) return a.score > b.score;
  return a.seed < b.seed;
}

template <class T, class Less>
void MergeTop(std::vector<T>* into, const std::vector<T>& more, Less less, int limit) {
  into->insert(into->end(), more.begin(), more.end());
  std::stable_sort(into->begin(), into->end(), less);
  if (into->size() > std::size_t(limit)) into->resize(std::size_t(limit));
}

// The opponent's rack when event `k` (a move by seat p) was made: the rack of
// its next move, else the tiles an end-of-game event shows, else empty.
Rack OpponentRack(const game::GameRecord& g, std::size_t k) {
  const int p = g.events[k].player;
  for (std::size_t i = k + 1; i < g.events.size(); ++i) {
    const game::GameEvent& e = g.events[i];
    if (e.kind == game::GameEvent::Kind::kMove && e.player != p) return e.rack;
    if (e.kind == game::GameEvent::Kind::kOutBonus && e.player == p) return e.rack;
    if (e.kind == game::GameEvent::Kind::kRackPenalty && e.player != p) return e.rack;
  }
  return Rack();
}

}  // namespace

double Moments::Mean(std::uint64_t n) const { return n == 0 ? 0.0 : double(sum) / double(n); }

double Moments::Sd(std::uint64_t n) const {
  if (n < 2) return 0.0;
  const long double s = sum, q = sum_squares, m = n;
  const long double var = (q - s * s / m) / (m - 1);
  return var <= 0 ? 0.0 : double(std::sqrt(var));
}

void Histogram::Add(std::int64_t value, std::uint64_t count) {
  if (value < 0 || value >= kDense) {
    others_[value] += count;
    return;
  }
  const std::size_t i = std::size_t(value);
  if (i >= counts_.size()) counts_.resize(i + 1, 0);
  counts_[i] += count;
}

void Histogram::Merge(const Histogram& o) {
  if (o.counts_.size() > counts_.size()) counts_.resize(o.counts_.size(), 0);
  for (std::size_t i = 0; i < o.counts_.size(); ++i) counts_[i] += o.counts_[i];
  for (const auto& [v, c] : o.others_) others_[v] += c;
}

std::uint64_t Histogram::Total() const {
  // Saturates: counts read from a file may add up past 2^64.
  std::uint64_t t = 0;
  const auto add = [&t](std::uint64_t c) { t = c > ~std::uint64_t(0) - t ? ~std::uint64_t(0) : t + c; };
  for (std::uint64_t c : counts_) add(c);
  for (const auto& [v, c] : others_) add(c);
  return t;
}

std::vector<std::pair<std::int64_t, std::uint64_t>> Histogram::Entries() const {
  std::vector<std::pair<std::int64_t, std::uint64_t>> out;
  auto it = others_.begin();
  for (; it != others_.end() && it->first < 0; ++it)
    if (it->second) out.push_back(*it);
  for (std::size_t i = 0; i < counts_.size(); ++i)
    if (counts_[i]) out.emplace_back(std::int64_t(i), counts_[i]);
  for (; it != others_.end(); ++it)
    if (it->second) out.push_back(*it);
  return out;
}

const char* FigureName(Figure f) {
  static const char* const kNames[kFigures] = {"turns",       "bingos",       "winner_score", "loser_score",
                                               "first_score", "second_score", "spread",       "first_spread"};
  return kNames[static_cast<int>(f)];
}

StudyStats::StudyStats(StatsConfig config) : config_(std::move(config)) {
  const std::size_t n = std::size_t(config_.words->size());
  word_plays_.assign(n, 0);
  word_games_.assign(n, 0);
  board_ = gen::Board(config_.layout->rows(), config_.layout->cols());
}

std::unique_ptr<GameAccumulator> StudyStats::NewEmpty() const { return std::make_unique<StudyStats>(config_); }

bool StudyStats::WouldEnterTopMoves(int score, std::uint64_t seed, int turn) const {
  if (config_.top_moves <= 0) return false;
  if (top_moves_.size() < std::size_t(config_.top_moves)) return true;
  TopMove m;
  m.score = score, m.seed = seed, m.turn = turn;
  return TopMoveBefore(m, top_moves_.back());
}

void StudyStats::OfferTopMove(TopMove m) {
  auto at = std::upper_bound(top_moves_.begin(), top_moves_.end(), m, TopMoveBefore);
  top_moves_.insert(at, std::move(m));
  if (top_moves_.size() > std::size_t(config_.top_moves)) top_moves_.pop_back();
}

Status StudyStats::Add(const game::GameRecord& g) {
  // Validate and gather first, so that an error counts nothing.
  struct PlayFacts {
    int score, length;
    std::uint64_t word;
  };
  static thread_local std::vector<PlayFacts> plays;
  static thread_local std::vector<int> cross;
  static thread_local std::vector<TopMove> tops;
  plays.clear(), cross.clear(), tops.clear();
  const Alphabet& alphabet = config_.lexicon->alphabet();
  if (board_.TileCount() != 0) board_ = gen::Board(config_.layout->rows(), config_.layout->cols());
  int move_kinds[3] = {0, 0, 0};
  int scores[2] = {0, 0};
  int scoreless = 0, turn = 0;
  const auto fail = [&](const std::string& what) {
    return Status(Errc::kInvalidArgument,
                  "game seed " + std::to_string(g.seed) + ", turn " + std::to_string(turn) + ": " + what);
  };
  for (std::size_t k = 0; k < g.events.size(); ++k) {
    const game::GameEvent& e = g.events[k];
    if (e.player != 0 && e.player != 1) return fail("player seat " + std::to_string(e.player));
    if (e.kind != game::GameEvent::Kind::kMove) continue;
    ++turn;
    const int kind = static_cast<int>(e.move.kind);
    if (kind < 0 || kind > 2) return fail("unknown move kind");
    ++move_kinds[kind];
    const int score = e.move.score();
    if (e.move.kind == gen::Move::Kind::kPlay && WouldEnterTopMoves(score, g.seed, turn)) {
      // Also against the candidates of this game: keep at most top_moves.
      gen::Position p;
      p.board = board_;
      p.racks = {e.rack, OpponentRack(g, k)};
      p.scores = {scores[e.player], scores[1 - e.player]};
      p.scoreless_turns = scoreless;
      if (!config_.lexicon_name.empty()) p.SetOp("lex", config_.lexicon_name);
      if (config_.rules.exchange_limit != gen::kDefaultExchangeLimit)
        p.SetOp("etl", std::to_string(config_.rules.exchange_limit));
      if (config_.rules.max_scoreless != gen::kDefaultMaxScoreless)
        p.SetOp("mcnz", std::to_string(config_.rules.max_scoreless));
      TopMove m;
      m.score = score, m.seed = g.seed, m.turn = turn, m.player = e.player;
      m.move = gen::FormatMove(e.move, alphabet);
      m.cgp = gen::WriteCgp(p, alphabet);
      tops.push_back(std::move(m));
    }
    if (e.move.kind == gen::Move::Kind::kPlay) {
      const gen::Play& play = e.move.play;
      if (play.length < 2 || play.length > gen::kMaxBoardDim)
        return fail("a play of length " + std::to_string(play.length));
      if (Status st = gen::ApplyPlay(play, &board_); !st.ok()) return fail(st.detail());
      word_.clear();
      for (int i = 0; i < play.length; ++i) word_.push_back(gen::CellTile(play.cells[i]));
      const std::optional<std::uint64_t> number = config_.words->Number(word_);
      if (!number) return fail("main word " + gen::PlayWord(play, alphabet) + " is not a word of the lexicon");
      // An image that was only opened may number words wrongly (word_index.h).
      if (*number >= word_plays_.size())
        return fail("main word " + gen::PlayWord(play, alphabet) + " has number " + std::to_string(*number) +
                    ", past the index's " + std::to_string(word_plays_.size()) + " words (a damaged word index)");
      plays.push_back({score, play.length, *number});
      // Cross words: each new tile's perpendicular run on the board after the play.
      const int dr = play.dir == gen::Dir::kAcross ? 1 : 0, dc = 1 - dr;
      for (int i = 0; i < play.length; ++i) {
        if (play.IsThrough(i)) continue;
        const int r = play.RowAt(i), c = play.ColAt(i);
        int len = 1;
        for (int rr = r - dr, cc = c - dc; board_.InRange(rr, cc) && board_.at(rr, cc) != gen::kEmpty;
             rr -= dr, cc -= dc)
          ++len;
        for (int rr = r + dr, cc = c + dc; board_.InRange(rr, cc) && board_.at(rr, cc) != gen::kEmpty;
             rr += dr, cc += dc)
          ++len;
        if (len >= 2) cross.push_back(len);
      }
    }
    scores[e.player] = e.total;
    scoreless = score == 0 ? scoreless + 1 : 0;
  }

  int a_seat = 0;
  if (config_.has_matchup()) {
    const auto& m = config_.matchup;
    if (g.players[0] == m[0] && g.players[1] == m[1])
      a_seat = 0;
    else if (g.players[0] == m[1] && g.players[1] == m[0])
      a_seat = 1;
    else
      return fail("players \"" + g.players[0] + "\" and \"" + g.players[1] + "\", the study pits \"" + m[0] +
                  "\" against \"" + m[1] + "\"");
  }

  // Commit.
  ++games_;
  if (config_.has_matchup()) {
    const int a = g.scores[a_seat], b = g.scores[1 - a_seat];
    matchup_.a_wins += a > b ? 1 : 0;
    matchup_.ties += a == b ? 1 : 0;
    matchup_.a_first += a_seat == 0 ? 1 : 0;
    matchup_.spread.Add(a - b);
  }
  const int first = g.scores[0], second = g.scores[1];
  const int winner = std::max(first, second), loser = std::min(first, second);
  if (first > second)
    ++first_wins_;
  else if (first == second)
    ++ties_;
  ++ends_[static_cast<int>(g.end)];
  for (int i = 0; i < 3; ++i) moves_[i] += std::uint64_t(move_kinds[i]);
  const std::int64_t values[kFigures] = {turn, g.bingos, winner, loser, first, second, winner - loser, first - second};
  for (int f = 0; f < kFigures; ++f) moments_[f].Add(values[f]);
  winner_scores_.Add(winner);
  loser_scores_.Add(loser);
  bingos_.Add(g.bingos);
  game_words_.clear();
  for (const PlayFacts& p : plays) {
    main_lengths_.Add(p.length);
    move_scores_.Add(p.score);
    ++word_plays_[p.word];
    game_words_.push_back(p.word);
  }
  std::sort(game_words_.begin(), game_words_.end());
  game_words_.erase(std::unique(game_words_.begin(), game_words_.end()), game_words_.end());
  for (std::uint64_t w : game_words_) ++word_games_[w];
  for (int len : cross) cross_lengths_.Add(len);
  for (TopMove& m : tops)
    if (WouldEnterTopMoves(m.score, m.seed, m.turn)) OfferTopMove(std::move(m));
  const TopGame games[3] = {{winner, g.seed}, {loser, g.seed}, {first + second, g.seed}};
  for (int i = 0; i < 3; ++i) {
    std::vector<TopGame>& list = top_games_[i];
    const std::size_t limit = std::size_t(std::max(config_.top_games, 0));
    if (list.size() == limit && (limit == 0 || !TopGameBefore(games[i], list.back()))) continue;
    list.insert(std::upper_bound(list.begin(), list.end(), games[i], TopGameBefore), games[i]);
    if (list.size() > limit) list.pop_back();
  }
  return Status::Ok();
}

Status StudyStats::Merge(const GameAccumulator& later_base) {
  const auto* later = dynamic_cast<const StudyStats*>(&later_base);
  if (later == nullptr) return Status(Errc::kInvalidArgument, "merge: not the statistics of a study");
  if (later->word_plays_.size() != word_plays_.size() || later->config_.top_moves != config_.top_moves ||
      later->config_.top_games != config_.top_games || later->config_.matchup != config_.matchup)
    return Status(Errc::kInvalidArgument,
                  "merge: statistics of another configuration (word count, top sizes or strategies)");
  if (later == this) {  // the in-place pass below needs two arrays
    const StudyStats copy = *this;
    return Merge(copy);
  }
  // Checked before anything changes: statistics read from files (FromJson)
  // may hold counts and sums near their integer range.
  const auto fits = [](auto a, auto b) {
    decltype(a) sum;
    return !__builtin_add_overflow(a, b, &sum);
  };
  bool ok = fits(games_, later->games_) && fits(first_wins_, later->first_wins_) && fits(ties_, later->ties_) &&
            fits(matchup_.spread.sum, later->matchup_.spread.sum) &&
            fits(matchup_.spread.sum_squares, later->matchup_.spread.sum_squares);
  for (int i = 0; i < 3; ++i) ok = ok && fits(ends_[i], later->ends_[i]) && fits(moves_[i], later->moves_[i]);
  for (int f = 0; f < kFigures; ++f)
    ok = ok && fits(moments_[f].sum, later->moments_[f].sum) &&
         fits(moments_[f].sum_squares, later->moments_[f].sum_squares);
  if (!ok) return Status(Errc::kLimit, "merge: a count or sum of the two statistics passes its integer range");
  // The per-word counts are added first, in one pass that notes a wrap, and
  // subtracted again (exact modulo 2^64) if one wrapped.
  const std::size_t words = word_plays_.size();
  std::uint64_t* __restrict plays = word_plays_.data();
  std::uint64_t* __restrict games = word_games_.data();
  const std::uint64_t* __restrict more_plays = later->word_plays_.data();
  const std::uint64_t* __restrict more_games = later->word_games_.data();
  std::uint64_t wraps = 0;
  for (std::size_t w = 0; w < words; ++w) {
    const std::uint64_t p = plays[w] + more_plays[w], g = games[w] + more_games[w];
    wraps |= std::uint64_t(p < more_plays[w]) | std::uint64_t(g < more_games[w]);
    plays[w] = p, games[w] = g;
  }
  if (wraps) {
    for (std::size_t w = 0; w < words; ++w) plays[w] -= more_plays[w], games[w] -= more_games[w];
    return Status(Errc::kLimit, "merge: a word's count of the two statistics passes 2^64");
  }
  games_ += later->games_, first_wins_ += later->first_wins_, ties_ += later->ties_;
  matchup_.a_wins += later->matchup_.a_wins, matchup_.ties += later->matchup_.ties;
  matchup_.a_first += later->matchup_.a_first;
  matchup_.spread.sum += later->matchup_.spread.sum;
  matchup_.spread.sum_squares += later->matchup_.spread.sum_squares;
  for (int i = 0; i < 3; ++i) ends_[i] += later->ends_[i], moves_[i] += later->moves_[i];
  for (int f = 0; f < kFigures; ++f) {
    moments_[f].sum += later->moments_[f].sum;
    moments_[f].sum_squares += later->moments_[f].sum_squares;
  }
  MergeTop(&top_moves_, later->top_moves_, TopMoveBefore, config_.top_moves);
  for (int i = 0; i < 3; ++i) MergeTop(&top_games_[i], later->top_games_[i], TopGameBefore, config_.top_games);
  main_lengths_.Merge(later->main_lengths_);
  cross_lengths_.Merge(later->cross_lengths_);
  winner_scores_.Merge(later->winner_scores_);
  loser_scores_.Merge(later->loser_scores_);
  move_scores_.Merge(later->move_scores_);
  bingos_.Merge(later->bingos_);
  return Status::Ok();
}

}  // namespace lexc::selfplay
