// Fuzz target: arbitrary bytes as a Boggle board (boggle::ParseGrid) and a
// board size (boggle::ParseShape); the first byte picks the alphabet:
// English (the Qu rule), a Spanish-like one (CH, LL, RR, Ñ beside C, L, R,
// N; Q and U, so the Qu rule too) or a Catalan-like one (a QU tile, L·L).
//
// A parse fails with bad input naming the board, or gives a board of 1..8
// rows and columns whose cubes are 1 or 2 valid tiles (2 only for the Qu
// face). WriteGrid's text parses back to the same board; Canonical is
// idempotent and gives the same form for every symmetric board. On boards of
// at most 12 cubes the solver (over a small built-in lexicon of each
// alphabet, DAWG and GADDAG-only images) finds exactly the words of a
// brute-force search written here, each once, and Score equals Solve.
#include <cstdint>
#include <cstring>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "lexc/alphabet.h"
#include "lexc/boggle/grid.h"
#include "lexc/boggle/solver.h"
#include "lexc/builder.h"
#include "lexc/lexicon.h"
#include "lexc/wordlist.h"

namespace {

using namespace lexc;
using Word = std::vector<Tile>;

constexpr std::string_view kSpanish = R"(name spanish-like
A 1 1
C 1 1
CH 1 1
E 1 1
L 1 1
LL 1 1
N 1 1
Ñ 1 1
O 1 1
Q 1 1
R 1 1
RR 1 1
S 1 1
U 1 1
)";
constexpr std::string_view kCatalan = R"(name catalan-like
A 1 1
E 1 1
L 1 1
L·L 1 1
QU 1 1
S 1 1
)";

struct Setup {
  Alphabet alphabet;
  std::set<Word> words;
  std::vector<std::uint64_t> dawg_store, gaddag_store;
  Lexicon dawg, gaddag;
  boggle::Solver dawg_solver, gaddag_solver;
};

Lexicon Open(const std::vector<std::byte>& bytes, std::vector<std::uint64_t>* store) {
  store->resize((bytes.size() + 7) / 8);
  std::memcpy(store->data(), bytes.data(), bytes.size());
  return Lexicon::FromBytes({reinterpret_cast<const std::byte*>(store->data()), bytes.size()}).value();
}

Setup* Make(Alphabet a, std::initializer_list<const char*> list) {
  auto* s = new Setup{std::move(a), {}, {}, {}, {}, {}, {}, {}};
  std::vector<Word> words;
  for (const char* text : list) {
    Word w;
    FUZZ_CHECK(s->alphabet.Tokenize(text, &w, nullptr));
    words.push_back(w);
    s->words.insert(w);
  }
  const WordList wl = WordList::FromUnsorted(words);
  BuildOptions o;
  o.gaddag = false;
  s->dawg = Open(BuildImage(wl, s->alphabet, o).value(), &s->dawg_store);
  o.gaddag = true;
  o.dawg = false;
  s->gaddag = Open(BuildImage(wl, s->alphabet, o).value(), &s->gaddag_store);
  s->dawg_solver = boggle::Solver::Create(s->dawg, {2}).value();
  s->gaddag_solver = boggle::Solver::Create(s->gaddag, {2}).value();
  return s;
}

Setup& Pick(std::uint8_t which) {
  static Setup* en =
      Make(Alphabet::English(),
           {"QUIT", "QUITE", "QUIET", "QI",  "CAT",  "CATS", "ACT",  "TACT", "SCAT", "TAT",  "AA",    "AAA",   "AAAA",
            "EAT",  "TEA",   "ETA",   "ATE", "SEAT", "EAST", "SATE", "TEAS", "QUA",  "AQUA", "SQUAT", "SQUATS"});
  static Setup* es = Make(Alphabet::Parse(kSpanish, "spanish").value(),
                          {"CALLE", "CALLES", "CARRO", "CHE", "NOCHE", "AÑO", "SEÑAL", "QUESO", "COLA", "LLANO",
                           "CORRAL", "ALA", "ACHE", "QUE", "ASA", "ROCA"});
  static Setup* ca = Make(Alphabet::Parse(kCatalan, "catalan").value(),
                          {"QUE", "QUES", "SEQUES", "AL·LE", "ALA", "ALES", "SAL", "SALA", "LLES"});
  return which % 3 == 0 ? *en : which % 3 == 1 ? *es : *ca;
}

// The brute-force model: every path of distinct adjacent cubes, cut when no
// word of the set starts with its spelling.
std::set<Word> Model(const boggle::Grid& b, const std::set<Word>& words, int min_len) {
  std::set<Word> found;
  std::vector<bool> used(std::size_t(b.cells()), false);
  Word spelled;
  std::function<void(int, int)> from = [&](int r, int c) {
    const std::size_t before = spelled.size();
    const boggle::Cube& cube = b.at(r, c);
    spelled.insert(spelled.end(), cube.tiles, cube.tiles + cube.size);
    const auto it = words.lower_bound(spelled);
    if (it != words.end() && it->size() >= spelled.size() && std::equal(spelled.begin(), spelled.end(), it->begin())) {
      if (int(spelled.size()) >= min_len && words.count(spelled)) found.insert(spelled);
      used[std::size_t(r * b.cols + c)] = true;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int rr = r + dr, cc = c + dc;
          if (rr >= 0 && cc >= 0 && rr < b.rows && cc < b.cols && !used[std::size_t(rr * b.cols + cc)]) from(rr, cc);
        }
      used[std::size_t(r * b.cols + c)] = false;
    }
    spelled.resize(before);
  };
  for (int r = 0; r < b.rows; ++r)
    for (int c = 0; c < b.cols; ++c) from(r, c);
  return found;
}

void CheckSolver(boggle::Solver& solver, const boggle::Grid& b, const std::set<Word>& words) {
  const std::set<Word> want = Model(b, words, solver.min_len());
  const int score = solver.Solve(b);
  std::set<Word> got;
  int points = 0;
  for (const boggle::FoundWord& w : solver.words()) {
    const auto t = solver.word_tiles(w);
    FUZZ_CHECK(got.insert(Word(t.begin(), t.end())).second);
    points += boggle::PointsForLength(w.length);
  }
  FUZZ_CHECK(got == want);
  FUZZ_CHECK(points == score);
  FUZZ_CHECK(solver.Score(b) == score);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  Setup& s = Pick(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  int rows = 0, cols = 0;
  const Status shape = boggle::ParseShape(text, &rows, &cols);
  if (shape.ok())
    FUZZ_CHECK(boggle::CheckShape(rows, cols).ok());
  else
    FUZZ_CHECK(lexc::fuzz::IsReportedError(shape) && shape.code() == Errc::kBadInput);

  const Result<boggle::Grid> parsed = boggle::ParseGrid(s.alphabet, text);
  if (!parsed.ok()) {
    FUZZ_CHECK(lexc::fuzz::IsReportedError(parsed.status()));
    FUZZ_CHECK(parsed.status().code() == Errc::kBadInput);
    FUZZ_CHECK(parsed.status().detail().find("board") != std::string::npos);
    return 0;
  }
  const boggle::Grid& b = *parsed;
  FUZZ_CHECK(boggle::CheckShape(b.rows, b.cols).ok());
  const boggle::Faces faces(s.alphabet);
  for (int i = 0; i < b.cells(); ++i) {
    const boggle::Cube& c = b.cubes[std::size_t(i)];
    FUZZ_CHECK(c.size == 1 ||
               (c.size == 2 && faces.q_reads_qu() && c.tiles[0] == faces.q() && c.tiles[1] == faces.u()));
    for (int k = 0; k < c.size; ++k) FUZZ_CHECK(c.tiles[k] >= 1 && c.tiles[k] <= s.alphabet.size());
  }
  const std::string written = boggle::WriteGrid(s.alphabet, b);
  const Result<boggle::Grid> again = boggle::ParseGrid(s.alphabet, written);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(*again == b);
  const boggle::Grid canonical = boggle::Canonical(b);
  FUZZ_CHECK(boggle::Canonical(canonical) == canonical);
  if (b.cells() <= 12) {
    CheckSolver(s.dawg_solver, b, s.words);
    CheckSolver(s.gaddag_solver, b, s.words);
  }
  return 0;
}
