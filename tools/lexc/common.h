// tools/lexc/common.h -- pieces every lexc subcommand shares.
//
// Error model: library calls return Status/Result; a command turns an error
// into an Exit exception (the only exception type the tool throws on
// purpose), and main() prints "lexc <command>: <message>" and returns the
// exit code. Usage errors are CLI11's and exit 2.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lexc/alphabet.h"
#include "lexc/escape.h"
#include "lexc/lexicon.h"
#include "lexc/query.h"
#include "lexc/status.h"

namespace CLI {
class App;
}

namespace lexc::cli {

// A command's JSON report (see JsonLine below).
using JsonValue = nlohmann::ordered_json;

// Thrown by a command to end with `code`; main() prints a non-empty message.
// Exit codes: 0 success, 1 a problem with data or files (query: also "not
// found"), 2 a usage error. With --json, main() also prints a JSON error
// object on standard output unless `json_done` (the command printed its own
// report of the failure); `category` is the library's error category
// (ErrcName) when the failure came from a Status.
struct Exit {
  Exit(int c, std::string m, bool done = false, std::string cat = {})
      : code(c), message(std::move(m)), json_done(done), category(std::move(cat)) {}
  int code = 1;
  std::string message;
  bool json_done = false;
  std::string category;
};

// The message for a failed Status: its detail, prefixed with the category
// for image-integrity errors whose detail may not say what went wrong.
std::string Describe(const Status& st);

// Reads `path` ("-": standard input; plain or zstd) as a stream and calls
// on_line(number, line) for each non-blank line, CR and trailing spaces and
// tabs dropped, as it is read: memory is one chunk and one line whatever the
// input's length (at most 4 GiB, the input stream's cap). A NUL byte (a binary file or device) or a line over 1 MiB
// fails naming the file and line ("x:3: a NUL byte: not a text file of
// <what>", `what` a plural such as "queries"), as do read errors: the
// splitting is lexc::ForEachTextLine's (lexc/text_lines.h).
void ForEachInputLine(const std::string& path, std::string_view what,
                      const std::function<void(std::uint64_t, std::string_view)>& on_line);

// Whether writing `output` writes this process's standard output: "-", or
// a path that names the same open file (/dev/stdout, /dev/fd/1, the file or
// terminal standard output is redirected to; not a device such as
// /dev/null that no one reads). For refusing --json beside such an output.
bool WritesStandardOutput(const std::string& output);

[[noreturn]] void Fail(std::string message, int code = 1);
// Fail with Describe(st), keeping st's category for --json.
[[noreturn]] void Fail(const Status& st);
// The same, naming the image (or other file) the failure is about:
// "PATH: " + Describe(st).
[[noreturn]] void Fail(const std::string& path, const Status& st);
inline void Check(const Status& st) {
  if (!st.ok()) Fail(st);
}
template <class T>
T Check(Result<T> r) {
  if (!r.ok()) Fail(r.status());
  return std::move(r).value();
}

// The JSON object printed on standard output for a failed command run with
// --json: {"ok": false, "command", "exit", "error" (the message), "category"
// (when known), "file", "line", "offset" (when the message names them:
// "FILE:LINE: ...", "... offset N" / "at byte N")}. README, "Command-line
// conventions".
JsonValue JsonError(const std::string& command, const Exit& e);

// "1234567" -> "1,234,567".
std::string Thousands(std::uint64_t v);
// Fixed-point with `decimals` digits; "-" when not finite (0/0).
std::string Fixed(double v, int decimals);

// --alphabet: "english" (built in), another name (a file of that stem in the
// source tree's or the install tree's formats/alphabets), or a file path.
Alphabet LoadAlphabet(const std::string& spec);
// Help text for --alphabet, listing the names that resolve on this machine.
std::string AlphabetHelp();

// Maps `path` (Open), or with `load` reads it into memory (Load: --no-mmap,
// safe from the file being rewritten in place), and, when `verify`, runs the
// full Verify().
MappedLexicon OpenImage(const std::string& path, bool verify, bool load = false);

// Reads a query argument as tile text (ParseTileText, lexc/tile_text.h); on
// an unknown tile fails naming the character, its position and the alphabet.
// `what` names the argument in the message.
std::vector<Tile> TokenizeArg(const Alphabet& a, std::string_view text, std::string_view what = "word");

// Renders plain words fast: a table of the library's labels
// (Alphabet::AppendLabel), filled once. The separator (tile 0) renders as
// '^'; blank-designated tiles in lower case.
class Renderer {
 public:
  explicit Renderer(const Alphabet& a);
  void Append(std::span<const Tile> tiles, std::string* out) const {
    if (one_byte_) {  // the common case (A..Z): one char per tile
      const std::size_t at = out->size();
      out->resize(at + tiles.size());
      for (std::size_t i = 0; i < tiles.size(); ++i) (*out)[at + i] = byte_[tiles[i]];
      return;
    }
    for (Tile t : tiles) out->append(upper_[t]);
  }
  void Append(const WordMatch& m, std::string* out) const;
  std::string operator()(std::span<const Tile> tiles) const {
    std::string s;
    Append(tiles, &s);
    return s;
  }

 private:
  std::string upper_[256], lower_[256];
  char byte_[256] = {};   // upper_[t][0] ('?' past the alphabet), valid when one_byte_
  bool one_byte_ = true;  // every label of the alphabet is a single byte
};

// Buffered standard output; fails (Exit) on a write error such as a full disk.
class Output {
 public:
  Output() { buf_.reserve(kChunk + 256); }
  ~Output();  // flushes; errors then are reported only on stderr
  std::string& buf() { return buf_; }
  void MaybeFlush() {
    if (buf_.size() >= kChunk) Flush();
  }
  void Flush();

 private:
  static constexpr std::size_t kChunk = std::size_t(1) << 20;
  std::string buf_;
};

// ---- --json output (nlohmann-json) ----
// JsonValue (above): objects keep their keys in insertion order (the order
// each command documents and users' scripts may read positionally), unlike
// nlohmann::json, which sorts them.

// `v` rounded to `decimals` places as Fixed() rounds it, so that the
// shortest round-trip form nlohmann prints is that decimal (427.3, not
// 427.29999999999995; 0.5 for 0.5000); null when `v` is not finite (0/0,
// x/0). Pure; O(decimals).
JsonValue JsonFixed(double v, int decimals);

// Compact one-line JSON text (no trailing newline). Strings need not be
// UTF-8: paths, a byte alphabet's labels and text from bad input may hold any
// bytes. Each ill-formed UTF-8 sequence is written as U+FFFD, so the output
// is always valid JSON; that is also what jq read from the raw bytes the old
// hand-written writer passed through. Quotes, backslashes and controls are
// escaped ("\"", "\\", "\n", "\u001b"). Never throws but std::bad_alloc.
// O(size of the text).
std::string JsonLine(const JsonValue& j);

// The version of the --json outputs (formats/cli-json.md). Every top-level
// object a command prints with --json (the output itself, or each element of
// an array output, the error object included) ends with "json_version".
inline constexpr int kJsonVersion = 1;
// Adds "json_version" to `j` when it is an object, or to each object of `j`
// when it is an array. O(elements).
void AddJsonVersion(JsonValue* j);
// A command's whole --json output: `j` with its version (AddJsonVersion),
// as JsonLine, then a newline.
std::string JsonReport(JsonValue j);

// Wall-clock seconds since construction.
class Stopwatch {
 public:
  double Seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

bool StderrIsTerminal();

}  // namespace lexc::cli

// ---- subcommands, one file each (cmd_<name>.cc) ----
namespace lexc::cli {
void RegisterBuild(CLI::App& app);
void RegisterConvert(CLI::App& app);
void RegisterStats(CLI::App& app);
void RegisterVerify(CLI::App& app);
void RegisterDump(CLI::App& app);
void RegisterQuery(CLI::App& app);
void RegisterBoggle(CLI::App& app);      // cmd_boggle.cc (lexc::boggle)
void RegisterCompletion(CLI::App& app);  // cmd_completion.cc: the bash completion script
}  // namespace lexc::cli
