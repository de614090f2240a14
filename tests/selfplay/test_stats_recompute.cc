// StudyStats against an independent recomputation: greedy games are written
// as GCG, read back by a small GCG reader written here, replayed on a board
// of chars, and every figure is recounted with std::map and sorting; the
// statistics fed the same records must agree.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "../gen/gen_support.h"
#include "lexc/builder.h"
#include "lexc/game/gcg.h"
#include "lexc/game/selfplay.h"
#include "lexc/gen/cgp.h"
#include "lexc/selfplay/report.h"
#include "lexc/selfplay/stats.h"
#include "lexc/wordlist.h"

namespace lexc::selfplay {
namespace {

using gen::test::TestLexicon;

// ---- A GCG reader for what game::WriteGcg emits (one-character labels). ----
struct GcgEvent {
  int player = 0;
  enum Kind { kPlay, kExchange, kPass, kOut, kPenalty } kind = kPass;
  std::string rack, coord, word;  // word: '.' for a played-through square
  int points = 0, total = 0;
};

std::vector<GcgEvent> ReadGcg(const std::string& text) {
  std::vector<GcgEvent> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    REQUIRE(line.rfind(">p", 0) == 0);
    std::istringstream f(line);
    std::vector<std::string> t;
    for (std::string w; f >> w;) t.push_back(w);
    GcgEvent e;
    e.player = t[0] == ">p1:" ? 0 : 1;
    e.total = std::stoi(t.back());
    e.points = std::stoi(t[t.size() - 2]);
    if (t[1][0] == '(') {
      e.kind = GcgEvent::kOut;
      e.rack = t[1].substr(1, t[1].size() - 2);
    } else if (t.size() == 5 && t[2][0] == '(') {
      e.kind = GcgEvent::kPenalty;
      e.rack = t[1];
    } else if (t.size() == 5 && t[2][0] == '-') {
      e.kind = t[2] == "-" ? GcgEvent::kPass : GcgEvent::kExchange;
      e.rack = t[1];
    } else if (t.size() == 4 && t[1][0] == '-') {  // empty rack cannot happen before a move
      FAIL("unexpected line " << line);
    } else {
      REQUIRE(t.size() == 6);
      e.kind = GcgEvent::kPlay;
      e.rack = t[1], e.coord = t[2], e.word = t[3];
    }
    out.push_back(e);
  }
  return out;
}

// ---- The recomputation. ----
struct Expected {
  std::uint64_t games = 0, first_wins = 0, ties = 0;
  std::map<std::string, std::uint64_t> ends, kinds;
  std::map<std::string, std::vector<std::int64_t>> figures;  // every game's value
  struct Move {
    int score;
    std::uint64_t seed;
    int turn, player;
    std::string coord;
    std::vector<std::string> board;  // before the move
    std::string rack;
  };
  std::vector<Move> plays;
  std::vector<std::pair<int, std::uint64_t>> winning, losing, combined;
  std::map<std::int64_t, std::uint64_t> main_len, cross_len, winner, loser, move_score, bingos;
  std::map<std::string, std::uint64_t> word_plays;
  std::map<std::string, std::set<std::uint64_t>> word_games;
};

void Recount(const std::vector<GcgEvent>& events, std::uint64_t seed, int rows, int cols, Expected* x) {
  std::vector<std::string> board(std::size_t(rows), std::string(std::size_t(cols), '.'));
  int turn = 0, bingos = 0, final_total[2] = {0, 0};
  std::string end = "turn_limit";
  for (const GcgEvent& e : events) {
    final_total[e.player] = e.total;
    if (e.kind == GcgEvent::kOut) end = "went_out";
    if (e.kind == GcgEvent::kPenalty) end = "scoreless";
    if (e.kind == GcgEvent::kOut || e.kind == GcgEvent::kPenalty) continue;
    ++turn;
    x->kinds[e.kind == GcgEvent::kPlay ? "play" : e.kind == GcgEvent::kExchange ? "exchange" : "pass"]++;
    if (e.kind != GcgEvent::kPlay) continue;
    // "8D": across from row 8, column D; "D8": down.
    const bool across = std::isdigit(static_cast<unsigned char>(e.coord[0]));
    std::size_t split = 0;
    while (split < e.coord.size() && (std::isdigit(static_cast<unsigned char>(e.coord[split])) == across)) ++split;
    const std::string num = across ? e.coord.substr(0, split) : e.coord.substr(split);
    const std::string letters = across ? e.coord.substr(split) : e.coord.substr(0, split);
    int col = 0;
    for (char c : letters) col = col * 26 + (c - 'A' + 1);
    --col;
    const int row = std::stoi(num) - 1;
    x->plays.push_back({e.points, seed, turn, e.player, e.coord, board, e.rack});
    const int dr = across ? 0 : 1, dc = across ? 1 : 0;
    std::string main;
    int placed = 0;
    for (std::size_t i = 0; i < e.word.size(); ++i) {
      const int r = row + dr * int(i), c = col + dc * int(i);
      char& sq = board[std::size_t(r)][std::size_t(c)];
      if (e.word[i] == '.') {
        REQUIRE(sq != '.');
      } else {
        REQUIRE(sq == '.');
        sq = e.word[i];
        ++placed;
      }
      main += char(std::toupper(static_cast<unsigned char>(sq)));
    }
    // Cross words: the perpendicular run through each new tile.
    for (std::size_t i = 0; i < e.word.size(); ++i) {
      if (e.word[i] == '.') continue;
      int r = row + dr * int(i), c = col + dc * int(i);
      while (r - dc >= 0 && c - dr >= 0 && board[std::size_t(r - dc)][std::size_t(c - dr)] != '.') r -= dc, c -= dr;
      int len = 0;
      while (r < rows && c < cols && board[std::size_t(r)][std::size_t(c)] != '.') ++len, r += dc, c += dr;
      if (len >= 2) x->cross_len[len]++;
    }
    bingos += placed == 7;
    x->main_len[std::int64_t(main.size())]++;
    x->move_score[e.points]++;
    x->word_plays[main]++;
    x->word_games[main].insert(seed);
  }
  const int a = final_total[0], b = final_total[1];
  ++x->games;
  x->first_wins += a > b;
  x->ties += a == b;
  x->ends[end]++;
  const int w = a > b ? a : b, l = a > b ? b : a;
  const std::pair<const char*, std::int64_t> fig[] = {{"turns", turn},    {"bingos", bingos},     {"winner_score", w},
                                                      {"loser_score", l}, {"first_score", a},     {"second_score", b},
                                                      {"spread", w - l},  {"first_spread", a - b}};
  for (const auto& [name, v] : fig) x->figures[name].push_back(v);
  x->winning.push_back({w, seed}), x->losing.push_back({l, seed}), x->combined.push_back({a + b, seed});
  x->winner[w]++, x->loser[l]++, x->bingos[bingos]++;
}

std::map<std::int64_t, std::uint64_t> AsMap(const Histogram& h) {
  std::map<std::int64_t, std::uint64_t> m;
  for (const auto& [v, c] : h.Entries()) m[v] = c;
  return m;
}

std::string Text(const gen::test::Word& w, const Alphabet& a) {
  std::string s;
  for (Tile t : w) s += a.tile(t).label;
  return s;
}

void CheckAgainstRecount(const Lexicon& lex, const gen::test::WordSet& words, int games, std::uint64_t first_seed) {
  const gen::Layout layout = gen::Layout::Standard15();
  gen::MoveGenerator gen = gen::MoveGenerator::Create(lex, layout).value();
  const WordIndex index = WordIndex::Of(lex).value();
  REQUIRE(index.size() == words.size());
  StatsConfig config{&lex, &layout, &index, game::Rules(), "TEST", 5, 4, 20, {}};
  StudyStats stats(config);
  Expected x;
  const Alphabet& a = lex.alphabet();
  for (int i = 0; i < games; ++i) {
    game::SelfPlayOptions o;
    o.seed = first_seed + std::uint64_t(i);
    o.lexicon_name = "TEST";
    const game::GameRecord g = game::PlayGreedyGame(gen, o).value();
    REQUIRE(stats.Add(g).ok());
    Recount(ReadGcg(game::WriteGcg(g, a, "TEST")), o.seed, layout.rows(), layout.cols(), &x);
  }
  REQUIRE(stats.games() == x.games);
  CHECK(stats.first_wins() == x.first_wins);
  CHECK(stats.ties() == x.ties);
  CHECK(stats.ends(game::End::kWentOut) == x.ends["went_out"]);
  CHECK(stats.ends(game::End::kScoreless) == x.ends["scoreless"]);
  CHECK(stats.ends(game::End::kTurnLimit) == x.ends["turn_limit"]);
  CHECK(stats.moves(0) == x.kinds["play"]);
  CHECK(stats.moves(1) == x.kinds["exchange"]);
  CHECK(stats.moves(2) == x.kinds["pass"]);
  for (int f = 0; f < kFigures; ++f) {
    const std::vector<std::int64_t>& v = x.figures[FigureName(Figure(f))];
    double mean = 0, var = 0;
    for (auto e : v) mean += double(e);
    mean /= double(v.size());
    for (auto e : v) var += (double(e) - mean) * (double(e) - mean);
    INFO(FigureName(Figure(f)));
    CHECK(stats.moments(Figure(f)).Mean(stats.games()) == Approx(mean));
    CHECK(stats.moments(Figure(f)).Sd(stats.games()) == Approx(std::sqrt(var / double(v.size() - 1))).margin(1e-9));
  }
  // The top moves: every play sorted by (score desc, seed, turn).
  std::stable_sort(x.plays.begin(), x.plays.end(), [](const auto& p, const auto& q) {
    return p.score != q.score ? p.score > q.score : p.seed != q.seed ? p.seed < q.seed : p.turn < q.turn;
  });
  REQUIRE(stats.top_moves().size() == std::min<std::size_t>(5, x.plays.size()));
  for (std::size_t i = 0; i < stats.top_moves().size(); ++i) {
    const TopMove& m = stats.top_moves()[i];
    const Expected::Move& e = x.plays[i];
    INFO("top move " << i << ": " << m.move << " / " << m.cgp);
    CHECK(m.score == e.score);
    CHECK(m.seed == e.seed);
    CHECK(m.turn == e.turn);
    CHECK(m.player == e.player);
    CHECK(m.move.rfind(e.coord + " ", 0) == 0);
    CHECK(m.move.substr(m.move.rfind(' ') + 1) == std::to_string(e.score));
    // The CGP replays: its board is our board before the move, its first
    // rack the mover's, and the best play there scores the move's score.
    const gen::Position p = gen::ParseCgp(m.cgp, a, layout).value();
    for (int r = 0; r < layout.rows(); ++r)
      for (int c = 0; c < layout.cols(); ++c) {
        const gen::Cell cell = p.board.at(r, c);
        const char want = e.board[std::size_t(r)][std::size_t(c)];
        const char got = cell == gen::kEmpty ? '.'
                         : gen::CellIsBlank(cell)
                             ? char(std::tolower(static_cast<unsigned char>(a.tile(gen::CellTile(cell)).label[0])))
                             : a.tile(gen::CellTile(cell)).label[0];
        REQUIRE(got == want);
      }
    CHECK(p.racks[0] == Rack::Parse(a, e.rack).value());
    CHECK(p.Op("lex") == "TEST");
    gen::MoveGenerator replay = gen::MoveGenerator::Create(lex, layout).value();
    REQUIRE(replay.SetBoard(p.board).ok());
    const std::vector<gen::Play> best = gen::test::Generated(replay, p.racks[0], gen::Algorithm::kGaddag);
    REQUIRE(!best.empty());
    CHECK(best[0].score == m.score);
  }
  const auto check_top = [](std::vector<std::pair<int, std::uint64_t>> want, const std::vector<TopGame>& got) {
    std::sort(want.begin(), want.end(), [](const auto& p, const auto& q) {
      return p.first != q.first ? p.first > q.first : p.second < q.second;
    });
    want.resize(std::min<std::size_t>(want.size(), 4));
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
      CHECK(got[i].score == want[i].first);
      CHECK(got[i].seed == want[i].second);
    }
  };
  check_top(x.winning, stats.top_winning());
  check_top(x.losing, stats.top_losing());
  check_top(x.combined, stats.top_combined());
  CHECK(AsMap(stats.main_word_lengths()) == x.main_len);
  CHECK(AsMap(stats.cross_word_lengths()) == x.cross_len);
  CHECK(AsMap(stats.winner_scores()) == x.winner);
  CHECK(AsMap(stats.loser_scores()) == x.loser);
  CHECK(AsMap(stats.move_scores()) == x.move_score);
  CHECK(AsMap(stats.bingos_per_game()) == x.bingos);
  // Per word, numbered by the model's order (std::set of tile strings).
  std::uint64_t n = 0;
  std::map<int, std::uint64_t> unplayed;
  for (const gen::test::Word& w : words) {
    const std::string t = Text(w, a);
    INFO("word " << t);
    const auto plays = x.word_plays.count(t) ? x.word_plays[t] : 0;
    CHECK(stats.word_plays()[n] == plays);
    CHECK(stats.word_games()[n] == (x.word_games.count(t) ? x.word_games[t].size() : 0));
    if (plays == 0) unplayed[int(w.size())]++;
    ++n;
  }
  const auto by_length = UnplayedWords(stats).value();
  std::map<int, std::uint64_t> got_unplayed;
  for (const auto& u : by_length) got_unplayed[u.length] = u.count;
  CHECK(got_unplayed == unplayed);
  // Most played: by games, then plays, then word order.
  std::vector<std::tuple<std::uint64_t, std::uint64_t, std::string>> order;
  for (const auto& [w, g] : x.word_games) order.emplace_back(g.size(), x.word_plays[w], w);
  std::sort(order.begin(), order.end(), [](const auto& p, const auto& q) {
    if (std::get<0>(p) != std::get<0>(q)) return std::get<0>(p) > std::get<0>(q);
    if (std::get<1>(p) != std::get<1>(q)) return std::get<1>(p) > std::get<1>(q);
    return std::get<2>(p) < std::get<2>(q);  // one-character labels in code order: text order
  });
  const auto most = MostPlayedWords(stats, 20).value();
  REQUIRE(most.size() == std::min<std::size_t>(20, order.size()));
  for (std::size_t i = 0; i < most.size(); ++i) {
    CHECK(most[i].word == std::get<2>(order[i]));
    CHECK(most[i].games == std::get<0>(order[i]));
    CHECK(most[i].plays == std::get<1>(order[i]));
  }
}

}  // namespace

TEST_CASE("stats equal a recomputation from GCG: small random lexicon", "[stats]") {
  std::mt19937_64 rng(4242);
  const TestLexicon tl(gen::test::RandomWords(rng, 2500, 8, 5), gen::test::SmallAlphabet(8));
  CheckAgainstRecount(tl.lexicon(), tl.words(), 300, 1);
}

TEST_CASE("stats equal a recomputation from GCG: English fixture", "[stats]") {
  const TestLexicon tl(gen::test::EnglishFixture("fixtures/english-small.txt"), Alphabet::English());
  CheckAgainstRecount(tl.lexicon(), tl.words(), 200, 1000);
}

TEST_CASE("stats equal a recomputation from GCG: SOWPODS", "[stats][sowpods]") {
  const gen::test::SowpodsImage* sowpods = gen::test::Sowpods();
  if (!sowpods) return;
  const Lexicon& lex = sowpods->lexicon;
  const WordList* words = &sowpods->words;
  gen::test::WordSet set;
  for (std::size_t i = 0; i < words->size(); ++i) set.insert(gen::test::Word((*words)[i].begin(), (*words)[i].end()));
  CheckAgainstRecount(lex, set, 150, 77);
}

}  // namespace lexc::selfplay
