// lexc moves -- every legal move of a position, best first.
//
// The position is a CGP record (--cgp, or --cgp-file with one record a line)
// or a board file with --rack. Plays come sorted by score (BetterPlay order),
// then the exchanges (when the bag allows them) and the pass, all scoring 0.
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "cli_checks.h"
#include "lexc/game/rules.h"
#include "lexc/gen/cgp.h"
#include "lexc/gen/position.h"
#include "lexc/io.h"
#include "play_common.h"
#include "progress.h"

namespace lexc::cli {
namespace {

struct MovesArgs {
  std::string image, cgp, cgp_file, board, rack;
  GameOptions game;
  std::size_t top = 0;  // 0: all
  bool json = false, plays_only = false, stats = false, count = false, quiet = false;
  int show = -1;  // --show [N]: -1 off, 0 the position, N the N-th move listed on it
  ScreenOptions screen;
};

struct Input {
  std::string label;  // how headings name the position (the CGP record, or the board file)
  gen::Position position;
};

// --rack, parsed and checked on its own so that its errors name the option.
Rack ParseRackOption(const std::string& text, const Alphabet& abc) {
  Result<Rack> rack = Rack::Parse(abc, text);
  if (!rack.ok()) Fail("--rack: " + rack.status().detail(), 2);
  if (Status st = gen::ValidateRack(*rack, abc); !st.ok()) Fail("--rack: " + st.detail(), 2);
  return *rack;
}

// A CGP record, with --rack in place of the record's rack when given.
Result<gen::Position> ParseRecord(const MovesArgs& a, std::string_view line, const Alphabet& abc,
                                  const gen::Layout& layout) {
  Result<gen::Position> p = gen::ParseCgp(line, abc, layout);
  if (!p.ok() || a.rack.empty()) return p;
  p->racks[0] = ParseRackOption(a.rack, abc);
  if (Status st = gen::ValidatePosition(*p, layout, abc); !st.ok()) return st;
  return p;
}

// The records of a --cgp-file: (line number, record), blank and # lines left out.
class Lister {
 public:
  Lister(const MovesArgs& a, const Lexicon& lex, const gen::Layout& layout)
      : a_(a),
        abc_(lex.alphabet()),
        gen_(MakeGenerator(lex, layout, gen::kDefaultBingoBonus)),
        alg_(ChooseAlgorithm(a.game.algorithm, lex)) {}

  // Output is streamed: each position's moves are written before the next
  // position is read, and --json writes the array an object at a time.
  void Begin(bool headed) {
    headed_ = headed;
    if (a_.json) out_.buf() += '[';
  }
  void Add(const Input& in) {
    if (!a_.json && !a_.count && headed_) out_.buf() += (listed_ ? "\n# " : "# ") + in.label + "\n";
    List(in.position);
    ++listed_;
    if (flush_each_) out_.Flush();
  }
  // Records from a pipe or terminal: each list goes out as soon as it is
  // made, not when the buffer fills (a reader may wait for it).
  void FlushEach(bool on) { flush_each_ = on; }
  // A record that does not read: named on stderr (and in the --json array),
  // and the batch goes on.
  void Bad(const std::string& file, int line, const std::string& error) {
    std::fprintf(stderr, "lexc moves: %s\n",
                 EscapeText(file + ":" + std::to_string(line) + ": " + error, '\0', std::string::npos).c_str());
    if (a_.json) Json({{"ok", false}, {"file", file}, {"line", line}, {"error", error}});
    if (a_.count) out_.buf() += "-\n";  // its line of counts, so the others stay in step with the records
    if (flush_each_) out_.Flush();
  }
  // The input failed after the --json array began: the error as its last
  // element, so that standard output stays one valid array.
  void Broken(const std::string& error) {
    if (a_.json) Json({{"ok", false}, {"error", error}});
  }
  void End() {
    if (a_.json) out_.buf() += "]\n";
    out_.Flush();
  }

 private:
  void List(const gen::Position& p) {
    Check(gen_.SetPosition(p));  // board and bingo bonus
    const Rack& rack = p.racks[0];
    if (a_.count) {  // the number of moves listed, as query --count
      std::vector<gen::Move> non_plays;
      game::AppendNonPlays(p, abc_, &non_plays);
      std::uint64_t n = gen_.Count(rack, alg_) + (a_.plays_only ? 0 : non_plays.size());
      if (a_.top) n = std::min<std::uint64_t>(n, a_.top);
      out_.buf() += std::to_string(n) + "\n";
      out_.MaybeFlush();
      return;
    }
    const Stopwatch clock;
    std::uint64_t plays_found = 0;
    plays_.clear();
    if (a_.top) {
      gen_.Top(rack, alg_, a_.top, &plays_);  // best-first: examines only some plays
    } else {
      plays_found = gen_.Generate(rack, alg_, [&](const gen::Play& play) { plays_.push_back(play); });
      std::sort(plays_.begin(), plays_.end(), gen::BetterPlay);
    }
    const double seconds = clock.Seconds();
    if (a_.top && (a_.json || a_.stats)) plays_found = gen_.Count(rack, alg_);
    std::vector<gen::Move> moves;
    for (const gen::Play& play : plays_) moves.push_back(gen::Move::FromPlay(play));
    const int bag = gen::BagSize(p, abc_);
    std::vector<gen::Move> non_plays;  // the exchanges the rules allow, then the pass
    game::AppendNonPlays(p, abc_, &non_plays);
    const std::uint64_t exchanges = non_plays.size() - 1;
    if (!a_.plays_only) moves.insert(moves.end(), non_plays.begin(), non_plays.end());
    const std::uint64_t total = plays_found + (a_.plays_only ? 0 : exchanges + 1);
    if (a_.top && moves.size() > a_.top) moves.resize(a_.top);
    if (a_.stats)
      std::fprintf(stderr, "lexc moves: %s plays, %s exchanges (bag %d), %s: %s ms\n", Thousands(plays_found).c_str(),
                   Thousands(exchanges).c_str(), bag, gen::AlgorithmName(alg_), Fixed(seconds * 1e3, 3).c_str());
    if (a_.json) return AddJson(p, moves, plays_found, exchanges, bag, total);
    if (a_.show > 0 && std::size_t(a_.show) > moves.size())
      Fail("--show " + std::to_string(a_.show) + ": only " + std::to_string(moves.size()) + " moves are listed");
    Text(moves);
    if (a_.show >= 0) Show(p, moves);
  }

  // --show: the position, or the N-th move listed played on it (its new
  // tiles highlighted, the mover's score raised by it).
  void Show(const gen::Position& p, const std::vector<gen::Move>& moves) {
    gen::Position drawn = p;
    gen::RenderOptions o = ScreenRenderOptions(a_.screen);
    std::string& buf = out_.buf();
    buf += '\n';
    if (a_.show > 0) {
      const gen::Move& m = moves[std::size_t(a_.show) - 1];
      buf += "move " + std::to_string(a_.show) + ": " + gen::FormatMove(m, abc_) + "\n";
      if (m.kind == gen::Move::Kind::kPlay) {
        Check(gen::ApplyPlay(m.play, &drawn.board));
        o.highlight = gen::NewSquares(m.play);
        if (!drawn.scores.empty()) drawn.scores[0] += m.play.score;
        // The tiles played leave the rack (no draw shown: the bag is hidden).
        const Rack tiles = m.play.Tiles();
        for (int t = 1; t <= gen::kMaxGenTile; ++t)
          for (int n = tiles.count(static_cast<Tile>(t)); n > 0; --n) drawn.racks[0].Remove(static_cast<Tile>(t));
        for (int n = tiles.blanks(); n > 0; --n) drawn.racks[0].RemoveBlank();
      }
      // The mover's view after the move, before the draw: not "to move".
      o.player_names = {"just moved", "opponent"};
    }
    buf += gen::RenderPosition(drawn, gen_.layout(), abc_, o);
  }

  void Text(const std::vector<gen::Move>& moves) {
    std::size_t coord_w = 0, word_w = 0;
    std::vector<std::pair<std::string, std::string>> cells;
    for (const gen::Move& m : moves) {
      if (m.kind == gen::Move::Kind::kPlay)
        cells.emplace_back(gen::Coordinate(m.play.row, m.play.col, m.play.dir), gen::PlayWord(m.play, abc_));
      else if (m.kind == gen::Move::Kind::kExchange)
        cells.emplace_back("exch", m.exchange.ToString(abc_));
      else
        cells.emplace_back("pass", "");
      coord_w = std::max(coord_w, cells.back().first.size());
      word_w = std::max(word_w, cells.back().second.size());
    }
    std::string& buf = out_.buf();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto& [coord, word] = cells[i];
      buf += coord;
      buf.append(coord_w - coord.size() + 1, ' ');
      buf += word;
      buf.append(word_w - word.size() + 1, ' ');
      buf += std::to_string(moves[i].score());
      buf += '\n';
      out_.MaybeFlush();
    }
  }

  void AddJson(const gen::Position& p, const std::vector<gen::Move>& moves, std::uint64_t plays,
               std::uint64_t exchanges, int bag, std::uint64_t total) {
    JsonValue listed = JsonValue::array();
    for (const gen::Move& m : moves) {
      JsonValue j = {{"move", gen::FormatMove(m, abc_)}};
      if (m.kind == gen::Move::Kind::kPlay) {
        const gen::Play& play = m.play;
        j["kind"] = "play";
        j["coordinate"] = gen::Coordinate(play.row, play.col, play.dir);
        j["direction"] = play.dir == gen::Dir::kAcross ? "across" : "down";
        j["row"] = play.row + 1;
        j["column"] = gen::ColumnName(play.col);
        j["word"] = gen::PlayWord(play, abc_);
        j["tiles"] = play.Tiles().ToString(abc_);
        j["placed"] = play.placed;
        j["bingo"] = play.placed == gen::kRackSize;
      } else if (m.kind == gen::Move::Kind::kExchange) {
        j["kind"] = "exchange";
        j["tiles"] = m.exchange.ToString(abc_);
      } else {
        j["kind"] = "pass";
      }
      j["score"] = m.score();
      listed.push_back(std::move(j));
    }
    Json({{"cgp", gen::WriteCgp(p, abc_)},
          {"rack", p.racks[0].ToString(abc_)},
          {"algorithm", gen::AlgorithmName(alg_)},
          {"plays", plays},
          {"exchanges", exchanges},
          {"bag", bag},
          {"truncated", moves.size() < total},
          {"moves", std::move(listed)}});
  }

  // One element of the --json array.
  void Json(JsonValue j) {
    if (json_items_++ > 0) out_.buf() += ',';
    AddJsonVersion(&j);
    out_.buf() += JsonLine(j);
    out_.MaybeFlush();
  }

  const MovesArgs& a_;
  const Alphabet& abc_;
  gen::MoveGenerator gen_;
  gen::Algorithm alg_;
  std::vector<gen::Play> plays_;
  Output out_;
  std::uint64_t json_items_ = 0, listed_ = 0;
  bool flush_each_ = false;
  bool headed_ = false;  // "# RECORD" before each list (several positions)
};

void RunMoves(const MovesArgs& a) {
  if (a.show >= 0 && a.json) Fail("--show draws text; it does not go with --json", 2);
  const int sources = !a.cgp.empty() + !a.cgp_file.empty() + !a.board.empty();
  if (sources != 1) Fail("give exactly one of --cgp, --cgp-file and --board", 2);
  if (!a.board.empty() && a.rack.empty()) Fail("--board needs --rack", 2);
  const MappedLexicon image = OpenImage(a.image, a.game.verify, a.game.load);
  const Alphabet& abc = image->alphabet();
  const gen::Layout layout = LoadLayout(a.game.layout);
  Lister lister(a, image.lexicon(), layout);
  if (!a.board.empty()) {
    gen::Position p;
    p.board = Check(gen::ParseBoardFile(ReadText(a.board), a.board, abc, layout));
    p.racks = {ParseRackOption(a.rack, abc), Rack()};  // the opponent's rack is unknown
    p.scores = {0, 0};
    Check(gen::ValidatePosition(p, layout, abc));
    lister.Begin(false);
    lister.Add({a.board, std::move(p)});
    return lister.End();
  }
  if (!a.cgp.empty()) {
    Input in{a.cgp, Check(ParseRecord(a, a.cgp, abc, layout))};
    lister.Begin(false);
    lister.Add(in);
    return lister.End();
  }
  // A batch, listed as it is read: a record that does not read is reported
  // and skipped; the others are listed; exit 1 at the end if any was bad.
  // The first record waits for the second to tell whether lists get a
  // heading (several positions).
  std::uint64_t bad = 0, done = 0;
  std::uint64_t total = 0;  // known for a regular file (a first, cheap pass), for the bar's ETA
  {
    struct stat st;
    const bool stream = a.cgp_file == "-" || ::stat(a.cgp_file.c_str(), &st) != 0 || !S_ISREG(st.st_mode);
    lister.FlushEach(stream);
    if (!stream)
      ForEachInputLine(a.cgp_file, "CGP records",
                       [&](std::uint64_t, std::string_view line) { total += line[0] != '#'; });
  }
  // Progress on stderr (a bar on a terminal), unless the list goes to the
  // terminal itself; the total is unknown on a stream.
  ProgressLine progress("lexc moves", a.quiet || ::isatty(STDOUT_FILENO) == 1, 0, "positions", 5);
  const Stopwatch clock;
  std::optional<std::pair<std::uint64_t, std::string>> first;  // (line, record) until the second arrives
  bool begun = false;
  const auto list = [&](std::uint64_t line_no, std::string_view line) {
    progress.Update(done++, total, clock.Seconds());
    Result<gen::Position> p = ParseRecord(a, line, abc, layout);
    if (!p.ok()) {
      ++bad;
      lister.Bad(a.cgp_file, int(std::min<std::uint64_t>(line_no, INT32_MAX)), p.status().detail());
      return;
    }
    lister.Add({std::string(line), std::move(p).value()});
  };
  try {
    ForEachInputLine(a.cgp_file, "CGP records", [&](std::uint64_t line_no, std::string_view line) {
      if (line[0] == '#') return;  // a comment
      if (!begun && !first) {
        first.emplace(line_no, std::string(line));
        return;
      }
      if (!begun) {
        lister.Begin(true);
        begun = true;
        list(first->first, first->second);
        first.reset();
      }
      list(line_no, line);
    });
  } catch (const Exit& e) {
    if (!begun) throw;  // nothing written yet: main reports it
    lister.Broken(e.message);
    lister.End();
    throw Exit{e.code, e.message, /*json_done=*/a.json, e.category};
  }
  if (!begun) {
    if (!first) Fail(QuotePath(a.cgp_file) + ": no position");
    lister.Begin(false);
    list(first->first, first->second);
  }
  progress.Update(done, total, clock.Seconds());
  progress.Clear();
  lister.End();
  if (bad > 0)
    throw Exit{1,
               QuotePath(a.cgp_file) + ": " + Thousands(bad) + " of " + Thousands(done) +
                   " records could not be read (listed above); the others were listed",
               /*json_done=*/a.json};
}

}  // namespace

void RegisterMoves(CLI::App& app) {
  auto args = std::make_shared<MovesArgs>();
  CLI::App* cmd = app.add_subcommand("moves", "List every legal move of a position, best first");
  cmd->add_option("image", args->image, "Image file (with a GADDAG and/or a DAWG)")->required();
  cmd->add_option("--cgp", args->cgp, "The position as a CGP record (quote it)")->check(NotEmpty("a CGP record"));
  cmd->add_option("--cgp-file", args->cgp_file, "A file of CGP records, one a line ('-': standard input)")
      ->check(NotEmpty("a file name, or - for standard input"));
  cmd->add_option("--board", args->board, "A board file (formats/cgp.md); needs --rack")
      ->check(NotEmpty("a board file"));
  cmd->add_option("--rack", args->rack, "The rack to play ('?' a blank); with --cgp, replaces the CGP's")
      ->check(NotEmpty("the tiles, '?' a blank"));
  AddLimitOption(cmd, &args->top, "Print the N best moves only (0: all)", 0, 1000000000);
  cmd->add_flag("--plays-only", args->plays_only, "Leave out exchanges and the pass");
  CLI::Option* json = cmd->add_flag("--json", args->json, "Print a JSON array, one object per position");
  CLI::Option* count =
      cmd->add_flag("--count", args->count, "Print only the number of moves (at most --limit), one line a position")
          ->excludes(json);
  cmd->add_flag("--stats", args->stats, "Report counts and generation time on standard error");
  cmd->add_flag("-q,--quiet", args->quiet, "No progress on standard error (--cgp-file)");
  cmd->add_option("--show", args->show,
                  "Draw the board after the list: --show 0 the position, --show N the N-th move listed played on it "
                  "(new tiles marked); --show alone is --show 0")
      ->expected(0, 1)
      ->default_str("0")
      ->transform(WholeNumber(0, 1000000000))
      ->excludes(count);
  AddScreenOptions(cmd, &args->screen);
  AddGameOptions(cmd, &args->game);
  cmd->footer(R"(Examples:
  lexc moves sowpods.lex --cgp '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0'
  lexc moves sowpods.lex --board fixtures/board.txt --rack 'RETAIN?' --limit 10
  lexc moves sowpods.lex --cgp-file positions.cgp --algorithm dawg --json
  lexc moves sowpods.lex --cgp '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0' --limit 3 --show 1

Output: one move a line, "8D GEL(I)D 18": coordinate (row first for across,
column first for down), the word with tiles already on the board in
parentheses and blanks in lower case, the score. Exchanges ("exch AEI") are
listed when the bag holds at least 7 tiles (CGP operation etl), then "pass".
With --cgp-file each list is headed "# RECORD"; a record that does not read
is reported as FILE:LINE: on standard error (with --json, as an object
{"ok": false, "file", "line", "error"} in the array; with --count, as a
line "-" in place of its count) and the others are listed; the exit status
is then 1. Output is written as it is found: --json
streams its array, so memory does not grow with the number of positions.
Formats: formats/cgp.md, formats/layout.md.)");
  cmd->callback([args] { RunMoves(*args); });
}

}  // namespace lexc::cli
