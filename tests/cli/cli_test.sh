#!/usr/bin/env bash
# End-to-end test of the lexc command-line tool.
#
#   bash tests/cli/cli_test.sh PATH/TO/lexc SOURCE_DIR
#
# Every answer lexc gives is compared with one computed here independently
# (sort, grep, awk) from fixtures/words-tiny.txt. Prints one line per failed
# check and exits 1 if any failed.
LEXC=${1:?usage: cli_test.sh LEXC SOURCE_DIR [CYCLIC_IMAGE_TOOL]}
SRC=${2:?usage: cli_test.sh LEXC SOURCE_DIR [CYCLIC_IMAGE_TOOL]}
CYCLIC=${3:-}  # tests/cli/cyclic_image.cc, for the --no-verify checks
FIXTURE=$SRC/fixtures/words-tiny.txt
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

words() { grep -v '^#' "$FIXTURE" | sort -u; }
words >"$T/words"
# Independent answers.
pattern_words() { grep -E "^$(printf '%s' "$1" | sed 's/?/./g; s/\*/.*/g')\$" "$T/words"; }
anagram_words() {  # RACK exact|sub: words made from the rack ('?' = blank)
  awk -v rack="$1" -v mode="$2" '{
    n = length(rack); m = length($0); blanks = 0
    if (m > n || (mode == "exact" && m != n)) next
    split("", have)
    for (i = 1; i <= n; i++) { c = substr(rack, i, 1); if (c == "?") blanks++; else have[c]++ }
    for (i = 1; i <= m; i++) {
      c = substr($0, i, 1)
      if (have[c] > 0) have[c]--; else if (blanks > 0) blanks--; else next
    }
    print }' "$T/words"
}
gaddag_strings() {  # rev(x) ^ y for every split, and rev(w)
  awk '{ n = length($0)
    for (k = 1; k <= n; k++) {
      s = ""; for (i = k; i >= 1; i--) s = s substr($0, i, 1)
      if (k < n) s = s "^" substr($0, k + 1)
      print s } }' "$T/words"
}

# ---- global ----
expect_rc "--version" 0 "$LEXC" --version
expect_grep "--version names the image format" "format 1" "$T/out"
expect_rc "no subcommand is a usage error" 2 "$LEXC"
for cmd in build stats verify dump query; do
  expect_rc "$cmd --help" 0 "$LEXC" "$cmd" --help
  expect_grep "$cmd --help has examples" "Examples:" "$T/out"
done

# ---- build ----
expect_rc "build (both graphs)" 0 "$LEXC" build "$FIXTURE" -o "$T/both.lex"
expect_grep "build reports duplicates" "1 duplicates" "$T/err"
expect_rc "build --dawg" 0 "$LEXC" build --dawg "$FIXTURE" -o "$T/w.dawg" -q
expect "build -q is quiet" "" "$(cat "$T/err")"
expect_rc "build --gaddag" 0 "$LEXC" build --gaddag "$FIXTURE" -o "$T/w.gdg" -q
expect_rc "build --arc-width 8" 0 "$LEXC" build --arc-width 8 "$FIXTURE" -o "$T/wide.lex" -q
expect_rc "build --compact" 0 "$LEXC" build --compact "$FIXTURE" -o "$T/compact.lex"
expect_grep "build --compact reports bit-packed arcs" "bit packed arcs" "$T/err"
expect_rc "build --compact --gaddag" 0 "$LEXC" build --compact --gaddag "$FIXTURE" -o "$T/compact.gdg" -q
expect_rc "build --compact --arc-width 8" 2 "$LEXC" build --compact --arc-width 8 "$FIXTURE" -o "$T/x.lex"
expect_rc "build --compact --format kwg" 2 "$LEXC" build --compact --format kwg "$FIXTURE" -o "$T/x.kwg"
expect_rc "build without -o" 2 "$LEXC" build "$FIXTURE"
expect_rc "build --arc-width 5" 2 "$LEXC" build --arc-width 5 "$FIXTURE" -o "$T/x.lex"

"$LEXC" build - -o "$T/stdin.lex" -q <"$FIXTURE"
cmp -s "$T/both.lex" "$T/stdin.lex"; expect "stdin build is byte-identical" 0 $?
sort -r "$FIXTURE" >"$T/reversed.txt"
"$LEXC" build "$T/reversed.txt" -o "$T/reversed.lex" -q
cmp -s "$T/both.lex" "$T/reversed.lex"; expect "input order does not matter" 0 $?
tr 'A-Z' 'a-z' <"$FIXTURE" | sed 's/$/\r/' >"$T/lower-crlf.txt"
"$LEXC" build "$T/lower-crlf.txt" -o "$T/lower.lex" -q
cmp -s "$T/both.lex" "$T/lower.lex"; expect "lower case + CRLF input gives the same image" 0 $?
if command -v zstd >/dev/null; then
  zstd -q "$FIXTURE" -o "$T/words.txt.zst"
  "$LEXC" build "$T/words.txt.zst" -o "$T/zstd.lex" -q
  cmp -s "$T/both.lex" "$T/zstd.lex"; expect "zstd input gives the same image" 0 $?
fi

"$LEXC" build "$FIXTURE" -o "$T/report.lex" --json -q >"$T/report.json"
if command -v jq >/dev/null; then
  expect "build --json words" 44 "$(jq .words "$T/report.json")"
  expect "build --json duplicates" 1 "$(jq .duplicates "$T/report.json")"
  expect "build --json DAWG strings" 43 "$(jq '.graphs[] | select(.graph == "dawg") | .strings' "$T/report.json")"
fi

# Bad input: exit 1, file:line in the message, the existing output untouched.
printf 'CAT\nDOG\nC4T\nBIRD\n' >"$T/bad.txt"
cp "$T/both.lex" "$T/keep.lex"
expect_rc "bad word fails" 1 "$LEXC" build "$T/bad.txt" -o "$T/keep.lex"
expect_grep "bad word names file:line" "bad.txt:3:" "$T/err"
expect_grep "error is prefixed" "^lexc build: " "$T/err"
cmp -s "$T/both.lex" "$T/keep.lex"; expect "failed build leaves the output byte-identical" 0 $?
expect "failed build leaves no temporary file" "keep.lex" "$(cd "$T" && ls keep.lex*)"
expect_rc "--skip-invalid builds" 0 "$LEXC" build "$T/bad.txt" -o "$T/skip.lex" --skip-invalid
expect_grep "--skip-invalid reports the line" "bad.txt:3:" "$T/err"
expect "--skip-invalid keeps the rest" "$(printf 'BIRD\nCAT\nDOG')" "$("$LEXC" dump "$T/skip.lex")"
expect_rc "word over --max-len fails" 1 "$LEXC" build "$FIXTURE" -o "$T/x.lex" --max-len 5
expect_grep "--max-len names file:line" "words-tiny.txt:[0-9]*:" "$T/err"
cp "$FIXTURE" "$T/self.txt"
expect_rc "output = input is refused" 1 "$LEXC" build "$T/self.txt" -o "$T/./self.txt"
cmp -s "$FIXTURE" "$T/self.txt"; expect "the input survives" 0 $?
expect_rc "missing input fails" 1 "$LEXC" build "$T/nonexistent.txt" -o "$T/x.lex"
expect_grep "missing input is named" "nonexistent.txt" "$T/err"
printf '# only a comment\n\n' >"$T/no-words.txt"
expect_rc "a list without words fails" 1 "$LEXC" build "$T/no-words.txt" -o "$T/x.lex"
expect_grep "a list without words is named" "no-words.txt: no words" "$T/err"
# Parsed while reading (issue 18): the first bad line ends the build at once,
# even when the input never ends.
expect_rc "/dev/zero fails at its first line" 1 timeout 20 "$LEXC" build /dev/zero -o "$T/x.lex"
expect_grep "/dev/zero: the NUL is named" "/dev/zero:1: NUL byte at byte 1" "$T/err"
expect_rc "an endless pipe fails at its bad line" 1 timeout 20 bash -c \
  "{ printf 'QI\\nZA\\n\\001\\n'; yes AA; } | '$LEXC' build - -o '$T/x.lex'"
expect_grep "the pipe's bad line is named" "<stdin>:3: character" "$T/err"
printf 'QI\nZA\nAA\nQI\n' >"$T/three.txt"
expect_rc "--max-words below the distinct words fails" 1 "$LEXC" build "$T/three.txt" -o "$T/x.lex" --max-words 2
expect_grep "--max-words: the limit and the option are named" \
  "three.txt: more than 2 distinct words, the limit of words kept (--max-words raises it)" "$T/err"
expect_rc "--max-words: repeats do not count" 0 "$LEXC" build "$T/three.txt" -o "$T/x.lex" --max-words 3 -q
expect_rc "--max-len 0 is a usage error" 2 "$LEXC" build "$FIXTURE" -o "$T/x.lex" --max-len 0
printf 'name broken\nA 1\n' >"$T/broken-alphabet.txt"
expect_rc "a bad alphabet file fails" 1 "$LEXC" build "$FIXTURE" -o "$T/x.lex" --alphabet "$T/broken-alphabet.txt"
expect_grep "a bad alphabet file names file:line" "broken-alphabet.txt:2:" "$T/err"

# ---- dump ----
for img in both.lex w.dawg w.gdg wide.lex compact.lex compact.gdg; do
  expect "dump $img = sort -u of the input" "$(cat "$T/words")" "$("$LEXC" dump "$T/$img")"
done
expect "dump --graph dawg" "$(cat "$T/words")" "$("$LEXC" dump "$T/both.lex" --graph dawg)"
expect "dump --graph gaddag = every split" "$(gaddag_strings | sort)" "$("$LEXC" dump "$T/w.gdg" --graph gaddag | sort)"
expect_rc "dump --graph gaddag of a DAWG image" 1 "$LEXC" dump "$T/w.dawg" --graph gaddag
expect_grep "missing graph is named" "no GADDAG" "$T/err"
expect_rc "dump a word list (not an image)" 1 "$LEXC" dump "$FIXTURE"
expect_grep "dump: not an image" "magic" "$T/err"

# ---- verify ----
for img in both.lex w.dawg w.gdg wide.lex compact.lex compact.gdg; do
  expect_rc "verify $img" 0 "$LEXC" verify "$T/$img"
  expect_grep "verify $img says OK" "^OK: " "$T/out"
  expect_rc "verify $img --words" 0 "$LEXC" verify "$T/$img" --words "$FIXTURE"
  (cat "$FIXTURE"; echo ZZZ) >"$T/more.txt"
  expect_rc "verify $img --words with an extra word" 1 "$LEXC" verify "$T/$img" --words "$T/more.txt"
  expect_grep "extra word is named" "missing from image: ZZZ" "$T/err"
  grep -v '^QUAG$' "$FIXTURE" >"$T/less.txt"
  expect_rc "verify $img --words without a word" 1 "$LEXC" verify "$T/$img" --words "$T/less.txt"
  expect_grep "absent word is named" "not in word list: QUAG" "$T/err"
done
expect_rc "verify --json" 0 "$LEXC" verify "$T/both.lex" --words "$FIXTURE" --json
expect_grep "verify --json ok" '"ok":true' "$T/out"

size=$(wc -c <"$T/both.lex")
cp "$T/both.lex" "$T/flipped.lex"
printf '\x5a' | dd of="$T/flipped.lex" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
expect_rc "verify a flipped byte" 1 "$LEXC" verify "$T/flipped.lex"
expect_grep "flipped byte: checksum" "checksum" "$T/err"
head -c $((size - 100)) "$T/both.lex" >"$T/truncated.lex"
expect_rc "verify a truncated image" 1 "$LEXC" verify "$T/truncated.lex"
expect_rc "verify a word list (not an image)" 1 "$LEXC" verify "$FIXTURE"
expect_grep "not an image: magic" "magic" "$T/err"
expect_rc "stats of a flipped image" 1 "$LEXC" stats "$T/flipped.lex"
# dump, query, moves and selfplay verify by default; --no-verify trusts the
# image (memory-safe, answers may be wrong) and --verify is still accepted.
expect_rc "dump of a flipped image" 1 "$LEXC" dump "$T/flipped.lex"
expect_err "dump of a flipped image: checksum" "flipped.lex: checksum"
expect_rc "dump --verify of a flipped image" 1 "$LEXC" dump --verify "$T/flipped.lex"
expect_rc "query of a flipped image" 1 "$LEXC" query "$T/flipped.lex" contains QI
expect_err "query of a flipped image: checksum" "flipped.lex: checksum"
expect_rc "moves of a flipped image" 1 "$LEXC" moves "$T/flipped.lex" --cgp "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
expect_err "moves of a flipped image: checksum" "flipped.lex: checksum"
expect_rc "selfplay on a flipped image" 1 "$LEXC" selfplay "$T/flipped.lex" --games 1
expect_err "selfplay on a flipped image: checksum" "flipped.lex: checksum"
"$LEXC" dump --no-verify "$T/flipped.lex" >/dev/null 2>&1
rc=$?
expect "dump --no-verify of a flipped image ends without a crash" yes "$([ "$rc" -lt 128 ] && echo yes || echo "exit $rc")"
"$LEXC" query --no-verify "$T/flipped.lex" contains QI >/dev/null 2>&1
rc=$?
expect "query --no-verify of a flipped image ends without a crash" yes "$([ "$rc" -lt 128 ] && echo yes || echo "exit $rc")"
# A hostile graph (every letter arc accepts and loops back to the root):
# every command refuses it by default; with --no-verify each ends, within
# max-len, memory bounded by META's counts (checked here: they finish).
if [ -n "$CYCLIC" ]; then
  E15=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15
  for g in dawg gaddag; do
    "$CYCLIC" "$T/both.lex" "$T/cyc-$g.lex" $g || fail "cyclic_image $g"
    expect_rc "cyclic $g: dump refuses it" 1 "$LEXC" dump "$T/cyc-$g.lex"
    expect_rc "cyclic $g: moves refuses it" 1 "$LEXC" moves "$T/cyc-$g.lex" --cgp "$E15 AEINRST/ 0/0 0"
    # Endless output: read 3000 lines; none may be longer than max-len (15, +1
    # for a GADDAG string with its separator).
    max=$((15 + $([ $g = gaddag ] && echo 1 || echo 0)))
    long=$(timeout 20 "$LEXC" dump --no-verify --graph $g "$T/cyc-$g.lex" 2>/dev/null | head -3000 |
      awk -v m=$max 'length > m' | wc -l)
    expect "cyclic $g: dump --graph --no-verify stops at max-len" 0 "$long"
    long=$(timeout 20 "$LEXC" dump --no-verify "$T/cyc-$g.lex" 2>/dev/null | head -3000 | awk 'length > 15' | wc -l)
    expect "cyclic $g: dump --no-verify stops at max-len" 0 "$long"
    for q in "suffix E" "substring E"; do
      timeout 60 "$LEXC" query --no-verify --count "$T/cyc-$g.lex" $q >/dev/null 2>&1
      rc=$?
      expect "cyclic $g: query $q --no-verify ends" yes "$([ $rc -lt 124 ] && echo yes || echo "exit $rc")"
    done
    timeout 60 "$LEXC" moves --no-verify "$T/cyc-$g.lex" --cgp "$E15 AEINRST/ 0/0 0" --top 3 >/dev/null 2>&1
    rc=$?
    expect "cyclic $g: moves --top --no-verify ends" yes "$([ $rc -lt 124 ] && echo yes || echo "exit $rc")"
  done
  # A GADDAG-only image whose suffix half loops to itself (a black-box
  # audit's finding: its word index listed words into gigabytes, trusting
  # META's count). Word numbers fail at once, naming the image and the
  # cycle; --json listings stream (the first bytes come while the endless
  # answer is still being walked, rather than the whole answer held first).
  "$CYCLIC" "$T/w.gdg" "$T/cyc-suffix.gdg" suffix || fail "cyclic_image suffix"
  for q in "word 0" "index AA"; do
    expect_rc "cyclic suffix half: query $q --no-verify" 1 timeout 60 "$LEXC" query --no-verify "$T/cyc-suffix.gdg" $q
    expect_err "cyclic suffix half: query $q names the image and the cycle" \
      "cyc-suffix.gdg: corrupt: word index: section GADG: a cycle passes through the node at arc"
  done
  for q in "pattern *" "prefix A"; do
    got=$(timeout 20 "$LEXC" query --no-verify --json "$T/cyc-suffix.gdg" "${q%% *}" "${q#* }" 2>/dev/null |
      head -c 100000 | wc -c)
    expect "cyclic suffix half: query --json $q streams" 100000 "$got"
  done
fi
expect_rc "dump --no-verify of a good image" 0 "$LEXC" dump --no-verify "$T/both.lex"
expect "dump --no-verify lists the same words" "$("$LEXC" dump "$T/both.lex")" "$(cat "$T/out")"

# ---- stats ----
expect_rc "stats" 0 "$LEXC" stats "$T/both.lex" "$T/w.dawg" "$T/w.gdg"
expect_grep "stats table has fan-out" "^fan-out 1 " "$T/out"
expect_grep "stats table has GADDAG" "GADDAG" "$T/out"
if command -v jq >/dev/null; then
  "$LEXC" stats "$T/both.lex" "$T/w.dawg" "$T/w.gdg" "$T/wide.lex" --json >"$T/stats.json"
  tiles=$(tr -d '\n' <"$T/words" | wc -c)
  expect "stats --json: one object per image" 4 "$(jq length "$T/stats.json")"
  expect "stats --json: words" "43 43 43 43" "$(jq -r '[.[].words] | map(tostring) | join(" ")' "$T/stats.json")"
  expect "stats --json: tiles" "$tiles" "$(jq '.[0].tiles' "$T/stats.json")"
  expect "stats --json: DAWG strings = words" 43 "$(jq '.[1].graphs[0].strings' "$T/stats.json")"
  expect "stats --json: GADDAG strings = tiles" "$tiles" "$(jq '.[2].graphs[0].strings' "$T/stats.json")"
  expect "stats --json: traversal = builder" "true" \
    "$(jq '[.[].graphs[] | .nodes == .builder.nodes and .arcs == .builder.arcs] | all' "$T/stats.json")"
  expect "stats --json: fan-out sums to nodes" "true" \
    "$(jq '[.[].graphs[] | (.fanout | add) == .nodes] | all' "$T/stats.json")"
  expect "stats --json: arc width 8" 8 "$(jq '.[3].arc_width' "$T/stats.json")"
  "$LEXC" stats "$T/both.lex" "$T/compact.lex" --json >"$T/stats-compact.json"
  expect "stats --json: compact arc width 0, format 1.3" "0 1.3" \
    "$(jq -r '.[1] | "\(.arc_width) \(.format)"' "$T/stats-compact.json")"
  expect "stats --json: compact graphs = plain graphs" "$(jq -c '.[0].graphs | map([.nodes, .arcs, .strings])' \
    "$T/stats-compact.json")" "$(jq -c '.[1].graphs | map([.nodes, .arcs, .strings])' "$T/stats-compact.json")"
  expect "stats --json: compact image smaller" "true" \
    "$(jq '.[1].image_bytes < .[0].image_bytes and .[1].arc_bits < 32' "$T/stats-compact.json")"
  expect "stats --json: same graphs at width 8" "$(jq '.[0].graphs | map(.nodes)' "$T/stats.json")" \
    "$(jq '.[3].graphs | map(.nodes)' "$T/stats.json")"
  # The ratios, recomputed here from the integers and rounded to 4 places,
  # equal the JSON's numbers, which are written with at most 4 decimals.
  expect "stats --json: ratios to 4 places" "" "$(jq -r '.[] | .text_bytes as $t | .words as $w |
      .image_bytes as $i | .graphs[] | [.bytes, $t, $i, $w, .bits_per_char, .image_bits_per_char,
      .bytes_per_word] | map(tostring) | join(" ")' "$T/stats.json" | awk '{
        want = sprintf("%.4f %.4f %.4f", 8 * $1 / $2, 8 * $3 / $2, $1 / $4)
        split(want, w, " ")
        if (w[1] != $5 || w[2] != $6 || w[3] != $7) print "want " want ", got " $5 " " $6 " " $7 }')"
  expect "stats --json: at most 4 decimals" "" \
    "$(grep -oE '"(bits_per_char|image_bits_per_char|bytes_per_word)":[^,]*' "$T/stats.json" |
      grep -vE ':[0-9]+(\.[0-9]{1,4})?$')"
fi

# ---- query ----
expect_rc "contains, all present" 0 "$LEXC" query "$T/both.lex" contains QI qat
expect "contains output" "$(printf 'QI: yes\nQAT: yes')" "$(cat "$T/out")"
expect_rc "contains, one absent" 1 "$LEXC" query "$T/both.lex" contains QI ZZZZ
expect_grep "absent word says no" "^ZZZZ: no$" "$T/out"
expect_rc "unknown tile" 1 "$LEXC" query "$T/both.lex" contains 'CAFÉ'
expect_grep "unknown tile is named" "'É'" "$T/err"
expect_rc "unknown tile in a pattern" 1 "$LEXC" query "$T/both.lex" pattern 'Q#*'
expect_grep "unknown pattern tile is named" "'#'" "$T/err"
expect_rc "unknown tile in a rack" 1 "$LEXC" query "$T/both.lex" anagram 'RET3'
expect_grep "unknown tile in a rack is named" "'3'" "$T/err"
# Arguments are tile text as given: brackets name one tile (tile-text.md),
# they are not a list ("[QI]" is not QI, "[Q],[I]" is one query).
expect_rc "contains: [Q][I] is QI" 0 "$LEXC" query "$T/both.lex" contains '[Q][I]' '[q]AT'
expect "contains: [Q][I] answered as QI" "$(printf 'QI: yes\nQAT: yes')" "$(cat "$T/out")"
expect_rc "contains: [QI] is no tile" 1 "$LEXC" query "$T/both.lex" contains '[QI]'
expect_grep "contains: [QI] is named" "unknown tile '\[QI\]'" "$T/err"
expect "contains: [QI] has no answer" "" "$(cat "$T/out")"
expect_rc "contains: [Q],[I] is one query" 1 "$LEXC" query "$T/both.lex" contains '[Q],[I]' QI
expect "contains: [Q],[I] one failure of two" "QI: yes" "$(cat "$T/out")"
expect_grep "contains: [Q],[I] counted as one query" "1 of 2 queries failed" "$T/err"
expect_rc "anagram: [Q][I]" 0 "$LEXC" query "$T/both.lex" anagram '[Q][I]'
expect "anagram: [Q][I] answer" "$(anagram_words QI exact)" "$(cat "$T/out")"
cp "$T/both.lex" "$T/[w]"
(cd "$T" && "$LEXC" stats '[w]' >stats-bracket.out 2>&1)
expect "stats: a file named [w] is read as named" "0" "$?"
expect_rc "query --limit -1" 2 "$LEXC" query "$T/both.lex" prefix Q --limit -1
expect_err "query --limit -1" "--limit: expected a whole number"
# A query read from a file names its file and line when it fails, and the
# others are still answered; a byte order mark at the start of the file is
# not part of the first query.
printf '\357\273\277QI\nCAT\nC4T\nZA\n' >"$T/queries.txt"
expect_rc "query -f: a bad query" 1 "$LEXC" query "$T/both.lex" contains -f "$T/queries.txt"
expect_err "query -f: the bad query's file and line" "queries.txt:3: unknown tile '4'"
expect_err "query -f: the count of bad queries" "1 of 4 queries failed"
expect_grep "query -f: the first query despite the BOM" "^QI: yes$" "$T/out"
expect_grep "query -f: the query after the bad one is answered" "^ZA: yes$" "$T/out"
expect_rc "query: every query bad" 1 "$LEXC" query "$T/both.lex" prefix C4T 'Q#'
expect_err "query: every query bad, said so" "all 2 queries failed (named above)"
# The input fails while the first listing query waits for a second (the
# lookahead for headings): that query is still answered, or named.
expect_rc "query: a held query, then a missing file" 1 "$LEXC" query "$T/both.lex" prefix C4T -f "$T/no-such-queries.txt"
expect_err "query: the held bad query is named" "unknown tile '4'"
expect_rc "query: a held good query, then a missing file" 1 "$LEXC" query "$T/both.lex" prefix QU -f "$T/no-such-queries.txt"
expect "query: the held good query is answered" "$(grep -c '^QU' "$T/words")" "$(wc -l <"$T/out")"
expect_rc "query: a bad listing query among good ones" 1 "$LEXC" query "$T/both.lex" prefix QU 'Q#' ZA --count
expect "query: the bad listing query has no heading, the others theirs" \
  "QU: $(grep -c '^QU' "$T/words") ZA: $(grep -c '^ZA' "$T/words")" "$(tr '\n' ' ' <"$T/out" | sed 's/ $//')"
# Queries are answered as they are read: the first answer comes before the
# input ends (a terminal or a pipe that stays open).
coproc QUERY { "$LEXC" query "$T/both.lex" contains -; }
echo QI >&"${QUERY[1]}"
read -r -t 20 first <&"${QUERY[0]}" || first="no answer within 20 s"
eval "exec ${QUERY[1]}>&-"
wait "$QUERY_PID" 2>/dev/null
expect "query -: the first answer before the input ends" "QI: yes" "$first"
# A bad query in --json: an element of its own in the one array, naming
# its line; the queries after it are answered.
printf 'QI\nC4T\nZA\n' | "$LEXC" query "$T/both.lex" contains - --json >"$T/out" 2>"$T/err"
expect "query --json, a bad query after a good one: exit 1" 1 $?
expect "query --json: one array, the bad query in its place" "true false true" \
  "$(jq -r '[.[0].found, .[1].ok, .[2].found] | map(tostring) | join(" ")' "$T/out")"
expect "query --json: the bad query names its line" "2 C4T" "$(jq -r '"\(.[1].line) \(.[1].query)"' "$T/out")"
expect "query --json: every query has its element" 3 "$(jq length "$T/out")"
# Headings from standard input too, known once a second query shows.
printf 'QU\nZA\n' | "$LEXC" query "$T/both.lex" prefix - --count >"$T/out"
expect "query - with two listing queries: each named" "QU: $(grep -c '^QU' "$T/words") ZA: $(grep -c '^ZA' "$T/words")" \
  "$(tr '\n' ' ' <"$T/out" | sed 's/ $//')"
# Counts are decimal digits in every command (CLI11 alone would read 0x10 as 16)
expect_rc "build --max-len 0x10" 2 "$LEXC" build -q --max-len 0x10 "$T/words" -o "$T/hex.lex"
expect_err "build --max-len 0x10" "--max-len: expected a whole number 1..255, got '0x10'"
expect_rc "stats --max-len 1.5" 2 "$LEXC" stats --max-len 1.5 "$T/both.lex"
expect_err "stats --max-len 1.5" "--max-len: expected a whole number 1..254, got '1.5'"
expect_rc "query --limit 010 (decimal, not octal)" 0 "$LEXC" query "$T/both.lex" pattern '*' --limit 010
expect "query --limit 010 lists ten words" 10 "$(wc -l <"$T/out")"
expect_rc "build --max-words -1" 2 "$LEXC" build -q --max-words -1 "$T/words" -o "$T/hex.lex"
# Flags that do not apply together are refused, not silently dropped.
expect_rc "build --format kwg --arc-width 8" 2 "$LEXC" build -q --format kwg --arc-width 8 "$T/words" -o "$T/hex.kwg"
expect_err "build --format kwg --arc-width 8: said" "--arc-width is a lexc image encoding"
expect_rc "build --threads 300" 2 "$LEXC" build -q --threads 300 "$T/words" -o "$T/hex.lex"
expect_err "build --threads 300" "--threads: expected a whole number 0..256, got 300"
expect "refused builds write nothing" no "$([ -e "$T/hex.lex" ] && echo yes || echo no)"
# More threads than cores are the cores (each would cost memory): the same image.
expect_rc "build --threads 256" 0 "$LEXC" build -q --threads 256 "$T/words" -o "$T/t256.lex"
expect_rc "build --threads 1" 0 "$LEXC" build -q --threads 1 "$T/words" -o "$T/t1.lex"
expect "build --threads 256: the image of one thread" same "$(cmp -s "$T/t256.lex" "$T/t1.lex" && echo same)"
expect_rc "--sub outside anagram" 2 "$LEXC" query "$T/both.lex" prefix QI --sub
expect_rc "unknown query kind" 2 "$LEXC" query "$T/both.lex" frobnicate QI

for img in both.lex w.dawg w.gdg compact.lex compact.gdg; do
  q() { "$LEXC" query "$T/$img" "$@"; }
  expect "$img prefix QU" "$(grep '^QU' "$T/words")" "$(q prefix QU)"
  expect "$img prefix QI (word itself)" "$(grep '^QI' "$T/words")" "$(q prefix QI)"
  expect "$img suffix ING" "$(grep 'ING$' "$T/words")" "$(q suffix ING)"
  expect "$img suffix S" "$(grep 'S$' "$T/words")" "$(q suffix S)"
  expect "$img substring XAN" "$(grep XAN "$T/words")" "$(q substring XAN)"
  expect "$img substring AT" "$(grep AT "$T/words")" "$(q substring AT)"
  for p in 'Q?I*' '*IN?' '?A?' '*' 'S*S' '*X*'; do
    expect "$img pattern $p" "$(pattern_words "$p")" "$(q pattern "$p")"
  done
  for rack in RETAINS 'RETAIN?' 'QI??' AXE; do
    expect "$img anagram $rack" "$(anagram_words "$rack" exact)" "$(q anagram "$rack" | tr a-z A-Z | sort)"
    expect "$img anagram --sub $rack" "$(anagram_words "$rack" sub)" "$(q anagram --sub "$rack" | tr a-z A-Z | sort)"
  done
  expect "$img anagram without blanks prints no lower case" "" "$(q anagram --sub RETAINS | grep '[a-z]')"
  expect "$img anagram RETAIN? marks the blank" "" "$(q anagram 'RETAIN?' | grep -v '^[A-Z]*[a-z][A-Z]*$')"
  expect "$img --count" "$(grep -c '^QU' "$T/words")" "$(q prefix QU --count)"
  expect "$img --limit" "$(grep '^QU' "$T/words" | head -2)" "$(q prefix QU --limit 2)"
done
expect_rc "listing with no match" 1 "$LEXC" query "$T/both.lex" prefix ZZZZ
expect "two queries are headed" "$(printf 'QA:\n%s\n\nZA:\n%s' "$(grep '^QA' "$T/words")" "$(grep '^ZA' "$T/words")")" \
  "$("$LEXC" query "$T/both.lex" prefix QA ZA)"
if command -v jq >/dev/null; then
  "$LEXC" query "$T/both.lex" prefix QU --limit 2 --json >"$T/q.json"
  expect "query --json words" '["QUA","QUAG"]' "$(jq -c '.[0].words' "$T/q.json")"
  expect "query --json truncated" true "$(jq '.[0].truncated' "$T/q.json")"
  "$LEXC" query "$T/both.lex" contains QI ZZZZ --json >"$T/q.json"
  expect "contains --json" '[true,false]' "$(jq -c '[.[].found]' "$T/q.json")"
fi

# ---- alphabets: a named one from formats/alphabets, multi-letter tiles ----
if [ -f "$SRC/formats/alphabets/spanish.txt" ]; then
  printf 'CHURRO\nLLAMA\nPERRO\nAÑO\nCALLE\nCHAL\n' >"$T/es.txt"
  expect_rc "build --alphabet spanish" 0 "$LEXC" build "$T/es.txt" -o "$T/es.lex" --alphabet spanish -q
  expect "spanish dump in tile order (CH after C, Ñ after N)" "$(printf 'AÑO\nCALLE\nCHAL\nCHURRO\nLLAMA\nPERRO')" \
    "$("$LEXC" dump "$T/es.lex")"
  expect "spanish CH is one tile" "$(printf 'CHAL\nCHURRO')" "$("$LEXC" query "$T/es.lex" prefix CH)"
  expect "spanish pattern counts tiles" "$(printf 'AÑO\nCHAL')" "$("$LEXC" query "$T/es.lex" pattern '???')"
  expect_rc "spanish word list verifies" 0 "$LEXC" verify "$T/es.lex" --words "$T/es.txt"
  expect_rc "english list against a spanish image" 1 "$LEXC" verify "$T/es.lex" --words "$FIXTURE"
  # Regression: every argument is tile text (formats/tile-text.md), read
  # greedily as word lists are: CHE is CH,E; C[H]E and [C][H]E are C,H,E.
  printf 'CHE\nCE\nHE\nECHE\n' >"$T/che.txt"
  "$LEXC" build -q "$T/che.txt" -o "$T/che.lex" --alphabet spanish
  expect "spanish: anagram CHE is CH,E" "CHE" "$("$LEXC" query "$T/che.lex" anagram CHE)"
  expect "spanish: anagram che (lower case)" "CHE" "$("$LEXC" query "$T/che.lex" anagram che)"
  expect_rc "spanish: anagram C[H]E is C,H,E (no word)" 1 "$LEXC" query "$T/che.lex" anagram 'C[H]E'
  expect "spanish: anagram --sub C[H]E" "$(printf 'CE\nHE')" "$("$LEXC" query "$T/che.lex" anagram --sub '[C][H]E')"
  expect "spanish: anagram CH? (E a blank)" "CHe" "$("$LEXC" query "$T/che.lex" anagram 'CH?')"
  expect_rc "spanish: contains" 1 "$LEXC" query "$T/che.lex" contains CHE '[CH]E' 'C[H]E'
  expect "spanish: contains CHE, not C,H,E" "$(printf 'CHE: yes\nCHE: yes\nC[H]E: no')" "$(cat "$T/out")"
  expect "spanish: prefix CH" "CHE" "$("$LEXC" query "$T/che.lex" prefix CH)"
  # Accents fold as the game reads them (fold lines of spanish.txt), also in
  # queries against the image (FOLD section); decomposed input reads as NFC.
  printf 'árbol\nPINGÜINO\nN\xcc\x83and\xc3\xba\ncamión\nCamion\n' >"$T/acc.txt"
  expect_rc "spanish: accented list builds" 0 "$LEXC" build -q "$T/acc.txt" -o "$T/acc.lex" --alphabet spanish
  expect "spanish: accents folded, duplicates merged" "$(printf 'ARBOL\nCAMION\nÑANDU\nPINGUINO')" \
    "$("$LEXC" dump "$T/acc.lex")"
  expect "spanish: query folds too" "$(printf 'ARBOL: yes\nÑANDU: yes')" \
    "$("$LEXC" query "$T/acc.lex" contains Árbol "$(printf 'N\xcc\x83AND\xc3\x9a')")"
  expect_rc "english: an accent is an error with a hint" 1 "$LEXC" build "$T/acc.txt" -o "$T/acc-en.lex"
  expect_grep "english: the hint names --skip-invalid and folds" "--skip-invalid drops such lines" "$T/err"
  expect_grep "english: the hint names folds" "fold line in the alphabet file" "$T/err"
  expect "spanish: suffix HE is H,E" "HE" "$("$LEXC" query "$T/che.lex" suffix HE)"
  expect "spanish: substring CH" "$(printf 'CHE\nECHE')" "$("$LEXC" query "$T/che.lex" substring CH)"
  expect "spanish: pattern CH?" "CHE" "$("$LEXC" query "$T/che.lex" pattern 'CH?')"
  expect_rc "spanish: pattern [C]H? (no word)" 1 "$LEXC" query "$T/che.lex" pattern '[C]H?'
  expect_rc "spanish: unclosed bracket" 1 "$LEXC" query "$T/che.lex" anagram '[CH'
  expect_err "spanish: unclosed bracket named" "unclosed '[' at character 1 of rack '[CH' (alphabet spanish)"
fi
expect_rc "unknown alphabet name (a usage error)" 2 "$LEXC" build "$FIXTURE" -o "$T/x.lex" --alphabet klingon
expect_grep "unknown alphabet is named" "klingon" "$T/err"

finish
