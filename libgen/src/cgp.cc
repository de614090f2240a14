#include "lexc/gen/cgp.h"

#include <charconv>
#include <vector>

#include "labels.h"

namespace lexc::gen {
namespace {

Status Bad(const std::string& field, const std::string& why) {
  return Status(Errc::kInvalidArgument, "cgp " + field + ": " + why);
}

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  std::size_t at = 0;
  for (;;) {
    const std::size_t end = s.find(sep, at);
    parts.push_back(s.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

bool ParseInt(std::string_view s, int* out) {
  if (!s.empty() && s.front() == '+') return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

// One board row: digits are runs of empty squares, labels are tiles. Reading
// stops once the row has more squares than the board (so no count can
// overflow, however long the row): *squares is then the count so far and
// *more tells whether text was left.
Status ParseRow(std::string_view row, bool dots, const internal::Labels& labels, int r, Board* board, int* squares,
                bool* more, std::string* why) {
  int col = 0;
  std::size_t pos = 0;
  *more = false;
  while (pos < row.size()) {
    if (col > board->cols()) {
      *more = true;
      break;
    }
    const char c = row[pos];
    if (!dots && c >= '0' && c <= '9') {
      int run = 0;
      while (pos < row.size() && row[pos] >= '0' && row[pos] <= '9' && run <= 1000) run = run * 10 + (row[pos++] - '0');
      if (run == 0) {
        *why = "a run of 0 empty squares";
        return Status(Errc::kInvalidArgument, "");
      }
      col += run;
      continue;
    }
    if (dots && (c == ' ' || c == '\t')) {
      ++pos;
      continue;
    }
    if (dots && c == '.') {
      ++col, ++pos;
      continue;
    }
    Tile t = 0;
    bool blank = false;
    std::string token;
    if (!labels.Next(row, &pos, &t, &blank, &token)) {
      *why = "unknown tile '" + token + "'";
      return Status(Errc::kInvalidArgument, "");
    }
    if (col < board->cols()) board->set(r, col, MakeCell(t, blank));
    ++col;
  }
  *squares = col;
  return Status::Ok();
}

Status CheckAlphabet(const Alphabet& a) {
  if (a.size() > kMaxGenTile)
    return Status(Errc::kLimit, "alphabet " + a.name() + " has " + std::to_string(a.size()) +
                                    " tiles, the move generator handles at most " + std::to_string(kMaxGenTile));
  return Status::Ok();
}

}  // namespace

Result<Position> ParseCgp(std::string_view text, const Alphabet& a, const Layout& layout) {
  LEXC_RETURN_IF_ERROR(CheckAlphabet(a));
  text = Trim(text);
  std::vector<std::string_view> fields;
  std::size_t pos = 0;
  while (fields.size() < 4 && pos < text.size()) {
    while (pos < text.size() && IsSpace(text[pos])) ++pos;
    std::size_t end = pos;
    while (end < text.size() && !IsSpace(text[end])) ++end;
    if (end > pos) fields.push_back(text.substr(pos, end - pos));
    pos = end;
  }
  static const char* const kNames[] = {"board", "racks", "scores", "scoreless turns"};
  if (fields.size() < 4) return Bad(kNames[fields.size()], "missing (a CGP line has 4 fields before its operations)");

  Position p;
  const internal::Labels labels(a);
  // Board.
  const std::vector<std::string_view> rows = Split(fields[0], '/');
  if (int(rows.size()) != layout.rows())
    return Bad("board", std::to_string(rows.size()) + " rows, expected " + std::to_string(layout.rows()) +
                            " (layout " + layout.name() + ")");
  p.board = Board(layout.rows(), layout.cols());
  for (int r = 0; r < layout.rows(); ++r) {
    int squares = 0;
    std::string why;
    bool more = false;
    if (!ParseRow(rows[std::size_t(r)], false, labels, r, &p.board, &squares, &more, &why).ok())
      return Bad("board", "row " + std::to_string(r + 1) + ": " + why);
    if (squares != layout.cols())
      return Bad("board", "row " + std::to_string(r + 1) + " has " + (more ? "more than " : "") +
                              std::to_string(squares) + " squares, expected " + std::to_string(layout.cols()));
  }
  // Racks.
  const std::vector<std::string_view> racks = Split(fields[1], '/');
  for (std::size_t i = 0; i < racks.size(); ++i) {
    Result<Rack> rack = Rack::Parse(a, racks[i]);
    if (!rack.ok()) return Bad("rack " + std::to_string(i + 1), rack.status().detail());
    p.racks.push_back(*rack);
  }
  // Scores and scoreless turns.
  for (std::string_view s : Split(fields[2], '/')) {
    int v = 0;
    if (!ParseInt(s, &v)) return Bad("scores", "'" + std::string(s) + "' is not a number");
    p.scores.push_back(v);
  }
  if (!ParseInt(fields[3], &p.scoreless_turns) || p.scoreless_turns < 0)
    return Bad("scoreless turns", "'" + std::string(fields[3]) + "' is not a count");
  // Operations: "opcode operands;" each.
  std::string_view rest = Trim(text.substr(pos));
  while (!rest.empty()) {
    const std::size_t semi = rest.find(';');
    if (semi == std::string_view::npos) return Bad("operations", "'" + std::string(rest) + "' lacks its ';'");
    std::string_view op = Trim(rest.substr(0, semi));
    rest = Trim(rest.substr(semi + 1));
    std::size_t space = 0;
    while (space < op.size() && !IsSpace(op[space])) ++space;
    if (op.empty()) return Bad("operations", "an empty operation");
    p.ops.emplace_back(std::string(op.substr(0, space)), std::string(Trim(op.substr(space))));
  }
  for (const char* numeric : {"bb", "etl", "mcnz"}) {
    const std::string v = p.Op(numeric);
    int n = 0;
    if (!v.empty() && (!ParseInt(v, &n) || n < 0))
      return Bad(std::string("operation ") + numeric, "'" + v + "' is not a count");
  }
  if (Status st = ValidatePosition(p, layout, a); !st.ok()) return Status(st.code(), "cgp " + st.detail());
  return p;
}

std::string WriteCgpBoard(const Board& b, const Alphabet& a) {
  const internal::Labels labels(a);
  std::string out;
  for (int r = 0; r < b.rows(); ++r) {
    if (r) out += '/';
    int run = 0;
    for (int c = 0; c < b.cols(); ++c) {
      const Cell cell = b.at(r, c);
      if (cell == kEmpty) {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      labels.Append(CellTile(cell), CellIsBlank(cell), &out);
    }
    if (run) out += std::to_string(run);
  }
  return out;
}

std::string WriteCgp(const Position& p, const Alphabet& a) {
  std::string out = WriteCgpBoard(p.board, a);
  out += ' ';
  for (std::size_t i = 0; i < p.racks.size(); ++i) {
    if (i) out += '/';
    out += p.racks[i].ToString(a);
  }
  out += ' ';
  for (std::size_t i = 0; i < p.scores.size(); ++i) {
    if (i) out += '/';
    out += std::to_string(p.scores[i]);
  }
  out += ' ' + std::to_string(p.scoreless_turns);
  for (const auto& [code, operand] : p.ops) out += " " + code + (operand.empty() ? "" : " " + operand) + ";";
  return out;
}

Result<Board> ParseBoardFile(std::string_view text, std::string_view source, const Alphabet& a,
                             const Layout& layout) {
  LEXC_RETURN_IF_ERROR(CheckAlphabet(a));
  const internal::Labels labels(a);
  Board board(layout.rows(), layout.cols());
  int r = 0, line_no = 0;
  const auto bad = [&](const std::string& why) {
    return Status(Errc::kInvalidArgument, std::string(source) + ":" + std::to_string(line_no) + ": " + why);
  };
  for (std::string_view line : Split(text, '\n')) {
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = Trim(line);
    if (line.empty()) continue;
    if (r == layout.rows()) return bad("more than " + std::to_string(layout.rows()) + " rows (layout " + layout.name() + ")");
    int squares = 0;
    std::string why;
    bool more = false;
    if (!ParseRow(line, true, labels, r, &board, &squares, &more, &why).ok()) return bad(why);
    if (squares != layout.cols())
      return bad("row " + std::to_string(r + 1) + " has " + (more ? "more than " : "") + std::to_string(squares) +
                 " squares, expected " + std::to_string(layout.cols()));
    ++r;
  }
  if (r != layout.rows())
    return Status(Errc::kInvalidArgument, std::string(source) + ": " + std::to_string(r) + " rows, expected " +
                                              std::to_string(layout.rows()) + " (layout " + layout.name() + ")");
  return board;
}

std::string WriteBoardFile(const Board& b, const Alphabet& a) {
  const internal::Labels labels(a);
  std::string out;
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      const Cell cell = b.at(r, c);
      if (cell == kEmpty) out += '.';
      else labels.Append(CellTile(cell), CellIsBlank(cell), &out);
    }
    out += '\n';
  }
  return out;
}

}  // namespace lexc::gen
