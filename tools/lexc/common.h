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

// Maps `path` (Open) and, when `verify`, runs the full Verify().
MappedLexicon OpenImage(const std::string& path, bool verify);

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

// A minimal streaming JSON writer: compact output, commas handled.
class Json {
 public:
  Json& Open(char bracket);  // '{' or '['
  Json& Close();
  Json& Key(std::string_view k);
  Json& Str(std::string_view v);
  Json& Num(std::uint64_t v);
  Json& Num(double v, int decimals);  // null when not finite
  Json& Bool(bool v);
  Json& Field(std::string_view k, std::string_view v) { return Key(k).Str(v); }
  Json& Field(std::string_view k, const char* v) { return Key(k).Str(v); }
  Json& Field(std::string_view k, std::uint64_t v) { return Key(k).Num(v); }
  Json& Field(std::string_view k, bool v) { return Key(k).Bool(v); }
  Json& Field(std::string_view k, double v, int decimals) { return Key(k).Num(v, decimals); }
  const std::string& str() const { return out_; }

 private:
  void Separate();
  std::string out_;
  std::vector<char> closers_;
  bool first_ = true;  // nothing written yet at this level
  bool after_key_ = false;
};
void AppendJsonString(std::string_view s, std::string* out);

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
void RegisterStats(CLI::App& app);
void RegisterVerify(CLI::App& app);
void RegisterDump(CLI::App& app);
void RegisterQuery(CLI::App& app);
}  // namespace lexc::cli
