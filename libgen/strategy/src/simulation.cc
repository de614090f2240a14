#include "lexc/strategy/simulation.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <thread>

#include "lexc/game/rules.h"
#include "lexc/gen/play_reuse.h"
#include "sim_random.h"

namespace lexc::strategy {

// ---- statistics ----

double NormalQuantile(double confidence) {
  // Acklam's rational approximation of the normal quantile, then one Halley
  // step on erfc, which brings it to double precision.
  const double p = 1.0 - (1.0 - confidence) / 2.0;
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                             1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                             6.680131188771972e+01, -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                             -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                             3.754408661907416e+00};
  double x;
  if (p > 1 - 0.02425) {
    const double q = std::sqrt(-2 * std::log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else {
    const double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
  const double u = e * std::sqrt(2 * M_PI) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

double RunningStats::Sd() const {
  if (n < 2) return 0.0;
  const double mean = sum / double(n);
  const double var = (sum_sq - mean * sum) / double(n - 1);
  return var > 0 ? std::sqrt(var) : 0.0;
}

ConfidencePruner::ConfidencePruner(std::size_t candidates, double confidence)
    : confidence_(confidence),
      z_(NormalQuantile(confidence)),
      stats_(candidates),
      diff_(candidates * candidates),
      alive_(candidates, true) {}

std::size_t ConfidencePruner::alive_count() const {
  return std::size_t(std::count(alive_.begin(), alive_.end(), true));
}

double ConfidencePruner::Lower(std::size_t c) const {
  const RunningStats& s = stats_[c];
  return s.n ? s.Mean() - z_ * s.Sd() / std::sqrt(double(s.n)) : -std::numeric_limits<double>::infinity();
}

double ConfidencePruner::Upper(std::size_t c) const {
  const RunningStats& s = stats_[c];
  return s.n ? s.Mean() + z_ * s.Sd() / std::sqrt(double(s.n)) : std::numeric_limits<double>::infinity();
}

std::size_t ConfidencePruner::Leader() const {
  std::size_t best = stats_.size();
  for (std::size_t c = 0; c < stats_.size(); ++c)
    if (alive_[c] && (best == stats_.size() || stats_[c].Mean() > stats_[best].Mean())) best = c;
  return best;
}

void ConfidencePruner::AddIteration(const std::vector<double>& values) {
  const std::size_t k = stats_.size();
  for (std::size_t a = 0; a < k; ++a) {
    if (!alive_[a]) continue;
    stats_[a].Add(values[a]);
    for (std::size_t b = a + 1; b < k; ++b)
      if (alive_[b]) diff_[a * k + b].Add(values[a] - values[b]);
  }
}

std::vector<std::size_t> ConfidencePruner::Prune() {
  std::vector<std::size_t> pruned;
  const std::size_t leader = Leader();
  if (leader == stats_.size() || stats_[leader].n < 2) return pruned;
  const double floor = Lower(leader);
  for (std::size_t c = 0; c < stats_.size(); ++c)
    if (alive_[c] && c != leader && stats_[c].n >= 2 && Upper(c) < floor) {
      alive_[c] = false;
      pruned.push_back(c);
    }
  return pruned;
}

bool ConfidencePruner::LeaderAhead() const {
  const std::size_t leader = Leader();
  if (leader == stats_.size()) return false;
  const std::size_t k = stats_.size();
  // Bonferroni: the leader must be ahead of all others at once, each
  // comparison at 1 - (1 - confidence) / comparisons.
  const std::size_t others = alive_count() - 1;
  if (others == 0) return true;
  const double z = others == 1 ? z_ : NormalQuantile(1 - (1 - confidence_) / double(others));
  for (std::size_t c = 0; c < k; ++c) {
    if (!alive_[c] || c == leader) continue;
    const RunningStats& d = diff_[std::min(c, leader) * k + std::max(c, leader)];
    if (d.n < 2) return false;
    const double sign = leader < c ? 1.0 : -1.0;  // diff_ holds value(lower index) - value(higher)
    const double lower = sign * d.Mean() - z * d.Sd() / std::sqrt(double(d.n));
    if (!(lower > 0)) return false;
  }
  return true;
}

// ---- the simulation ----

const char* SimStopName(SimStop s) {
  switch (s) {
    case SimStop::kOneLeft:
      return "one_left";
    case SimStop::kLeaderAhead:
      return "leader_ahead";
    case SimStop::kIterations:
      return "iterations";
    case SimStop::kTime:
      return "time";
    case SimStop::kCallback:
      return "stopped";
    case SimStop::kNoCandidates:
      return "no_candidates";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;
// Candidates left from which a draw's root replies pay for themselves: the
// list costs about two searches, and each candidate then saves about three
// fifths of one (measured on bench_sim's positions), so four.
constexpr std::size_t kMinLiveToReuse = 4;
constexpr gen::Cell kBlankCell = gen::kBlankBit;  // a blank in the pool

void AddCell(Rack* r, gen::Cell c) { gen::CellIsBlank(c) ? r->AddBlank() : r->Add(gen::CellTile(c)); }

// What every thread reads.
struct Setup {
  const Lexicon& lexicon;
  const gen::Layout& layout;
  const Alphabet& alphabet;
  const LeaveValues& leaves;
  const SimOptions& options;
  gen::Position root;  // the mover's rack only
  game::Rules rules;
  Rack mover;
  std::vector<gen::Cell> pool;  // the unseen tiles
  int opp_size = 0;
  std::vector<RatedMove> candidates;
  std::vector<double> candidate_leave;  // the leave part of each candidate's equity
  std::vector<double> cumulative;       // of options.opponent's weights
  int scoreless = 0;                    // the position's consecutive scoreless turns
};

class Worker {
 public:
  Worker(const Setup& s, gen::MoveGenerator gen)
      : s_(s),
        gen_(std::move(gen)),
        equities_{StaticEquity(s.leaves, s.alphabet), StaticEquity(s.leaves, s.alphabet)} {}

  // Draws iteration i's tiles. `reuse`: the replies of this draw reuse
  // the root board's (Setup::reuse_replies; worth it for several
  // candidates).
  void Draw(std::uint64_t i, bool reuse) {
    reuse_ = reuse;
    root_ready_ = false;
    internal::SimRng rng(internal::IterationSeed(s_.options.seed, i));
    order_ = s_.pool;
    std::size_t fixed = 0;
    if (s_.options.opponent != nullptr) {
      const double u = rng.Uniform() * s_.cumulative.back();
      const std::size_t k =
          std::size_t(std::upper_bound(s_.cumulative.begin(), s_.cumulative.end(), u) - s_.cumulative.begin());
      const Rack& leave = s_.options.opponent->leaves[std::min(k, s_.cumulative.size() - 1)];
      // Move the leave's tiles to the front (Simulate checked they are there).
      auto take = [&](gen::Cell c) {
        for (std::size_t j = fixed; j < order_.size(); ++j)
          if (order_[j] == c) {
            std::swap(order_[j], order_[fixed++]);
            return;
          }
      };
      for (int b = 0; b < leave.blanks(); ++b) take(kBlankCell);
      for (int t = 1; t <= gen::kMaxGenTile; ++t)
        for (int c = 0; c < leave.count(Tile(t)); ++c) take(gen::Cell(t));
    }
    for (std::size_t j = order_.size(); j > fixed + 1; --j)
      std::swap(order_[j - 1], order_[fixed + rng.Below(j - fixed)]);
    exchange_seed_ = rng.Next();
  }

  // The value of candidate c against the tiles drawn.
  Result<double> Play(std::size_t c) {
    Rack racks[2];
    racks[0] = s_.mover;
    for (int j = 0; j < s_.opp_size; ++j) AddCell(&racks[1], order_[std::size_t(j)]);
    bag_.assign(order_.begin() + s_.opp_size, order_.end());
    bag_lo_ = 0;
    internal::SimRng xrng(exchange_seed_);
    double points[2] = {0, 0}, leave[2] = {0, 0};
    int applied = 0;
    int scoreless = s_.scoreless;
    Status st;
    gen::Move m = s_.candidates[c].move;
    double m_leave = s_.candidate_leave[c];
    int side = 0;
    // With the bag empty after the candidate the replies are searched in
    // full (below): no root replies then.
    if (reuse_ && !root_ready_ && s_.options.plies >= 1 && !bag_.empty()) FindRootReplies(racks[1]);
    for (int ply = 0; ply <= s_.options.plies; ++ply) {
      if (ply > 0) {
        if (racks[side].empty()) break;
        const int bag_n = int(bag_.size() - bag_lo_);
        // One equity a side: the opponent's first rack, the same for every
        // candidate of a draw, keeps its leave values between candidates.
        StaticEquity& equity = equities_[side];
        equity.SetPosition(racks[side], bag_n, racks[1 - side]);
        const bool can_exchange = game::ExchangeAllowed(racks[side], bag_n, s_.rules);
        if (ply == 1 && root_ready_ && bag_n > 0) {
          // With tiles in the bag the equity of a play is its score and
          // leave, the same on the root board: reuse its plays.
          RatedMove best;
          const bool have = ReplyPlay(s_.candidates[c].move, racks[1], &best);
          BestMoveGivenPlay(have ? &best : nullptr, equity, can_exchange, &reply_);
        } else {
          TopByEquity(gen_, s_.options.algorithm, equity, can_exchange, 1, &reply_);
        }
        m = reply_.front().move;
        m_leave = m.kind == gen::Move::Kind::kPlay       ? equity.LeaveOfPlay(m.play)
                  : m.kind == gen::Move::Kind::kExchange ? equity.OfExchange(m.exchange)
                                                         : equity.OfPass();
      }
      Rack& r = racks[side];
      if (m.kind == gen::Move::Kind::kPlay) {
        // The line's last move changes nothing any later search reads: its
        // tiles need not go on the board.
        if (ply < s_.options.plies) {
          st = gen_.Apply(m.play);
          if (!st.ok()) break;
          ++applied;
        }
        for (int i = 0; i < m.play.length; ++i)
          if (!m.play.IsThrough(i)) r.Remove(gen::CellTile(m.play.cells[i]), gen::CellIsBlank(m.play.cells[i]));
        points[side] += m.play.score;
        Refill(&r, gen::kRackSize - r.size());
        if (r.empty()) {  // out with the bag empty: the game ends
          points[side] += game::OutBonus(racks[1 - side], s_.alphabet);
          leave[0] = leave[1] = 0;
          break;
        }
      } else if (m.kind == gen::Move::Kind::kExchange) {
        const Rack& thrown = m.exchange;
        for (int b = 0; b < thrown.blanks(); ++b) r.RemoveBlank();
        for (int t = 1; t <= gen::kMaxGenTile; ++t)
          for (int k = 0; k < thrown.count(Tile(t)); ++k) r.Remove(Tile(t));
        Refill(&r, thrown.size());
        auto put_back = [&](gen::Cell cell) {
          bag_.push_back(cell);
          const std::size_t j = bag_lo_ + xrng.Below(bag_.size() - bag_lo_);
          std::swap(bag_[j], bag_.back());
        };
        for (int b = 0; b < thrown.blanks(); ++b) put_back(kBlankCell);
        for (int t = 1; t <= gen::kMaxGenTile; ++t)
          for (int k = 0; k < thrown.count(Tile(t)); ++k) put_back(gen::Cell(t));
      }
      // The scoreless-turn limit, the position's own count included, as
      // GameState applies it: each side loses its rack's value, and the
      // game, so the line, ends.
      scoreless = game::ScorelessAfter(scoreless, m.score());
      if (game::ScorelessLimitReached(scoreless, s_.rules)) {
        points[0] -= game::ScorelessPenalty(racks[0], s_.alphabet);
        points[1] -= game::ScorelessPenalty(racks[1], s_.alphabet);
        leave[0] = leave[1] = 0;
        break;
      }
      leave[side] = m_leave;
      side ^= 1;
    }
    for (int k = 0; k < applied; ++k) {
      const Status u = gen_.Undo();
      if (!u.ok() && st.ok()) st = u;
    }
    if (!st.ok()) return st;
    return points[0] - points[1] + leave[0] - leave[1];
  }

 private:
  // The opponent's best plays by equity on the root board (bag not empty),
  // each with its dependency squares (gen/play_reuse.h). Precondition: gen_
  // stands on the root board.
  void FindRootReplies(const Rack& opponent) {
    StaticEquity& equity = equities_[1];
    equity.SetPosition(opponent, 1, Rack());  // any bag: the leave is the bonus
    equity.PlayBonusBounds(root_bounds_);     // the same for every reply of the draw
    equity.PlayBonusBoundsSpendingBlank(root_blank_bounds_);
    const auto bonus = [&](const gen::Play& p) { return equity.BonusOfPlay(p); };
    gen_.TopWithBonus(opponent, s_.options.algorithm, gen::BonusOf(bonus), root_bounds_, kRootReplies, &root_plays_,
                      opponent.blanks() ? root_blank_bounds_ : nullptr);
    root_deps_.clear();
    root_dep_start_.assign(1, 0);
    std::uint16_t deps[gen::kMaxPlayDependencies];
    for (const gen::RatedPlay& r : root_plays_) {
      const int n = gen::PlayDependencies(gen_.board(), r.play, deps);
      root_deps_.insert(root_deps_.end(), deps, deps + n);
      root_dep_start_.push_back(root_deps_.size());
    }
    root_ready_ = true;
  }

  // The opponent's best play by equity after `candidate` (on the board, or
  // not a play): the best root play it leaves unchanged against a search of
  // the anchors whose plays it may have changed. equities_[1] is set for `opponent`.
  bool ReplyPlay(const gen::Move& candidate, const Rack& opponent, RatedMove* out) {
    out->move.kind = gen::Move::Kind::kPlay;
    if (candidate.kind != gen::Move::Kind::kPlay) {  // the root board
      if (root_plays_.empty()) return false;
      out->move.play = root_plays_.front().play;
      out->equity = root_plays_.front().value;
      return true;
    }
    filled_.Clear();
    gen::AddNewSquares(candidate.play, &filled_);
    const gen::RatedPlay* incumbent = nullptr;
    for (std::size_t i = 0; i < root_plays_.size(); ++i)
      if (gen::Unaffected(root_deps_.data() + root_dep_start_[i], int(root_dep_start_[i + 1] - root_dep_start_[i]),
                          filled_)) {
        incumbent = &root_plays_[i];
        break;
      }
    gen::BonusSearch search;
    const gen::AnchorSet anchors = gen::AnchorsTouched(gen_.board(), candidate.play, opponent.size());
    search.anchors = &anchors;
    search.incumbent = incumbent;
    // A full list with every play changed: the plays below it are worse
    // than its last, so a play of those anchors better than that one is
    // the best; else search everywhere.
    const bool full_list = !incumbent && root_plays_.size() == kRootReplies;
    if (full_list) search.beat = &root_plays_.back();
    if (opponent.blanks()) search.max_bonus_blank = root_blank_bounds_;
    const StaticEquity& equity = equities_[1];
    const auto bonus = [&](const gen::Play& p) { return equity.BonusOfPlay(p); };
    gen::RatedPlay best;
    bool found = gen_.BestWithBonus(opponent, s_.options.algorithm, gen::BonusOf(bonus), root_bounds_, search, &best);
    if (!found && full_list)
      found = gen_.BestWithBonus(opponent, s_.options.algorithm, gen::BonusOf(bonus), root_bounds_,
                                 gen::BonusSearch{.max_bonus_blank = search.max_bonus_blank}, &best);
    if (!found) return false;
    out->move.play = best.play;
    out->equity = best.value;
    return true;
  }

  void Refill(Rack* r, int n) {
    for (; n > 0 && bag_lo_ < bag_.size(); --n) AddCell(r, bag_[bag_lo_++]);
  }

  const Setup& s_;
  gen::MoveGenerator gen_;
  StaticEquity equities_[2];      // by side: 0 the mover, 1 the opponent
  std::vector<RatedMove> reply_;  // TopByEquity's, reused

  // Eight root replies leave about one candidate in 25 with all of them
  // changed (measured on bench_sim's positions; 4 to 12 ran alike).
  static constexpr std::size_t kRootReplies = 8;
  bool reuse_ = false, root_ready_ = false;
  std::vector<gen::RatedPlay> root_plays_;  // FindRootReplies's, best first
  std::vector<std::uint16_t> root_deps_;    // their dependency squares, play after play
  std::vector<std::size_t> root_dep_start_;
  double root_bounds_[gen::kMaxBoardDim + 1] = {};        // the opponent's bonus bounds (PlayBonusBounds)
  double root_blank_bounds_[gen::kMaxBoardDim + 1] = {};  // the same for its plays with a blank
  gen::SquareSet filled_;
  std::vector<gen::Cell> order_, bag_;
  std::size_t bag_lo_ = 0;
  std::uint64_t exchange_seed_ = 0;
};

Status Invalid(std::string detail) { return Status(Errc::kInvalidArgument, std::move(detail)); }

}  // namespace

Result<SimResult> Simulate(const Lexicon& lexicon, const gen::Layout& layout, const Alphabet& alphabet,
                           const LeaveValues& leaves, const gen::Position& p, const SimOptions& o) {
  const auto start = Clock::now();
  if (o.candidates < 1 || o.candidates > kMaxCandidates)
    return Invalid("candidates: expected 1.." + std::to_string(kMaxCandidates) + ", got " +
                   std::to_string(o.candidates));
  if (o.plies < 0 || o.plies > kMaxPlies)
    return Invalid("plies: expected 0.." + std::to_string(kMaxPlies) + ", got " + std::to_string(o.plies));
  if (!(o.confidence > 0 && o.confidence < 1))
    return Invalid("confidence: expected a level in (0, 1), got " + std::to_string(o.confidence));
  if (o.batch < 1) return Invalid("batch: expected at least 1 iteration, got " + std::to_string(o.batch));
  if (o.threads < 1 || o.threads > kMaxSimThreads)
    return Invalid("threads: expected 1.." + std::to_string(kMaxSimThreads) + ", got " + std::to_string(o.threads));
  if (!(o.time_limit >= 0) || !std::isfinite(o.time_limit))
    return Invalid("time limit: expected seconds >= 0, got " + std::to_string(o.time_limit));
  if (o.max_iterations == 0 && o.time_limit == 0) return Invalid("neither an iteration limit nor a time limit");
  if (Status st = gen::ValidatePosition(p, layout, alphabet); !st.ok()) return st;
  if (Status st = game::CheckTwoPlayers(p); !st.ok()) return st;
  if (p.racks.empty() || p.racks[0].empty()) return Invalid("rack 1: the player to move has no tiles");
  if (Status st = game::CheckNotOver(p, alphabet, game::RulesOf(p)); !st.ok()) return st;

  Setup s{lexicon, layout, alphabet, leaves, o, p, game::RulesOf(p), p.racks[0], {}, 0, {}, {}, {}};
  s.root.racks.resize(1);
  s.root.scores.resize(1);
  s.scoreless = p.scoreless_turns;
  const gen::TileCounts unseen = gen::Unseen(s.root, alphabet);
  for (int b = 0; b < unseen.blanks; ++b) s.pool.push_back(kBlankCell);
  for (int t = 1; t <= gen::kMaxGenTile; ++t)
    for (int c = 0; c < unseen.counts[std::size_t(t)]; ++c) s.pool.push_back(gen::Cell(t));
  s.opp_size = std::min<int>(gen::kRackSize, int(s.pool.size()));
  const int bag = int(s.pool.size()) - s.opp_size;

  if (o.opponent != nullptr) {
    const LeaveDistribution& d = *o.opponent;
    if (d.leaves.empty() || d.leaves.size() != d.weights.size())
      return Invalid("inferred leaves: none, or not one weight per leave");
    double total = 0;
    for (std::size_t i = 0; i < d.leaves.size(); ++i) {
      const Rack& l = d.leaves[i];
      if (!(d.weights[i] > 0) || !std::isfinite(d.weights[i]))
        return Invalid("inferred leave " + l.ToString(alphabet) + ": weight not positive");
      if (l.size() > s.opp_size)
        return Invalid("inferred leave " + l.ToString(alphabet) + ": " + std::to_string(l.size()) +
                       " tiles, the opponent's rack holds " + std::to_string(s.opp_size));
      if (l.blanks() > unseen.blanks)
        return Invalid("inferred leave " + l.ToString(alphabet) + ": not among the unseen tiles");
      for (int t = 1; t <= kMaxTiles; ++t)
        if (l.count(Tile(t)) > (t <= gen::kMaxGenTile ? unseen.counts[std::size_t(t)] : 0))
          return Invalid("inferred leave " + l.ToString(alphabet) + ": not among the unseen tiles");
      total += d.weights[i];
      s.cumulative.push_back(total);
    }
  }

  Result<gen::MoveGenerator> root_gen = gen::MoveGenerator::Create(lexicon, layout, p.BingoBonus());
  if (!root_gen.ok()) return root_gen.status();
  if (Status st = root_gen->SetPosition(p); !st.ok()) return st;
  if (!root_gen->Supports(o.algorithm)) return Invalid("the image lacks the graph of the algorithm chosen");
  {
    StaticEquity eq(leaves, alphabet);
    Rack unseen_rack;
    for (gen::Cell c : s.pool) AddCell(&unseen_rack, c);
    eq.SetPosition(s.mover, bag, unseen_rack);
    TopByEquity(*root_gen, o.algorithm, eq, game::ExchangeAllowed(s.mover, bag, s.rules), std::size_t(o.candidates),
                &s.candidates);
    for (const RatedMove& m : s.candidates)
      s.candidate_leave.push_back(m.move.kind == gen::Move::Kind::kPlay       ? eq.LeaveOfPlay(m.move.play)
                                  : m.move.kind == gen::Move::Kind::kExchange ? eq.OfExchange(m.move.exchange)
                                                                              : eq.OfPass());
  }

  std::vector<Worker> workers;
  workers.reserve(std::size_t(o.threads));
  workers.emplace_back(s, std::move(root_gen).value());
  for (int t = 1; t < o.threads; ++t) {
    Result<gen::MoveGenerator> g = gen::MoveGenerator::Create(lexicon, layout, p.BingoBonus());
    if (!g.ok()) return g.status();
    if (Status st = g->SetPosition(p); !st.ok()) return st;
    workers.emplace_back(s, std::move(g).value());
  }

  const std::size_t k = s.candidates.size();
  ConfidencePruner pruner(k, o.confidence);
  std::vector<std::uint64_t> pruned_at(k, 0);
  SimResult r;
  r.z = pruner.z();
  r.threads = o.threads;
  r.plies = o.plies;
  r.opponent_rack = s.opp_size;
  r.bag = bag;
  const bool timed = o.time_limit > 0;
  const auto deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.time_limit));
  // A batch's values are gathered a chunk of draws at a time, so memory
  // follows the work done, not --batch x --candidates (a million draws of
  // a thousand candidates took 8 GB before the first draw); the pruner sees
  // the same rows in the same order either way.
  constexpr std::uint64_t kMaxBufferedValues = std::uint64_t(1) << 20;
  const std::uint64_t chunk_rows = std::max<std::uint64_t>(1, kMaxBufferedValues / std::max<std::size_t>(k, 1));
  std::vector<double> values(std::size_t(std::min<std::uint64_t>(std::uint64_t(o.batch), chunk_rows)) * k);
  std::vector<std::size_t> live;
  Status error;

  auto fill = [&](SimResult* out) {
    out->candidates.clear();
    out->evaluations = 0;
    for (std::size_t c = 0; c < k; ++c) {
      SimCandidate sc;
      sc.move = s.candidates[c];
      const RunningStats& st = pruner.stats(c);
      sc.iterations = st.n;
      sc.mean = st.Mean();
      sc.sd = st.Sd();
      sc.lower = pruner.Lower(c);
      sc.upper = pruner.Upper(c);
      sc.pruned = !pruner.alive(c);
      sc.pruned_at = pruned_at[c];
      out->evaluations += st.n;
      out->candidates.push_back(sc);
    }
    std::stable_sort(out->candidates.begin(), out->candidates.end(), [](const SimCandidate& a, const SimCandidate& b) {
      if (a.pruned != b.pruned) return !a.pruned;
      return a.mean > b.mean;
    });
    out->seconds = std::chrono::duration<double>(Clock::now() - start).count();
  };

  if (k == 0) {
    r.stop = SimStop::kNoCandidates;
    fill(&r);
    return r;
  }
  // One candidate (K = 1, or one legal move) has nothing to be compared
  // with or pruned against: it is played against every draw up to the
  // limits, so that its value is a simulated one like any other.
  for (;;) {
    std::uint64_t n = std::uint64_t(o.batch);
    if (o.max_iterations) n = std::min(n, o.max_iterations - r.iterations);
    if (n == 0) {
      r.stop = SimStop::kIterations;
      break;
    }
    live.clear();
    for (std::size_t c = 0; c < k; ++c)
      if (pruner.alive(c)) live.push_back(c);
    std::atomic<std::uint64_t> next{0};
    std::atomic<bool> failed{false};
    std::uint64_t first = r.iterations, m = 0;  // the chunk: draws first..first + m - 1
    auto run = [&](Worker& w, Status* err) {
      for (;;) {
        if (failed.load(std::memory_order_relaxed)) return;
        if (timed && Clock::now() >= deadline) return;
        const std::uint64_t j = next.fetch_add(1);
        if (j >= m) return;
        w.Draw(first + j, o.reuse_replies && live.size() >= kMinLiveToReuse);
        for (std::size_t c : live) {
          Result<double> v = w.Play(c);
          if (!v.ok()) {
            *err = v.status();
            failed = true;
            return;
          }
          values[j * k + c] = *v;
        }
      }
    };
    std::uint64_t done = 0;
    std::vector<double> row(k);
    while (done < n) {
      first = r.iterations + done;
      m = std::min(chunk_rows, n - done);
      next = 0;
      std::vector<Status> errors(workers.size());
      if (workers.size() == 1) {
        run(workers[0], &errors[0]);
      } else {
        std::vector<std::thread> threads;
        for (std::size_t t = 1; t < workers.size(); ++t) threads.emplace_back(run, std::ref(workers[t]), &errors[t]);
        run(workers[0], &errors[0]);
        for (std::thread& t : threads) t.join();
      }
      for (const Status& e : errors)
        if (!e.ok()) return e;
      const std::uint64_t got = std::min(next.load(), m);
      for (std::uint64_t j = 0; j < got; ++j) {
        std::copy(values.begin() + std::ptrdiff_t(j * k), values.begin() + std::ptrdiff_t((j + 1) * k), row.begin());
        pruner.AddIteration(row);
      }
      done += got;
      if (got < m) break;  // out of time
    }
    r.iterations += done;
    if (k > 1) {
      for (std::size_t c : pruner.Prune()) pruned_at[c] = r.iterations;
      if (pruner.alive_count() == 1) {
        r.stop = SimStop::kOneLeft;
        break;
      }
      if (pruner.LeaderAhead()) {
        r.stop = SimStop::kLeaderAhead;
        break;
      }
    }
    if (done < n || (timed && Clock::now() >= deadline)) {
      r.stop = SimStop::kTime;
      break;
    }
    if (o.on_batch) {
      fill(&r);
      if (!o.on_batch(r)) {
        r.stop = SimStop::kCallback;
        break;
      }
    }
  }
  fill(&r);
  return r;
}

}  // namespace lexc::strategy
