#include "lexc/strategy/leave_gen.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "lexc/gen/position.h"
#include "lexc/selfplay/driver.h"
#include "lexc/strategy/players.h"

namespace lexc::strategy {
namespace {

constexpr std::uint64_t kMaxPackedTiles = 7;

std::int64_t Fixed(double points) { return std::llround(points * kLeaveScale); }

// Removes the tiles a move takes from `rack` (a copy of the mover's rack).
bool TakeMoveTiles(const gen::Move& m, Rack* rack) {
  if (m.kind == gen::Move::Kind::kPlay) {
    const gen::Play& p = m.play;
    for (int i = 0; i < p.length; ++i) {
      if (p.IsThrough(i)) continue;
      const gen::Cell c = p.cells[i];
      if (gen::CellIsBlank(c)) {
        if (rack->blanks() == 0) return false;
        rack->RemoveBlank();
      } else {
        if (rack->count(gen::CellTile(c)) == 0) return false;
        rack->Remove(gen::CellTile(c));
      }
    }
    return true;
  }
  if (m.kind == gen::Move::Kind::kExchange) {
    if (!rack->Contains(m.exchange)) return false;
    for (int b = 0; b < m.exchange.blanks(); ++b) rack->RemoveBlank();
    for (int t = 1; t <= kMaxTiles; ++t)
      for (int c = 0; c < m.exchange.count(Tile(t)); ++c) rack->Remove(Tile(t));
  }
  return true;
}

int Placed(const gen::Move& m) { return m.kind == gen::Move::Kind::kPlay ? m.play.placed : 0; }

// Weighted least squares of y on up to three features (ridge 1e-9 keeps a
// constant feature solvable).
struct Fit {
  double xtx[3][3] = {}, xty[3] = {};
  void Add(const double x[3], double y, double w) {
    for (int i = 0; i < 3; ++i) {
      xty[i] += w * x[i] * y;
      for (int j = 0; j < 3; ++j) xtx[i][j] += w * x[i] * x[j];
    }
  }
  void Solve(int features, double out[3]) const {
    double a[3][4] = {};
    for (int i = 0; i < features; ++i) {
      for (int j = 0; j < features; ++j) a[i][j] = xtx[i][j] + (i == j ? 1e-9 * (1 + xtx[i][i]) : 0);
      a[i][3] = xty[i];
    }
    for (int c = 0; c < features; ++c) {  // Gauss-Jordan with partial pivoting
      int p = c;
      for (int r = c + 1; r < features; ++r)
        if (std::fabs(a[r][c]) > std::fabs(a[p][c])) p = r;
      std::swap(a[c], a[p]);
      if (std::fabs(a[c][c]) < 1e-300) continue;
      for (int r = 0; r < features; ++r) {
        if (r == c) continue;
        const double f = a[r][c] / a[c][c];
        for (int k = c; k < 4; ++k) a[r][k] -= f * a[c][k];
      }
    }
    for (int i = 0; i < 3; ++i) out[i] = i < features && std::fabs(a[i][i]) >= 1e-300 ? a[i][3] / a[i][i] : 0.0;
  }
};

}  // namespace

std::uint64_t PackLeave(std::span<const Tile> key) {
  std::uint64_t p = std::uint64_t(key.size()) << 56;
  for (std::size_t i = 0; i < key.size() && i < kMaxPackedTiles; ++i) p |= std::uint64_t(key[i]) << (8 * (6 - i));
  return p;
}

std::vector<Tile> UnpackLeave(std::uint64_t packed) {
  const std::size_t n = std::min<std::uint64_t>(packed >> 56, kMaxPackedTiles);
  std::vector<Tile> key(n);
  for (std::size_t i = 0; i < n; ++i) key[i] = Tile((packed >> (8 * (6 - i))) & 0xFF);
  return key;
}

std::unique_ptr<selfplay::GameAccumulator> LeaveObservations::NewEmpty() const {
  return std::make_unique<LeaveObservations>(config_);
}

Status LeaveObservations::Add(const game::GameRecord& g) {
  struct Obs {
    std::uint64_t key;
    std::int64_t target;
  };
  static thread_local std::vector<Obs> found;
  static thread_local std::vector<std::size_t> moves;
  found.clear(), moves.clear();
  const gen::TileCounts full = gen::FullSet(*config_.alphabet);
  int bag = std::max(0, full.total - 2 * gen::kRackSize);
  // Per move (in event order): the leave kept, and the bag after it.
  struct Facts {
    int player;
    std::uint64_t key;
    float value;  // previous value of the leave (0 without previous values)
    int bag_after;
    int score;
    bool counted;  // a play or exchange with a leave of at most max_tiles
  };
  static thread_local std::vector<Facts> facts;
  facts.clear();
  for (std::size_t k = 0; k < g.events.size(); ++k) {
    const game::GameEvent& e = g.events[k];
    if (e.player != 0 && e.player != 1)
      return Status(Errc::kInvalidArgument,
                    "game seed " + std::to_string(g.seed) + ": player seat " + std::to_string(e.player));
    if (e.kind != game::GameEvent::Kind::kMove) continue;
    Rack leave = e.rack;
    if (!TakeMoveTiles(e.move, &leave))
      return Status(Errc::kInvalidArgument, "game seed " + std::to_string(g.seed) + ", move " +
                                                std::to_string(facts.size() + 1) + ": tiles not on the mover's rack");
    const std::vector<Tile> key = interop::LeaveTable::KeyOf(leave);
    const int draw = std::min(Placed(e.move), bag);
    bag -= draw;
    Facts f;
    f.player = e.player;
    f.key = PackLeave(key);
    f.value = config_.previous && !key.empty() ? config_.previous->Value(std::span<const Tile>(key)) : 0.0f;
    f.bag_after = bag;
    f.score = e.move.score();
    f.counted = e.move.kind != gen::Move::Kind::kPass && int(key.size()) <= config_.max_tiles;
    facts.push_back(f);
  }
  // Each counted move whose mover draws and moves again: credit its leave.
  for (std::size_t i = 0; i < facts.size(); ++i) {
    const Facts& f = facts[i];
    if (!f.counted || f.bag_after == 0) continue;
    std::size_t j = i + 1;
    while (j < facts.size() && facts[j].player != f.player) ++j;
    if (j == facts.size()) continue;
    const Facts& next = facts[j];
    const std::int64_t target =
        std::int64_t(next.score) * kLeaveScale + (next.bag_after > 0 ? Fixed(double(next.value)) : 0);
    found.push_back({f.key, target});
  }
  for (const Obs& o : found) {
    LeaveSums& s = sums_[o.key];
    ++s.count;
    s.sum += o.target;
    s.sum_squares += std::uint64_t(o.target * o.target);
  }
  observations_ += found.size();
  ++games_;
  return Status::Ok();
}

Status LeaveObservations::Merge(const selfplay::GameAccumulator& later_base) {
  const auto* later = dynamic_cast<const LeaveObservations*>(&later_base);
  if (!later) return Status(Errc::kInvalidArgument, "merge: not leave observations");
  if (later->config_.max_tiles != config_.max_tiles)
    return Status(Errc::kInvalidArgument, "merge: leave observations of another configuration");
  for (const auto& [key, s] : later->sums_) {
    const LeaveSums& mine = sums_.count(key) ? sums_.at(key) : LeaveSums{};
    LeaveSums r;
    if (__builtin_add_overflow(mine.count, s.count, &r.count) || __builtin_add_overflow(mine.sum, s.sum, &r.sum) ||
        __builtin_add_overflow(mine.sum_squares, s.sum_squares, &r.sum_squares))
      return Status(Errc::kLimit, "merge: a leave's sums pass their integer range");
  }
  for (const auto& [key, s] : later->sums_) {
    LeaveSums& mine = sums_[key];
    mine.count += s.count, mine.sum += s.sum, mine.sum_squares += s.sum_squares;
  }
  games_ += later->games_;
  observations_ += later->observations_;
  return Status::Ok();
}

nlohmann::json LeaveObservations::ToJson() const {
  std::vector<std::uint64_t> keys;
  keys.reserve(sums_.size());
  for (const auto& kv : sums_) keys.push_back(kv.first);
  std::sort(keys.begin(), keys.end());
  nlohmann::json leaves = nlohmann::json::array();
  for (std::uint64_t k : keys) {
    const LeaveSums& s = sums_.at(k);
    leaves.push_back({k, s.count, s.sum, s.sum_squares});
  }
  return {{"kind", "leave-observations"},  {"scale", kLeaveScale}, {"max_tiles", config_.max_tiles}, {"games", games_},
          {"observations", observations_}, {"leaves", leaves}};
}

Status LeaveObservations::FromJson(const nlohmann::json& j) {
  const auto bad = [](const std::string& what) { return Status(Errc::kBadInput, "leave observations: " + what); };
  if (!j.is_object() || j.value("kind", nlohmann::json()) != "leave-observations")
    return bad("kind: expected an object of kind \"leave-observations\"");
  if (j.value("scale", nlohmann::json()) != kLeaveScale) return bad("scale: expected " + std::to_string(kLeaveScale));
  if (j.value("max_tiles", nlohmann::json()) != config_.max_tiles)
    return bad("max_tiles: expected " + std::to_string(config_.max_tiles));
  const nlohmann::json& games = j.value("games", nlohmann::json());
  const nlohmann::json& total = j.value("observations", nlohmann::json());
  if (!games.is_number_unsigned() || !total.is_number_unsigned())
    return bad("games, observations: expected whole numbers");
  const nlohmann::json leaves = j.value("leaves", nlohmann::json());
  if (!leaves.is_array()) return bad("leaves: expected an array");
  std::unordered_map<std::uint64_t, LeaveSums> sums;
  std::uint64_t count = 0, last = 0;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    const nlohmann::json& e = leaves[i];
    const std::string at = "leaves[" + std::to_string(i) + "]";
    if (!e.is_array() || e.size() != 4 || !e[0].is_number_unsigned() || !e[1].is_number_unsigned() ||
        !e[2].is_number_integer() || !e[3].is_number_unsigned())
      return bad(at + ": expected [key, count, sum, sum_squares]");
    const std::uint64_t key = e[0].get<std::uint64_t>();
    if (i > 0 && key <= last) return bad(at + ": keys out of order");
    if ((key >> 56) > std::uint64_t(config_.max_tiles)) return bad(at + ": a leave of more than max_tiles tiles");
    LeaveSums s{e[1].get<std::uint64_t>(), e[2].get<std::int64_t>(), e[3].get<std::uint64_t>()};
    if (s.count == 0) return bad(at + ": a zero count");
    if (__builtin_add_overflow(count, s.count, &count)) return bad(at + ": counts pass 2^64");
    sums.emplace(key, s);
    last = key;
  }
  if (count != total.get<std::uint64_t>())
    return bad("observations: the leaves' counts add up to " + std::to_string(count));
  sums_ = std::move(sums);
  games_ = games.get<std::uint64_t>();
  observations_ = count;
  return Status::Ok();
}

std::vector<std::vector<Tile>> AllLeaves(const Alphabet& alphabet, int max_tiles) {
  const gen::TileCounts full = gen::FullSet(alphabet);
  std::vector<int> counts(std::size_t(alphabet.size()) + 1, 0);
  counts[0] = full.blanks;
  for (int t = 1; t <= alphabet.size() && t <= gen::kMaxGenTile; ++t)
    counts[std::size_t(t)] = full.counts[std::size_t(t)];
  std::vector<std::vector<Tile>> out;
  std::vector<Tile> key;
  // Depth first in key order: a key before its extensions, extensions by tile.
  const auto walk = [&](auto&& self, int from) -> void {
    if (!key.empty()) out.push_back(key);
    if (int(key.size()) == max_tiles) return;
    for (int t = from; t < int(counts.size()); ++t) {
      const int used = int(std::count(key.begin(), key.end(), Tile(t)));
      if (used >= counts[std::size_t(t)]) continue;
      key.push_back(Tile(t));
      self(self, t);
      key.pop_back();
    }
  };
  walk(walk, 0);
  return out;
}

Result<interop::LeaveTable> EstimateLeaves(const LeaveObservations& obs, const Alphabet& alphabet,
                                           const EstimateOptions& options, EstimateReport* report) {
  EstimateReport r;
  const auto& sums = obs.sums();
  if (sums.empty()) return Status(Errc::kInvalidArgument, "leave estimate: no observations");
  const double scale = kLeaveScale;
  // The reference: the empty leave's mean target (else every leave's).
  std::uint64_t all_n = 0;
  std::int64_t all_sum = 0;
  std::vector<std::uint64_t> keys;
  for (const auto& [k, s] : sums) keys.push_back(k);
  std::sort(keys.begin(), keys.end());  // a fixed order for every floating-point sum
  for (std::uint64_t k : keys) all_n += sums.at(k).count, all_sum += sums.at(k).sum;
  const auto empty = sums.find(PackLeave({}));
  r.baseline = empty != sums.end() ? double(empty->second.sum) / double(empty->second.count) / scale
                                   : double(all_sum) / double(all_n) / scale;
  r.observations = all_n;
  r.distinct_observed = keys.size();
  // Pooled within-leave variance of the targets.
  double within = 0, dof = 0;
  for (std::uint64_t k : keys) {
    const LeaveSums& s = sums.at(k);
    if (s.count < 2) continue;
    const double mean = double(s.sum) / double(s.count);
    within += double(s.sum_squares) - mean * double(s.sum);
    dof += double(s.count - 1);
  }
  const double sigma2 = dof > 0 ? std::max(within / dof / (scale * scale), 1e-6) : 100.0;
  r.sigma = std::sqrt(sigma2);
  const auto raw = [&](std::uint64_t key, double* mean, double* n) {
    const auto it = sums.find(key);
    if (it == sums.end() || it->second.count == 0) return false;
    *n = double(it->second.count);
    *mean = double(it->second.sum) / *n / scale - r.baseline;
    return true;
  };
  double k = options.prior > 0 ? options.prior : sigma2 / 16.0;  // first pass: tau = 4 points
  const int letters = alphabet.size();
  std::vector<double> single(std::size_t(letters) + 1, 0.0);
  std::vector<double> synergy((std::size_t(letters) + 1) * (std::size_t(letters) + 1), 0.0);
  const auto pair = [&](Tile a, Tile b) -> double& { return synergy[std::size_t(a) * (letters + 1) + b]; };
  double coef[8][3] = {};
  const auto features = [&](std::span<const Tile> key, double x[3]) {
    x[0] = 1, x[1] = 0, x[2] = 0;
    for (std::size_t i = 0; i < key.size(); ++i) {
      x[1] += single[key[i]];
      for (std::size_t j = i + 1; j < key.size(); ++j) x[2] += pair(key[i], key[j]);
    }
  };
  const auto model = [&](std::span<const Tile> key) {
    double x[3];
    features(key, x);
    const double* c = coef[key.size()];
    return c[0] * x[0] + c[1] * x[1] + c[2] * x[2];
  };
  const int max_tiles = std::clamp(options.max_tiles, 1, 6);
  for (int pass = 0; pass < 2; ++pass) {
    // Singles and pair synergies, shrunk toward 0 by their own counts.
    for (int t = 0; t <= letters; ++t) {
      double m = 0, n = 0;
      const Tile key[1] = {Tile(t)};
      single[std::size_t(t)] = raw(PackLeave(key), &m, &n) ? m * n / (n + k) : 0.0;
    }
    for (int a = 0; a <= letters; ++a)
      for (int b = a; b <= letters; ++b) {
        double m = 0, n = 0;
        const Tile key[2] = {Tile(a), Tile(b)};
        const double v = raw(PackLeave(key), &m, &n) ? (m - single[a] - single[b]) * n / (n + k) : 0.0;
        pair(Tile(a), Tile(b)) = v, pair(Tile(b), Tile(a)) = v;
      }
    // The model's coefficients per size, weighted by n / (n + k).
    Fit fits[8];
    for (std::uint64_t key : keys) {
      const std::vector<Tile> tiles = UnpackLeave(key);
      if (tiles.empty() || int(tiles.size()) > max_tiles) continue;
      double m = 0, n = 0, x[3];
      raw(key, &m, &n);
      features(tiles, x);
      fits[tiles.size()].Add(x, m, n / (n + k));
    }
    for (int size = 1; size <= max_tiles; ++size) fits[size].Solve(size == 1 ? 1 : size == 2 ? 2 : 3, coef[size]);
    // tau^2: the spread of well-observed leaves around the model, less noise.
    double num = 0, den = 0;
    for (std::uint64_t key : keys) {
      const std::vector<Tile> tiles = UnpackLeave(key);
      if (tiles.size() < 3 || int(tiles.size()) > max_tiles) continue;
      double m = 0, n = 0;
      raw(key, &m, &n);
      if (n < 50) continue;
      const double d = m - model(tiles);
      num += n * (d * d - sigma2 / n);
      den += n;
    }
    const double tau2 = den > 0 ? std::max(num / den, 0.25) : 16.0;
    r.tau = std::sqrt(tau2);
    if (options.prior <= 0) k = sigma2 / tau2;
  }
  r.prior = k;
  for (int size = 1; size <= 6; ++size)
    for (int i = 0; i < 3; ++i) r.model[size][i] = coef[size][i];
  std::vector<interop::LeaveEntry> entries;
  for (std::vector<Tile>& key : AllLeaves(alphabet, max_tiles)) {
    double m = 0, n = 0;
    const double prior_value = model(key);
    const double v = raw(PackLeave(key), &m, &n) ? (n * m + k * prior_value) / (n + k) : prior_value;
    entries.push_back({std::move(key), float(v)});
  }
  r.leaves_written = entries.size();
  if (report) *report = r;
  return interop::LeaveTable::FromEntries(std::move(entries), letters);
}

Result<interop::LeaveTable> GenerateLeaves(const Lexicon& lexicon, const gen::Layout& layout,
                                           const LeaveGenOptions& options, std::vector<GenerationReport>* reports) {
  if (options.generations < 1 || options.games < 1)
    return Status(Errc::kInvalidArgument, "leave generation: generations and games must be at least 1");
  const Alphabet& alphabet = lexicon.alphabet();
  interop::LeaveTable table;
  bool have_table = false;
  if (options.start) table = *options.start, have_table = true;
  for (int g = 0; g < options.generations; ++g) {
    const auto start = std::chrono::steady_clock::now();
    Result<LeaveValues> values =
        have_table ? LeaveValues::Create(table, alphabet.size()) : Result<LeaveValues>(LeaveValues());
    if (!values.ok()) return values.status();
    const std::string strategy = have_table ? "equity" : "greedy";
    LeaveObservationConfig config;
    config.alphabet = &alphabet;
    config.previous = have_table ? &*values : nullptr;
    config.max_tiles = options.estimate.max_tiles;
    LeaveObservations obs(config);
    selfplay::StudyOptions o;
    o.game.algorithm = options.algorithm;
    o.game.rules = options.rules;
    o.game.title = "lexc leaves, generation " + std::to_string(g);
    o.seed_base = options.seed + std::uint64_t(g) * options.games;
    o.games = options.games;
    o.threads = options.threads;
    o.cancel = options.cancel;
    Result<selfplay::PlayerFactory> players = StudyPlayers({strategy, strategy}, &*values);
    if (!players.ok()) return players.status();
    o.players = std::move(*players);
    if (options.on_progress)
      o.on_progress = [&](std::uint64_t done, std::uint64_t total, double seconds) {
        options.on_progress(g, done, total, seconds);
      };
    Result<selfplay::StudyOutcome> out = selfplay::RunStudy(lexicon, layout, obs, o);
    if (!out.ok()) return out.status();
    if (out->cancelled) return Status(Errc::kInvalidArgument, "cancelled");
    GenerationReport rep;
    rep.generation = g;
    rep.players = strategy;
    rep.games = obs.games();
    Result<interop::LeaveTable> next = EstimateLeaves(obs, alphabet, options.estimate, &rep.estimate);
    if (!next.ok()) return next.status();
    rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (reports) reports->push_back(rep);
    table = std::move(*next);
    have_table = true;
  }
  return table;
}

}  // namespace lexc::strategy
