// Derived figures, word lists and report.md (plots: plots.cc).
#include "lexc/selfplay/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>

#include "lexc/io.h"
#include "lexc/query.h"
#include "lexc/tile_text.h"
#include "plots.h"

namespace lexc::selfplay {
namespace {

using nlohmann::json;

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// Markdown table cells: '|' and line breaks would break the row.
std::string Cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out;
}

const char* const kFigureLabels[kFigures] = {"Turns",
                                             "Bingos",
                                             "Winner's score",
                                             "Loser's score",
                                             "First player's score",
                                             "Second player's score",
                                             "Spread (winner − loser)",
                                             "Spread (first − second)"};

}  // namespace

Interval WilsonInterval(double successes, std::uint64_t n, double z) {
  if (n == 0) return {};
  const double nn = double(n), p = successes / nn, z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

json DerivedFigures(const StudyStats& s) {
  json j;
  const std::uint64_t n = s.games();
  j["games"] = n;
  json per_game = json::object();
  for (int f = 0; f < kFigures; ++f) {
    const Moments& m = s.moments(Figure(f));
    per_game[FigureName(Figure(f))] = {{"mean", m.Mean(n)}, {"sd", m.Sd(n)}};
  }
  j["per_game"] = per_game;
  const double wins = double(s.first_wins()) + 0.5 * double(s.ties());
  const Interval ci = WilsonInterval(wins, n);
  j["first_player"] = {{"wins", s.first_wins()},
                       {"ties", s.ties()},
                       {"losses", s.first_losses()},
                       {"win_rate", n ? wins / double(n) : 0.0},
                       {"win_rate_ci95", {ci.low, ci.high}}};
  if (s.config().has_matchup()) {
    const MatchupCounts& m = s.matchup();
    const double a_wins = double(m.a_wins) + 0.5 * double(m.ties);
    const Interval mci = WilsonInterval(a_wins, n);
    const double mean = m.spread.Mean(n), sd = m.spread.Sd(n);
    const double half = n > 1 ? 1.959963984540054 * sd / std::sqrt(double(n)) : 0.0;
    j["matchup"] = {{"a", s.config().matchup[0]},
                    {"b", s.config().matchup[1]},
                    {"a_wins", m.a_wins},
                    {"ties", m.ties},
                    {"b_wins", n - m.a_wins - m.ties},
                    {"a_first", m.a_first},
                    {"a_win_rate", n ? a_wins / double(n) : 0.0},
                    {"a_win_rate_ci95", {mci.low, mci.high}},
                    {"a_spread_mean", mean},
                    {"a_spread_sd", sd},
                    {"a_spread_ci95", {mean - half, mean + half}}};
  }
  j["ends"] = {{"went_out", s.ends(game::End::kWentOut)},
               {"scoreless", s.ends(game::End::kScoreless)},
               {"turn_limit", s.ends(game::End::kTurnLimit)}};
  j["moves"] = {{"play", s.moves(0)}, {"exchange", s.moves(1)}, {"pass", s.moves(2)}};
  return j;
}

Result<std::vector<WordCount>> MostPlayedWords(const StudyStats& s, int n) {
  const auto& plays = s.word_plays();
  const auto& games = s.word_games();
  std::vector<std::uint64_t> order;
  for (std::uint64_t w = 0; w < plays.size(); ++w)
    if (plays[w]) order.push_back(w);
  const auto before = [&](std::uint64_t a, std::uint64_t b) {
    if (games[a] != games[b]) return games[a] > games[b];
    if (plays[a] != plays[b]) return plays[a] > plays[b];
    return a < b;
  };
  const std::size_t k = std::min(order.size(), std::size_t(std::max(n, 0)));
  std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(k), order.end(), before);
  std::vector<WordCount> out;
  std::vector<Tile> tiles;
  for (std::size_t i = 0; i < k; ++i) {
    LEXC_RETURN_IF_ERROR(s.config().words->Word(order[i], &tiles));
    out.push_back({order[i], WriteTileText(s.config().lexicon->alphabet(), tiles), plays[order[i]], games[order[i]]});
  }
  return out;
}

// One pass over the words in order (word numbers follow ForEachWord's
// order, word_index.h), not a number-to-word decoding per unplayed word:
// for SOWPODS and a short study, 0.3 s fewer.
Result<std::vector<UnplayedByLength>> UnplayedWords(const StudyStats& s, std::size_t list_limit) {
  std::vector<UnplayedByLength> by_length;
  const auto& plays = s.word_plays();
  const Alphabet& alphabet = s.config().lexicon->alphabet();
  std::uint64_t number = 0;
  const std::uint64_t visited = ForEachWord(*s.config().lexicon, [&](const WordMatch& m) {
    const std::uint64_t w = number++;
    if (w >= plays.size()) return false;
    if (plays[w]) return true;
    const int len = int(m.tiles.size());
    auto it = std::lower_bound(by_length.begin(), by_length.end(), len,
                               [](const UnplayedByLength& u, int l) { return u.length < l; });
    if (it == by_length.end() || it->length != len) it = by_length.insert(it, UnplayedByLength{len, 0, {}});
    ++it->count;
    if (it->words.size() < list_limit) it->words.push_back(WriteTileText(alphabet, m.tiles));
    return true;
  });
  if (visited != plays.size())
    return Status(Errc::kCorrupt, "the lexicon lists " + std::to_string(visited) + " words, the study counts " +
                                      std::to_string(plays.size()));
  return by_length;
}

std::vector<std::string> StudyOutputPaths(const std::string& dir) {
  const std::filesystem::path d(dir);
  const std::array<std::string, 2> own = StudyFilesIn(dir);
  std::vector<std::string> out(own.begin(), own.end());
  out.push_back((d / "report.md").string());
  for (const char* name : kPlotFileNames) out.push_back((d / "plots" / name).string());
  return out;
}

Status WriteReport(const StudyStats& s, const json& study, const std::string& dir, const ReportOptions& options,
                   ReportOutcome* outcome) {
  ReportOutcome local;
  ReportOutcome& out = outcome ? *outcome : local;
  out = ReportOutcome();
  // report.md (say, a link to stats.json) must not replace the study it reports.
  const std::string path = (std::filesystem::path(dir) / "report.md").string();
  LEXC_RETURN_IF_ERROR(CheckOutputIsNotInput(path, StudyFilesIn(dir)));
  const int top_words = options.top_words > 0 ? options.top_words : s.config().top_words;
  Result<std::vector<WordCount>> most = MostPlayedWords(s, top_words);
  if (!most.ok()) return most.status();
  Result<std::vector<UnplayedByLength>> unplayed = UnplayedWords(s);
  if (!unplayed.ok()) return unplayed.status();

  // Plots first, so the report can link them or say why there are none.
  std::vector<PlotFile> plots;
  if (options.gnuplot.empty()) {
    out.plots_skipped = "no plotting program was given";
  } else {
    Result<std::vector<PlotFile>> drawn = DrawPlots(s, *most, dir, options.gnuplot);
    if (drawn.ok()) {
      plots = std::move(drawn).value();
      out.plots_drawn = true;
      for (const PlotFile& p : plots) out.files.push_back("plots/" + p.name);
    } else {
      out.plots_skipped = drawn.status().detail();
    }
  }

  const std::uint64_t n = s.games();
  const json d = DerivedFigures(s);
  std::string md = "# Self-play study\n\n";
  md += "Generated by `lexc report` from `stats.json` (statistics schema " + std::to_string(kStatsSchema) +
        ", formats/study-stats.md).\n\n## The study\n\n| Fact | Value |\n|---|---|\n";
  if (study.is_object()) {
    // Every scalar of the study, nested ones named by their path
    // ("image.size", "players[0].strategy"); at most kMaxFacts rows.
    constexpr int kMaxFacts = 200;
    int rows = 0;
    const std::function<void(const json&, const std::string&)> facts = [&](const json& v, const std::string& key) {
      if (rows >= kMaxFacts) return;
      if (v.is_object()) {
        for (const auto& [k, x] : v.items()) facts(x, key.empty() ? k : key + "." + k);
      } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) facts(v[i], key + "[" + std::to_string(i) + "]");
      } else {
        ++rows;
        md += "| " + Cell(key) + " | " +
              Cell(v.is_string() ? v.get<std::string>()
                                 : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) +
              " |\n";
      }
    };
    facts(study, "");
  }
  md += "| games counted | " + std::to_string(n) + " |\n";

  md += "\n## Per game\n\n| Figure | Mean | Standard deviation |\n|---|---:|---:|\n";
  for (int f = 0; f < kFigures; ++f) {
    const Moments& m = s.moments(Figure(f));
    md += std::string("| ") + kFigureLabels[f] + " | " + Fixed(m.Mean(n), 2) + " | " + Fixed(m.Sd(n), 2) + " |\n";
  }
  const json& fp = d["first_player"];
  md +=
      "\n## The first player\n\n| Wins | Ties | Losses | Win rate (ties count ½) | 95% interval (Wilson) |\n"
      "|---:|---:|---:|---:|---|\n";
  md += "| " + std::to_string(s.first_wins()) + " | " + std::to_string(s.ties()) + " | " +
        std::to_string(s.first_losses()) + " | " + Fixed(100 * fp["win_rate"].get<double>(), 2) + "% | " +
        Fixed(100 * fp["win_rate_ci95"][0].get<double>(), 2) + "% – " +
        Fixed(100 * fp["win_rate_ci95"][1].get<double>(), 2) + "% |\n";
  if (d.contains("matchup")) {
    const json& m = d["matchup"];
    const std::string a = m["a"].get<std::string>(), b = m["b"].get<std::string>();
    md += "\n## " + a + " against " + b + "\n\nThe seats alternate: game i seats " + a +
          " first when i is even (first game counted from the series' start).\n\n"
          "| " +
          a + " wins | Ties | " + b + " wins | " + a + "'s win rate (ties count ½) | 95% interval (Wilson) | " + a +
          "'s mean spread | 95% interval | " + a + " moved first |\n|---:|---:|---:|---:|---|---:|---|---:|\n";
    md += "| " + m["a_wins"].dump() + " | " + m["ties"].dump() + " | " + m["b_wins"].dump() + " | " +
          Fixed(100 * m["a_win_rate"].get<double>(), 2) + "% | " +
          Fixed(100 * m["a_win_rate_ci95"][0].get<double>(), 2) + "% – " +
          Fixed(100 * m["a_win_rate_ci95"][1].get<double>(), 2) + "% | " + Fixed(m["a_spread_mean"].get<double>(), 2) +
          " | " + Fixed(m["a_spread_ci95"][0].get<double>(), 2) + " – " +
          Fixed(m["a_spread_ci95"][1].get<double>(), 2) + " | " + m["a_first"].dump() + " |\n";
  }
  const auto pct = [](std::uint64_t a, std::uint64_t b) {
    return b ? Fixed(100.0 * double(a) / double(b), 2) + "%" : "–";
  };
  md += "\n## How games ended\n\n| End | Games | Share |\n|---|---:|---:|\n";
  const std::pair<const char*, game::End> ends[] = {{"A player went out", game::End::kWentOut},
                                                    {"Scoreless turns", game::End::kScoreless},
                                                    {"Turn limit", game::End::kTurnLimit}};
  for (const auto& [label, e] : ends)
    md += std::string("| ") + label + " | " + std::to_string(s.ends(e)) + " | " + pct(s.ends(e), n) + " |\n";
  const std::uint64_t all_moves = s.moves(0) + s.moves(1) + s.moves(2);
  md += "\n## Moves by kind\n\n| Kind | Moves | Share |\n|---|---:|---:|\n";
  const char* const kinds[3] = {"Play", "Exchange", "Pass"};
  for (int k = 0; k < 3; ++k)
    md +=
        std::string("| ") + kinds[k] + " | " + std::to_string(s.moves(k)) + " | " + pct(s.moves(k), all_moves) + " |\n";

  md +=
      "\n## The highest-scoring moves\n\nEach position replays with `lexc moves IMAGE --cgp '<CGP>'`.\n\n"
      "| # | Score | Move | Seed | Turn | Player | Position before (CGP) |\n|---:|---:|---|---:|---:|---:|---|\n";
  for (std::size_t i = 0; i < s.top_moves().size(); ++i) {
    const TopMove& m = s.top_moves()[i];
    md += "| " + std::to_string(i + 1) + " | " + std::to_string(m.score) + " | `" + Cell(m.move) + "` | " +
          std::to_string(m.seed) + " | " + std::to_string(m.turn) + " | " + std::to_string(m.player + 1) + " | `" +
          Cell(m.cgp) + "` |\n";
  }
  md +=
      "\n## The highest game scores\n\n| # | Winning (seed) | Losing (seed) | Combined (seed) |\n|---:|---|---|---|\n";
  const std::vector<TopGame>* tops[3] = {&s.top_winning(), &s.top_losing(), &s.top_combined()};
  for (std::size_t i = 0; i < tops[0]->size(); ++i) {
    md += "| " + std::to_string(i + 1);
    for (const auto* t : tops)
      md += i < t->size() ? " | " + std::to_string((*t)[i].score) + " (" + std::to_string((*t)[i].seed) + ")" : " | ";
    md += " |\n";
  }

  md +=
      "\n## Lengths of the words played\n\nMain words (one per play) and cross words (each further word a play "
      "forms) are counted separately.\n\n| Length | Main words | Share | Cross words | Share |\n"
      "|---:|---:|---:|---:|---:|\n";
  const auto main_len = s.main_word_lengths().Entries(), cross_len = s.cross_word_lengths().Entries();
  const std::uint64_t main_total = s.main_word_lengths().Total(), cross_total = s.cross_word_lengths().Total();
  std::int64_t max_len = 0;
  for (const auto& e : main_len) max_len = std::max(max_len, e.first);
  for (const auto& e : cross_len) max_len = std::max(max_len, e.first);
  for (std::int64_t len = 2; len <= max_len; ++len) {
    std::uint64_t a = 0, b = 0;
    for (const auto& e : main_len) a += e.first == len ? e.second : 0;
    for (const auto& e : cross_len) b += e.first == len ? e.second : 0;
    md += "| " + std::to_string(len) + " | " + std::to_string(a) + " | " + pct(a, main_total) + " | " +
          std::to_string(b) + " | " + pct(b, cross_total) + " |\n";
  }
  md += "\n## Bingos per game\n\n| Bingos | Games | Share |\n|---:|---:|---:|\n";
  for (const auto& [v, c] : s.bingos_per_game().Entries())
    md += "| " + std::to_string(v) + " | " + std::to_string(c) + " | " + pct(c, n) + " |\n";

  md += "\n## The most-played words\n\n| # | Word | Games | Played in | Plays |\n|---:|---|---:|---|---:|\n";
  for (std::size_t i = 0; i < most->size(); ++i) {
    const WordCount& w = (*most)[i];
    md += "| " + std::to_string(i + 1) + " | " + Cell(w.word) + " | " + std::to_string(w.games) + " | 1 game of " +
          Fixed(double(n) / double(w.games), 1) + " | " + std::to_string(w.plays) + " |\n";
  }
  md += "\n## Words never played\n\nAs a main word, out of " + std::to_string(s.word_plays().size()) +
        " words of the lexicon.\n\n| Length | Never played | Words |\n|---:|---:|---|\n";
  for (const UnplayedByLength& u : *unplayed) {
    std::string list;
    for (const std::string& w : u.words) list += (list.empty() ? "" : " ") + w;
    if (u.count > u.words.size()) list = "the first " + std::to_string(u.words.size()) + ": " + list + " …";
    md += "| " + std::to_string(u.length) + " | " + std::to_string(u.count) + " | " + Cell(list) + " |\n";
  }

  md += "\n## Plots\n\n";
  if (out.plots_drawn) {
    for (const PlotFile& p : plots) md += "### " + p.title + "\n\n![" + p.title + "](plots/" + p.name + ")\n\n";
  } else {
    md += "Plots were skipped: " + out.plots_skipped + "\n";
  }
  LEXC_RETURN_IF_ERROR(WriteFileAtomic(path, std::as_bytes(std::span(md.data(), md.size()))));
  out.files.insert(out.files.begin(), "report.md");
  return Status::Ok();
}

}  // namespace lexc::selfplay
