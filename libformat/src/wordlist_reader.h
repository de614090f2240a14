// The streaming word-list reader (WordListReader) and the helpers it shares
// with WordList: internal to libformat. wordlist.cc reads a stream with one
// reader; wordlist_split_read.cc reads a large plain file with one reader
// per run of lines, on threads, and merges their lists.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "lexc/escape.h"
#include "lexc/io.h"
#include "lexc/wordlist.h"
#include "unicode.h"
#include "utf8.h"

namespace lexc {
namespace wordlist_internal {

inline bool IsBlank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Why tokenizing stopped at word[bad]; the line's text is quoted by the caller.
// Why `word` does not tokenize at byte `bad`; sets *not_in_alphabet when it
// is a character that no tile or fold matches.
inline std::string Reason(std::string_view word, std::size_t bad, std::size_t column, const Alphabet& alphabet,
                          bool* not_in_alphabet) {
  const auto c = static_cast<unsigned char>(word[bad]);
  const std::string at = " at byte " + std::to_string(column);
  constexpr std::string_view kConvert = "; word lists are UTF-8: iconv -f UTF-16 -t UTF-8 converts it";
  // UTF-16: a byte order mark first, or ASCII with every other byte NUL.
  const bool bom = word.starts_with("\xFF\xFE") || word.starts_with("\xFE\xFF");
  if (bad == 0 && bom)
    return std::string("UTF-16 text (byte order mark ") + (word[0] == '\xFF' ? "FF FE" : "FE FF") + ")" +
           std::string(kConvert);
  const bool utf16 = word.size() >= 4 && ((word[0] != 0 && word[1] == 0 && word[2] != 0 && word[3] == 0) ||
                                          (word[0] == 0 && word[1] != 0 && word[2] == 0 && word[3] != 0));
  if (c == 0 && utf16) return "NUL byte" + at + ": UTF-16 text" + std::string(kConvert);
  if (c == 0) return "NUL byte" + at + " (UTF-16 or binary input?)";
  if (IsBlank(c)) return "more than one word on the line";
  char32_t cp;
  if (utf8::Decode(word, bad, &cp) == 0) return "invalid UTF-8" + at;
  std::string r = "character " + utf8::CharAt(word, bad) + at + " is not in the alphabet";
  if (!alphabet.name().empty()) r += " \"" + alphabet.name() + "\"";
  *not_in_alphabet = true;
  return r;
}

// Orders words a and b, which both lie inside tiles[0, tiles.size()).
// Words are short and neighbours share prefixes, so a byte loop (or memcmp
// call) pays a mispredicted exit per pair; compare 8 tiles per step instead,
// reading past a word's end (masked off) only while inside the array.
inline int Compare(std::span<const Tile> tiles, std::span<const Tile> a, std::span<const Tile> b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    const Tile* end = tiles.data() + tiles.size();
    for (; i < n && a.data() + i + 8 <= end && b.data() + i + 8 <= end; i += 8) {
      std::uint64_t x, y;
      std::memcpy(&x, a.data() + i, 8);
      std::memcpy(&y, b.data() + i, 8);
      const std::size_t k = std::min<std::size_t>(n - i, 8);  // >= 1
      const std::uint64_t mask = ~std::uint64_t{0} >> (64 - 8 * k);
      x &= mask;
      y &= mask;
      if (x != y) return __builtin_bswap64(x) < __builtin_bswap64(y) ? -1 : 1;
    }
  }
  for (; i < n; ++i)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

// Index of the first zero byte among p[0..16), or 16 when none.
inline unsigned FirstZero16(const Tile* p) {
#if defined(__SSE2__)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const unsigned m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())));
  return static_cast<unsigned>(std::countr_zero(m | 0x10000u));
#else
  for (unsigned i = 0; i < 16; ++i)
    if (p[i] == 0) return i;
  return 16;
#endif
}

// A word of at most 16 tiles as an order key: its tiles zero-padded to 16,
// most significant first. Tiles are never 0, so keys order as the words do
// (a prefix first) and are equal only for equal words; a word of over 16
// tiles keyed by its first 16 differs from every word of at most 15.
struct Key16 {
  std::uint64_t hi = 0, lo = 0;
  static Key16 Of(const Tile* p, std::size_t n) {  // reads p[0..min(n, 16))
    Tile b[16] = {};
    std::memcpy(b, p, std::min<std::size_t>(n, 16));
    return Masked(b, 16);
  }
  // The key of p[0..z), z <= 16, reading p[0..16) (16 readable bytes; those
  // from z on are masked off).
  static Key16 Masked(const Tile* p, std::size_t z) {
    std::uint64_t x, y;
    std::memcpy(&x, p, 8);
    std::memcpy(&y, p + 8, 8);
    if constexpr (std::endian::native == std::endian::little) {
      x &= z >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * z)) - 1;
      y &= z >= 16 ? ~std::uint64_t{0} : z <= 8 ? 0 : (std::uint64_t{1} << (8 * (z - 8))) - 1;
      return {__builtin_bswap64(x), __builtin_bswap64(y)};
    } else {
      x &= z >= 8 ? ~std::uint64_t{0} : ~(~std::uint64_t{0} >> (8 * z));
      y &= z >= 16 ? ~std::uint64_t{0} : z <= 8 ? 0 : ~(~std::uint64_t{0} >> (8 * (z - 8)));
      return {x, y};
    }
  }
  friend bool operator==(const Key16&, const Key16&) = default;
  friend bool operator<(const Key16& a, const Key16& b) { return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo; }
};

// ---- The streaming reader ----

// Parses text chunk by chunk into a WordList (a friend of WordList: words are
// tokenized straight into its flat arrays). Chunks may split lines, UTF-8
// sequences and the BOM anywhere; the result does not depend on where.
class WordListReader {
 public:
  WordListReader(std::string_view name, const Alphabet& alphabet, const ReadOptions& options, ReadReport& report,
                 std::uint64_t size_hint)
      : name_(name),
        alphabet_(alphabet),
        options_(options),
        rep_(report),
        max_len_(static_cast<std::size_t>(options.max_len)),
        max_reported_(static_cast<std::size_t>(std::max(options.max_reported, 0))),
        tiles_(list_.tiles_),
        starts_(list_.starts_) {
    // Tiles never outnumber text bytes; reserve for a regular file's size,
    // but not so much that a huge file of repeats reserves memory it never
    // needs.
    const std::size_t hint = static_cast<std::size_t>(std::min<std::uint64_t>(size_hint, 64u << 20));
    tiles_.reserve(hint);
    starts_.reserve(hint / 8 + 2);
    starts_.push_back(0);
    for (int b = 0; b < 256; ++b) {
      direct_[static_cast<std::size_t>(b)] = alphabet.DirectTile(static_cast<unsigned char>(b));
      any_direct_ = any_direct_ || direct_[static_cast<std::size_t>(b)] != 0;
      const bool letter = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
      english_ = english_ && direct_[static_cast<std::size_t>(b)] == (letter ? (b & 0x1F) : 0);
    }
  }

  // Parses one more chunk. Errors end the read: the first bad line (strict),
  // the word limit.
  Status Feed(std::string_view chunk) {
    if (!bom_decided_) {
      // The first three bytes decide whether there is a BOM to drop.
      const std::size_t take = std::min(chunk.size(), 3 - head_.size());
      head_.append(chunk.substr(0, take));
      chunk.remove_prefix(take);
      if (head_.size() < 3) return Status::Ok();
      bom_decided_ = true;
      if (head_ != kUtf8ByteOrderMark) LEXC_RETURN_IF_ERROR(FeedText(head_));
    }
    return FeedText(chunk);
  }

  // For a run of the file's lines that begins right after a line's end
  // (wordlist_split_read.cc): no BOM is looked for, lines are counted from 1
  // within the run, and each skipped line's example is kept as (its line in
  // the run, the text after "file:line: ") for the caller to number. Call
  // before the first Feed.
  void StartAfterLineEnd() {
    bom_decided_ = true;
    mid_file_ = true;
  }
  const std::vector<std::pair<std::uint64_t, std::string>>& run_examples() const { return run_examples_; }

  // Merges sorted, duplicate-free lists into one (taking them: they are
  // left empty or moved from); words in more than one list are kept once. A
  // list whose words all follow the merged ones so far (a sorted file read
  // in runs) is appended to them, in place when the first list has room.
  static WordList MergeSorted(std::vector<WordList>& lists);
  // Appends words [from, to) of `list` to *out.
  static void AppendWords(WordList* out, const WordList& list, std::size_t from, std::size_t to);

  // Ends the last line and returns the sorted, duplicate-free list.
  Result<WordList> Finish() {
    if (!bom_decided_) {
      bom_decided_ = true;
      LEXC_RETURN_IF_ERROR(FeedText(head_));
    }
    if (in_line_) LEXC_RETURN_IF_ERROR(EndLine(std::string_view()));
    if (!sorted_) list_.Normalize();
    LEXC_RETURN_IF_ERROR(CheckWordLimit());
    if (starts_.size() == 1) starts_.clear();  // as an empty WordList()
    rep_.lines = line_no_;
    rep_.duplicates = rep_.words - list_.size();
    return std::move(list_);
  }

 private:
  // Past this length a line is examined as it arrives (see LongLine).
  static constexpr std::size_t kLongLine = 64 << 10;
  // Bytes kept ahead of the tokenizing position in a long line: no label
  // match or UTF-8 sequence is that long, and an error met at once still has
  // more text quoted than QuoteText shows (lexc::kQuoteBytes and a whole
  // UTF-8 sequence), so it is cut with "..." exactly as a short line's is.
  static constexpr std::size_t kLookahead = 128;
  static_assert(kLookahead > lexc::kQuoteBytes + 4);
  // Bytes of a long line's text kept for quoting (QuoteText shows ~64).
  static constexpr std::size_t kQuoteBytes = 256;

  enum class Mode { kShort, kLong, kSkipRest };
  enum class LongPhase { kLead, kWord, kTrail };

  Status FeedText(std::string_view chunk) {
    const char* p = chunk.data();
    const char* const end = p + chunk.size();
    window_text_ = nullptr;  // the window was over the previous chunk
    while (p < end) {
      if (!in_line_) {
        LEXC_RETURN_IF_ERROR(FastLines(p, end));
        if (p == end) break;
      }
      const std::size_t repeat = last_word_line_.size();
      // A whole line repeating the last word's line byte for byte (runs of
      // one word, as in a decompression bomb) is that word again: count it.
      if (!in_line_ && repeat && static_cast<std::size_t>(end - p) > repeat && p[repeat] == '\n' &&
          std::memcmp(p, last_word_line_.data(), repeat) == 0) {
        ++line_no_;
        ++rep_.words;
        p += repeat + 1;
        continue;
      }
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      const std::string_view piece(p, static_cast<std::size_t>((nl ? nl : end) - p));
      p = nl ? nl + 1 : end;
      if (!in_line_) {
        in_line_ = true;
        ++line_no_;
        if (nl && piece.size() <= kLongLine) {  // the common case: a whole line in the chunk
          LEXC_RETURN_IF_ERROR(ShortLine(piece));
          in_line_ = false;
          continue;
        }
      }
      if (mode_ == Mode::kShort && partial_.size() + piece.size() <= kLongLine) {
        partial_.append(piece);
      } else {
        if (mode_ == Mode::kShort) {  // the line just outgrew kLongLine: examine what it holds
          mode_ = Mode::kLong;
          std::string held = std::move(partial_);
          partial_.clear();
          LEXC_RETURN_IF_ERROR(LongLine(held, false));
        }
        if (mode_ == Mode::kLong) LEXC_RETURN_IF_ERROR(LongLine(piece, false));
      }
      if (nl) LEXC_RETURN_IF_ERROR(EndLine(std::string_view()));
    }
    return Status::Ok();
  }

  // The fast path, for the lines of a sorted list that are plain words:
  // consumes whole lines from p on that are empty or hold 1 to
  // min(max_len, 15) bytes that each read as a tile alone
  // (Alphabet::DirectTile), then LF or CR LF, while each word is not below
  // the previous one; stops (p at its start) at the first other line, or at
  // a line the chunk cuts, for the general path. Such a line has no blank,
  // '#', non-ASCII byte or multi-byte label, so ShortLine and AddWord would
  // read it as these tiles, count it and keep it or drop it as a repeat just
  // so. The text is translated a window at a time, and a line's end found
  // by one 16-byte compare; kept tiles are staged and appended a window at
  // a time. Errors: the word limit (as CheckWordLimit).
  Status FastLines(const char*& p, const char* const end) {
    if (!any_direct_ || !sorted_) return Status::Ok();
    const std::size_t max_fast = std::min<std::size_t>(max_len_, 15);
    Key16 prev;  // the last word kept
    bool have_prev = list_.size() > 0;
    if (have_prev) {
      const auto w = list_[list_.size() - 1];
      prev = Key16::Of(w.data(), w.size());
    }
    // Words beyond which a kept word ends the read (CheckWordLimit).
    const std::uint64_t limit = options_.max_words ? options_.max_words : ~std::uint64_t{0};
    std::string_view last_line;
    bool over_limit = false;
    while (p < end && !over_limit) {
      if (!window_text_ || p < window_text_ || p >= window_text_ + window_len_) {
        window_text_ = p;
        window_len_ = std::min<std::size_t>(static_cast<std::size_t>(end - p), kWindow);
        // Buffers as large as the largest window yet: a short list touches
        // (and zeroes) only the pages it uses.
        if (window_.size() < window_len_ + 16) {
          window_.resize(window_len_ + 16);
          stage_.resize(window_len_ + 16);
          stage_starts_.resize(window_len_ / 2 + 1);
        }
        Translate(reinterpret_cast<const unsigned char*>(p), window_len_, window_.data());
        std::memset(window_.data() + window_len_, 0, 16);
      }
      const auto* s = reinterpret_cast<const unsigned char*>(window_text_);
      const Tile* t = window_.data();
      Tile* const stage = stage_.data();
      std::uint32_t* const stage_starts = stage_starts_.data();
      const std::size_t n = window_len_;
      const std::size_t tiles_base = tiles_.size();
      std::size_t kept_before = list_.size();
      std::size_t staged = 0, words = 0, lines = 0, kept = 0;
      std::size_t i = static_cast<std::size_t>(p - window_text_);
      bool stop = false;
      while (i < n) {
        const std::size_t z = FirstZero16(t + i);
        if (i + z >= n) break;         // the window (or the chunk) ends inside the line
        std::size_t next = i + z + 1;  // after the LF
        if (z > max_fast) {            // too long: the general path tells
          stop = true;
          break;
        }
        if (s[i + z] == '\r' && next < n && s[next] == '\n') {
          ++next;
        } else if (s[i + z] == '\r' && next == n) {
          break;  // CR at the window's end: the LF may follow in the next
        } else if (s[i + z] != '\n') {
          stop = true;
          break;
        }
        if (z > 0) {
          const Key16 key = Key16::Masked(t + i, z);  // z <= 15; the window has 16 zeros after its end
          if (have_prev && !(prev < key)) {
            // Out of order: the general path turns to unsorted reading.
            if (!(key == prev)) {
              stop = true;
              break;
            }
          } else {  // kept
            std::memcpy(stage + staged, t + i, 16);
            staged += z;
            stage_starts[kept++] = static_cast<std::uint32_t>(tiles_base + staged);
            prev = key;
            have_prev = true;
            if (kept_before + kept > limit) over_limit = true;
          }
          ++words;
          last_line = std::string_view(window_text_ + i, next - i - 1);
        }
        ++lines;
        i = next;
        if (over_limit) break;
      }
      tiles_.insert(tiles_.end(), stage, stage + staged);
      starts_.insert(starts_.end(), stage_starts, stage_starts + kept);
      rep_.words += words;
      line_no_ += lines;
      p = window_text_ + i;
      if (stop || window_text_ + n == end) break;
      if (!over_limit) window_text_ = nullptr;  // a line crosses the window's end: translate from it on
    }
    if (last_line.data()) last_word_line_.assign(last_line);
    return over_limit ? CheckWordLimit() : Status::Ok();
  }

  // t[k] = direct_[s[k]] for k < n.
  void Translate(const unsigned char* s, std::size_t n, Tile* t) const {
    std::size_t k = 0;
#if defined(__SSE2__)
    if (english_) {  // A..Z and a..z to 1..26, everything else to 0
      const __m128i case_bit = _mm_set1_epi8(0x20), low = _mm_set1_epi8('a' - 1), high = _mm_set1_epi8('z' + 1),
                    five = _mm_set1_epi8(0x1F);
      for (; k + 16 <= n; k += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + k));
        const __m128i folded = _mm_or_si128(v, case_bit);  // bytes over 0x7F stay negative: no letter
        const __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(folded, low), _mm_cmplt_epi8(folded, high));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(t + k), _mm_and_si128(_mm_and_si128(v, five), letter));
      }
    }
#endif
    const Tile* map = direct_.data();
    for (; k + 8 <= n; k += 8) {
      std::uint64_t v = 0;
      for (std::size_t j = 0; j < 8; ++j) v |= std::uint64_t{map[s[k + j]]} << (8 * j);
      if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
      std::memcpy(t + k, &v, 8);
    }
    for (; k < n; ++k) t[k] = map[s[k]];
  }

  // The current line ends after `rest`.
  Status EndLine(std::string_view rest) {
    Status st = Status::Ok();
    if (mode_ == Mode::kShort) {
      partial_.append(rest);
      st = ShortLine(partial_);
    } else if (mode_ == Mode::kLong) {
      st = LongLine(rest, true);
    }
    partial_.clear();
    mode_ = Mode::kShort;
    in_line_ = false;
    return st;
  }

  // A whole line of at most kLongLine bytes (without its '\n').
  Status ShortLine(std::string_view line) {
    if (line == last_word_line_ && !line.empty()) {  // as in FeedText
      ++rep_.words;
      return Status::Ok();
    }
    std::size_t b = 0, e = line.size();
    while (b < e && IsBlank(static_cast<unsigned char>(line[b]))) ++b;
    while (e > b && IsBlank(static_cast<unsigned char>(line[e - 1]))) --e;
    if (b == e || line[b] == '#') return Status::Ok();
    std::string_view text = line.substr(b, e - b);
    // Compared with labels byte for byte: bring decomposed text to NFC.
    const bool normalized = unicode::ToNfc(text, &nfc_);
    if (normalized) text = nfc_;
    const std::size_t base = tiles_.size();
    std::size_t bad = 0;
    word_.clear();
    const bool tokenized = alphabet_.Tokenize(text, &word_, &bad);
    tiles_.insert(tiles_.end(), word_.begin(), word_.end());
    if (!tokenized) {
      tiles_.resize(base);
      // A normalized word's bytes are not the line's: count them in the word.
      std::string reason = Reason(text, bad, normalized ? bad + 1 : b + bad + 1, alphabet_, &rep_.not_in_alphabet);
      if (normalized) reason += " (counting bytes of the word in Unicode NFC)";
      return LineError(reason, text, false);
    }
    if (tiles_.size() - base > max_len_) {
      const std::size_t n = tiles_.size() - base;
      tiles_.resize(base);
      return LineError(TooLong(n), text, true);
    }
    last_word_line_.assign(line);
    return AddWord(base);
  }

  // Part of a line over kLongLine bytes; `ends`: the line ends after it.
  // Tokenizes as it goes (MatchAt, the step Tokenize repeats), keeping only
  // kLookahead bytes ahead and the first kQuoteBytes of text, so that
  // neither an endless line nor /dev/zero is ever held.
  Status LongLine(std::string_view part, bool ends) {
    if (!long_started_) {
      long_started_ = true;
      phase_ = LongPhase::kLead;
      column_ = 0;
      long_tiles_.clear();
      long_count_ = 0;
      quote_.clear();
      ahead_.clear();
    }
    if (phase_ == LongPhase::kLead) {
      std::size_t i = 0;
      while (i < part.size() && IsBlank(static_cast<unsigned char>(part[i]))) ++i;
      column_ += i;
      part.remove_prefix(i);
      if (!part.empty()) {
        if (part[0] == '#') return SkipRest();  // a comment
        phase_ = LongPhase::kWord;
      }
    }
    if (phase_ != LongPhase::kLead && quote_.size() < kQuoteBytes)
      quote_.append(part.substr(0, kQuoteBytes - quote_.size()));
    if (phase_ == LongPhase::kWord) {
      ahead_.append(part);
      part = {};
      std::size_t pos = 0;
      while (pos < ahead_.size() && (ends || ahead_.size() - pos >= kLookahead)) {
        Tile t = 0;
        const std::size_t len = alphabet_.MatchAt(ahead_, pos, &t);
        if (len == 0) {
          if (!IsBlank(static_cast<unsigned char>(ahead_[pos])))
            return LongError(Reason(ahead_, pos, column_ + pos + 1, alphabet_, &rep_.not_in_alphabet), false, ends);
          phase_ = LongPhase::kTrail;  // after the word: only blanks may follow
          part = std::string_view(ahead_).substr(pos);
          break;
        }
        if (++long_count_ <= max_len_) long_tiles_.push_back(t);
        pos += len;
      }
      if (phase_ == LongPhase::kTrail) {
        if (part.find_first_not_of(" \t\r\v\f") != std::string_view::npos)
          return LongError("more than one word on the line", false);
        ahead_.clear();
        part = {};
      } else {
        ahead_.erase(0, pos);
        column_ += pos;
      }
    }
    if (phase_ == LongPhase::kTrail && part.find_first_not_of(" \t\r\v\f") != std::string_view::npos)
      return LongError("more than one word on the line", false);
    if (!ends) return Status::Ok();
    long_started_ = false;
    if (phase_ == LongPhase::kLead) return Status::Ok();  // a blank line
    if (long_count_ > max_len_) return LongError(TooLong(long_count_), true, true);
    const std::size_t base = tiles_.size();
    tiles_.insert(tiles_.end(), long_tiles_.begin(), long_tiles_.end());
    return AddWord(base);
  }

  // `ends`: the line has ended, so trailing blanks in the quote end the text.
  Status LongError(const std::string& reason, bool too_long, bool ends = false) {
    // The quote is the text's first bytes (QuoteText shows fewer).
    std::string_view text = quote_;
    while (ends && !text.empty() && IsBlank(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    LEXC_RETURN_IF_ERROR(LineError(reason, text, too_long));
    return SkipRest();
  }

  Status SkipRest() {
    long_started_ = false;
    mode_ = Mode::kSkipRest;
    return Status::Ok();
  }

  std::string TooLong(std::size_t tiles) const {
    return "word has " + std::to_string(tiles) + " tiles, over max-len " + std::to_string(max_len_);
  }

  // A bad line: the error (strict), else counted and perhaps quoted.
  Status LineError(const std::string& reason, std::string_view text, bool too_long) {
    auto message = [&] {
      return QuotePath(name_) + ":" + std::to_string(line_no_) + ": " + reason + ": " + QuoteText(text);
    };
    if (!options_.skip_invalid) return Status(Errc::kBadInput, message());
    ++(too_long ? rep_.skipped_long : rep_.skipped_invalid);
    if (rep_.examples.size() + run_examples_.size() < max_reported_) {
      if (mid_file_)
        run_examples_.emplace_back(line_no_, reason + ": " + QuoteText(text));
      else
        rep_.examples.push_back(message());
    }
    return Status::Ok();
  }

  // Keeps the word tokenized at tiles_[base, end): drops it if it repeats
  // the previous word or (unsorted input) a recent word that shares its
  // cache slot; de-duplicates unsorted input once enough words wait.
  Status AddWord(std::size_t base) {
    ++rep_.words;
    const std::span<const Tile> word(tiles_.data() + base, tiles_.size() - base);
    std::uint32_t* slot = nullptr;
    if (!sorted_) {
      std::uint64_t h = 14695981039346656037ull;
      for (Tile t : word) h = (h ^ t) * 1099511628211ull;
      if (recent_.empty()) recent_.assign(kRecentSlots, kNoWord);
      slot = &recent_[(h ^ h >> 29) & (kRecentSlots - 1)];
      if (*slot != kNoWord && Compare(tiles_, list_[*slot], word) == 0) {
        tiles_.resize(base);
        return Status::Ok();
      }
    }
    if (starts_.size() > 1) {
      const std::uint32_t prev_start = starts_[starts_.size() - 2];
      const int c = Compare(tiles_, std::span<const Tile>(tiles_.data() + prev_start, base - prev_start), word);
      if (c == 0) {
        tiles_.resize(base);
        return Status::Ok();
      }
      if (c > 0) sorted_ = false;
    }
    starts_.push_back(static_cast<std::uint32_t>(tiles_.size()));
    if (sorted_) return CheckWordLimit();
    if (slot) *slot = static_cast<std::uint32_t>(list_.size() - 1);
    if (list_.size() >= compact_at_) {
      list_.Normalize();
      recent_.assign(kRecentSlots, kNoWord);  // word indices changed
      sorted_ = true;
      const std::size_t kept = list_.size();
      compact_at_ = std::max(2 * kept, kept + kCompactStep);
      return CheckWordLimit();
    }
    return Status::Ok();
  }

  Status CheckWordLimit() {
    if (options_.max_words == 0 || list_.size() <= options_.max_words) return Status::Ok();
    rep_.word_limit = true;
    return Status(Errc::kLimit, QuotePath(name_) + ": more than " + std::to_string(options_.max_words) +
                                    " distinct words, the limit of words kept");
  }

  // The fast path's state (FastLines): direct_[b] is Alphabet::DirectTile(b).
  static constexpr std::size_t kWindow = 64 << 10;
  std::array<Tile, 256> direct_{};
  bool any_direct_ = false;
  bool english_ = true;                // direct_ maps exactly A..Z and a..z, to 1..26 (Translate's vector case)
  const char* window_text_ = nullptr;  // the translated text, in the current chunk
  std::size_t window_len_ = 0;
  std::vector<Tile> window_;                 // direct_ of window_text_[0, window_len_), then 16 zeros
  std::vector<Tile> stage_;                  // kept tiles not yet appended to tiles_
  std::vector<std::uint32_t> stage_starts_;  // their words' ends, not yet appended to starts_

  // A direct-mapped cache of recent words (indices into list_) that drops
  // most repeats of unsorted input (QI AA ZA QI AA ZA ...) before they are
  // buffered; cleared whenever indices change.
  static constexpr std::size_t kRecentSlots = 1 << 12;
  static constexpr std::uint32_t kNoWord = ~std::uint32_t{0};
  std::vector<std::uint32_t> recent_;

  // Unsorted words buffered beyond the kept ones before the first pass.
  static constexpr std::size_t kCompactStep = 1 << 19;

  const std::string_view name_;
  const Alphabet& alphabet_;
  const ReadOptions& options_;
  ReadReport& rep_;
  const std::size_t max_len_, max_reported_;
  WordList list_;
  internal::HugeVector<Tile>& tiles_;
  internal::HugeVector<std::uint32_t>& starts_;
  std::vector<Tile> word_;  // a short line's tiles (Tokenize)
  bool sorted_ = true;      // every word kept so far followed a smaller one
  std::size_t compact_at_ = kCompactStep;

  bool mid_file_ = false;  // StartAfterLineEnd
  std::vector<std::pair<std::uint64_t, std::string>> run_examples_;
  std::string head_;  // the first bytes, until a BOM is ruled in or out
  bool bom_decided_ = false;
  std::uint64_t line_no_ = 0;
  bool in_line_ = false;  // line_no_ has begun and not ended
  Mode mode_ = Mode::kShort;
  std::string partial_;         // the current line so far (kShort)
  std::string last_word_line_;  // the last short line that held a word, as read
  std::string nfc_;             // a short line's word in NFC, when it was not

  // A long line's state (kLong).
  bool long_started_ = false;
  LongPhase phase_ = LongPhase::kLead;
  std::size_t column_ = 0;  // bytes of the line before ahead_
  std::string ahead_;       // text not yet tokenized
  std::string quote_;       // the text's first kQuoteBytes
  std::vector<Tile> long_tiles_;
  std::size_t long_count_ = 0;
};

// ReadWordList with ReadOptions::threads > 1 (wordlist_split_read.cc): the
// list read in runs on threads, or nullopt when that does not apply or a run
// failed, and the file is to be read on one thread.
std::optional<Result<WordList>> ReadSplit(const std::string& path, const Alphabet& alphabet, const ReadOptions& options,
                                          ReadReport* report);

}  // namespace wordlist_internal
}  // namespace lexc
