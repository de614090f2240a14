#include "lexc/gen/layout.h"

#include <sstream>

#include "lexc/escape.h"
#include "lexc/io.h"

namespace lexc::gen {
namespace {

// Square symbols of the layout file (formats/layout.md).
struct Symbol {
  char c;
  std::uint8_t letter, word;
  bool start;
};
constexpr Symbol kSymbols[] = {
    {'.', 1, 1, false}, {'d', 2, 1, false}, {'t', 3, 1, false}, {'q', 4, 1, false}, {'D', 1, 2, false},
    {'T', 1, 3, false}, {'Q', 1, 4, false}, {'*', 1, 2, true},  {'+', 1, 1, true},
};

const Symbol* FindSymbol(char c) {
  for (const Symbol& s : kSymbols)
    if (s.c == c) return &s;
  return nullptr;
}

constexpr const char* kStandard15[] = {
    "T..d...T...d..T", ".D...t...t...D.", "..D...d.d...D..", "d..D...d...D..d", "....D.....D....",
    ".t...t...t...t.", "..d...d.d...d..", "T..d...*...d..T", "..d...d.d...d..", ".t...t...t...t.",
    "....D.....D....", "d..D...d...D..d", "..D...d.d...D..", ".D...t...t...D.", "T..d...T...d..T",
};

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool ParseInt(std::string_view s, int* out) {
  if (s.empty() || s.size() > 4) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *out = v;
  return true;
}

}  // namespace

Layout Layout::Standard15() {
  std::string text = "name standard15\nsize 15 15\n";
  for (const char* row : kStandard15) text += std::string(row) + "\n";
  return Parse(text, "standard15").value();
}

Result<Layout> Layout::Parse(std::string_view text, std::string_view source) {
  Layout l;
  int line_no = 0;
  bool have_size = false;
  int start_line = 0;
  const auto fail = [&](const std::string& why) -> Status {
    return Status(Errc::kBadInput, std::string(source) + ":" + std::to_string(line_no) + ": " + why);
  };
  std::size_t at = 0;
  int grid_row = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = Trim(line);
    if (line.empty()) continue;
    if (l.name_.empty()) {
      if (line.substr(0, 5) != "name " && line.substr(0, 5) != "name\t")
        return fail("expected 'name NAME' first, got " + QuoteText(line));
      l.name_ = std::string(Trim(line.substr(5)));
      if (l.name_.empty() || l.name_.find_first_of(" \t") != std::string::npos)
        return fail("a layout name is one word");
      if (std::string p = RecordTextProblem(l.name_); !p.empty())
        return fail("layout name " + QuoteText(l.name_) + " " + p);
      continue;
    }
    if (!have_size) {
      std::istringstream in{std::string(line)};
      std::string word, r, c, extra;
      in >> word >> r >> c >> extra;
      if (word != "size" || !extra.empty() || !ParseInt(r, &l.rows_) || !ParseInt(c, &l.cols_))
        return fail("expected 'size ROWS COLS', got " + QuoteText(line));
      if (l.rows_ < 1 || l.cols_ < 1) return fail("board sides must be at least 1");
      if (l.rows_ > kMaxBoardDim || l.cols_ > kMaxBoardDim)
        return Status(Errc::kLimit, std::string(source) + ":" + std::to_string(line_no) + ": board " +
                                        std::to_string(l.rows_) + "x" + std::to_string(l.cols_) + ", at most " +
                                        std::to_string(kMaxBoardDim) + " a side");
      have_size = true;
      l.letter_.reserve(std::size_t(l.rows_ * l.cols_));
      l.word_.reserve(std::size_t(l.rows_ * l.cols_));
      continue;
    }
    if (grid_row == l.rows_) return fail("more than " + std::to_string(l.rows_) + " rows");
    int col = 0;
    for (char c : line) {
      if (c == ' ' || c == '\t') continue;
      const Symbol* s = FindSymbol(c);
      if (!s)
        return fail("unknown square symbol " + QuoteText(std::string_view(&c, 1), '\'') +
                    " (expected one of . d t q D T Q * +)");
      if (col == l.cols_) {
        col = l.cols_ + 1;
        break;
      }
      if (s->start) {
        if (start_line) return fail("a second start square (the first is on line " + std::to_string(start_line) + ")");
        start_line = line_no;
        l.start_row_ = grid_row;
        l.start_col_ = col;
      }
      l.letter_.push_back(s->letter);
      l.word_.push_back(s->word);
      ++col;
    }
    if (col != l.cols_)
      return fail("row " + std::to_string(grid_row + 1) + " has " + (col > l.cols_ ? "more than " : "") +
                  std::to_string(col > l.cols_ ? l.cols_ : col) + " squares, expected " + std::to_string(l.cols_));
    ++grid_row;
  }
  ++line_no;
  if (l.name_.empty()) return fail("no 'name' line");
  if (!have_size) return fail("no 'size' line");
  if (grid_row != l.rows_) return fail(std::to_string(grid_row) + " rows, expected " + std::to_string(l.rows_));
  if (!start_line) return fail("no start square ('*' or '+')");
  return l;
}

Result<Layout> Layout::LoadFile(const std::string& path) {
  // A layout is at most kMaxBoardDim rows of kMaxBoardDim squares plus
  // comments: a megabyte is plenty, and a device cannot fill the memory.
  constexpr std::uint64_t kMaxLayoutBytes = 1 << 20;
  auto text = ReadFileBytes(path, kMaxLayoutBytes);
  if (!text.ok()) {
    if (text.status().code() != Errc::kLimit) return text.status();
    return Status(Errc::kLimit, text.status().detail() + ", not a layout file");
  }
  return Parse(*text, path);
}

bool Layout::Transposable() const {
  if (rows_ != cols_ || start_row_ != start_col_) return false;
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < r; ++c)
      if (letter_mult(r, c) != letter_mult(c, r) || word_mult(r, c) != word_mult(c, r)) return false;
  return true;
}

std::string Layout::ToText() const {
  std::string out = "name " + name_ + "\nsize " + std::to_string(rows_) + " " + std::to_string(cols_) + "\n";
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      const bool start = r == start_row_ && c == start_col_;
      for (const Symbol& s : kSymbols) {
        if (s.start == start && s.letter == letter_mult(r, c) && s.word == word_mult(r, c)) {
          out += s.c;
          break;
        }
      }
    }
    out += '\n';
  }
  return out;
}

}  // namespace lexc::gen
