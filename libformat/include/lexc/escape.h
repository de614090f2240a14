// lexc/escape.h -- the one way outside text reaches a terminal or a record.
//
// Messages: every message that quotes outside text (word-list lines,
// alphabet labels and names, CGP fields and racks, board and layout file
// lines, rack and pattern arguments, option values) renders it with
// QuoteText, so that what a user sees is exactly the bytes read, and a
// terminal never interprets any of them. File paths are shown as given, or
// through QuotePath when they hold something a terminal would interpret. The
// rendering, for each UTF-8 code point of the text:
//   printable                          as is ("é", "[CH]", " ")
//   the quote character, '\'           backslash-escaped: \" \\ (or \')
//   C0 controls, DEL, C1 controls,     \u{HEX}, upper-case hex, no leading
//   Unicode spaces other than ' ',     zeros: ESC is \u{1B}, LF \u{A},
//   zero-width and bidirectional       U+202E (right-to-left override)
//   format characters, BOM             \u{202E}
//   a byte that starts no well-formed  \xHH (\xFF); so "\xC3" followed by
//   UTF-8 sequence (RFC 3629)          "(" is \xC3(
// Rendered output holds only printable ASCII and printable non-ASCII code
// points: no byte below 0x20, no 0x7F, no C1 control, no invalid UTF-8.
//
// Records: names that a writer places inside a line of a line-based format
// (GCG player names, titles and #lexicon, CGP operation operands) must not
// hold a line break or a control character, or the text could forge a
// record ("CSW\n#player1 evil Evil"). RecordTextProblem says why a text
// cannot be used; the CLI refuses such option values with a usage error, and
// the GCG and CGP writers (lexc/game/gcg.h, lexc/gen/cgp.h) never emit such
// characters.
// Thread safety: pure functions. Complexity: O(text).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lexc {

// Bytes of input rendered before "..." is appended, by default: enough for a
// word or a field, short enough for one terminal line.
inline constexpr std::size_t kQuoteBytes = 64;

// The text rendered as above, without surrounding quotes. `quote` is the
// quote character the caller surrounds it with ('"' or '\''): it and '\' are
// backslash-escaped. quote == '\0' escapes neither (for a whole message or a
// path, where only what a terminal would interpret matters). Once the output
// reaches max_bytes, the rest is dropped and "..." appended.
std::string EscapeText(std::string_view text, char quote = '"', std::size_t max_bytes = kQuoteBytes);

// quote + EscapeText(text, quote, max_bytes) + quote: "CAF\u{1B}[31m".
std::string QuoteText(std::string_view text, char quote = '"', std::size_t max_bytes = kQuoteBytes);

// A file path for a message: the path as given when EscapeText(path, '\0')
// would leave it unchanged; otherwise QuoteText(path) without a length
// limit, so "a\nb.txt" is shown as "a\u{A}b.txt" (with the quotes).
std::string QuotePath(std::string_view path);

// True when every code point of text is printable: EscapeText(text, '\0',
// any) == text.
bool IsPrintableText(std::string_view text);

// Empty when text may be written inside a line of a record (GCG, CGP);
// otherwise why not, naming the first offending character and its byte:
//   "holds a line break (U+000A) at byte 4"
//   "holds a control character (U+001B) at byte 1"
//   "holds an invisible format character (U+202E) at byte 3"
//   "holds invalid UTF-8 (byte \xFF) at byte 2"
// Refused: line breaks (LF, CR, VT, FF, NEL, U+2028, U+2029), other C0 and C1
// controls (TAB too), DEL, zero-width and bidirectional format characters and
// the BOM, and invalid UTF-8. Any other text, the empty one included, passes.
std::string RecordTextProblem(std::string_view text);

// For a writer that cannot fail: text itself when RecordTextProblem(text) is
// empty, otherwise EscapeText(text, '\0', unlimited), which always passes
// RecordTextProblem. Callers validate names where they enter (the CLI,
// SelfPlay, ParseCgp), so this only keeps a record well-formed when a
// library user hands a writer text that was never checked.
std::string RecordText(std::string_view text);

}  // namespace lexc
