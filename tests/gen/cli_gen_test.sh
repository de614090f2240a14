#!/usr/bin/env bash
# End-to-end test of `lexc moves` and `lexc selfplay`.
#
#   bash tests/gen/cli_gen_test.sh PATH/TO/lexc SOURCE_DIR
#
# Expected plays and scores were worked out by hand (see tests/gen/test_cases.cc
# for the premium squares involved). Prints one line per failed check and
# exits 1 if any failed.
LEXC=${1:?usage: cli_gen_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: cli_gen_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh"

printf '%s\n' AT TA AX XI EX OX ZA QI TI ETA ATE EAT TEA CAT CATS SCAT ACT RETAINS NASTIER STAINER \
  RETINAS ANESTRI RATINES STEARIN ANTSIER TAXI AXE EXIT SAX TAX >"$T/words.txt"
"$LEXC" build -q "$T/words.txt" -o "$T/w.lex" || { echo "FAIL: build"; exit 1; }
"$LEXC" build -q --dawg "$T/words.txt" -o "$T/w.dawg" || { echo "FAIL: build --dawg"; exit 1; }
E=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15

# ---- moves: hand-checked ----
expect_rc "first play" 0 "$LEXC" moves "$T/w.lex" --cgp "$E CAT/ 0/0 0" --plays-only
expect "first play: count" 20 "$(wc -l <"$T/out")"
expect "first play: best" "8F ACT 10" "$(head -1 "$T/out" | tr -s ' ')"
expect "first play: 2-letter" "8G AT 4" "$(grep -E '^8G +AT ' "$T/out" | tr -s ' ')"
expect_rc "bingo" 0 "$LEXC" moves "$T/w.lex" --cgp "$E AEINRST/ 0/0 0" --top 1
expect "bingo: best" "8B ANESTRI 66" "$(tr -s ' ' <"$T/out")"
# Hooks and through: AT on 8G-8H, C and S hook both ends.
expect_rc "hooks" 0 "$LEXC" moves "$T/w.lex" --cgp "15/15/15/15/15/15/15/6AT7/15/15/15/15/15/15/15 CS/ 0/0 0" --plays-only
expect "hooks: plays" "8E SC(AT) 6
8F C(AT)S 6
8F C(AT) 5" "$(tr -s ' ' <"$T/out")"
# Bit-packed arcs (--compact): the same plays, both algorithms.
"$LEXC" build -q --compact "$T/words.txt" -o "$T/w-compact.lex" || echo "FAIL: build --compact"
for cgp in "$E AEINRST/ 0/0 0" "15/15/15/15/15/15/15/6AT7/15/15/15/15/15/15/15 CSAXE?/ 0/0 0"; do
  for alg in gaddag dawg; do
    expect "--compact: the same plays ($alg, $cgp)" "$("$LEXC" moves "$T/w.lex" --cgp "$cgp" --algorithm $alg)" \
      "$("$LEXC" moves "$T/w-compact.lex" --cgp "$cgp" --algorithm $alg)"
  done
done
# Board file and --rack: a blank.
{ for r in $(seq 1 15); do if [ "$r" = 8 ]; then echo ".......A......."; else echo "..............."; fi; done; } >"$T/board.txt"
expect_rc "board file" 0 "$LEXC" moves "$T/w.lex" --board "$T/board.txt" --rack '?' --plays-only
cp "$T/out" "$T/board-plays"
{ printf '\357\273\277'; cat "$T/board.txt"; } >"$T/bom-board.txt"
expect_rc "board file with a UTF-8 byte order mark" 0 "$LEXC" moves "$T/w.lex" --board "$T/bom-board.txt" --rack '?' --plays-only
expect "the byte order mark changes nothing" "$(cat "$T/board-plays")" "$(cat "$T/out")"
expect "board file: blank plays (AT AX TA ZA, both ways)" 8 "$(wc -l <"$T/out")"
expect "board file: lower case" "8G z(A) 1" "$(grep -E '^8G +z' "$T/out" | tr -s ' ')"

# Exchanges (bag 93 >= 7) and the pass come after the plays; --top cuts.
expect_rc "exchanges" 0 "$LEXC" moves "$T/w.lex" --cgp "$E QZ/ 0/0 0"
expect "exchanges: moves" "exch Z 0
exch Q 0
exch QZ 0
pass 0" "$(tr -s ' ' <"$T/out")"
expect_rc "no exchange, bag of 6" 0 "$LEXC" moves "$T/w.lex" --cgp "$E QZ/ 0/0 0 etl 94;"
expect "no exchange: pass only" "pass 0" "$(tr -s ' ' <"$T/out")"

# JSON
expect_rc "json" 0 "$LEXC" moves "$T/w.lex" --cgp "$E CAT/ 0/0 0" --json --top 2
if command -v jq >/dev/null; then
  expect "json: fields" "20 3 true 8F ACT 10 play across" \
    "$(jq -r '.[0] | "\(.plays) \(.exchanges + 0 | if . > 0 then 3 else 0 end) \(.truncated) \(.moves[0].move) \(.moves[0].kind) \(.moves[0].direction)"' "$T/out")"
fi

# ---- Spanish: racks, CGP and board files read tiles as queries do ----
# Regression: CGP read "CHE" as C,H,E while `lexc query` read CH,E. Tile
# text (formats/tile-text.md) is greedy everywhere: CHE is CH,E, C[H]E is C,H,E.
if [ -f "$SRC/formats/alphabets/spanish.txt" ]; then
  printf 'CHE\nCE\nHE\nECHE\n' >"$T/che.txt"
  "$LEXC" build -q "$T/che.txt" -o "$T/che.lex" --alphabet spanish
  expect_rc "spanish: cgp rack CHE" 0 "$LEXC" moves "$T/che.lex" --cgp "$E CHE/ 0/0 0" --plays-only
  # CH scores 5, E 1, doubled on the start square.
  expect "spanish: cgp rack CHE plays CH,E" "8G CHE 12
8H CHE 12
H7 CHE 12
H8 CHE 12" "$(tr -s ' ' <"$T/out")"
  expect_rc "spanish: cgp rack C[H]E" 0 "$LEXC" moves "$T/che.lex" --cgp "$E C[H]E/ 0/0 0" --plays-only
  expect "spanish: cgp rack C[H]E plays C and H apart" "8G HE 10
8H HE 10
H7 HE 10
H8 HE 10
8G CE 8
8H CE 8
H7 CE 8
H8 CE 8" "$(tr -s ' ' <"$T/out")"
  # A blank CH on the board, [ch]E: an E before it makes E,CH,E; one below
  # it makes CH,E down (blanks print in lower case, and score 0).
  expect_rc "spanish: cgp [ch] on the board" 0 "$LEXC" moves "$T/che.lex" \
    --cgp "15/15/15/15/15/15/15/7[ch]E6/15/15/15/15/15/15/15 E/ 0/0 0" --plays-only
  expect "spanish: [ch] is a blank CH" "8G E(chE) 2
H8 (ch)E 1" "$(tr -s ' ' <"$T/out")"
  { for r in $(seq 1 15); do if [ "$r" = 8 ]; then echo ".......E......."; else echo "..............."; fi; done; } >"$T/es-board.txt"
  expect_rc "spanish: --board --rack CHE" 0 "$LEXC" moves "$T/che.lex" --board "$T/es-board.txt" --rack CHE --plays-only
  expect "spanish: --rack CHE plays CH,E" "7H CHE 13
G8 CHE 13
8F ECH(E) 7
8H (E)CHE 7
H6 ECH(E) 7
H8 (E)CHE 7
8G CH(E) 6
H7 CH(E) 6" "$(tr -s ' ' <"$T/out")"
  expect_rc "spanish: --rack C[H]" 0 "$LEXC" moves "$T/che.lex" --board "$T/es-board.txt" --rack 'C[H]' --plays-only
  expect "spanish: --rack C[H] plays C and H apart" "8G H(E) 5
H7 H(E) 5
8G C(E) 4
H7 C(E) 4" "$(tr -s ' ' <"$T/out")"
  expect_rc "spanish: json rack" 0 "$LEXC" moves "$T/che.lex" --cgp "$E CHE/ 0/0 0" --json --top 1
  expect_grep "spanish: json rack is tile text" '"rack":"\[CH\]E"' "$T/out"
  expect_grep "spanish: json cgp written back" '"cgp":"[0-9/]* \[CH\]E/ 0/0 0"' "$T/out"
  expect_rc "spanish: bad bracket in --rack (a bad value: usage)" 2 "$LEXC" moves "$T/che.lex" --board "$T/es-board.txt" --rack 'C]'
  expect_err "spanish: bad bracket in --rack" "--rack: ']' without '[' at character 2 of rack 'C]' (alphabet spanish)"
fi

# ---- moves: errors name the field ----
expect_rc "bad: rows" 1 "$LEXC" moves "$T/w.lex" --cgp "15/15 A/ 0/0 0"
expect_err "bad: rows" "cgp board: 2 rows, expected 15"
expect_rc "bad: row width" 1 "$LEXC" moves "$T/w.lex" --cgp "15/15/15/15/15/15/15/8A7/15/15/15/15/15/15/15 A/ 0/0 0"
expect_err "bad: row width" "cgp board: row 8 has 16 squares, expected 15"
expect_rc "bad: tile" 1 "$LEXC" moves "$T/w.lex" --cgp "15/15/15/15/15/15/15/7#7/15/15/15/15/15/15/15 A/ 0/0 0"
expect_err "bad: tile" "cgp board: row 8: unknown tile '#'"
expect_rc "bad: too many" 1 "$LEXC" moves "$T/w.lex" --cgp "15/15/15/15/15/15/15/6QQ7/15/15/15/15/15/15/15 A/ 0/0 0"
expect_err "bad: too many" "cgp tiles: 2 'Q' on the board and racks, the set has 1"
expect_rc "bad: rack size" 1 "$LEXC" moves "$T/w.lex" --cgp "$E AAAAAAAA/ 0/0 0"
expect_err "bad: rack size" "cgp rack 1: 8 tiles, a rack holds at most 7"
expect_rc "bad: --rack size (a bad value: usage)" 2 "$LEXC" moves "$T/w.lex" --board "$T/board.txt" --rack AAAAAAAA
expect_err "bad: --rack size" "--rack: 8 tiles, a rack holds at most 7"
expect_rc "bad: scores" 1 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/zero 0"
expect_err "bad: scores" "cgp scores: 'zero' is not a number"
expect_rc "bad: --rack tile (a bad value: usage)" 2 "$LEXC" moves "$T/w.lex" --board "$T/board.txt" --rack 'AB3'
expect_err "bad: --rack tile" "unknown tile '3'"
expect_rc "bad: bingo bonus that could overflow" 1 "$LEXC" moves "$T/w.lex" --cgp "$E AEINRST/ 0/0 0 bb 2147483647;"
expect_err "bad: bingo bonus that could overflow" "a play could score up to"
expect_rc "bad: --top -1" 2 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0" --top -1
expect_err "bad: --top -1" "--top: expected a whole number 0..1000000000, got '-1'"
expect_rc "bad: --layout from a device" 1 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0" --layout /dev/zero
expect_err "bad: --layout from a device" "/dev/zero: over 1048576 bytes, not a layout file"
expect_rc "bad: selfplay --seed -1" 2 "$LEXC" selfplay "$T/w.lex" --seed -1
expect_rc "bad: selfplay --every 0" 2 "$LEXC" selfplay "$T/w.lex" --every 0 --positions "$T/p.cgp"
expect_rc "bad: two sources" 2 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0" --board "$T/board.txt"
expect_rc "bad: algorithm" 2 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0" --algorithm trie
expect_rc "dawg-only image, gaddag asked" 1 "$LEXC" moves "$T/w.dawg" --cgp "$E A/ 0/0 0" --algorithm gaddag
expect_err "dawg-only image" "the image has no GADDAG"
expect_rc "bad layout" 1 "$LEXC" moves "$T/w.lex" --cgp "$E A/ 0/0 0" --layout "$T/nope.txt"

# ---- selfplay ----
expect_rc "selfplay" 0 "$LEXC" selfplay "$T/w.lex" --games 3 --seed 5
cp "$T/out" "$T/gcg1"
expect_err "selfplay: games/s" "games/s"
expect "selfplay: 3 games" 3 "$(grep -c '^#title' "$T/gcg1")"
expect_rc "selfplay again" 0 "$LEXC" selfplay "$T/w.lex" --games 3 --seed 5 --algorithm dawg
expect "selfplay: reproducible, either algorithm" "$(cat "$T/gcg1")" "$(cat "$T/out")"
expect_rc "selfplay positions" 0 "$LEXC" selfplay "$T/w.lex" --games 4 --seed 1 --every 2 --positions "$T/pos.cgp" -q
expect "selfplay -q: no GCG" "" "$(cat "$T/out")"
expect_rc "positions read back" 0 "$LEXC" moves "$T/w.lex" --cgp-file "$T/pos.cgp" --plays-only --algorithm dawg
cp "$T/out" "$T/dawg.txt"
expect_rc "positions, gaddag" 0 "$LEXC" moves "$T/w.lex" --cgp-file "$T/pos.cgp" --plays-only --algorithm gaddag
expect "dawg and gaddag list the same moves" "$(cat "$T/dawg.txt")" "$(cat "$T/out")"
expect_rc "selfplay gcg-dir" 0 "$LEXC" selfplay "$T/w.lex" --games 2 --seed 9 --gcg-dir "$T/games"
expect "gcg files" "game-10.gcg game-9.gcg" "$(ls "$T/games" | sort | tr '\n' ' ' | sed 's/ $//')"
# --cgp-file is read as a stream: records from standard input are listed as
# they arrive (the first list, once a second record says there are several,
# is out before the input ends), comments and blank lines skipped; a binary
# input fails at its first NUL byte, and a board file over 1 MiB at once,
# before filling the memory.
first_record=$(grep -v '^#' "$T/pos.cgp" | head -1)
# The writer holds the pipe open (a FIFO, 5 s at most) while the list is
# awaited; every process of the check ends with it.
mkfifo "$T/records"
( printf '# a comment\n\n%s\n%s\n' "$first_record" "$first_record"; sleep 5 ) >"$T/records" 2>/dev/null &
writer=$!
timeout 10 "$LEXC" moves "$T/w.lex" --cgp-file - --count -q <"$T/records" >"$T/streamed" 2>/dev/null &
reader=$!
for _ in $(seq 40); do [ -s "$T/streamed" ] && break; sleep 0.1; done
checks=$((checks + 1))
[ -s "$T/streamed" ] || fail "--cgp-file -: no list before the input ended"
wait "$writer" "$reader" 2>/dev/null
expect "--cgp-file -: both records listed" 2 "$(wc -l <"$T/streamed")"
# A failure after the --json array began (a stream) closes the array with
# the error; a regular file is read through once first, so nothing is listed.
printf '%s\n%s\nab\0c\n' "$first_record" "$first_record" >"$T/nul.cgp"
expect_rc "--json, a NUL byte after two streamed records" 1 \
  sh -c '"$1" moves "$2" --cgp-file - --json --limit 1 <"$3"' sh "$LEXC" "$T/w.lex" "$T/nul.cgp"
if command -v jq >/dev/null; then
  expect "--json: still one array, the error last" "3 false" "$(jq -r '"\(length) \(.[-1].ok)"' "$T/out")"
fi
expect_rc "--json, a NUL byte in a file" 1 "$LEXC" moves "$T/w.lex" --cgp-file "$T/nul.cgp" --json --limit 1
if command -v jq >/dev/null; then
  expect "--json, a file: one error object" "false" "$(jq '.ok' "$T/out")"
fi
expect_rc "--cgp-file /dev/zero fails" 1 timeout 10 "$LEXC" moves "$T/w.lex" --cgp-file /dev/zero --count
expect_err "--cgp-file /dev/zero: at the first NUL" "/dev/zero:1: a NUL byte: not a text file of CGP records"
expect_rc "--board /dev/zero fails" 1 timeout 10 "$LEXC" moves "$T/w.lex" --board /dev/zero --rack AB
expect_err "--board /dev/zero: over 1 MiB" "/dev/zero: over 1 MiB, not a board or layout file"
expect_rc "query -f /dev/zero fails" 1 timeout 10 "$LEXC" query "$T/w.lex" contains -f /dev/zero
expect_err "query -f /dev/zero: at the first NUL" "/dev/zero:1: a NUL byte: not a text file of queries"

# Labels of several characters may hold record syntax ('-', digits): written
# in brackets, the games' GCG and positions' CGP read back.
printf 'name marks\nA 1 20\nB 1 20\nC-D 2 20\nE1 3 20\n? 0 2\n' >"$T/marks.txt"
for x in A B C-D E1; do for y in A B C-D E1; do
  echo "$x$y"
  for z in A B C-D E1; do echo "$x$y$z"; done
done; done >"$T/marks-words.txt"
expect_rc "marks: build" 0 "$LEXC" build -q --alphabet "$T/marks.txt" "$T/marks-words.txt" -o "$T/marks.lex"
expect_rc "marks: selfplay" 0 "$LEXC" selfplay "$T/marks.lex" --games 3 --gcg-dir "$T/marks-games" -q \
  --positions "$T/marks.cgp" --every 1
expect_rc "marks: the games replay" 0 "$LEXC" replay "$T/marks.lex" "$T/marks-games/game-1.gcg" \
  "$T/marks-games/game-2.gcg" "$T/marks-games/game-3.gcg"
expect_rc "marks: the positions read back" 0 "$LEXC" moves "$T/marks.lex" --cgp-file "$T/marks.cgp" --count

expect_rc "selfplay json" 0 "$LEXC" selfplay "$T/w.lex" --games 2 --json
if command -v jq >/dev/null; then expect "selfplay json games" 2 "$(jq .games "$T/out")"; fi

finish
