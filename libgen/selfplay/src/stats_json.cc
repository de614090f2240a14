// StudyStats as JSON (formats/study-stats.md): ToJson, and FromJson, which
// validates every field of possibly hostile input and names its path.
#include <algorithm>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "lexc/selfplay/stats.h"

namespace lexc::selfplay {
namespace {

using nlohmann::json;

const char* const kEndNames[3] = {"went_out", "scoreless", "turn_limit"};
const char* const kMoveNames[3] = {"play", "exchange", "pass"};
const char* const kTopGameNames[3] = {"winning", "losing", "combined"};
const char* const kHistogramNames[6] = {"main_word_length", "cross_word_length", "winner_score",
                                        "loser_score",      "move_score",        "bingos_per_game"};

json HistogramJson(const Histogram& h) {
  json a = json::array();
  for (const auto& [v, c] : h.Entries()) a.push_back(json::array({v, c}));
  return a;
}

json SparseJson(const std::vector<std::uint64_t>& counts) {
  json a = json::array();
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (counts[i]) a.push_back(json::array({std::uint64_t(i), counts[i]}));
  return a;
}

// Reads fields, keeping the first error; after one, every read returns a
// harmless default so the caller can go on without checking each step.
class Reader {
 public:
  Status status;

  bool ok() const { return status.ok(); }
  void Fail(const std::string& path, const std::string& what) {
    if (status.ok()) status = Status(Errc::kBadInput, path + ": " + what);
  }
  static std::string Got(const json& v) {
    if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
    if (v.is_number_float()) return "the number " + v.dump();
    return std::string("a") + (v.is_object() || v.is_array() ? "n " : " ") + v.type_name();
  }

  const json& Field(const json& o, const char* key, const std::string& path) {
    static const json kNull;
    if (!ok()) return kNull;
    if (!o.is_object()) {
      Fail(path, "expected an object, got " + Got(o));
      return kNull;
    }
    auto it = o.find(key);
    if (it == o.end()) {
      Fail(path + "." + key, "missing");
      return kNull;
    }
    return *it;
  }
  const json& Array(const json& v, const std::string& path) {
    static const json kEmpty = json::array();
    if (!ok()) return kEmpty;
    if (!v.is_array()) {
      Fail(path, "expected an array, got " + Got(v));
      return kEmpty;
    }
    return v;
  }
  std::uint64_t U64(const json& v, const std::string& path,
                    std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) {
    if (!ok()) return 0;
    if (v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
      const std::uint64_t x = v.get<std::uint64_t>();
      if (x <= max) return x;
      Fail(path, std::to_string(x) + " is out of range (at most " + std::to_string(max) + ")");
    } else if (v.is_number_integer()) {
      Fail(path, "expected a non-negative integer, got " + Got(v));
    } else {
      Fail(path, "expected an integer, got " + Got(v));
    }
    return 0;
  }
  std::int64_t I64(const json& v, const std::string& path, std::int64_t min, std::int64_t max) {
    if (!ok()) return 0;
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(max)) {
      Fail(path, v.dump() + " is out of range (at most " + std::to_string(max) + ")");
    } else if (v.is_number_integer()) {
      const std::int64_t x = v.get<std::int64_t>();
      if (x >= min && x <= max) return x;
      Fail(path, std::to_string(x) + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    } else {
      Fail(path, "expected an integer, got " + Got(v));
    }
    return 0;
  }
  std::string Str(const json& v, const std::string& path) {
    if (!ok()) return "";
    if (!v.is_string()) {
      Fail(path, "expected a string, got " + Got(v));
      return "";
    }
    return v.get<std::string>();
  }
  // [[key, count], ...], keys strictly ascending within [min, max], counts > 0.
  std::vector<std::pair<std::int64_t, std::uint64_t>> Pairs(const json& v, const std::string& path, std::int64_t min,
                                                            std::int64_t max) {
    std::vector<std::pair<std::int64_t, std::uint64_t>> out;
    const json& a = Array(v, path);
    for (std::size_t i = 0; i < a.size() && ok(); ++i) {
      const std::string at = path + "[" + std::to_string(i) + "]";
      const json& pair = Array(a[i], at);
      if (ok() && pair.size() != 2) Fail(at, "expected [value, count], got " + std::to_string(pair.size()) + " items");
      if (!ok()) break;
      const std::int64_t key = I64(pair[0], at + "[0]", min, max);
      const std::uint64_t count = U64(pair[1], at + "[1]");
      if (ok() && count == 0) Fail(at + "[1]", "a zero count (only non-zero entries are listed)");
      if (ok() && !out.empty() && key <= out.back().first)
        Fail(at + "[0]", std::to_string(key) + " is out of order (after " + std::to_string(out.back().first) + ")");
      out.emplace_back(key, count);
    }
    return out;
  }
};

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::int64_t kIntMin = std::numeric_limits<int>::min();

}  // namespace

json StudyStats::ToJson() const {
  json j;
  j["schema"] = kStatsSchema;
  j["limits"] = {{"top_moves", config_.top_moves}, {"top_games", config_.top_games}};
  j["games"] = games_;
  j["first_player"] = {{"wins", first_wins_}, {"ties", ties_}, {"losses", first_losses()}};
  if (config_.has_matchup())
    j["matchup"] = {{"a", config_.matchup[0]},
                    {"b", config_.matchup[1]},
                    {"a_wins", matchup_.a_wins},
                    {"ties", matchup_.ties},
                    {"b_wins", games_ - matchup_.a_wins - matchup_.ties},
                    {"a_first", matchup_.a_first},
                    {"spread", {{"sum", matchup_.spread.sum}, {"sum_squares", matchup_.spread.sum_squares}}}};
  json ends = json::object(), moves = json::object(), figures = json::object();
  for (int i = 0; i < 3; ++i) ends[kEndNames[i]] = ends_[i], moves[kMoveNames[i]] = moves_[i];
  for (int f = 0; f < kFigures; ++f)
    figures[FigureName(Figure(f))] = {{"sum", moments_[f].sum}, {"sum_squares", moments_[f].sum_squares}};
  j["ends"] = ends;
  j["moves"] = moves;
  j["figures"] = figures;
  json tops = json::array();
  for (const TopMove& m : top_moves_)
    tops.push_back({{"score", m.score},
                    {"seed", m.seed},
                    {"turn", m.turn},
                    {"player", m.player},
                    {"move", m.move},
                    {"cgp", m.cgp}});
  j["top_moves"] = tops;
  json games = json::object();
  for (int i = 0; i < 3; ++i) {
    json list = json::array();
    for (const TopGame& g : top_games_[i]) list.push_back({{"score", g.score}, {"seed", g.seed}});
    games[kTopGameNames[i]] = list;
  }
  j["top_games"] = games;
  const Histogram* hs[6] = {&main_lengths_, &cross_lengths_, &winner_scores_, &loser_scores_, &move_scores_, &bingos_};
  json histograms = json::object();
  for (int i = 0; i < 6; ++i) histograms[kHistogramNames[i]] = HistogramJson(*hs[i]);
  j["histograms"] = histograms;
  j["words"] = {{"count", std::uint64_t(word_plays_.size())},
                {"plays", SparseJson(word_plays_)},
                {"games", SparseJson(word_games_)}};
  return j;
}

Status StudyStats::FromJson(const json& j) {
  Reader in;
  const std::string root = "stats";
  const json& schema = in.Field(j, "schema", root);
  // Schema 1 is schema 2 without "matchup": read when no matchup is expected.
  const bool schema_ok = schema.is_number_integer() && (schema.get<std::int64_t>() == kStatsSchema ||
                                                        (schema.get<std::int64_t>() == 1 && !config_.has_matchup()));
  if (in.ok() && !schema_ok)
    in.Fail("stats.schema", (schema.is_number_integer() ? "version " + schema.dump() : Reader::Got(schema)) +
                                " is not one this build reads here (it reads " + std::to_string(kStatsSchema) +
                                (config_.has_matchup() ? "" : ", and 1") + ")");
  StudyStats s(config_);
  const json& limits = in.Field(j, "limits", root);
  s.config_.top_moves = int(in.U64(in.Field(limits, "top_moves", "stats.limits"), "stats.limits.top_moves", 1000000));
  s.config_.top_games = int(in.U64(in.Field(limits, "top_games", "stats.limits"), "stats.limits.top_games", 1000000));
  for (const auto& [name, read, mine] : {std::tuple{"top_moves", s.config_.top_moves, config_.top_moves},
                                         std::tuple{"top_games", s.config_.top_games, config_.top_games}})
    if (in.ok() && read != mine)
      in.Fail(std::string("stats.limits.") + name,
              std::to_string(read) + ", but the study keeps " + std::to_string(mine));
  s.games_ = in.U64(in.Field(j, "games", root), "stats.games");
  const json& fp = in.Field(j, "first_player", root);
  s.first_wins_ = in.U64(in.Field(fp, "wins", "stats.first_player"), "stats.first_player.wins");
  s.ties_ = in.U64(in.Field(fp, "ties", "stats.first_player"), "stats.first_player.ties");
  const std::uint64_t losses = in.U64(in.Field(fp, "losses", "stats.first_player"), "stats.first_player.losses");
  if (in.ok() &&
      (s.first_wins_ > s.games_ || s.ties_ > s.games_ - s.first_wins_ || losses != s.games_ - s.first_wins_ - s.ties_))
    in.Fail("stats.first_player",
            "wins, ties and losses do not add up to the games (" + std::to_string(s.games_) + ")");
  if (in.ok() && config_.has_matchup()) {
    const json& m = in.Field(j, "matchup", root);
    const std::string names[2] = {in.Str(in.Field(m, "a", "stats.matchup"), "stats.matchup.a"),
                                  in.Str(in.Field(m, "b", "stats.matchup"), "stats.matchup.b")};
    for (int k = 0; k < 2 && in.ok(); ++k)
      if (names[k] != config_.matchup[k])
        in.Fail(std::string("stats.matchup.") + "ab"[k], "\"" + names[k].substr(0, 40) +
                                                             "\", the study's players are \"" + config_.matchup[0] +
                                                             "\" and \"" + config_.matchup[1] + "\"");
    s.matchup_.a_wins = in.U64(in.Field(m, "a_wins", "stats.matchup"), "stats.matchup.a_wins");
    s.matchup_.ties = in.U64(in.Field(m, "ties", "stats.matchup"), "stats.matchup.ties");
    const std::uint64_t b_wins = in.U64(in.Field(m, "b_wins", "stats.matchup"), "stats.matchup.b_wins");
    s.matchup_.a_first = in.U64(in.Field(m, "a_first", "stats.matchup"), "stats.matchup.a_first");
    const json& spread = in.Field(m, "spread", "stats.matchup");
    s.matchup_.spread.sum = in.I64(in.Field(spread, "sum", "stats.matchup.spread"), "stats.matchup.spread.sum",
                                   std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max());
    s.matchup_.spread.sum_squares =
        in.U64(in.Field(spread, "sum_squares", "stats.matchup.spread"), "stats.matchup.spread.sum_squares");
    if (in.ok() && (s.matchup_.a_wins > s.games_ || s.matchup_.ties > s.games_ - s.matchup_.a_wins ||
                    b_wins != s.games_ - s.matchup_.a_wins - s.matchup_.ties))
      in.Fail("stats.matchup", "a_wins, ties and b_wins do not add up to the games (" + std::to_string(s.games_) + ")");
    if (in.ok() && s.matchup_.a_first > s.games_)
      in.Fail("stats.matchup.a_first", "more than the games (" + std::to_string(s.games_) + ")");
  } else if (in.ok() && j.is_object() && j.contains("matchup")) {
    in.Fail("stats.matchup", "present, but the study's seats play one strategy");
  }
  const json& ends = in.Field(j, "ends", root);
  const json& moves = in.Field(j, "moves", root);
  std::uint64_t ended = 0;
  for (int i = 0; i < 3; ++i) {
    s.ends_[i] = in.U64(in.Field(ends, kEndNames[i], "stats.ends"), std::string("stats.ends.") + kEndNames[i]);
    s.moves_[i] = in.U64(in.Field(moves, kMoveNames[i], "stats.moves"), std::string("stats.moves.") + kMoveNames[i]);
    ended += s.ends_[i];
  }
  if (in.ok() && ended != s.games_) in.Fail("stats.ends", "the ends do not add up to the games");
  const json& figures = in.Field(j, "figures", root);
  for (int f = 0; f < kFigures; ++f) {
    const std::string path = std::string("stats.figures.") + FigureName(Figure(f));
    const json& fig = in.Field(figures, FigureName(Figure(f)), "stats.figures");
    s.moments_[f].sum = in.I64(in.Field(fig, "sum", path), path + ".sum", std::numeric_limits<std::int64_t>::min(),
                               std::numeric_limits<std::int64_t>::max());
    s.moments_[f].sum_squares = in.U64(in.Field(fig, "sum_squares", path), path + ".sum_squares");
  }
  const json& tops = in.Array(in.Field(j, "top_moves", root), "stats.top_moves");
  if (in.ok() && tops.size() > std::size_t(s.config_.top_moves))
    in.Fail("stats.top_moves",
            std::to_string(tops.size()) + " moves, more than the limit " + std::to_string(s.config_.top_moves));
  for (std::size_t i = 0; i < tops.size() && in.ok(); ++i) {
    const std::string path = "stats.top_moves[" + std::to_string(i) + "]";
    TopMove m;
    m.score = int(in.I64(in.Field(tops[i], "score", path), path + ".score", kIntMin, kIntMax));
    m.seed = in.U64(in.Field(tops[i], "seed", path), path + ".seed");
    m.turn = int(in.I64(in.Field(tops[i], "turn", path), path + ".turn", 1, kIntMax));
    m.player = int(in.I64(in.Field(tops[i], "player", path), path + ".player", 0, 1));
    m.move = in.Str(in.Field(tops[i], "move", path), path + ".move");
    m.cgp = in.Str(in.Field(tops[i], "cgp", path), path + ".cgp");
    // Printed as they are (report, report.md): the writer never puts a
    // control character in them, so one is damage or an attack on a terminal.
    for (const auto& [text, field] : {std::pair<const std::string*, const char*>{&m.move, ".move"}, {&m.cgp, ".cgp"}}) {
      for (std::size_t k = 0; k < text->size() && in.ok(); ++k) {
        const auto c = static_cast<unsigned char>((*text)[k]);
        const auto next = k + 1 < text->size() ? static_cast<unsigned char>((*text)[k + 1]) : 0u;
        // C0 controls and DEL as bytes; C1 controls (U+0080..U+009F, a
        // one-character CSI among them) as UTF-8.
        const bool c1 = c == 0xC2 && next >= 0x80 && next <= 0x9F;
        if (c >= 0x20 && c != 0x7F && !c1) continue;
        char code[16];
        std::snprintf(code, sizeof code, c1 ? "U+%04X" : "byte 0x%02x", c1 ? next : unsigned(c));
        in.Fail(path + field, std::string("a control character (") + code + " at " + std::to_string(k) + ")");
      }
    }
    if (in.ok() && !s.top_moves_.empty()) {
      const TopMove& b = s.top_moves_.back();
      if (!(b.score > m.score || (b.score == m.score && (b.seed < m.seed || (b.seed == m.seed && b.turn < m.turn)))))
        in.Fail(path, "out of order (score descending, then seed and turn ascending)");
    }
    s.top_moves_.push_back(std::move(m));
  }
  const json& top_games = in.Field(j, "top_games", root);
  for (int k = 0; k < 3; ++k) {
    const std::string base = std::string("stats.top_games.") + kTopGameNames[k];
    const json& list = in.Array(in.Field(top_games, kTopGameNames[k], "stats.top_games"), base);
    if (in.ok() && list.size() > std::size_t(s.config_.top_games))
      in.Fail(base, std::to_string(list.size()) + " games, more than the limit " + std::to_string(s.config_.top_games));
    for (std::size_t i = 0; i < list.size() && in.ok(); ++i) {
      const std::string path = base + "[" + std::to_string(i) + "]";
      TopGame g;
      g.score = int(in.I64(in.Field(list[i], "score", path), path + ".score", kIntMin, kIntMax));
      g.seed = in.U64(in.Field(list[i], "seed", path), path + ".seed");
      if (in.ok() && !s.top_games_[k].empty()) {
        const TopGame& b = s.top_games_[k].back();
        if (!(b.score > g.score || (b.score == g.score && b.seed < g.seed)))
          in.Fail(path, "out of order (score descending, then seed ascending)");
      }
      s.top_games_[k].push_back(g);
    }
  }
  const json& histograms = in.Field(j, "histograms", root);
  Histogram* hs[6] = {&s.main_lengths_, &s.cross_lengths_, &s.winner_scores_,
                      &s.loser_scores_, &s.move_scores_,   &s.bingos_};
  const std::int64_t lows[6] = {2, 2, kIntMin, kIntMin, kIntMin, 0};
  const std::int64_t highs[6] = {gen::kMaxBoardDim, gen::kMaxBoardDim, kIntMax, kIntMax, kIntMax, 1000000};
  for (int i = 0; i < 6; ++i) {
    const std::string path = std::string("stats.histograms.") + kHistogramNames[i];
    for (const auto& [v, c] :
         in.Pairs(in.Field(histograms, kHistogramNames[i], "stats.histograms"), path, lows[i], highs[i]))
      hs[i]->Add(v, c);
    // Per-game histograms hold one entry per game, per-play ones one per play.
    if (in.ok() && i >= 2 && i != 4 && hs[i]->Total() != s.games_)
      in.Fail(path, "the counts add up to " + std::to_string(hs[i]->Total()) + ", not to the games (" +
                        std::to_string(s.games_) + ")");
    if (in.ok() && (i == 0 || i == 4) && hs[i]->Total() != s.moves_[0])
      in.Fail(path, "the counts add up to " + std::to_string(hs[i]->Total()) + ", not to the plays (" +
                        std::to_string(s.moves_[0]) + ")");
  }
  const json& words = in.Field(j, "words", root);
  const std::uint64_t count = in.U64(in.Field(words, "count", "stats.words"), "stats.words.count");
  if (in.ok() && count != s.word_plays_.size())
    in.Fail("stats.words.count",
            std::to_string(count) + " words, the lexicon has " + std::to_string(s.word_plays_.size()));
  const std::int64_t last = std::int64_t(s.word_plays_.size()) - 1;
  for (const auto& [w, c] : in.Pairs(in.Field(words, "plays", "stats.words"), "stats.words.plays", 0, last))
    s.word_plays_[std::size_t(w)] = c;
  const auto games_with = in.Pairs(in.Field(words, "games", "stats.words"), "stats.words.games", 0, last);
  for (std::size_t i = 0; i < games_with.size() && in.ok(); ++i) {
    const auto& [w, c] = games_with[i];
    if (c > s.word_plays_[std::size_t(w)] || c > s.games_)
      in.Fail("stats.words.games[" + std::to_string(i) + "][1]",
              "word " + std::to_string(w) + " played in more games than plays or games");
    s.word_games_[std::size_t(w)] = c;
  }
  // Every play has one main word: the plays of the words add up to the plays,
  // and a word played was played in at least one game.
  std::uint64_t word_plays = 0;
  for (std::size_t w = 0; w < s.word_plays_.size() && in.ok(); ++w) {
    const std::uint64_t c = s.word_plays_[w];
    word_plays = c > ~std::uint64_t(0) - word_plays ? ~std::uint64_t(0) : word_plays + c;
    if (c > 0 && s.word_games_[w] == 0)
      in.Fail("stats.words.games", "word " + std::to_string(w) + " has plays but no games");
  }
  if (in.ok() && word_plays != s.moves_[0])
    in.Fail("stats.words.plays", "the plays add up to " + std::to_string(word_plays) + ", not to the plays (" +
                                     std::to_string(s.moves_[0]) + ")");
  if (!in.ok()) return in.status;
  // Move the counts in; the config (lexicon, layout, index) stays ours.
  const StatsConfig mine = config_;
  *this = std::move(s);
  config_.lexicon = mine.lexicon, config_.layout = mine.layout, config_.words = mine.words;
  config_.matchup = mine.matchup;
  return Status::Ok();
}

}  // namespace lexc::selfplay
