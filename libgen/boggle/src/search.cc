// Simulated annealing for the best board. Contracts in lexc/boggle/search.h.
#include "lexc/boggle/search.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "lexc/boggle/dice.h"

namespace lexc::boggle {
namespace {

using Clock = std::chrono::steady_clock;

// Chain k's seed: the search seed and k mixed through SplitMix64.
std::uint64_t ChainSeed(std::uint64_t seed, std::uint64_t k) {
  Rng r(seed ^ (k * 0xD1B54A32D192ED03ull));
  r.Next();
  return r.Next();
}

struct Shared {
  explicit Shared(const SearchOptions& options) : o(options) {}
  const SearchOptions& o;
  std::vector<Cube> faces;
  std::uint64_t chain_length = 0, chains = 0;  // chains: UINT64_MAX without an iteration budget
  std::atomic<std::uint64_t> next_chain{0}, evaluated{0}, chains_done{0};
  std::atomic<int> best{0};
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::condition_variable done_cv;
  int running = 0;
  std::vector<ScoredGrid> results;  // each chain's best
};

class Chain {
 public:
  Chain(Solver* solver, Shared* sh) : s_(*solver), sh_(*sh) {}

  ScoredGrid Run(std::uint64_t k, std::uint64_t length) {
    const SearchOptions& o = sh_.o;
    Rng rng(ChainSeed(o.seed, k));
    Grid b;
    b.rows = o.rows;
    b.cols = o.cols;
    const int n = b.cells();
    const auto nf = std::uint64_t(sh_.faces.size());
    for (int i = 0; i < n; ++i) b.cubes[std::size_t(i)] = sh_.faces[rng.Below(nf)];
    int score = Evaluate(b);
    Grid best = b;
    int best_score = score;
    const double t0 = o.start_temperature > 0 ? o.start_temperature : 6.0 * n;
    const double factor = length > 1 ? std::pow(o.end_temperature / t0, 1.0 / double(length - 1)) : 1.0;
    double temperature = t0;
    bool cut = false;
    for (std::uint64_t i = 0; i < length; ++i, temperature *= factor) {
      if ((i & 255) == 0 && sh_.stop.load(std::memory_order_relaxed)) {
        cut = true;
        break;
      }
      int a = int(rng.Below(std::uint64_t(n))), c = -1;
      const Cube old_a = b.cubes[std::size_t(a)];
      if (n < 2 || rng.Below(4) < 3) {
        const Cube face = sh_.faces[rng.Below(nf)];
        if (face == old_a) continue;
        b.cubes[std::size_t(a)] = face;
      } else {
        c = int(rng.Below(std::uint64_t(n - 1)));
        if (c >= a) ++c;
        if (b.cubes[std::size_t(c)] == old_a) continue;
        std::swap(b.cubes[std::size_t(a)], b.cubes[std::size_t(c)]);
      }
      const int next = Evaluate(b);
      if (next >= score || rng.Unit() < std::exp(double(next - score) / temperature)) {
        score = next;
        if (score > best_score) {
          best_score = score;
          best = b;
          Publish(score);
        }
      } else if (c < 0) {
        b.cubes[std::size_t(a)] = old_a;
      } else {
        std::swap(b.cubes[std::size_t(a)], b.cubes[std::size_t(c)]);
      }
    }
    if (!cut) Polish(&best, &best_score);
    Flush();
    return {best_score, Canonical(best), k};
  }

 private:
  int Evaluate(const Grid& b) {
    if (++pending_ == 1024) Flush();
    return s_.Score(b);
  }
  void Flush() {
    sh_.evaluated.fetch_add(pending_, std::memory_order_relaxed);
    pending_ = 0;
  }
  void Publish(int score) {
    int seen = sh_.best.load(std::memory_order_relaxed);
    while (score > seen && !sh_.best.compare_exchange_weak(seen, score, std::memory_order_relaxed)) {
    }
  }
  // Steepest ascent over single-cube changes until none improves.
  void Polish(Grid* b, int* score) {
    const int n = b->cells();
    for (;;) {
      int best = *score, best_cell = -1;
      Cube best_face;
      for (int i = 0; i < n; ++i) {
        const Cube old = b->cubes[std::size_t(i)];
        for (const Cube& face : sh_.faces) {
          if (face == old) continue;
          b->cubes[std::size_t(i)] = face;
          const int s = Evaluate(*b);
          if (s > best) best = s, best_cell = i, best_face = face;
        }
        b->cubes[std::size_t(i)] = old;
        if (sh_.stop.load(std::memory_order_relaxed)) return;
      }
      if (best_cell < 0) return;
      b->cubes[std::size_t(best_cell)] = best_face;
      *score = best;
      Publish(best);
    }
  }

  Solver& s_;
  Shared& sh_;
  std::uint64_t pending_ = 0;
};

void Worker(Solver solver, Shared* sh) {
  Chain chain(&solver, sh);
  for (;;) {
    if (sh->stop.load(std::memory_order_relaxed)) break;
    const std::uint64_t k = sh->next_chain.fetch_add(1);
    if (k >= sh->chains) break;
    std::uint64_t length = sh->chain_length;
    if (sh->o.iterations) length = std::min(length, sh->o.iterations - k * sh->chain_length);
    ScoredGrid r = chain.Run(k, length);
    std::lock_guard<std::mutex> lock(sh->mu);
    sh->results.push_back(r);
    sh->chains_done.fetch_add(1);
  }
  std::lock_guard<std::mutex> lock(sh->mu);
  --sh->running;
  sh->done_cv.notify_all();
}

bool Before(const ScoredGrid& x, const ScoredGrid& y) {
  if (x.score != y.score) return x.score > y.score;
  const int n = x.board.cells();
  for (int i = 0; i < n; ++i)
    if (!(x.board.cubes[std::size_t(i)] == y.board.cubes[std::size_t(i)]))
      return x.board.cubes[std::size_t(i)] < y.board.cubes[std::size_t(i)];
  return x.chain < y.chain;
}

}  // namespace

Result<SearchResult> SearchBestBoards(const Solver& solver, const Alphabet& alphabet, const SearchOptions& o,
                                      const SearchCallback& progress) {
  if (o.iterations == 0 && !(o.seconds > 0))
    return Status(Errc::kInvalidArgument, "search: give an iteration or a time budget");
  LEXC_RETURN_IF_ERROR(CheckShape(o.rows, o.cols));
  if (o.threads < 1 || o.threads > kMaxSearchThreads || o.keep < 1)
    return Status(Errc::kInvalidArgument, "search: threads must be 1.." + std::to_string(kMaxSearchThreads) +
                                              " and keep >= 1 (each thread holds a copy of the solver)");
  if (o.start_temperature < 0 || !(o.end_temperature > 0) ||
      (o.start_temperature > 0 && o.start_temperature < o.end_temperature))
    return Status(Errc::kInvalidArgument, "search: temperatures must be positive and fall");
  if (alphabet.size() == 0) return Status(Errc::kInvalidArgument, "search: the alphabet has no tile");
  Shared sh(o);
  const Faces faces(alphabet);
  for (int t = 1; t <= alphabet.size(); ++t) sh.faces.push_back(faces.CubeOf(static_cast<Tile>(t)));
  sh.chain_length = o.chain_length ? o.chain_length : 2000ull * std::uint64_t(o.rows * o.cols);
  sh.chains = o.iterations ? (o.iterations + sh.chain_length - 1) / sh.chain_length : UINT64_MAX;
  const Clock::time_point start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const auto report = [&] {
    SearchProgress p;
    p.evaluated = sh.evaluated.load();
    p.chains = sh.chains_done.load();
    p.chains_planned = o.iterations ? sh.chains : 0;
    p.best = sh.best.load();
    p.seconds = elapsed();
    return !progress || progress(p);
  };
  std::vector<std::thread> threads;
  sh.running = o.threads;
  for (int i = 0; i < o.threads; ++i) threads.emplace_back(Worker, solver, &sh);
  SearchResult result;
  {
    std::unique_lock<std::mutex> lock(sh.mu);
    while (sh.running > 0) {
      sh.done_cv.wait_for(lock, std::chrono::milliseconds(200));
      lock.unlock();
      if (o.seconds > 0 && elapsed() >= o.seconds) sh.stop = true;
      if (sh.running > 0 && !report()) {
        sh.stop = true;
        result.stopped = true;
      }
      lock.lock();
    }
  }
  for (std::thread& t : threads) t.join();
  report();
  std::sort(sh.results.begin(), sh.results.end(), Before);
  for (const ScoredGrid& r : sh.results) {
    if (!result.best.empty() && result.best.back().score == r.score && result.best.back().board == r.board) continue;
    if (static_cast<int>(result.best.size()) == o.keep) break;
    result.best.push_back(r);
  }
  result.evaluated = sh.evaluated.load();
  result.chains = sh.chains_done.load();
  result.chain_length = sh.chain_length;
  result.seconds = elapsed();
  return result;
}

}  // namespace lexc::boggle
