#include "lexc/gen/cgp.h"

#include <charconv>
#include <vector>

#include "lexc/escape.h"
#include "lexc/rack.h"
#include "lexc/tile_text.h"

namespace lexc::gen {
namespace {

// CGP and board files are outside text: what fails to parse is kBadInput.
Status Bad(const std::string& field, const std::string& why) {
  return Status(Errc::kBadInput, "cgp " + field + ": " + why);
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

// One board row in tile text (formats/tile-text.md): a CGP row, where digits
// are runs of empty squares, or a board-file row, where '.' is an empty
// square and spaces separate. A tile's lower-case label is a blank. Reading
// stops once the row has more squares than the board (so no count can
// overflow, however long the row): *squares is then the count so far and
// *more tells whether text was left. False with *why on an error.
bool ParseRow(std::string_view row, bool board_file, const Alphabet& a, int r, Board* board, int* squares, bool* more,
              std::string* why) {
  TileTextReader reader(a, row, board_file ? ". \t" : "0123456789");
  TextToken token;
  int col = 0, run = 0;
  bool in_run = false;
  const auto close_run = [&]() {
    if (!in_run) return true;
    in_run = false;
    if (run == 0) *why = "a run of 0 empty squares";
    col += run;
    return run != 0;
  };
  *more = false;
  while (reader.Next(&token)) {
    const bool digit = !board_file && token.kind == TextToken::Kind::kMark;
    if (digit && in_run && run <= 1000) {
      run = run * 10 + (token.mark - '0');
      continue;
    }
    if (!close_run()) return false;
    if (col > board->cols()) {
      *more = true;
      break;
    }
    if (digit) {
      in_run = true;
      run = token.mark - '0';
      continue;
    }
    if (token.kind == TextToken::Kind::kMark) {  // a board file's '.', or a space
      col += token.mark == '.';
      continue;
    }
    if (token.letter_case == LabelCase::kMixed) {
      *why = "tile " + QuoteText(reader.text().substr(token.offset, reader.offset() - token.offset), '\'') +
             " mixes upper and lower case (a blank is written in lower case)";
      return false;
    }
    if (col < board->cols()) board->set(r, col, MakeCell(token.tile, token.letter_case == LabelCase::kLower));
    ++col;
  }
  if (!reader.ok()) {
    *why = reader.problem();
    return false;
  }
  if (!close_run()) return false;
  *squares = col;
  return true;
}

// An operation's code or operand as written: RecordText, with a ';' (and a
// space in a code) escaped too, so that text ParseCgp never produces cannot
// end the operation early or forge another.
std::string CgpOperationText(std::string_view text, bool code) {
  std::string out;
  for (char c : RecordText(text)) {
    if (c == ';')
      out += "\\u{3B}";
    else if (code && c == ' ')
      out += "\\u{20}";
    else
      out += c;
  }
  return out;
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
  // Board.
  const std::vector<std::string_view> rows = Split(fields[0], '/');
  if (int(rows.size()) != layout.rows())
    return Bad("board", std::to_string(rows.size()) + " rows, expected " + std::to_string(layout.rows()) + " (layout " +
                            layout.name() + ")");
  p.board = Board(layout.rows(), layout.cols());
  for (int r = 0; r < layout.rows(); ++r) {
    int squares = 0;
    std::string why;
    bool more = false;
    if (!ParseRow(rows[std::size_t(r)], false, a, r, &p.board, &squares, &more, &why))
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
    if (!ParseInt(s, &v) || v > kMaxPositionScore || v < -kMaxPositionScore)
      return Bad("scores", QuoteText(s, '\'') + " is not a number from -" + std::to_string(kMaxPositionScore) + " to " +
                               std::to_string(kMaxPositionScore));
    p.scores.push_back(v);
  }
  if (!ParseInt(fields[3], &p.scoreless_turns) || p.scoreless_turns < 0)
    return Bad("scoreless turns", QuoteText(fields[3], '\'') + " is not a count");
  // Operations: "opcode operands;" each.
  std::string_view rest = Trim(text.substr(pos));
  while (!rest.empty()) {
    const std::size_t semi = rest.find(';');
    if (semi == std::string_view::npos) return Bad("operations", QuoteText(rest, '\'') + " lacks its ';'");
    std::string_view op = Trim(rest.substr(0, semi));
    rest = Trim(rest.substr(semi + 1));
    std::size_t space = 0;
    while (space < op.size() && !IsSpace(op[space])) ++space;
    if (op.empty()) return Bad("operations", "an empty operation");
    if (std::string why = RecordTextProblem(op); !why.empty())
      return Bad("operations", QuoteText(op, '\'') + " " + why);
    p.ops.emplace_back(std::string(op.substr(0, space)), std::string(Trim(op.substr(space))));
  }
  for (const char* numeric : {"bb", "etl", "mcnz"}) {
    const std::string v = p.Op(numeric);
    int n = 0;
    if (!v.empty() && (!ParseInt(v, &n) || n < 0))
      return Bad(std::string("operation ") + numeric, QuoteText(v, '\'') + " is not a count");
  }
  if (Status st = ValidatePosition(p, layout, a); !st.ok())
    return Status(st.code() == Errc::kLimit ? Errc::kLimit : Errc::kBadInput, "cgp " + st.detail());
  return p;
}

std::string CgpOperandProblem(std::string_view text) {
  std::string why = RecordTextProblem(text);
  if (why.empty() && text.find(';') != std::string_view::npos) why = "holds ';', which ends a CGP operation";
  return why;
}

std::string WriteCgpBoard(const Board& b, const Alphabet& a) {
  std::string out;
  TileTextWriter writer(a, &out, "0123456789");
  for (int r = 0; r < b.rows(); ++r) {
    if (r) writer.AppendOther("/");
    int run = 0;
    for (int c = 0; c < b.cols(); ++c) {
      const Cell cell = b.at(r, c);
      if (cell == kEmpty) {
        ++run;
        continue;
      }
      if (run) writer.AppendOther(std::to_string(run));
      run = 0;
      writer.Append(CellTile(cell), CellIsBlank(cell));
    }
    if (run) writer.AppendOther(std::to_string(run));
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
  for (const auto& [code, operand] : p.ops) {
    out += " " + CgpOperationText(code, true);
    if (!operand.empty()) out += " " + CgpOperationText(operand, false);
    out += ';';
  }
  return out;
}

Result<Board> ParseBoardFile(std::string_view text, std::string_view source, const Alphabet& a, const Layout& layout) {
  LEXC_RETURN_IF_ERROR(CheckAlphabet(a));
  Board board(layout.rows(), layout.cols());
  int r = 0, line_no = 0;
  const auto bad = [&](const std::string& why) {
    return Status(Errc::kBadInput, std::string(source) + ":" + std::to_string(line_no) + ": " + why);
  };
  for (std::string_view line : Split(text, '\n')) {
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = Trim(line);
    if (line.empty()) continue;
    if (r == layout.rows())
      return bad("more than " + std::to_string(layout.rows()) + " rows (layout " + layout.name() + ")");
    int squares = 0;
    std::string why;
    bool more = false;
    if (!ParseRow(line, true, a, r, &board, &squares, &more, &why)) return bad(why);
    if (squares != layout.cols())
      return bad("row " + std::to_string(r + 1) + " has " + (more ? "more than " : "") + std::to_string(squares) +
                 " squares, expected " + std::to_string(layout.cols()));
    ++r;
  }
  if (r != layout.rows())
    return Status(Errc::kBadInput, std::string(source) + ": " + std::to_string(r) + " rows, expected " +
                                       std::to_string(layout.rows()) + " (layout " + layout.name() + ")");
  return board;
}

std::string WriteBoardFile(const Board& b, const Alphabet& a) {
  std::string out;
  TileTextWriter writer(a, &out, ". \t");
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      const Cell cell = b.at(r, c);
      if (cell == kEmpty)
        writer.AppendOther(".");
      else
        writer.Append(CellTile(cell), CellIsBlank(cell));
    }
    writer.AppendOther("\n");
  }
  return out;
}

}  // namespace lexc::gen
