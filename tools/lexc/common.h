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

// Thrown by a command to end with `code`; main() prints a non-empty message.
struct Exit {
  int code = 1;
  std::string message;
};

// The message for a failed Status: its detail, prefixed with the category
// for image-integrity errors whose detail may not say what went wrong.
std::string Describe(const Status& st);

[[noreturn]] void Fail(std::string message, int code = 1);
inline void Check(const Status& st) {
  if (!st.ok()) Fail(Describe(st));
}
template <class T>
T Check(Result<T> r) {
  if (!r.ok()) Fail(Describe(r.status()));
  return std::move(r).value();
}

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
// A command's JSON report. Objects keep their keys in insertion order (the
// order each command documents and users' scripts may read positionally),
// unlike nlohmann::json, which sorts them.
using JsonValue = nlohmann::ordered_json;

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
void RegisterBoggle(CLI::App& app);  // cmd_boggle.cc (lexc::boggle)
}  // namespace lexc::cli
