// The GCG reader: one line at a time, each field checked where it is read.
#include "lexc/game/gcg_reader.h"

#include <charconv>
#include <cstdint>
#include <utility>

#include "lexc/escape.h"
#include "lexc/gen/move.h"
#include "lexc/gen/position.h"
#include "lexc/io.h"
#include "lexc/tile_text.h"

namespace lexc::game {
namespace {

constexpr int kMaxPoints = 1'000'000'000;  // any score field, either sign

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

std::vector<std::string_view> SplitFields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && IsBlank(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !IsBlank(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }

std::string Latin1ToUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (unsigned char c : s) {
    if (c < 0x80) {
      out += char(c);
    } else {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

class Parser {
 public:
  Parser(const Alphabet& a, const gen::Layout& layout, std::string_view source) : a_(a), layout_(layout) {
    game_.source = std::string(source);
  }

  Result<GcgGame> Run(std::string_view text) {
    std::string converted;
    if (DeclaresLatin1(text)) {
      converted = Latin1ToUtf8(text);
      text = converted;
    }
    std::size_t at = 0;
    for (line_ = 1; at < text.size(); ++line_) {
      std::size_t end = text.find('\n', at);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(at, end - at);
      at = end + 1;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      line = Trim(line);
      if (line.empty()) continue;
      if (line_ == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line = Trim(line.substr(3));  // a BOM
      if (line.empty()) continue;
      std::string tabless(line);
      for (char& c : tabless)
        if (c == '\t') c = ' ';
      if (const std::string why = RecordTextProblem(tabless); !why.empty()) return Error("text", "the line " + why);
      Status st = line[0] == '#' ? Pragma(line) : line[0] == '>' ? Event(line) : Continuation(line);
      if (!st.ok()) return st;
    }
    if (game_.events.empty() && game_.nicks[0].empty() && game_.title.empty())
      return Status(Errc::kBadInput, game_.source + ": no GCG pragma and no event: not a GCG file");
    // Seats follow the order of play; a game without events keeps the pragmas' order.
    if (!game_.events.empty() && first_player_ == 1) {
      std::swap(game_.nicks[0], game_.nicks[1]);
      std::swap(game_.names[0], game_.names[1]);
      std::swap(game_.final_racks[0], game_.final_racks[1]);
      for (GcgEvent& e : game_.events) e.event.player = 1 - e.event.player;
    }
    return std::move(game_);
  }

 private:
  static bool DeclaresLatin1(std::string_view text) {
    const std::string_view first = text.substr(0, text.find('\n'));
    const auto fields = SplitFields(first);
    if (fields.size() < 2 || fields[0] != "#character-encoding") return false;
    std::string enc(fields[1]);
    for (char& c : enc) c = char(std::toupper(static_cast<unsigned char>(c)));
    return enc == "ISO-8859-1" || enc == "ISO8859-1" || enc == "LATIN-1" || enc == "LATIN1";
  }

  Status Error(std::string_view field, const std::string& problem) const {
    return Status(Errc::kBadInput,
                  game_.source + ":" + std::to_string(line_) + ": " + std::string(field) + ": " + problem);
  }

  Status Pragma(std::string_view line) {
    const std::size_t sp = line.find_first_of(" \t");
    const std::string_view name = line.substr(1, sp == std::string_view::npos ? line.size() - 1 : sp - 1);
    const std::string_view rest = sp == std::string_view::npos ? std::string_view() : Trim(line.substr(sp));
    const std::string field = "#" + std::string(name);
    note_open_ = false;
    if (name == "player1" || name == "player2") {
      if (!game_.events.empty()) return Error(field, "comes after the first event");
      const int p = name == "player1" ? 0 : 1;
      const auto fields = SplitFields(rest);
      if (fields.empty()) return Error(field, "no nickname");
      if (!pragma_nicks_[p].empty()) return Error(field, "given twice");
      pragma_nicks_[p] = std::string(fields[0]);
      if (pragma_nicks_[0] == pragma_nicks_[1]) return Error(field, "both players are " + QuoteText(fields[0]));
      game_.nicks[p] = pragma_nicks_[p];
      game_.names[p] = std::string(Trim(rest.substr(fields[0].size())));
      if (game_.names[p].empty()) game_.names[p] = game_.nicks[p];
    } else if (name == "title") {
      game_.title = std::string(rest);
    } else if (name == "description") {
      game_.description = std::string(rest);
      description_open_ = true;
      return Status::Ok();
    } else if (name == "note") {
      game_.notes.emplace_back(game_.events.size(), std::string(rest));
      note_open_ = true;
    } else if (name == "id") {
      game_.id = std::string(rest);
    } else if (name == "lexicon") {
      game_.lexicon = std::string(rest);
    } else if (name == "character-encoding") {
      if (line_ != 1) return Error(field, "must be the first line");
      std::string enc(rest);
      for (char& c : enc) c = char(std::toupper(static_cast<unsigned char>(c)));
      if (enc != "UTF-8" && enc != "UTF8" && enc != "ISO-8859-1" && enc != "ISO8859-1" && enc != "LATIN-1" &&
          enc != "LATIN1")
        return Error(field, QuoteText(rest) + " is not UTF-8 or ISO-8859-1");
      game_.encoding = std::string(rest);
    } else if (name == "rack1" || name == "rack2") {
      Result<Rack> rack = ReadRack(rest, field);
      if (!rack.ok()) return rack.status();
      game_.final_racks[name == "rack1" ? 0 : 1] = *rack;
    } else if (name == "game-type") {
      game_.game_type = std::string(rest);
    } else if (name == "tile-set") {
      game_.tile_set = std::string(rest);
    } else if (name == "board-layout") {
      game_.board_layout = std::string(rest);
    } else if (name == "tile-distribution") {
      game_.tile_distribution = std::string(rest);
    } else if (name == "incomplete") {
      game_.incomplete = true;
    } else {
      game_.other_pragmas.emplace_back(line_, std::string(line));
    }
    description_open_ = false;
    return Status::Ok();
  }

  Status Continuation(std::string_view line) {
    if (note_open_ && !game_.notes.empty()) {
      game_.notes.back().second += "\n" + std::string(line);
      return Status::Ok();
    }
    if (description_open_) {
      game_.description += "\n" + std::string(line);
      return Status::Ok();
    }
    return Error("line", "neither a pragma ('#') nor an event ('>'): " + QuoteText(line));
  }

  Result<Rack> ReadRack(std::string_view text, std::string_view field) const {
    Result<Rack> rack = Rack::Parse(a_, text);
    if (!rack.ok()) return Error(field, rack.status().detail());
    if (Status st = gen::ValidateRack(*rack, a_); !st.ok()) return Error(field, st.detail());
    return rack;
  }

  Result<int> ReadPoints(std::string_view text, std::string_view field, bool need_sign) const {
    std::string_view digits = text;
    bool negative = false;
    if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
      negative = digits[0] == '-';
      digits.remove_prefix(1);
    } else if (need_sign) {
      return Error(field, QuoteText(text) + " is not a signed score (+N or -N)");
    }
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || v > kMaxPoints)
      return Error(field, QuoteText(text) + " is not a number up to " + std::to_string(kMaxPoints));
    return int(negative ? -v : v);
  }

  // "8D" (across: row, column) or "D8" (down: column, row); columns A..Z, AA...
  bool ReadCoordinate(std::string_view text, gen::Play* play) const {
    std::size_t i = 0;
    const auto number = [&](int* out) {
      const std::size_t start = i;
      while (i < text.size() && IsDigit(text[i])) ++i;
      if (i == start || i - start > 3 || text[start] == '0') return false;
      *out = 0;
      for (std::size_t k = start; k < i; ++k) *out = *out * 10 + (text[k] - '0');
      *out -= 1;
      return true;
    };
    const auto column = [&](int* out) {
      const std::size_t start = i;
      int v = 0;
      while (i < text.size() && IsUpper(text[i]) && i - start < 3) v = v * 26 + (text[i++] - 'A' + 1);
      if (i == start) return false;
      *out = v - 1;
      return true;
    };
    int row = 0, col = 0;
    if (text.empty()) return false;
    if (IsDigit(text[0])) {
      if (!number(&row) || !column(&col)) return false;
      play->dir = gen::Dir::kAcross;
    } else {
      if (!column(&col) || !number(&row)) return false;
      play->dir = gen::Dir::kDown;
    }
    if (i != text.size() || row < 0 || col < 0 || row >= 255 || col >= 255) return false;
    play->row = std::uint8_t(row);
    play->col = std::uint8_t(col);
    return true;
  }

  static bool LooksLikeCoordinate(std::string_view t) {
    bool digit = false, letter = false;
    for (char c : t) {
      if (IsDigit(c))
        digit = true;
      else if (IsUpper(c))
        letter = true;
      else
        return false;
    }
    return digit && letter;
  }

  Status ReadPlay(std::string_view coord, std::string_view word, GcgEvent* e) const {
    gen::Play& p = e->event.move.play;
    if (!ReadCoordinate(coord, &p))
      return Error("position", QuoteText(coord) + " is not a coordinate (8D across, D8 down)");
    if (p.row >= layout_.rows() || p.col >= layout_.cols())
      return Error("position", QuoteText(coord) + " is off the " + std::to_string(layout_.rows()) + "x" +
                                   std::to_string(layout_.cols()) + " board");
    TileTextReader reader(a_, word, ".");
    TextToken t;
    int n = 0;
    const int room = p.dir == gen::Dir::kAcross ? layout_.cols() - p.col : layout_.rows() - p.row;
    while (reader.Next(&t)) {
      if (n >= room) return Error("word", QuoteText(word) + " runs off the board from " + std::string(coord));
      if (t.kind == TextToken::Kind::kMark) {
        p.through |= 1u << n;
      } else {
        if (t.letter_case == LabelCase::kMixed) return Error("word", QuoteText(word) + ": a tile in mixed case");
        p.cells[n] = gen::MakeCell(t.tile, t.letter_case == LabelCase::kLower);
        ++p.placed;
      }
      ++n;
    }
    if (!reader.ok()) return Error("word", reader.ErrorStatus("word").detail());
    if (n < 2) return Error("word", QuoteText(word) + ": a play's word has at least two squares");
    if (p.placed == 0) return Error("word", QuoteText(word) + " places no tile");
    p.length = std::uint8_t(n);
    p.score = e->event.points;
    e->event.move.kind = gen::Move::Kind::kPlay;
    return Status::Ok();
  }

  Status ReadExchange(std::string_view what, GcgEvent* e) const {
    e->event.move.kind = gen::Move::Kind::kExchange;
    if (!what.empty() && IsDigit(what[0])) {
      Result<int> n = ReadPoints(what, "exchange", false);
      if (!n.ok()) return n.status();
      if (*n < 1 || *n > gen::kRackSize)
        return Error("exchange",
                     std::to_string(*n) + " tiles; an exchange puts back 1 to " + std::to_string(gen::kRackSize));
      e->exchange_count = *n;
      return Status::Ok();
    }
    Result<Rack> tiles = ReadRack(what, "exchange");
    if (!tiles.ok()) return tiles.status();
    if (tiles->empty()) return Error("exchange", "no tiles");
    e->event.move.exchange = *tiles;
    return Status::Ok();
  }

  Status Event(std::string_view line) {
    note_open_ = description_open_ = false;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return Error("player", "no ':' after the player's nickname");
    const std::string nick(line.substr(1, colon - 1));
    if (nick.empty() || nick.find_first_of(" \t") != std::string::npos)
      return Error("player", QuoteText(nick) + " is not a nickname");
    int seat = -1;
    for (int p : {0, 1})
      if (pragma_nicks_[p] == nick) seat = p;
    if (seat < 0) {
      if (pragma_nicks_[0].empty() || pragma_nicks_[1].empty())
        return Error("player", "an event before both #player1 and #player2");
      return Error("player", QuoteText(nick) + " is neither #player1 " + QuoteText(pragma_nicks_[0]) +
                                 " nor #player2 " + QuoteText(pragma_nicks_[1]));
    }
    if (game_.events.empty()) first_player_ = seat;
    const auto f = SplitFields(line.substr(colon + 1));
    if (f.size() < 2) return Error("event", "needs at least a score and a total");
    GcgEvent e;
    e.line = line_;
    e.event.player = seat;
    Result<int> points = ReadPoints(f[f.size() - 2], "score", true);
    if (!points.ok()) return points.status();
    Result<int> total = ReadPoints(f.back(), "total", false);
    if (!total.ok()) return total.status();
    e.event.points = *points;
    e.event.total = *total;
    const std::vector<std::string_view> mid(f.begin(), f.end() - 2);
    // The rack field, when the fields after it make the line's kind.
    const auto rack_then = [&](std::size_t rest) -> Status {
      if (mid.size() == rest) return Status::Ok();
      if (mid.size() != rest + 1) return Error("event", "unexpected fields: " + QuoteText(line));
      Result<Rack> rack = ReadRack(mid[0], "rack");
      if (!rack.ok()) return rack.status();
      e.event.rack = *rack;
      e.rack_known = true;
      return Status::Ok();
    };
    const auto sign = [&](bool positive) -> Status {
      if (positive ? *points < 0 : *points > 0)
        return Error("score", QuoteText(f[f.size() - 2]) + ": expected " + (positive ? "+N" : "-N") + " on this line");
      return Status::Ok();
    };
    if (mid.empty()) return Error("event", "no move: " + QuoteText(line));
    const std::string_view last = mid.back();
    using Kind = GameEvent::Kind;
    if (mid.size() >= 2 && LooksLikeCoordinate(mid[mid.size() - 2])) {  // a play
      LEXC_RETURN_IF_ERROR(rack_then(2));
      LEXC_RETURN_IF_ERROR(sign(true));
      LEXC_RETURN_IF_ERROR(ReadPlay(mid[mid.size() - 2], last, &e));
    } else if (last == "-") {
      LEXC_RETURN_IF_ERROR(rack_then(1));
      if (*points != 0) return Error("score", "a pass scores +0");
      e.event.move.kind = gen::Move::Kind::kPass;
    } else if (last == "--") {
      LEXC_RETURN_IF_ERROR(rack_then(1));
      LEXC_RETURN_IF_ERROR(sign(false));
      e.event.kind = Kind::kPhonyWithdrawn;
      const GcgEvent* play = nullptr;
      for (auto it = game_.events.rbegin(); it != game_.events.rend(); ++it)
        if (it->event.kind == Kind::kMove) {
          play = &*it;
          break;
        }
      if (!play || play->event.player != seat || play->event.move.kind != gen::Move::Kind::kPlay)
        return Error("event", "a withdrawn play ('--') must follow that player's play");
    } else if (last == "(challenge)" || last == "(time)") {
      LEXC_RETURN_IF_ERROR(rack_then(1));
      LEXC_RETURN_IF_ERROR(sign(last == "(challenge)"));
      e.event.kind = last == "(time)" ? Kind::kTimePenalty : Kind::kChallengeBonus;
    } else if (last.size() >= 2 && last.front() == '(' && last.back() == ')') {
      Result<Rack> tiles = ReadRack(last.substr(1, last.size() - 2), "end rack");
      if (!tiles.ok()) return tiles.status();
      if (mid.size() == 1) {
        LEXC_RETURN_IF_ERROR(sign(true));
        e.event.kind = Kind::kOutBonus;
        e.event.rack = *tiles;
      } else {
        LEXC_RETURN_IF_ERROR(rack_then(1));
        LEXC_RETURN_IF_ERROR(sign(false));
        e.event.kind = Kind::kRackPenalty;
        if (!(e.event.rack == *tiles))
          return Error("end rack", "the rack " + QuoteText(mid[0]) + " and the tiles " + QuoteText(last) + " differ");
      }
    } else if (last.size() >= 2 && last[0] == '-') {
      LEXC_RETURN_IF_ERROR(rack_then(1));
      if (*points != 0) return Error("score", "an exchange scores +0");
      LEXC_RETURN_IF_ERROR(ReadExchange(last.substr(1), &e));
    } else {
      return Error("event", "not a play, exchange, pass, challenge, penalty or end-of-game line: " + QuoteText(line));
    }
    game_.events.push_back(std::move(e));
    return Status::Ok();
  }

  const Alphabet& a_;
  const gen::Layout& layout_;
  GcgGame game_;
  std::array<std::string, 2> pragma_nicks_;
  int line_ = 0;
  int first_player_ = 0;
  bool note_open_ = false, description_open_ = false;
};

}  // namespace

Result<GcgGame> ParseGcg(std::string_view text, const Alphabet& a, const gen::Layout& layout, std::string_view source) {
  return Parser(a, layout, source).Run(text);
}

Result<GcgGame> ReadGcgFile(const std::string& path, const Alphabet& a, const gen::Layout& layout) {
  Result<std::string> text = ReadFileBytes(path, kMaxGcgBytes);
  if (!text.ok()) return text.status();
  return ParseGcg(*text, a, layout, QuotePath(path));
}

}  // namespace lexc::game
