// Fuzz target: arbitrary bytes as a CGP position, a board file and a layout
// file (libgen's parsers), and move generation on every position that parses.
//
// Each parse either fails with an error naming its field or source ("cgp
// ...", "fuzz.txt:..."), or succeeds; then writing the result and parsing it
// again gives the same text (CGP, board file) or the same layout.
//
// A parsed position's board, however odd (floating tiles, non-words, no tile
// on the start square), goes to a MoveGenerator over a small built-in
// lexicon (with English scores, and again with every letter worth 4000, near
// the score bound), with the rack of the player to move. The GADDAG and DAWG
// generators must list the same plays; every play's main word and each cross
// word it makes must be in the word set (checked here on a copy of the board,
// independently of the generator); Best and Top agree with the full list; and
// after Apply(best) the incremental analysis equals a fresh SetBoard's.
//
// Records stay records: whatever is written (a parsed position, and a GCG
// game and a CGP position whose names and operations are the input's bytes)
// is one line per record with no control byte (< 0x20, 0x7F) and no text
// RecordTextProblem refuses, and reads back with the same operations.
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "lexc/alphabet.h"
#include "lexc/builder.h"
#include "lexc/escape.h"
#include "lexc/game/gcg.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/layout.h"
#include "lexc/gen/move.h"
#include "lexc/gen/movegen.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;

const Alphabet& English() {
  static const Alphabet a = Alphabet::English();
  return a;
}
const gen::Layout& Standard() {
  static const gen::Layout l = gen::Layout::Standard15();
  return l;
}

using Word = std::vector<Tile>;

// A small fixed lexicon: every two-letter string over AEIORSTN (dense, so
// boards connect) and 400 pseudo-random words of 3..8 letters drawn with
// English letter frequencies.
const std::set<Word>& Words() {
  static const std::set<Word> words = [] {
    std::set<Word> w;
    const std::string dense = "AEIORSTN";
    for (char a : dense)
      for (char b : dense) w.insert({static_cast<Tile>(a - 'A' + 1), static_cast<Tile>(b - 'A' + 1)});
    const std::string pool =
        "EEEEEEEEEEEEAAAAAAAAAIIIIIIIIIOOOOOOOONNNNNNRRRRRRTTTTTTLLLLSSSSUUUUDDDDGGGBBCCMMPPFFHHVVWWYYKJXQZ";
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    auto next = [&] {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      return x;
    };
    while (w.size() < 464) {
      Word word(3 + next() % 6);
      for (Tile& t : word) t = static_cast<Tile>(pool[next() % pool.size()] - 'A' + 1);
      w.insert(std::move(word));
    }
    return w;
  }();
  return words;
}

// The word set as a verified image over `alphabet`.
Lexicon MakeLexicon(const Alphabet& alphabet, std::vector<std::byte>* image) {
  auto built = BuildImage(WordList::FromUnsorted({Words().begin(), Words().end()}), alphabet, BuildOptions{});
  FUZZ_CHECK_MSG(built.ok(), built.status().ToString());
  *image = std::move(built).value();
  auto l = Lexicon::FromBytes(*image);
  FUZZ_CHECK_MSG(l.ok() && l->Verify().ok(), "built-in lexicon");
  return std::move(l).value();
}

const Lexicon& Lex() {
  static std::vector<std::byte> image;
  static const Lexicon lex = MakeLexicon(English(), &image);
  return lex;
}

// The same words with every letter worth 4000: scores reach about 4 x 10^8,
// close to the bound MoveGenerator::Create enforces, so any arithmetic that
// could overflow on the way would show here (UBSan).
const Lexicon& HeavyLex() {
  static std::vector<std::byte> image;
  static const Lexicon lex = [] {
    std::vector<TileInfo> tiles;
    for (int t = 1; t <= English().size(); ++t) {
      TileInfo info = English().tile(static_cast<Tile>(t));
      info.score = 4000;
      tiles.push_back(info);
    }
    auto heavy = Alphabet::FromTiles("heavy", tiles, English().blank_count(), 0);
    FUZZ_CHECK(heavy.ok());
    return MakeLexicon(*heavy, &image);
  }();
  return lex;
}

bool IsWord(const gen::Board& b, int row, int col, int dr, int dc, Word* out) {
  out->clear();
  while (b.InRange(row - dr, col - dc) && b.at(row - dr, col - dc) != gen::kEmpty) row -= dr, col -= dc;
  for (; b.InRange(row, col) && b.at(row, col) != gen::kEmpty; row += dr, col += dc)
    out->push_back(gen::CellTile(b.at(row, col)));
  return out->size() < 2 || Words().count(*out) > 0;
}

// The play's words, read off a copy of the board with the play applied.
void CheckPlayWords(const gen::Board& board, const gen::Play& p) {
  gen::Board after = board;
  const Status st = gen::ApplyPlay(p, &after);
  FUZZ_CHECK_MSG(st.ok(), st.ToString());
  const int dr = p.dir == gen::Dir::kAcross ? 0 : 1, dc = 1 - dr;
  Word w, cross;
  FUZZ_CHECK(p.length >= 2 && p.placed >= 1);
  FUZZ_CHECK_MSG(IsWord(after, p.RowAt(0), p.ColAt(0), dr, dc, &w) && w.size() == p.length, "main word");
  for (int i = 0; i < p.length; ++i) {
    FUZZ_CHECK(gen::CellTile(p.cells[i]) == w[static_cast<std::size_t>(i)]);
    FUZZ_CHECK((board.at(p.RowAt(i), p.ColAt(i)) != gen::kEmpty) == p.IsThrough(i));
    if (!p.IsThrough(i)) FUZZ_CHECK_MSG(IsWord(after, p.RowAt(i), p.ColAt(i), dc, dr, &cross), "cross word");
  }
}

void CheckAnalysis(const gen::BoardAnalysis& a, const gen::BoardAnalysis& b) {
  const gen::Board& board = a.board();
  FUZZ_CHECK(board == b.board());
  for (int r = 0; r < board.rows(); ++r)
    for (int c = 0; c < board.cols(); ++c) {
      FUZZ_CHECK(a.IsAnchor(r, c) == b.IsAnchor(r, c));
      if (board.at(r, c) != gen::kEmpty) continue;
      for (gen::Dir d : {gen::Dir::kAcross, gen::Dir::kDown}) {
        FUZZ_CHECK(a.CrossSet(r, c, d) == b.CrossSet(r, c, d));
        FUZZ_CHECK(a.CrossSum(r, c, d) == b.CrossSum(r, c, d));
        FUZZ_CHECK(a.HasCross(r, c, d) == b.HasCross(r, c, d));
      }
    }
}

void GenerateMoves(const gen::Position& pos, const Lexicon& lex) {
  auto gen = gen::MoveGenerator::Create(lex, Standard(), pos.BingoBonus());
  if (!gen.ok()) {  // a bingo bonus (bb) so big that scores could overflow
    FUZZ_CHECK_MSG(gen.status().code() == Errc::kLimit, gen.status().ToString());
    return;
  }
  const Status set = gen->SetBoard(pos.board);
  FUZZ_CHECK_MSG(set.ok(), set.ToString());  // a parsed board fits its layout and alphabet
  if (pos.racks.empty() || pos.racks[0].empty()) return;
  const Rack& rack = pos.racks[0];

  std::vector<gen::Play> by_alg[2];
  for (gen::Algorithm alg : {gen::Algorithm::kGaddag, gen::Algorithm::kDawg}) {
    auto& plays = by_alg[alg == gen::Algorithm::kDawg];
    const std::uint64_t n = gen->Generate(rack, alg, [&](const gen::Play& p) {
      plays.push_back(p);
      return plays.size() < 20000;  // bounded work per input
    });
    FUZZ_CHECK(n == plays.size());
    std::sort(plays.begin(), plays.end(), gen::BetterPlay);
    FUZZ_CHECK(std::adjacent_find(plays.begin(), plays.end()) == plays.end());  // each play once
  }
  if (by_alg[0].size() >= 20000 || by_alg[1].size() >= 20000) return;  // stopped early: sets may differ
  FUZZ_CHECK_MSG(by_alg[0] == by_alg[1],
                 "GADDAG " + std::to_string(by_alg[0].size()) + " plays, DAWG " + std::to_string(by_alg[1].size()));
  const std::vector<gen::Play>& plays = by_alg[0];
  FUZZ_CHECK(gen->Count(rack, gen::Algorithm::kGaddag) == plays.size());
  for (const gen::Play& p : plays) {
    CheckPlayWords(pos.board, p);
    FUZZ_CHECK(rack.Contains(p.Tiles()));
  }

  gen::Play best;
  FUZZ_CHECK(gen->Best(rack, gen::Algorithm::kGaddag, &best) == !plays.empty());
  if (plays.empty()) return;
  FUZZ_CHECK(best == plays[0]);
  std::vector<gen::Play> top;
  gen->Top(rack, gen::Algorithm::kDawg, 5, &top);
  FUZZ_CHECK(
      std::equal(top.begin(), top.end(), plays.begin(), plays.begin() + std::min<std::size_t>(5, plays.size())) &&
      top.size() == std::min<std::size_t>(5, plays.size()));

  const gen::BoardAnalysis before = gen->analysis();
  const Status applied = gen->Apply(best);
  FUZZ_CHECK_MSG(applied.ok(), applied.ToString());
  auto fresh = gen::MoveGenerator::Create(lex, Standard(), pos.BingoBonus());
  FUZZ_CHECK(fresh.ok() && fresh->SetBoard(gen->board()).ok());
  CheckAnalysis(gen->analysis(), fresh->analysis());
  FUZZ_CHECK(gen->analysis() == fresh->analysis());
  FUZZ_CHECK(gen->Undo().ok() && gen->analysis() == before);  // exactly the state before Apply
}

// One record line: no byte a terminal or a line reader would act on, and
// nothing RecordTextProblem refuses.
void CheckRecordLine(std::string_view line) {
  for (unsigned char c : line) FUZZ_CHECK_MSG(c >= 0x20 && c != 0x7F, EscapeText(line));
  FUZZ_CHECK_MSG(RecordTextProblem(line).empty(), EscapeText(line));
}

// The input's bytes as names in a GCG game and as CGP operations.
void WriteNames(std::string_view text) {
  const std::size_t third = text.size() / 3;
  game::GameRecord g;
  g.players = {std::string(text.substr(0, third)), std::string(text.substr(third, third))};
  g.title = std::string(text.substr(2 * third));
  const std::string gcg = game::WriteGcg(g, English(), std::string(text));
  std::size_t lines = 0;
  for (std::size_t at = 0; at < gcg.size(); ++lines) {
    const std::size_t end = gcg.find('\n', at);
    FUZZ_CHECK(end != std::string::npos);  // every record ends its line
    const std::string_view line = std::string_view(gcg).substr(at, end - at);
    FUZZ_CHECK_MSG(!line.empty() && line[0] == '#', EscapeText(line));  // no events: pragmas only
    CheckRecordLine(line);
    at = end + 1;
  }
  FUZZ_CHECK(lines == (text.empty() ? 4u : 5u));

  static const gen::Position base = [] {
    auto p = gen::ParseCgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/CD 0/0 0", English(), Standard());
    FUZZ_CHECK(p.ok());
    return std::move(p).value();
  }();
  gen::Position p = base;
  p.SetOp("lex", std::string(text.substr(0, third)));
  // "x" first: never an opcode whose operand must be a count (bb, etl, mcnz).
  p.SetOp("x" + std::string(text.substr(third, third)), std::string(text.substr(2 * third)));
  const std::string cgp = gen::WriteCgp(p, English());
  CheckRecordLine(cgp);
  auto back = gen::ParseCgp(cgp, English(), Standard());
  FUZZ_CHECK_MSG(back.ok(), EscapeText(cgp) + " -> " + back.status().ToString());
  FUZZ_CHECK_MSG(back->ops.size() == p.ops.size(), EscapeText(cgp));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  if (auto p = gen::ParseCgp(text, English(), Standard()); p.ok()) {
    const std::string once = gen::WriteCgp(*p, English());
    CheckRecordLine(once);
    auto again = gen::ParseCgp(once, English(), Standard());
    FUZZ_CHECK_MSG(again.ok(), once + " -> " + again.status().ToString());
    FUZZ_CHECK_MSG(gen::WriteCgp(*again, English()) == once, once);
    GenerateMoves(*p, Lex());
    GenerateMoves(*p, HeavyLex());
  } else {
    FUZZ_CHECK_MSG(p.status().detail().rfind("cgp", 0) == 0, p.status().detail());
  }

  if (auto b = gen::ParseBoardFile(text, "fuzz.txt", English(), Standard()); b.ok()) {
    const std::string once = gen::WriteBoardFile(*b, English());
    auto again = gen::ParseBoardFile(once, "again.txt", English(), Standard());
    FUZZ_CHECK_MSG(again.ok(), again.status().ToString());
    FUZZ_CHECK(gen::WriteBoardFile(*again, English()) == once);
  } else {
    FUZZ_CHECK_MSG(b.status().detail().find("fuzz.txt") != std::string::npos, b.status().detail());
  }

  if (auto l = gen::Layout::Parse(text, "fuzz.txt"); l.ok()) {
    auto again = gen::Layout::Parse(l->ToText(), "again.txt");
    FUZZ_CHECK_MSG(again.ok(), again.status().ToString());
    FUZZ_CHECK(*again == *l);
  } else {
    FUZZ_CHECK_MSG(l.status().detail().find("fuzz.txt") != std::string::npos, l.status().detail());
  }
  WriteNames(text);
  return 0;
}
