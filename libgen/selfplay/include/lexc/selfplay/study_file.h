// lexc/selfplay/study_file.h -- the files of a study directory: the final
// DIR/stats.json, the checkpoints of unfinished parts, and the merge of
// shards. Specified in formats/study.md.
//
// A study is named by its identity, a JSON object (StudyDescription::ToJson):
// the image (path, size, CRC32C of the trailer), lexicon name, algorithm,
// layout, rules, players, seed base, the range of games, the accumulator's
// kind and options. Two files belong to the same study when their
// identities are equal except for paths (an image or layout may move) and,
// for shards, the range. Nothing in a study file depends on the machine,
// the thread or process count, or time: the same range gives the same bytes.
//
// Files are written atomically (lexc/io.h WriteFileAtomic) and read bounded
// (1 GiB); every reader error is kBadInput naming the file and the field.
// Thread safety: free functions over values; no shared state.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "lexc/game/rules.h"
#include "lexc/lexicon.h"
#include "lexc/selfplay/accumulator.h"
#include "lexc/status.h"

namespace lexc::selfplay {

inline constexpr int kStudyFormatVersion = 1;

// Which image a study was played on: the path (informative only) and what
// identifies the bytes: the file size and the CRC32C stored in its trailer.
struct ImageIdentity {
  std::string path;
  std::uint64_t size = 0;
  std::uint32_t crc32c = 0;
};
// O(1): reads the trailer's CRC field (the image was opened, so it exists).
ImageIdentity IdentifyImage(const Lexicon& lexicon, const std::string& path);

struct StudyDescription {
  ImageIdentity image;
  std::string lexicon_name, algorithm;  // "gaddag" | "dawg"
  std::string layout_name;              // "standard15" or a layout file's path
  std::uint32_t layout_crc32c = 0;      // a layout file's text CRC32C (0 for standard15)
  game::Rules rules;
  int bingo_bonus = 50;
  std::array<std::string, 2> strategies{"greedy", "greedy"};  // first player, second (see alternate_seats)
  // Seats alternate by game (StudyOptions::alternate_seats): written as
  // "seats": "alternate" when true.
  bool alternate_seats = false;
  // The leave table the strategies use, when one does: {"path", "size",
  // "crc32c", "entries"} (path informative only, as for the image). Null:
  // none, and no "leaves" field.
  nlohmann::json leaves;
  std::uint64_t seed_base = 1, first_game = 0, games = 0;
  nlohmann::json accumulator;  // {"kind": ..., "options": {...}}: what the factory makes
  nlohmann::json ToJson() const;
};

// The layout part of a study's identity (study.layout): {"name":
// "standard15"} for the built-in board (`layout_name` "standard15"), else
// {"path": layout_name, "crc32c": "0x..."}, the CRC32C of the layout file's
// text (no crc32c field when it is 0). StudyDescription::ToJson writes it.
nlohmann::json LayoutIdentity(const std::string& layout_name, std::uint32_t crc32c);
// A study.layout for messages: `the built-in standard15 board`,
// `/x/big.txt, CRC32C 0x1234abcd`, or the JSON itself (shortened) when it
// is neither.
std::string DescribeLayout(const nlohmann::json& layout);
// Whether two study.layout values name the same layout: equal but for
// "path" (a layout file may move; its text's CRC32C is compared).
bool SameLayout(const nlohmann::json& a, const nlohmann::json& b);

// The range of a study identity (first_game, games, seed_base). kBadInput
// naming `where` and the field.
struct StudyRange {
  std::uint64_t seed_base = 0, first_game = 0, games = 0;
};
Result<StudyRange> RangeOf(const nlohmann::json& study, const std::string& where);

// OK when `found` (read from `where`) is the study `expected`: equal except
// for "path" fields and, unless compare_range, first_game and games.
// kBadInput otherwise, naming the first differing field and both values
// ("s/stats.json: made from another image (size 1234, CRC32C 0x...; this
// one: size ...)"; "s/stats.json: played on another layout (/x/a.txt,
// CRC32C 0x...; this one: the built-in standard15 board)";
// "s/stats.json: another study: study.seed_base is 5 there, 1 here").
Status CheckSameStudy(const nlohmann::json& expected, const nlohmann::json& found, const std::string& where,
                      bool compare_range);

// A study file read back: the final stats.json (complete) or the
// checkpoint of one part of a run split into `parts` (MPI ranks; 1 without).
struct StudyFile {
  std::string path;
  bool complete = false;
  nlohmann::json study, stats;
  // Checkpoints only: the part's index and count, its range, games done.
  int part = 0, parts = 1;
  std::uint64_t part_first_game = 0, part_games = 0, games_done = 0;
};

std::string StatsPath(const std::string& dir);                            // DIR/stats.json
std::string CheckpointPath(const std::string& dir, int part, int parts);  // DIR/checkpoint-P-of-N.json

// The largest study file read (stats.json, checkpoints): far above what a
// study of any lexicon writes (a few MB: SOWPODS's every word played is
// under 10 MB), and low enough that its parsed form, some 10 times the
// text, fits in memory.
inline constexpr std::uint64_t kMaxStudyFileBytes = std::uint64_t(256) << 20;
// Arrays and objects nested deeper than this are refused (a study file
// nests 5 levels; the JSON library copies and compares values recursively).
inline constexpr int kMaxStudyJsonDepth = 64;
// Values (numbers, strings, arrays, ...) in one file, at most: a bound on
// the parsed form's memory (some 16-100 bytes a value).
inline constexpr std::uint64_t kMaxStudyJsonValues = std::uint64_t(32) << 20;

// Parses the text of a study file, `where` naming it in errors. Before the
// parser runs, one pass over the text refuses nesting deeper than
// kMaxStudyJsonDepth (kBadInput "WHERE: nested deeper than 64 levels at
// byte N", N counted from 1 as the parser counts) and more than kMaxStudyJsonValues values (kLimit); then text that
// is not JSON is kBadInput "WHERE: not JSON: at byte N: <why>". Never
// throws; O(text).
Result<nlohmann::json> ParseStudyJson(std::string_view text, const std::string& where);

// Reads either kind of study file. kBadInput naming the file and field for
// anything the writers below cannot have written (the "stats" object is
// checked by the accumulator's FromJson); kIo; kLimit over
// kMaxStudyFileBytes or kMaxStudyJsonValues.
Result<StudyFile> ReadStudyFile(const std::string& path);
// The same checks on a study file's text already in memory, `where` naming
// it in errors (and becoming StudyFile::path): ReadStudyFile is
// ReadFileBytes + ParseStudyFile. Errors are ParseStudyJson's and kBadInput;
// never throws.
// O(text). The fuzz target tests/fuzz/fuzz_study.cc drives it.
Result<StudyFile> ParseStudyFile(std::string_view text, const std::string& where);

// {"format":"lexc-study","version":1,"study":...,"stats":...}, keys sorted,
// one space indent, a final newline.
Status WriteStudyStats(const std::string& dir, const nlohmann::json& study, const nlohmann::json& stats);
// {"format":"lexc-study-checkpoint","version":1,"study":...,"part":{"index",
// "count","first_game","games"},"games_done":..,"stats":...}.
Status WriteCheckpoint(const std::string& dir, const StudyFile& checkpoint);

// What a study directory holds now (a missing directory holds nothing).
struct StudyDirectory {
  bool has_stats = false;
  std::vector<std::string> checkpoints;  // paths of checkpoint-*-of-*.json, sorted
  bool empty() const { return !has_stats && checkpoints.empty(); }
};
Result<StudyDirectory> InspectStudyDirectory(const std::string& dir);

// Removes the checkpoints of a directory whose stats.json is written, and
// stale temporaries (RemoveStaleTemporaries).
Status RemoveCheckpoints(const std::string& dir);

// Removes the temporary files (lexc/io.h's ".NAME.tmp-PID-N") of study files,
// the report and the plots (dir/plots) that a process killed by SIGKILL left
// in `dir`: those whose PID is not a live process on this host. Called
// before a resume and after a study ends.
Status RemoveStaleTemporaries(const std::string& dir);

// Makes the accumulator a study names (its "accumulator" field), for the
// merge and for resuming without a run's configuration.
using AccumulatorFactory = std::function<Result<std::unique_ptr<GameAccumulator>>(const nlohmann::json& study)>;

// Consecutive parts of one run: the accumulators of `parts` (each complete
// or a finished checkpoint, FromJson'd by the factory's accumulator) merged
// in order of first game. kBadInput naming the file: an unfinished part
// ("a checkpoint only"), another study (CheckSameStudy), an overlap or a gap
// ("s2/stats.json: games 100..199 overlap s1/stats.json's 50..149"). The
// result's study covers the union.
Result<StudyFile> MergeStudyFiles(std::vector<StudyFile> parts, const AccumulatorFactory& factory);

}  // namespace lexc::selfplay
