#include "common.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>
#include <set>

#include "lexc/io.h"
#include "lexc/text_lines.h"
#include "lexc/tile_text.h"

namespace lexc::cli {
namespace fs = std::filesystem;

std::string Describe(const Status& st) {
  switch (st.code()) {
    case Errc::kBadMagic:
    case Errc::kBadVersion:
    case Errc::kCorrupt:
    case Errc::kChecksum:
      return st.ToString();
    default:
      return st.detail().empty() ? ErrcName(st.code()) : st.detail();
  }
}

bool WritesStandardOutput(const std::string& output) {
  if (output == "-") return true;
  struct stat out {
  }, to{};
  if (output.empty() || ::stat(output.c_str(), &to) != 0 || ::fstat(STDOUT_FILENO, &out) != 0) return false;
  // Both /dev/null, say: nothing reads what mixes there (a terminal does).
  if (S_ISCHR(out.st_mode) && !::isatty(STDOUT_FILENO)) return false;
  return out.st_dev == to.st_dev && out.st_ino == to.st_ino;
}

void Fail(std::string message, int code) { throw Exit{code, std::move(message)}; }
void Fail(const Status& st) { throw Exit{1, Describe(st), false, ErrcName(st.code())}; }
void Fail(const std::string& path, const Status& st) {
  throw Exit{1, QuotePath(path) + ": " + Describe(st), false, ErrcName(st.code())};  // category for --json
}

void ForEachInputLine(const std::string& path, std::string_view what,
                      const std::function<void(std::uint64_t, std::string_view)>& on_line) {
  // Streamed, so memory does not depend on the total; the input stream's own
  // cap (4 GiB) still holds, reported as "x: over N bytes".
  InputStream in = Check(InputStream::Open(path, kMaxInputBytes - 1));
  Check(ForEachTextLine(in, path, what, on_line));  // named as given ("-")
}

JsonValue JsonError(const std::string& command, const Exit& e) {
  JsonValue j = {{"ok", false}, {"command", command}, {"exit", e.code}, {"error", e.message}};
  if (!e.category.empty()) j["category"] = e.category;
  // FILE:LINE: at the start (after a category such as "corrupt: "), else a
  // first field that names an existing file.
  static const std::regex file_line(R"(^(?:[a-z ]+: )?([^:\n]+):([0-9]+): )");
  static const std::regex offset(R"((?:offset|at byte) ([0-9]+))");
  std::smatch m;
  if (std::regex_search(e.message, m, file_line)) {
    j["file"] = m[1].str();
    j["line"] = std::stoull(m[2].str());
  } else {
    std::size_t at = 0;
    for (int field = 0; field < 3 && at < e.message.size(); ++field) {
      const std::size_t end = e.message.find(": ", at);
      if (end == std::string::npos) break;
      std::string name = e.message.substr(at, end - at);
      if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
      std::error_code ec;
      if (!name.empty() && fs::exists(name, ec)) {
        j["file"] = name;
        break;
      }
      at = end + 2;
    }
  }
  if (std::regex_search(e.message, m, offset) && m[1].length() < 20) j["offset"] = std::stoull(m[1].str());
  return j;
}

std::string Thousands(std::uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string Fixed(double v, int decimals) {
  if (!std::isfinite(v)) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// ---- alphabets ----

namespace {

// Where named alphabets live: the source tree for the binary in the build
// tree, else the install tree (relative to the executable first, so an
// installed prefix can move, then the configured prefix).
std::vector<fs::path> AlphabetDirs() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && fs::equivalent(exe.parent_path(), LEXC_BUILD_DIR, ec)) return {LEXC_SOURCE_ALPHABETS};
  std::vector<fs::path> dirs;
  if (!exe.empty()) dirs.push_back(exe.parent_path() / LEXC_RELATIVE_ALPHABETS);
  dirs.push_back(LEXC_INSTALL_ALPHABETS);
  return dirs;
}

bool IsAlphabetFile(const fs::directory_entry& e) {
  std::error_code ec;
  return e.is_regular_file(ec) && e.path().extension() != ".md";
}

// name -> file, first directory wins.
std::vector<std::pair<std::string, fs::path>> NamedAlphabets() {
  std::vector<std::pair<std::string, fs::path>> found;
  std::set<std::string> seen;
  for (const fs::path& dir : AlphabetDirs()) {
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (IsAlphabetFile(e)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files)
      if (seen.insert(f.stem().string()).second) found.emplace_back(f.stem().string(), f);
  }
  return found;
}

std::string KnownNames() {
  std::string names = "english";
  for (const auto& [name, path] : NamedAlphabets())
    if (name != "english") names += ", " + name;
  return names;
}

}  // namespace

std::string AlphabetHelp() { return "Tile alphabet: a name (" + KnownNames() + ") or an alphabet file"; }

Alphabet LoadAlphabet(const std::string& spec) {
  const bool looks_like_path = spec.find_first_of("/.") != std::string::npos;
  if (!looks_like_path) {
    // Names in any case (ENGLISH, Spanish), before a file of that name here.
    std::string lower = spec;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "english") return Alphabet::English();
    for (const auto& [name, path] : NamedAlphabets())
      if (name == lower) return Check(Alphabet::LoadFile(path.string()));
    std::error_code ec;
    if (!fs::is_regular_file(spec, ec)) {
      std::string dirs;
      for (const fs::path& dir : AlphabetDirs()) dirs += (dirs.empty() ? "" : ", ") + QuotePath(dir.string());
      Fail("unknown alphabet " + QuoteText(spec, '\'') + " (known: " + KnownNames() +
               "; named alphabets are the files in " + dirs + "; or give a file path)",
           2);
    }
  }
  return Check(Alphabet::LoadFile(spec));
}

MappedLexicon OpenImage(const std::string& path, bool verify, bool load) {
  MappedLexicon image = Check(load ? MappedLexicon::Load(path) : MappedLexicon::Open(path));
  if (verify) {
    Status st = image->Verify();
    if (!st.ok()) Fail(path, st);
  }
  return image;
}

// ---- tiles ----

std::vector<Tile> TokenizeArg(const Alphabet& a, std::string_view text, std::string_view what) {
  return Check(ParseTileText(a, text, what));
}

Renderer::Renderer(const Alphabet& a) {
  for (int t = 0; t < 256; ++t) {
    const auto tile = static_cast<Tile>(t);
    if (t == kSeparator) {
      upper_[t] = lower_[t] = "^";
    } else {
      a.AppendLabel(tile, false, &upper_[t]);
      a.AppendLabel(tile, true, &lower_[t]);
    }
    const bool real = t <= a.size();  // out-of-range codes only in unverified images
    one_byte_ = one_byte_ && (!real || upper_[t].size() == 1);
    byte_[t] = real ? upper_[t][0] : '?';
  }
}

void Renderer::Append(const WordMatch& m, std::string* out) const {
  for (std::size_t i = 0; i < m.tiles.size(); ++i) {
    const bool blank = i < m.blank.size() && m.blank[i];
    out->append(blank ? lower_[m.tiles[i]] : upper_[m.tiles[i]]);
  }
}

// ---- output ----

void Output::Flush() {
  if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), stdout) != buf_.size())
    Fail(std::string("writing standard output: ") + std::strerror(errno));
  buf_.clear();
  if (std::fflush(stdout) != 0) Fail(std::string("writing standard output: ") + std::strerror(errno));
}

Output::~Output() {
  if (!buf_.empty()) {
    std::fwrite(buf_.data(), 1, buf_.size(), stdout);
    std::fflush(stdout);
  }
}

// ---- JSON ----

JsonValue JsonFixed(double v, int decimals) {
  if (!std::isfinite(v)) return nullptr;
  if (std::fabs(v) >= 1e15) return v;  // no fraction left to round (and Fixed's buffer is 64 bytes)
  // The nearest double to the decimal: printf's rounding, read back.
  return std::strtod(Fixed(v, decimals).c_str(), nullptr);
}

std::string JsonLine(const JsonValue& j) { return j.dump(-1, ' ', false, JsonValue::error_handler_t::replace); }

void AddJsonVersion(JsonValue* j) {
  if (j->is_object()) (*j)["json_version"] = kJsonVersion;
  if (j->is_array())
    for (JsonValue& e : *j)
      if (e.is_object()) e["json_version"] = kJsonVersion;
}

std::string JsonReport(JsonValue j) {
  AddJsonVersion(&j);
  return JsonLine(j) + "\n";
}

bool StderrIsTerminal() { return ::isatty(2) == 1; }

}  // namespace lexc::cli
