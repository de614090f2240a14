#!/usr/bin/env bash
# End-to-end test of issue 18, section 6: outside text reaches the terminal
# only escaped, and names that would forge GCG or CGP records are refused.
#
#   bash tests/gen/cli_escape_test.sh PATH/TO/lexc
#
# Each refused run's standard error is checked byte by byte, independently
# of lexc: one line, valid UTF-8 (iconv), no C0 control but the final
# newline, no DEL, no C1 control, no bidirectional or zero-width format
# character; and the escaped form of what was fed in is shown.
LEXC=${1:?usage: cli_escape_test.sh LEXC}
. "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh"

# expect_clean NAME: $T/err is one clean line (and, for a usage error,
# CLI11's "Run with --help" line).
expect_clean() {
  checks=$((checks + 1))
  local lines
  lines=$(grep -cv '^Run with --help for more information.$' "$T/err")
  if [ "$lines" != 1 ]; then
    fail "$1: stderr has $lines lines"
    od -c "$T/err" | head -5 | sed 's/^/    /'
  elif ! iconv -f UTF-8 -t UTF-8 "$T/err" >/dev/null 2>&1; then
    fail "$1: stderr is not UTF-8"
  elif tr -d '\n' <"$T/err" | grep -qaP '[\x00-\x1F\x7F]|\xC2[\x80-\x9F]|\xE2\x80[\x8B-\x8F\xA8-\xAE]|\xE2\x81[\xA6-\xA9]|\xEF\xBB\xBF'; then
    fail "$1: raw control or format character on stderr"
    od -c "$T/err" | head -5 | sed 's/^/    /'
  fi
}

ESC=$'\x1b[31m\x1b[2J'
E=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15
printf '%s\n' AT TA CAT ACT QI TAXI >"$T/words.txt"
"$LEXC" build -q "$T/words.txt" -o "$T/w.lex" || { echo "FAIL: build"; exit 1; }

# ---- names written into GCG and CGP ----
expect_rc "--lexicon with a line break" 2 "$LEXC" selfplay "$T/w.lex" --lexicon $'CSW\n#player1 evil Evil'
expect_err "--lexicon with a line break: named" '--lexicon: "CSW\u{A}#player1 evil Evil" holds a line break (U+000A) at byte 4'
expect "--lexicon with a line break: no GCG" "" "$(cat "$T/out")"
expect_clean "--lexicon with a line break"
expect_rc "--lexicon with ESC" 2 "$LEXC" selfplay "$T/w.lex" --lexicon "CSW$ESC" --positions "$T/p.cgp"
expect_err "--lexicon with ESC: named" '--lexicon: "CSW\u{1B}[31m\u{1B}[2J" holds a control character (U+001B) at byte 4'
expect_clean "--lexicon with ESC"
expect "--lexicon with ESC: no positions written" "no" "$([ -s "$T/p.cgp" ] && echo yes || echo no)"
expect_rc "--lexicon with ';'" 2 "$LEXC" selfplay "$T/w.lex" --lexicon 'CSW;bb 1000'
expect_err "--lexicon with ';': named" "--lexicon: \"CSW;bb 1000\" holds ';', which ends a CGP operation"
cp "$T/w.lex" "$T/ev"$'\x1b'"il.lex"
expect_rc "image name with ESC as the default lexicon name" 2 "$LEXC" selfplay "$T/ev"$'\x1b'"il.lex" -q
expect_err "image name with ESC: --lexicon suggested" "name the lexicon with --lexicon"
expect_clean "image name with ESC"
expect_rc "image name with ESC and --lexicon" 0 "$LEXC" selfplay "$T/ev"$'\x1b'"il.lex" -q --lexicon CSW21
# A good name with spaces and non-ASCII letters passes; every GCG and CGP
# line is one record without control bytes.
expect_rc "--lexicon accepted" 0 "$LEXC" selfplay "$T/w.lex" --games 2 --lexicon 'Collins é 2021' --positions "$T/ok.cgp"
expect "GCG: #lexicon" "#lexicon Collins é 2021" "$(grep -m1 '^#lexicon' "$T/out")"
expect "GCG: every line a record" "" "$(grep -vE '^(#|>p[12]: |$)' "$T/out")"
expect "CGP: lex operation" "2" "$(grep -c 'lex Collins é 2021;' "$T/ok.cgp" | awk '{print ($1 > 0) ? 2 : 0}')"
expect "GCG and CGP: no control bytes" "" "$(cat "$T/out" "$T/ok.cgp" | tr -d '\n' | grep -aP '[\x00-\x1F\x7F]')"

# ---- outside text in messages ----
expect_rc "cgp rack with ESC" 1 "$LEXC" moves "$T/w.lex" --cgp "$E A$ESC/ 0/0 0"
expect_err "cgp rack with ESC: escaped" "rack 'A\u{1B}[31m\u{1B}[2J'"
expect_clean "cgp rack with ESC"
expect_rc "cgp operation with ESC" 1 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0 lex X$ESC;"
expect_err "cgp operation with ESC: escaped" "cgp operations: 'lex X\u{1B}[31m\u{1B}[2J' holds a control character (U+001B)"
expect_clean "cgp operation with ESC"
expect_rc "cgp scores with a newline" 1 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/1"$'\x1b'"x 0"
expect_err "cgp scores: escaped" "cgp scores: '1\u{1B}x' is not a number"
expect_clean "cgp scores"
expect_rc "--rack with ESC (a bad value: usage)" 2 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0" --rack "A$ESC"
expect_clean "--rack with ESC"
{ for r in $(seq 1 15); do if [ "$r" = 8 ]; then echo "......$ESC......"; else echo "..............."; fi; done; } >"$T/board.txt"
expect_rc "board file with ESC" 1 "$LEXC" moves "$T/w.lex" --board "$T/board.txt" --rack A
expect_err "board file with ESC: escaped" "unknown tile '\u{1B}'"
expect_clean "board file with ESC"
printf 'name x%s\nsize 1 1\n*\n' "$ESC" >"$T/layout.txt"
expect_rc "layout name with ESC" 1 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0" --layout "$T/layout.txt"
expect_err "layout name with ESC: refused" 'layout name "x\u{1B}[31m\u{1B}[2J" holds a control character'
expect_clean "layout name with ESC"
expect_rc "query pattern with ESC" 1 "$LEXC" query "$T/w.lex" pattern "A$ESC"
expect_clean "query pattern with ESC"
printf 'CAT\nDO%sG\xff\n' "$ESC" >"$T/bad.txt"
expect_rc "word list line with ESC" 1 "$LEXC" build "$T/bad.txt" -o "$T/bad.lex"
expect_err "word list line: escaped" '"DO\u{1B}[31m\u{1B}[2JG\xFF"'
expect_clean "word list line with ESC"
expect_rc "file name with ESC" 1 "$LEXC" verify "$T/no"$'\x1b]0;owned\x07'".lex"
expect_err "file name with ESC: quoted" '/no\u{1B}]0;owned\u{7}.lex": '
expect_clean "file name with ESC"
expect_rc "alphabet name with ESC" 2 "$LEXC" build "$T/words.txt" -o "$T/x.lex" --alphabet "kl$ESC"
expect_clean "alphabet name with ESC"

finish
