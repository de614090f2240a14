#!/usr/bin/env bash
# lexc replay, show, moves --show and --no-mmap, end to end:
#   - self-play GCG replayed: no issue, and `replay --stats` gives exactly the
#     statistics of the self-play study of the same seeds;
#   - `replay --turn N` prints the position the self-play player saw before
#     move N (selfplay --positions, the opponent's rack hidden);
#   - an edited score, a malformed line: exit 1, file, line and field named;
#     an error after an issue: the issue printed, then the error
#     (the issues also with -q);
#   - `show` and `moves --show` draw ASCII when not on a terminal;
#   - --no-mmap: selfplay survives its image truncated and rewritten in place;
#     the default (mapped) mode dies of SIGBUS, as lexicon.h documents.
# Usage: replay_test.sh LEXC SOURCE_DIR
LEXC=${1:?lexc binary} SRC=${2:?source dir}
. "$SRC/tests/cli/lib.sh"

"$LEXC" build "$SRC/fixtures/english-small.txt" -o "$T/small.lex" -q 2>/dev/null ||
  "$LEXC" build "$SRC/fixtures/english-small.txt" -o "$T/small.lex" >/dev/null
cd "$T" || exit 1

# ---- self-play GCG replayed; statistics equal to the study's ----
"$LEXC" selfplay small.lex --games 8 --seed 5 --gcg-dir g --positions pos.cgp >/dev/null 2>&1
"$LEXC" selfplay small.lex --games 8 --seed 5 --stats study -q
files=$(for i in $(seq 5 12); do printf 'g/game-%d.gcg ' "$i"; done)
# shellcheck disable=SC2086
expect_rc "replay of self-play games" 0 "$LEXC" replay small.lex $files
expect "no issue in any game" 8 "$(grep -c ' 0 issues$' out)"
# shellcheck disable=SC2086
expect_rc "replay --stats" 0 "$LEXC" replay small.lex $files --stats rs --seed 5 --lexicon SMALL -q
expect "replayed statistics equal the study's" "$(jq -S .stats study/stats.json)" "$(jq -S .stats rs/stats.json)"
expect_rc "lexc report reads the replay's statistics" 0 "$LEXC" report rs
expect_grep "report written" "games" rs/report.md

# ---- --turn N: the position the player saw (selfplay --positions) ----
n3=$(grep -c '' pos.cgp)
[ "$n3" -gt 3 ] || fail "selfplay --positions wrote $n3 positions"
# (--positions lists the positions before moves 2, 3, ...: line 3 is move 4's)
expect_rc "replay --turn 4" 0 "$LEXC" replay small.lex g/game-5.gcg --turn 4 --lexicon SMALL
want=$(sed -n 3p pos.cgp | awk '{ split($2, r, "/"); print $1, r[1] "/", $3, $4, $5, $6 }')
expect "replay --turn 4 is the position before move 4 of game 5" "$want" "$(cat out)"
expect_rc "replay --turn 4 --show" 0 "$LEXC" replay small.lex g/game-5.gcg --turn 4 --show
expect_grep "a board" '^ *+-----' out
expect_grep "the racks" '^> p' out
expect_rc "replay --turn past the last move is an error" 1 "$LEXC" replay small.lex g/game-5.gcg --turn 1000000
expect_err "... naming the game's moves" "the game has no move 1000000"

# ---- issues and errors ----
# The first play of p1: its score field raised by 3 (awk prints the line number).
line=$(awk -v out=edited.gcg 'BEGIN { done = 0 }
  /^>p1: [^ ]+ ([0-9]+[A-O]|[A-O][0-9]+) / && !done { $(NF-1) = "+" ($(NF-1) + 3); done = NR }
  { print > out } END { print done }' g/game-5.gcg)
turn=$(head -n "$line" edited.gcg | grep -c '^>')
expect_rc "an edited score is an issue" 1 "$LEXC" replay small.lex edited.gcg
expect_grep "the score issue names file, line and field" "^edited.gcg:$line: turn $turn: score: " out
expect_grep "the total no longer adds up" "^edited.gcg:$line: turn $turn: total: " out
# -q prints only the position and the errors: the issues, not the summary.
expect_rc "-q: an edited score is an issue" 1 "$LEXC" replay small.lex edited.gcg -q
expect "-q prints the issues alone" "$(printf 'edited.gcg:%s: turn %s: score: \nedited.gcg:%s: turn %s: total: ' \
  "$line" "$turn" "$line" "$turn")" "$(sed -E 's/(: (score|total): ).*/\1/' out)"
expect_rc "--json" 1 "$LEXC" replay small.lex edited.gcg --json
expect "--json lists the issues" "score total" "$(jq -r '[.[0].issues[].field] | join(" ")' out)"
# A later exchange that stops the replay (three blanks on its rack and in
# its exchange: the tile set has two): the issues before it are still
# printed, then the error; with --json, the element has both.
zline=$(awk -v from="$line" -v out=stops.gcg '{ if (!z && NR > from && /^>p[12]: [A-Z]+ -[A-Z]+ /) {
    $2 = "???" substr($2, 4); $3 = "-???" substr($3, 5); z = NR } print > out } END { print z + 0 }' edited.gcg)
[ "$zline" -gt "$line" ] || fail "no exchange after line $line in edited.gcg"
expect_rc "an error after an issue" 1 "$LEXC" replay small.lex stops.gcg
expect_grep "the issue before the error is printed" "^stops.gcg:$line: turn $turn: score: " out
expect_err "the error names its line" "stops.gcg:$zline: rack: "
expect_rc "an error after an issue, --json" 1 "$LEXC" replay small.lex stops.gcg --json
expect "--json: the issues before the error" "score total" "$(jq -r '[.[0].issues[].field] | join(" ")' out)"
expect_grep "--json: and the error" '"error":"stops.gcg:'"$zline"': rack: ' out
printf '#player1 a A\n#player2 b B\n>a: AB 16A AB +4 4\n' >bad.gcg
# --lexicon is written into CGP and the statistics: refused as selfplay's is.
expect_rc "replay --lexicon with a ';'" 2 "$LEXC" replay small.lex g/game-5.gcg --turn 2 --lexicon 'A;B'
expect_err "replay --lexicon with a ';': named" "--lexicon"
expect_rc "replay --lexicon with ESC" 2 "$LEXC" replay small.lex g/game-5.gcg --lexicon "$(printf 'A\033B')" --stats rsx
expect "replay --lexicon with ESC: no statistics written" no "$([ -e rsx/stats.json ] && echo yes || echo no)"
expect_rc "a malformed line" 1 "$LEXC" replay small.lex bad.gcg
expect_err "the error names file, line and field" 'bad.gcg:3: position: "16A" is off the 15x15 board'
expect_rc "--seed 0x10" 2 "$LEXC" replay small.lex edited.gcg --seed 0x10
expect_rc "--show without --turn" 2 "$LEXC" replay small.lex edited.gcg --show
expect_err "--show without --turn: said" "--show requires --turn"
# With --json, each game's failure is an element's "error", and still a
# message on standard error.
expect_rc "--json, a missing game" 1 "$LEXC" replay small.lex no-such.gcg --json
expect "--json: the missing game's error" "no-such.gcg: cannot open: No such file or directory" "$(jq -r '.[0].error' out)"
expect_err "--json: the message on standard error too" "no-such.gcg: cannot open"
expect_rc "--json --turn past the end" 1 "$LEXC" replay small.lex edited.gcg --json --turn 999
expect_grep "--json --turn: the element says so" '"error":"edited.gcg: the game has no move 999' out

# ---- boards on screen ----
cgp='15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/0 0'
expect_rc "show" 0 "$LEXC" show small.lex --cgp "$cgp"
expect "show: row 8, ASCII when not a terminal" " 8 | = . . W I N D Y . . . ' . . = | 8" "$(sed -n 10p out)"
expect_grep "show: the bag" '^bag 81, unseen 88: ' out
expect_rc "show --unicode --color always" 0 "$LEXC" show small.lex --cgp "$cgp" --unicode --color always
expect_grep "colour" $'\x1b\\[41;97m' out
expect_rc "moves --show 1" 0 "$LEXC" moves small.lex --cgp "$cgp" --top 3 --show 1
expect_grep "moves --show: the move drawn" '^move 1: ' out
expect_grep "moves --show: its tiles marked" '>' out
expect_grep "moves --show: the rack left to the player who just moved" '^> just moved ' out

# ---- an image rewritten in place under a running command ----
cp small.lex live.lex
"$LEXC" build "$SRC/fixtures/words-tiny.txt" -o other.lex >/dev/null 2>&1
size=$(stat -c %s small.lex)
# Whether selfplay (pid $1) has its image: mapped (/proc/PID/maps names it),
# or with --no-mmap read (its read bytes, /proc/PID/io rchar, cover the file).
has_image() {
  if [ "$2" = mapped ]; then
    grep -q 'live\.lex' "/proc/$1/maps" 2>/dev/null
  else
    local r
    r=$(awk '/^rchar/ { print $2 }' "/proc/$1/io" 2>/dev/null)
    [ "${r:-0}" -ge "$size" ]
  fi
}
run_and_rewrite() {  # MODE [OPTION]: the exit status of selfplay after live.lex is truncated, then rewritten
  local mode=$1 waited=0
  shift
  cp small.lex live.lex
  # (Under AddressSanitizer, which catches SIGBUS itself, the signal is left to kill.)
  ASAN_OPTIONS="handle_sigbus=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    "$LEXC" selfplay live.lex --games 100000000 -q --no-verify "$@" >/dev/null 2>&1 &
  local pid=$!
  while ! has_image "$pid" "$mode" && [ "$waited" -lt 200 ] && kill -0 "$pid" 2>/dev/null; do
    sleep 0.05
    waited=$((waited + 1))
  done
  sleep 0.2  # into the games
  : >live.lex
  sleep 0.3
  cp other.lex live.lex
  sleep 0.5
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
  fi
  wait "$pid"
  echo $?
}
expect "--no-mmap: alive until stopped (SIGTERM, 143)" 143 "$(run_and_rewrite loaded --no-mmap)"
expect "mapped (default): killed by SIGBUS (135)" 135 "$(run_and_rewrite mapped)"

finish
