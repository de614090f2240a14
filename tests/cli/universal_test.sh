#!/usr/bin/env bash
# Memory on hostile "universal" images (issue 18, section 3): verified images
# of a few kilobytes that accept every string of 1..12 letters (9.9 x 10^16
# words; tests/support/universal_image.h). Every command that opens images
# runs on them under a 1 GiB address-space limit and either finishes with the
# independently known answer or streams output until it is stopped, never
# "out of memory". Expected figures come from combinatorics, not from lexc.
LEXC=${1:?usage: universal_test.sh LEXC SOURCE_DIR UNIVERSAL_IMAGE_TOOL}
SRC=${2:?usage: universal_test.sh LEXC SOURCE_DIR UNIVERSAL_IMAGE_TOOL}
UNIVERSAL=${3:?usage: universal_test.sh LEXC SOURCE_DIR UNIVERSAL_IMAGE_TOOL}
source "$SRC/tests/cli/lib.sh"

if grep -qa __asan_init "$LEXC"; then
  echo "SKIP: AddressSanitizer build (its shadow memory cannot run under ulimit -v)"
  exit 0
fi
LIMIT_KB=$((1024 * 1024))
# limited SECONDS COMMAND...: under the address-space limit and a time limit.
limited() {
  local secs=$1
  shift
  (
    ulimit -v $LIMIT_KB
    exec timeout "$secs" "$@"
  )
}
# no_oom NAME: $T/err does not report running out of memory.
no_oom() {
  checks=$((checks + 1))
  if grep -qi "out of memory\|bad_alloc\|cannot allocate" "$T/err"; then
    fail "$1: ran out of memory"
    sed 's/^/    /' "$T/err" | head -3
  fi
}
# streams NAME LINES COMMAND...: the command's first LINES lines arrive under
# the limits (it is then stopped by the closed pipe or the timeout).
streams() {
  local name=$1 lines=$2
  shift 2
  limited 20 "$@" 2>"$T/err" | head -n "$lines" >"$T/out"
  no_oom "$name"
  expect "$name: first $lines lines" "$lines" "$(wc -l <"$T/out")"
}

WORDS=99,246,114,928,149,462  # 26 + 26^2 + ... + 26^12
"$UNIVERSAL" "$T/u.lex" 26 12 both || fail "universal_image both"
"$UNIVERSAL" "$T/ud.lex" 26 12 dawg || fail "universal_image dawg"
E15=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15
# Plays of AEINRST on an empty board: k of the 7 distinct tiles in order
# (7!/(7-k)!), k >= 2, at k starts covering the centre, across and down.
PLAYS=$(awk 'BEGIN { for (k = 2; k <= 7; k++) { p = 1; for (i = 0; i < k; i++) p *= 7 - i; s += 2 * k * p } print s }')

for img in u ud; do
  L="$T/$img.lex"
  expect "$img: image under 4 KB" yes "$([ "$(wc -c <"$L")" -lt 4096 ] && echo yes)"

  limited 20 "$LEXC" verify "$L" >"$T/out" 2>"$T/err"
  expect "$img verify: exit" 0 $?
  expect_grep "$img verify: words" "$WORDS words" "$T/out"

  # verify --words stops at the first difference: after A comes AA.
  printf 'A\nB\n' >"$T/ab.txt"
  limited 20 "$LEXC" verify "$L" --words "$T/ab.txt" >"$T/out" 2>"$T/err"
  expect "$img verify --words: exit" 1 $?
  expect_err "$img verify --words: first difference" "not in word list: AA"
  no_oom "$img verify --words"

  limited 20 "$LEXC" stats "$L" >"$T/out" 2>"$T/err"
  expect "$img stats: exit" 0 $?
  expect_grep "$img stats: words" "$WORDS" "$T/out"
  expect_grep "$img stats: nodes" "^nodes  *12\( \|$\)" "$T/out"

  # dump streams: the first words in tile order are A, AA, ..., A x 12, then
  # A x 11 B.
  streams "$img dump" 100000 "$LEXC" dump "$L"
  want=$(for i in $(seq 1 12); do printf 'A%.0s' $(seq 1 $i); echo; done; echo AAAAAAAAAAAB)
  expect "$img dump: first words" "$want" "$(head -n 13 "$T/out")"
  streams "$img dump --graph dawg" 100000 "$LEXC" dump --graph dawg "$L"

  # query, each kind. Answers of the universal language: contains every
  # string; anagram of 7 distinct letters: the 7! orders; words ending in an
  # 11-letter suffix: the suffix and the 26 one-letter extensions (27);
  # holding an 11-letter infix: itself, and 26 extensions on each side (53).
  limited 20 "$LEXC" query "$L" contains ZZZZZZZZZZZZ QQQQQQQQQQQQQ >"$T/out" 2>"$T/err"
  expect "$img query contains" "ZZZZZZZZZZZZ: yes
QQQQQQQQQQQQQ: no" "$(cat "$T/out")"
  limited 20 "$LEXC" query "$L" anagram AEINRST --count >"$T/out" 2>"$T/err"
  expect "$img query anagram: 7!" 5040 "$(cat "$T/out")"
  no_oom "$img query anagram"
  # (Without a GADDAG, suffix and substring scan every word: 10^17 of them
  # for a short answer; they run in bounded memory, checked below with
  # --limit, but do not finish.)
  if [ $img = u ]; then
    limited 20 "$LEXC" query "$L" suffix BCDEFGHIJKL --count >"$T/out" 2>"$T/err"
    expect "$img query suffix (11 letters)" 27 "$(cat "$T/out")"
    limited 20 "$LEXC" query "$L" substring BCDEFGHIJKL --count >"$T/out" 2>"$T/err"
    expect "$img query substring (11 letters)" 53 "$(cat "$T/out")"
    no_oom "$img query substring"
  fi
  for q in "prefix QU" "suffix ING" "substring XAN" "pattern Q?I*" "suffix E" "substring E"; do
    limited 20 "$LEXC" query "$L" $q --limit 1000 >"$T/out" 2>"$T/err"
    expect "$img query $q --limit 1000: exit" 0 $?
    expect "$img query $q --limit 1000: lines" 1000 "$(wc -l <"$T/out")"
    no_oom "$img query $q"
  done
  # Without a limit the answer (up to 10^16 words) streams.
  for q in "prefix QU" "pattern Q?I*" "suffix E" "substring E"; do
    streams "$img query $q" 50000 "$LEXC" query "$L" $q
  done
  # In tile order: the words ending in E start with A x 11 E, A x 10 B E, ...
  limited 20 "$LEXC" query "$L" suffix E --limit 3 >"$T/out" 2>"$T/err"
  expect "$img query suffix E: first words" "AAAAAAAAAAAE
AAAAAAAAAABE
AAAAAAAAAACE" "$(cat "$T/out")"

  # moves: the best plays are bingos (every string is a word); all plays of
  # a rack of 7 distinct tiles on an empty board are counted exactly.
  limited 60 "$LEXC" moves "$L" --cgp "$E15 AEINRST/ 0/0 0" --top 3 --json >"$T/out" 2>"$T/err"
  expect "$img moves --top 3: exit" 0 $?
  no_oom "$img moves --top 3"
  expect "$img moves --top 3: three bingos" 3 \
    "$(jq -r '[.[0].moves[] | select(.kind == "play" and .placed == 7 and .bingo)] | length' "$T/out" 2>/dev/null)"
  limited 60 "$LEXC" moves "$L" --cgp "$E15 AEINRST/ 0/0 0" --plays-only --json >"$T/out" 2>"$T/err"
  expect "$img moves (all plays): exit" 0 $?
  expect "$img moves (all plays): count" "$PLAYS" "$(jq -r '.[0].plays' "$T/out" 2>/dev/null)"
  limited 60 "$LEXC" moves "$L" --cgp "$E15 AE?/ 0/0 0" --top 1 >"$T/out" 2>"$T/err"
  expect "$img moves with a blank: exit" 0 $?
  no_oom "$img moves with a blank"

  # selfplay: a whole game.
  limited 120 "$LEXC" selfplay "$L" --games 1 -q --json >"$T/out" 2>"$T/err"
  expect "$img selfplay --games 1: exit" 0 $?
  no_oom "$img selfplay"
done
finish
