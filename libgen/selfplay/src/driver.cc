#include "lexc/selfplay/driver.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <thread>

#include "lexc/gen/movegen.h"

namespace lexc::selfplay {
namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string StrategyTitle(const std::string& s) {
  std::string t = s;
  if (!t.empty()) t[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(t[0])));
  return t;
}

// One chunk of consecutive games, folded apart and waiting for its turn.
struct Chunk {
  std::unique_ptr<GameAccumulator> acc;
  std::vector<game::GameRecord> records;
  std::vector<std::vector<gen::Position>> positions;
};

}  // namespace

std::array<std::string, 2> StrategyPlayerNames(const std::string& first, const std::string& second) {
  std::array<std::string, 2> names{StrategyTitle(first), StrategyTitle(second)};
  if (first == second) names[0] += " One", names[1] += " Two";
  return names;
}

Result<PlayerFactory> StrategyPlayers(const std::string& seat0, const std::string& seat1) {
  for (const std::string* s : {&seat0, &seat1})
    if (*s != "greedy") return Status(Errc::kInvalidArgument, "strategy \"" + *s + "\": unknown (known: greedy)");
  // A copy, not a structured binding: lambdas capture bindings only from
  // C++20 compilers on (clang 16), and the fuzz build uses clang 14.
  const auto names = StrategyPlayerNames(seat0, seat1);
  return PlayerFactory([names]() -> Result<PlayerPair> {
    return PlayerPair(std::make_unique<game::GreedyPlayer>(names[0]), std::make_unique<game::GreedyPlayer>(names[1]));
  });
}

Result<StudyOutcome> RunStudy(const Lexicon& lexicon, const gen::Layout& layout, GameAccumulator& prefix,
                              const StudyOptions& options) {
  if (options.games == 0) return Status(Errc::kInvalidArgument, "study range: 0 games, expected at least 1");
  if (!options.players) return Status(Errc::kInvalidArgument, "study: no player factory");
  if (options.position_every < 1)
    return Status(Errc::kInvalidArgument,
                  "position_every: " + std::to_string(options.position_every) + ", expected at least 1");
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  if (options.first_game > kMax - options.games || options.seed_base > kMax - (options.first_game + options.games))
    return Status(Errc::kInvalidArgument, "study range: first game " + std::to_string(options.first_game) + " + " +
                                              std::to_string(options.games) + " games (seed base " +
                                              std::to_string(options.seed_base) + ") passes 2^64");
  const auto start = Clock::now();
  const std::uint64_t games = options.games;
  int threads = options.threads;
  if (threads <= 0) threads = std::max(1, int(std::thread::hardware_concurrency()));
  // Chunks small enough to balance the threads (at least four a thread),
  // big enough that a fresh accumulator, its merge and the locking cost
  // nothing next to the games: StudyStats makes and merges two arrays the
  // size of the lexicon per chunk (about 0.5 ms on SOWPODS, 2% of 16 games,
  // 0.1% of 256).
  const std::uint64_t chunk_games = options.chunk_games
                                        ? options.chunk_games
                                        : std::clamp<std::uint64_t>(games / (std::uint64_t(threads) * 4), 1, 256);
  const std::uint64_t chunks = (games - 1) / chunk_games + 1;
  threads = int(std::min<std::uint64_t>(std::uint64_t(threads), chunks));
  const std::uint64_t max_pending = 4 * std::uint64_t(threads);

  std::mutex mu;
  std::condition_variable turn;
  std::map<std::uint64_t, Chunk> pending;
  std::uint64_t committed = 0, games_done = 0;  // chunks, games merged into prefix
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> stop{false};
  Status error;
  std::uint64_t error_chunk = kMax;
  std::exception_ptr thrown;
  auto last_commit = start, last_progress = start;

  const auto fail = [&](std::uint64_t chunk, Status s) {  // mu held
    if (chunk < error_chunk) error = std::move(s), error_chunk = chunk;
    stop = true;
    turn.notify_all();
  };
  const auto cancelled = [&] { return stop.load() || (options.cancel && options.cancel->load()); };

  const auto worker = [&] {
    std::uint64_t chunk = kMax;
    try {
      auto gen = gen::MoveGenerator::Create(lexicon, layout, options.bingo_bonus);
      Result<PlayerPair> players = gen.ok() ? options.players() : Result<PlayerPair>(gen.status());
      if (!players.ok()) {
        std::lock_guard lock(mu);
        return fail(0, players.status());
      }
      game::Player& first = *players->first;
      game::Player& second = *players->second;
      game::SelfPlayOptions game_options = options.game;
      std::vector<gen::Position>* positions = nullptr;
      int turn_index = 0;
      const game::PositionCallback every_nth = [&](const gen::Position& p) {
        if (turn_index > 0 && turn_index % options.position_every == 0) positions->push_back(p);
        ++turn_index;
      };
      const bool keep_positions = options.on_game && options.keep_positions;
      while ((chunk = next.fetch_add(1)) < chunks) {
        {
          std::unique_lock lock(mu);
          turn.wait(lock, [&] { return chunk < committed + max_pending || stop; });
        }
        Chunk c;
        c.acc = prefix.NewEmpty();
        const std::uint64_t begin = chunk * chunk_games, end = std::min(games, begin + chunk_games);
        bool whole = true;
        for (std::uint64_t i = begin; i < end; ++i) {
          if (cancelled()) {
            whole = false;
            break;
          }
          const std::uint64_t index = options.first_game + i;
          game_options.seed = options.seed_base + index;
          if (keep_positions) positions = &c.positions.emplace_back();
          turn_index = 0;
          const bool swap = options.alternate_seats && index % 2 == 1;
          Result<game::GameRecord> g = game::PlayGame(*gen, swap ? second : first, swap ? first : second, game_options,
                                                      keep_positions ? every_nth : nullptr);
          Status added = g.ok() ? c.acc->Add(*g) : g.status();
          if (!added.ok()) {
            std::lock_guard lock(mu);
            return fail(chunk, Status(added.code(), "game " + std::to_string(index) + " (seed " +
                                                        std::to_string(game_options.seed) + "): " + added.detail()));
          }
          if (options.on_game) c.records.push_back(std::move(*g));
        }
        std::lock_guard lock(mu);
        if (!whole) {  // cancelled: the threads waiting for this chunk must not wait forever
          stop = true;
          turn.notify_all();
          return;
        }
        if (stop) return;
        pending.emplace(chunk, std::move(c));
        // Merge every chunk that is next in order.
        for (auto it = pending.begin(); it != pending.end() && it->first == committed; it = pending.erase(it)) {
          Chunk& ready = it->second;
          if (options.on_game)
            for (std::size_t k = 0; k < ready.records.size(); ++k)
              options.on_game(ready.records[k], keep_positions ? ready.positions[k] : std::vector<gen::Position>{});
          const std::uint64_t n = std::min(games, (committed + 1) * chunk_games) - committed * chunk_games;
          if (Status s = prefix.Merge(*ready.acc); !s.ok()) return fail(committed, s);
          ++committed;
          games_done += n;
          const auto now = Clock::now();
          if (options.on_commit && committed < chunks &&
              std::chrono::duration<double>(now - last_commit).count() >= options.commit_every_seconds) {
            last_commit = now;
            if (Status s = options.on_commit(prefix, games_done); !s.ok()) return fail(committed, s);
          }
          if (options.on_progress &&
              std::chrono::duration<double>(now - last_progress).count() >= options.progress_every_seconds) {
            last_progress = now;
            options.on_progress(games_done, games, Since(start));
          }
        }
        turn.notify_all();
      }
    } catch (const std::bad_alloc&) {
      std::lock_guard lock(mu);
      fail(chunk, Status(Errc::kLimit, "out of memory"));
    } catch (...) {  // a callback's exception: every thread stops, RunStudy rethrows it
      std::lock_guard lock(mu);
      if (!thrown) thrown = std::current_exception();
      stop = true;
      turn.notify_all();
    }
  };

  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (thrown) std::rethrow_exception(thrown);

  if (!error.ok()) return error;
  StudyOutcome out;
  out.games_done = games_done;
  out.cancelled = games_done < games;
  out.seconds = Since(start);
  out.threads = threads;
  if (options.on_progress) options.on_progress(games_done, games, out.seconds);
  return out;
}

}  // namespace lexc::selfplay
