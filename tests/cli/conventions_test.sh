#!/usr/bin/env bash
# One convention for the whole CLI (issue 19, sections 3 and 4): exit codes,
# the same flag for the same idea, --json errors, friendly parsing, the bash
# completion, batches that survive a bad record, query words from a file.
#
#   bash tests/cli/conventions_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: conventions_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: conventions_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
command -v jq >/dev/null || { echo "jq is needed"; exit 1; }

"$LEXC" build "$SRC/fixtures/english-small.txt" -o "$T/e.lex" -q
grep -v '^#' "$SRC/fixtures/english-small.txt" | tr -d '\r' | tr a-z A-Z | sort -u >"$T/words"
E=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15

# ---- exit codes: 0 success, 1 data or files, 2 usage ----
expect_rc "query: a missing image is a file problem" 1 "$LEXC" query "$T/none.lex" contains CAT
expect_err "query: the missing image named" "none.lex"
expect_rc "stats: a missing image" 1 "$LEXC" stats "$T/none.lex"
expect_rc "query: a word not found" 1 "$LEXC" query "$T/e.lex" contains ZZZZ
expect "query: not found says nothing on stderr" "" "$(cat "$T/err")"
expect_rc "query: --sub without anagram is usage" 2 "$LEXC" query "$T/e.lex" contains --sub CAT
expect_rc "an unknown option is usage" 2 "$LEXC" stats "$T/e.lex" --nonsense
expect_rc "an unknown alphabet is usage" 2 "$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/x.lex" --alphabet klingon
"$LEXC" --help >"$T/help"
expect_grep "lexc --help documents the exit codes" "2 a usage error" "$T/help"
expect_grep "README documents the exit codes" '\*\*2\*\* a' "$SRC/README.md"

# ---- friendly parsing ----
expect_rc "a mistyped command" 2 "$LEXC" biuld x.txt -o x.lex
expect_err "the nearest command suggested" "unknown command 'biuld'; did you mean 'build'?"
expect_rc "a far-off word suggests nothing" 2 "$LEXC" zzzzzzzz
checks=$((checks + 1))
grep -q "did you mean" "$T/err" && fail "zzzzzzzz: suggested a command"
expect_rc "lexc help build" 0 "$LEXC" help build
"$LEXC" build --help >"$T/build-help"
expect "lexc help build = lexc build --help" "$(cat "$T/build-help")" "$(cat "$T/out")"
expect_rc "lexc help" 0 "$LEXC" help
expect "lexc help = lexc --help" "$(cat "$T/help")" "$(cat "$T/out")"
expect_rc "lexc help nosuch" 2 "$LEXC" help mvoes
expect_err "help: nearest command" "did you mean 'moves'?"
expect_rc "--cgp ''" 2 "$LEXC" moves "$T/e.lex" --cgp ''
expect_err "--cgp '' is reported as empty" "--cgp: empty"
expect_rc "--rack ''" 2 "$LEXC" moves "$T/e.lex" --cgp "$E AEINRST/ 0/0 0" --rack ''
expect_err "--rack '' is reported as empty" "--rack: empty"
expect_rc "show --cgp ''" 2 "$LEXC" show "$T/e.lex" --cgp ''
expect_err "show: --cgp '' is empty" "--cgp: empty"
expect_rc "endgame --cgp ''" 2 "$LEXC" endgame "$T/e.lex" --cgp ''
# A number with a fraction (seconds, a prior, a tolerance) is decimal text:
# nan, inf, hex and surrounding spaces are usage errors naming the option
# (--prior nan ran as the default, boggle --time nan failed with exit 1,
# --checkpoint-every 1e309 was infinity).
for v in nan inf -inf 0x10 0x1p-3 ' 1' '1 ' 1e309 abc 1e 1..2; do
  expect_rc "leaves --prior '$v'" 2 "$LEXC" leaves "$T/e.lex" -o "$T/p.klv2" --prior "$v" --games 1 --generations 1 -q
  expect_err "leaves --prior '$v' named" "--prior: expected observations in [0, 1000000000], got '$v'"
  expect_rc "boggle --time '$v'" 2 "$LEXC" boggle "$T/e.lex" --search 3x3 --time "$v"
  expect_err "boggle --time '$v' named" "--time: expected seconds in [0.001, 10000000], got '$v'"
  expect_rc "selfplay --checkpoint-every '$v'" 2 "$LEXC" selfplay "$T/e.lex" --stats "$T/cp" --checkpoint-every "$v" -q
  expect_err "selfplay --checkpoint-every '$v' named" "--checkpoint-every: expected seconds > 0"
  expect_rc "sim --time '$v'" 2 "$LEXC" sim "$T/e.lex" --cgp "$E AEINRST/ 0/0 0" --time "$v"
  expect_err "sim --time '$v' named" "--time: expected seconds in (0, 604800]"
  expect_rc "sim --confidence '$v'" 2 "$LEXC" sim "$T/e.lex" --cgp "$E AEINRST/ 0/0 0" --confidence "$v"
  expect_err "sim --confidence '$v' named" "--confidence: expected a level"
  expect_rc "endgame --time '$v'" 2 "$LEXC" endgame "$T/e.lex" --cgp "$E AEINRST/ 0/0 0" --time "$v"
  expect_err "endgame --time '$v' named" "--time: expected seconds in (0, "
done
for v in nan -1 0x10 ' 1' 1e309; do
  expect_rc "infer --tolerance '$v'" 2 "$LEXC" infer "$T/e.lex" --cgp '15/15/15/15/15/15/15/3OUTHAUL5/15/15/15/15/15/15/15 /AEINRST 0/0 0' --move 'G7 S(H)IVERY' --tolerance "$v"
  expect_err "infer --tolerance '$v' named" "--tolerance: expected equity points >= 0 or 'inf'"
done
# Valid values keep their meaning: fractions, exponents, a leading '+'.
expect_rc "boggle --time 1e-1" 0 "$LEXC" boggle "$T/e.lex" --search 3x3 --time 1e-1 -q
expect_rc "leaves --prior +2.5" 0 "$LEXC" leaves "$T/e.lex" -o "$T/p.klv2" --prior +2.5 --games 2 --generations 1 -q
expect_rc "infer --tolerance inf" 0 "$LEXC" infer "$T/e.lex" --cgp '15/15/15/15/15/15/15/3OUTHAUL5/15/15/15/15/15/15/15 /AEINRST 0/0 0' --move 'G7 S(H)IVERY' --tolerance inf

# build --arc-width reads its value as every count does (it read "010" as
# octal 8, took '' and -0 as 0, and said only "--arc-width: 2147483648").
W="$SRC/fixtures/words-tiny.txt"
for v in 010 5 -0 -4 2147483648 1e3 0x4 4.0 ' 4'; do
  expect_rc "build --arc-width '$v'" 2 "$LEXC" build "$W" -o "$T/aw.lex" -q --arc-width "$v"
  expect_grep "build --arc-width '$v' named" "^--arc-width: expected" "$T/err"
done
expect_rc "build --arc-width 010" 2 "$LEXC" build "$W" -o "$T/aw.lex" --arc-width 010
expect_err "build --arc-width 010 is ten, not octal 8" "--arc-width: expected a whole number 0..8, got 010"
expect_rc "build --arc-width 2147483648" 2 "$LEXC" build "$W" -o "$T/aw.lex" --arc-width 2147483648
expect_err "build --arc-width 2147483648 said" "--arc-width: expected a whole number 0..8, got 2147483648"
expect_rc "build --arc-width 5 again" 2 "$LEXC" build "$W" -o "$T/aw.lex" --arc-width 5
expect_err "build --arc-width 5: the widths" "--arc-width: expected 0, 4 or 8, got 5"
for v in 0 4 8 08 004; do
  expect_rc "build --arc-width $v" 0 "$LEXC" build "$W" -o "$T/aw$v.lex" -q --arc-width "$v"
done
expect "build --arc-width 08 = 8" "$(cmp "$T/aw8.lex" "$T/aw08.lex" && echo same)" same
expect "build --arc-width 004 = 4" "$(cmp "$T/aw4.lex" "$T/aw004.lex" && echo same)" same
checks=$((checks + 1))
cmp -s "$T/aw4.lex" "$T/aw8.lex" && fail "build --arc-width 4 and 8 wrote the same image"

# boggle --random rolls board i with --seed + i: the last seed must fit
# (--seed 2^64-1 --boards 3 rolled seeds 0 and 1 after it).
M=18446744073709551615
expect_rc "boggle --seed 2^64-1 --boards 3" 2 "$LEXC" boggle "$T/e.lex" --random 4x4 --seed $M --boards 3 --summary
expect_err "boggle --seed + --boards said" "--seed + --boards passes 2^64"
expect_rc "boggle --seed 2^64-1, one board" 0 "$LEXC" boggle "$T/e.lex" --random 4x4 --seed $M --summary
expect_rc "boggle --seed 2^64-3 --boards 3" 0 "$LEXC" boggle "$T/e.lex" --random 4x4 --seed 18446744073709551613 --boards 3 --summary
expect "boggle: three boards" 3 "$(wc -l <"$T/out")"

# An empty value is never the option left out: every option that takes a
# value (the completion script's list, so a new option is covered) refuses
# '' with a usage error naming it (--words '' verified nothing, --stats ''
# wrote no study, -o '' failed as "cannot write").
"$LEXC" completion bash >"$T/completion.bash"
for cmd in build convert stats verify dump query moves show replay selfplay endgame sim infer leaves report boggle; do
  valued=$(sed -n "s/^ *$cmd) opts='[^']*' valued='\([^']*\)'.*/\1/p" "$T/completion.bash")
  checks=$((checks + 1))
  [ -n "$valued" ] || fail "completion: no valued options listed for $cmd"
  for opt in $valued; do
    arg="$T/e.lex"
    case $cmd in build) arg="$SRC/fixtures/words-tiny.txt" ;; report) arg="$T" ;; esac
    expect_rc "$cmd $opt ''" 2 "$LEXC" "$cmd" "$arg" "$opt" ''
    # "--stats: empty: give a value", or a count's "expected a whole number
    # 0..256, got ''", a set's "--format:  not in {klv2,leaves}"
    expect_grep "$cmd $opt '' is reported as empty" ": empty\|got ''\|:  not in {" "$T/err"
    case $opt in --*) expect_err "$cmd $opt '' names the option" "$opt: " ;; esac
  done
done
expect_rc "--rack ' ' (blank)" 2 "$LEXC" moves "$T/e.lex" --cgp "$E AEINRST/ 0/0 0" --rack ' '
expect_err "--rack ' ' is reported as blank" "--rack: blank"
expect_rc "boggle --board ' ' (blank)" 2 "$LEXC" boggle "$T/e.lex" --board '  '
expect_err "--board ' ' is reported as blank" "--board: blank"
expect_rc "--cgp ' ' (blank)" 2 "$LEXC" show "$T/e.lex" --cgp ' '
# Usage errors quote what was typed without its control bytes: CLI11's own
# messages (a validator's, "not expected", a set's members) are escaped.
no_controls() {
  checks=$((checks + 1))
  if LC_ALL=C grep -q '[[:cntrl:]]' <(tr -d '\n' <"$T/err"); then fail "$1: a control byte on stderr"; fi
}
expect_rc "--arc-width ESC" 2 "$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/x.lex" --arc-width $'\e]0;TITLE\a'
no_controls "--arc-width ESC"
expect_err "--arc-width ESC escaped" '\u{1B}]0;TITLE\u{7}'
expect_rc "--format ESC" 2 "$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/x.lex" --format $'k\e[2J'
no_controls "--format ESC"
expect_err "--format ESC escaped" '--format: k\u{1B}[2J'
expect_rc "--algorithm ESC" 2 "$LEXC" show "$T/e.lex" --cgp "$E AEINRST/ 0/0 0" --algorithm $'\e[31m'
no_controls "--algorithm ESC"
expect_rc "query kind ESC" 2 "$LEXC" query "$T/e.lex" $'k\e[2J' CAT
no_controls "query kind ESC"
expect_rc "completion ESC" 2 "$LEXC" completion $'b\e[2J'
no_controls "completion ESC"
expect_rc "an unknown option with ESC" 2 "$LEXC" dump "$T/e.lex" --li$'\e[2J'mit
no_controls "an unknown option with ESC"
expect_err "the unknown option escaped" 'not expected: --li\u{1B}[2Jmit'
expect_rc "--every without --positions" 2 "$LEXC" selfplay "$T/e.lex" --games 1 --every 3
expect_err "--every names --positions" "--positions"
expect_rc "--alphabet ENGLISH" 0 "$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/upper.lex" -q --alphabet ENGLISH
expect_rc "--alphabet Spanish" 0 "$LEXC" build "$SRC/fixtures/spanish-words.txt" -o "$T/es.lex" -q --alphabet Spanish
mkfifo "$T/fifo"
fifo() {  # NAME COMMAND...: a FIFO as the image fails at once, saying why
  local name=$1
  shift
  expect_rc "$name: a FIFO as the image fails at once" 1 timeout 10 "$@"
  expect_err "$name: a FIFO is not a regular file" "not a regular file (a FIFO; images are memory-mapped)"
}
fifo stats "$LEXC" stats "$T/fifo"
fifo verify "$LEXC" verify "$T/fifo"
fifo dump "$LEXC" dump "$T/fifo"
fifo query "$LEXC" query "$T/fifo" contains CAT
fifo moves "$LEXC" moves "$T/fifo" --cgp "$E CAT/ 0/0 0"
expect_rc "a directory as the image" 1 "$LEXC" verify "$T"
expect_err "a directory named" "not a regular file (a directory"
for f in "$T/fifo" "$T" /dev/null; do
  timeout 10 "$LEXC" stats "$f" >/dev/null 2>"$T/err"
  checks=$((checks + 1))
  grep -q "iostream" "$T/err" && fail "Boost's wording reached the user for $f: $(cat "$T/err")"
done
printf 'CAT\nDOG\n' | iconv -f UTF-8 -t UTF-16 >"$T/utf16-bom.txt"        # with a byte order mark
printf 'CAT\nDOG\n' | iconv -f UTF-8 -t UTF-16LE >"$T/utf16le.txt"       # without
expect_rc "UTF-16 with a BOM" 1 "$LEXC" build "$T/utf16-bom.txt" -o "$T/x.lex"
expect_err "UTF-16 with a BOM is named" "UTF-16 text (byte order mark FF FE)"
expect_rc "UTF-16 without a BOM" 1 "$LEXC" build "$T/utf16le.txt" -o "$T/x.lex"
expect_err "UTF-16 without a BOM is named" "UTF-16 text; word lists are UTF-8"

# ---- --json on failure: a JSON error object on stdout ----
head -c 100 "$T/e.lex" >"$T/trunc.lex"
expect_rc "verify --json, truncated image" 1 "$LEXC" verify "$T/trunc.lex" --json
expect "verify --json error: ok" false "$(jq -r .ok "$T/out")"
expect "verify --json error: file" "$T/trunc.lex" "$(jq -r .file "$T/out")"
expect_grep "verify --json error: message" "truncated" "$T/out"
expect_err "verify --json: the message on stderr too" "truncated"
printf 'CAT\nDOG\nC4T\n' >"$T/bad.txt"
expect_rc "build --json, bad list" 1 "$LEXC" build "$T/bad.txt" -o "$T/x.lex" --json
expect "build --json error: line" 3 "$(jq .line "$T/out")"
expect "build --json error: file" "$T/bad.txt" "$(jq -r .file "$T/out")"
expect "build --json error: category" "bad input" "$(jq -r .category "$T/out")"
expect "build --json error: one JSON text" 1 "$(jq -s length "$T/out")"
expect_rc "query --json, missing image" 1 "$LEXC" query "$T/none.lex" contains CAT --json
expect "query --json error: exit" 1 "$(jq .exit "$T/out")"
expect_rc "--json usage error" 2 "$LEXC" stats "$T/e.lex" --json --nonsense
expect "usage --json error: exit 2" 2 "$(jq .exit "$T/out")"
expect_rc "verify --json, damaged image: one report" 1 "$LEXC" verify "$T/trunc.lex" --json
expect "verify --json: a single JSON text" 1 "$(jq -s length "$T/out")"

# ---- the same flag for the same idea ----
P="$E CAT/ 0/0 0"
"$LEXC" moves "$T/e.lex" --cgp "$P" --top 4 >"$T/top"
"$LEXC" moves "$T/e.lex" --cgp "$P" --limit 4 >"$T/limit"
expect "moves --top is --limit" "$(cat "$T/top")" "$(cat "$T/limit")"
expect "moves --limit 4 lists 4" 4 "$(wc -l <"$T/limit")"
"$LEXC" moves "$T/e.lex" --cgp "$P" >"$T/all"
expect "moves --count = the lines of the list" "$(wc -l <"$T/all")" "$("$LEXC" moves "$T/e.lex" --cgp "$P" --count)"
expect "moves --count --plays-only" "$(grep -vcE '^(exch|pass)' "$T/all")" \
  "$("$LEXC" moves "$T/e.lex" --cgp "$P" --count --plays-only)"
expect "moves --count --limit 2" 2 "$("$LEXC" moves "$T/e.lex" --cgp "$P" --count --limit 2)"
expect "query --count" "$(grep -c '^C' "$T/words")" "$("$LEXC" query "$T/e.lex" prefix C --count)"
"$LEXC" moves --help >"$T/moves-help"
expect_grep "moves --help shows --limit" "--limit" "$T/moves-help"
checks=$((checks + 1))
sed -n '/^Deprecated:/,/^$/p' "$T/moves-help" | grep -q -- "--top" || fail "moves --help: --top not under Deprecated:"
for cmd in build convert selfplay endgame boggle merge replay moves verify; do
  "$LEXC" "$cmd" --help >"$T/h"
  expect_grep "$cmd has -q" "-q,--quiet" "$T/h"
done

# ---- moves --cgp-file: a batch survives a bad record ----
head -5 "$SRC/fixtures/positions/sowpods-greedy.cgp" >"$T/batch.cgp"
sed -i '3s/.*/15\/15 not a position/' "$T/batch.cgp"
expect_rc "a bad record: exit 1 at the end" 1 "$LEXC" moves "$T/e.lex" --cgp-file "$T/batch.cgp" --limit 1
expect_err "the bad record named by file and line" "batch.cgp:3: "
expect_err "the summary" "1 of 5 records could not be read"
expect "the other four are listed" 4 "$(grep -c '^# ' "$T/out")"
expect_rc "a bad record, --count" 1 "$LEXC" moves "$T/e.lex" --cgp-file "$T/batch.cgp" --count
expect "--count: a line a record, '-' for the bad one" "n n - n n" "$(sed 's/^[0-9][0-9]*$/n/' "$T/out" | paste -sd' ')"
expect_rc "a bad record, --json" 1 "$LEXC" moves "$T/e.lex" --cgp-file "$T/batch.cgp" --limit 1 --json
expect "--json: one array of 5" 5 "$(jq length "$T/out")"
expect "--json: the bad one" "false 3" "$(jq -r '.[] | select(.ok == false) | "\(.ok) \(.line)"' "$T/out")"
expect "--json: four positions" 4 "$(jq '[.[] | select(.moves)] | length' "$T/out")"
head -5 "$SRC/fixtures/positions/sowpods-greedy.cgp" >"$T/good.cgp"
"$LEXC" moves "$T/e.lex" --cgp-file "$T/good.cgp" --json >"$T/stream.json"
expect "moves --json (streamed) is one JSON array" "array 5" "$(jq -r '"\(type) \(length)"' "$T/stream.json")"
expect "moves --json: one line" 1 "$(wc -l <"$T/stream.json")"

# ---- bash completion, from the tool's own definition ----
"$LEXC" completion bash >"$T/lexc.bash"
complete_words() {  # WORDS...: what the completion offers for the last word
  bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lexc; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$T/lexc.bash" "$@" | sort
}
expect "completion: commands" "build" "$(complete_words lexc bu)"
expect "completion: help COMMAND" "moves" "$(complete_words lexc help mov)"
expect "completion: moves --li" "--limit" "$(complete_words lexc moves x.lex --li)"
expect "completion: the deprecated --top is not offered" "" "$(complete_words lexc moves x.lex --to)"
for cmd in build query moves selfplay boggle; do
  want=$("$LEXC" "$cmd" --help | sed -n '/^Options:/,/^$/p' | grep -E '^  -' | awk '{ print $1 }' | tr ',' '\n' |
    sed 's/{.*}//' | grep -E -- '^--' | sort -u)
  got=$(complete_words lexc "$cmd" -- | grep -E -- '^--[a-z]' | sort -u)
  expect "completion: every option of $cmd --help" "$want" "$got"
done
expect "completion: a value of -o completes files" "$T/lexc.bash" "$(complete_words lexc build x.txt -o "$T/lexc.b")"

# zsh: a native #compdef function, valid zsh, dispatching to each command's options.
"$LEXC" completion zsh >"$T/_lexc"
expect_grep "completion zsh: a #compdef function" "^#compdef lexc lexc-mpi" "$T/_lexc"
if command -v zsh >/dev/null; then
  checks=$((checks + 1))
  zsh -n "$T/_lexc" || fail "completion zsh: not valid zsh (zsh -n)"
  # The completion system's functions stubbed: _arguments sends the first
  # call to the command's branch and prints the specs the branch gives it.
  zsh_specs() {  # COMMAND: the option names the zsh completion offers for it
    zsh -c 'calls=0
      _arguments() { calls=$((calls + 1)); if ((calls == 1)); then state=args; return 1; fi; print -rl -- "$@"; }
      _describe() { print -rl -- "${(@P)4}"; }
      words=("$2" x); source "$1"' _ "$T/_lexc" "$1" | sed -n "s/^'*\(--*[a-z0-9-]*\)\[.*/\1/p" | sort -u
  }
  for cmd in build query moves selfplay boggle convert; do
    want=$("$LEXC" "$cmd" --help | sed -n '/^Options:/,/^$/p' | grep -E '^  -' | awk '{ print $1 }' | tr ',' '\n' |
      sed 's/{.*}//' | grep -E -- '^--?[a-z]' | sort -u)
    expect "completion zsh: every option of $cmd --help" "$want" "$(zsh_specs "$cmd" | grep -E -- '^--?[a-z]')"
  done
  expect "completion zsh: help lists the commands" "$("$LEXC" --help | sed -n '/^Subcommands:/,/^$/p' |
    awk 'NF { print $1 }' | grep -v Subcommands: | sort)" \
    "$(zsh -c '_arguments() { state=args; return 1; }; _describe() { print -rl -- "${(@P)4}"; }; words=(help); source "$1"' _ "$T/_lexc" | cut -d: -f1 | sort)"
else
  echo "note: no zsh; the zsh completion is checked for its #compdef line only"
fi

# ---- query: words from standard input or a file ----
expect_rc "query contains - (standard input)" 1 sh -c 'printf "CAT\nZZZZ\n\n" | "$0" query "$1" contains -' "$LEXC" "$T/e.lex"
expect "query contains -: each line a query" "$(printf 'CAT: %s\nZZZZ: no' "$(grep -qx CAT "$T/words" && echo yes || echo no)")" "$(cat "$T/out")"
"$LEXC" dump "$T/e.lex" >"$T/dumped"
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$T/dumped"; done >"$T/many"   # more words than one command line holds well
expect "query contains - --count: every word found" "$(wc -l <"$T/many")" \
  "$("$LEXC" query "$T/e.lex" contains - --count <"$T/many")"
expect_rc "query --file" 0 "$LEXC" query "$T/e.lex" contains --file "$T/dumped" --count
expect "query --file counts the file's words" "$(wc -l <"$T/dumped")" "$(cat "$T/out")"
expect_rc "query without words" 2 "$LEXC" query "$T/e.lex" contains

# ---- progress: a bar on a terminal, plain lines elsewhere, nothing with -q ----
if command -v script >/dev/null; then
  # Runs a shell command line on a pseudo-terminal (script(1)); what it shows goes to $T/tty.
  on_tty() { script -qc "$1" /dev/null >"$T/tty" 2>&1; }
  on_tty "'$LEXC' build '$SRC/fixtures/english-small.txt' -o '$T/p.lex'"
  expect_grep "build on a terminal: a bar with a percentage" \
    '\[####################\] lexc build: building the DAWG: [0-9,]* / [0-9,]* words (100%)' "$T/tty"
  # (a file output is verified while it is written, on any number of threads: one phase)
  expect_grep "build on a terminal: each phase's time" 'lexc build: verifying, writing [^ ]* \.\.\. [0-9.]* s' "$T/tty"
  on_tty "'$LEXC' build --threads 1 '$SRC/fixtures/english-small.txt' -o '$T/p.lex'"
  expect_grep "build --threads 1 on a terminal: verifying while writing" 'lexc build: verifying, writing [^ ]* \.\.\. [0-9.]* s' "$T/tty"
  on_tty "'$LEXC' build '$SRC/fixtures/english-small.txt' -o '$T/p.lex' -q"
  expect "build -q on a terminal: nothing" "" "$(tr -d '\r\n' <"$T/tty")"
  on_tty "'$LEXC' moves '$T/e.lex' --cgp-file '$T/good.cgp' --limit 1 >/dev/null"
  expect_grep "moves --cgp-file on a terminal: a bar" '\] lexc moves: [0-9] / 5 positions' "$T/tty"
  # Long searches and conversions: the same reporter (a bar, a percentage of the budget).
  on_tty "'$LEXC' boggle '$T/e.lex' --search 3x3 --iterations 200000 >/dev/null"
  expect_grep "boggle --search on a terminal: a bar of the chains" \
    '\[####################\] lexc boggle: [0-9,]* / [0-9,]* chains (100%).*best [0-9]*' "$T/tty"
  on_tty "'$LEXC' boggle '$T/e.lex' --search 3x3 --time 0.6 >/dev/null"
  expect_grep "boggle --search --time on a terminal: the time budget" \
    '\] lexc boggle: [0-9,]* chains ([0-9]*%).* of 0.6 s' "$T/tty"
  on_tty "'$LEXC' sim '$T/e.lex' --cgp '$E AEINRST/ 0/0 0' --iterations 100000 --time 0.8 >/dev/null"
  expect_grep "sim on a terminal: draws of the budget, candidates left" \
    '\] lexc sim: [0-9,]* / 100,000 draws ([0-9]*%).*candidates left, best ' "$T/tty"
  on_tty "'$LEXC' convert '$T/e.lex' -o '$T/e.kwg'"
  expect_grep "convert on a terminal: each phase's time" 'lexc convert: checking the KWG \.\.\. [0-9.]* s' "$T/tty"
  on_tty "'$LEXC' convert '$T/e.kwg' -o '$T/back.lex' --rebuild"
  expect_grep "convert --rebuild on a terminal: the build's bar" \
    '\] lexc convert: building the DAWG: [0-9,]* / [0-9,]* words (100%)' "$T/tty"
  on_tty "'$LEXC' convert '$T/e.kwg' -o '$T/back.lex' -q"
  expect "convert -q on a terminal: nothing" "" "$(tr -d '\r\n' <"$T/tty")"
  on_tty "'$LEXC' boggle '$T/e.lex' --search 3x3 --iterations 200000 -q >/dev/null"
  expect "boggle -q on a terminal: nothing" "" "$(tr -d '\r\n' <"$T/tty")"
else
  echo "note: no script(1); the terminal checks are skipped"
fi
"$LEXC" build "$SRC/fixtures/english-small.txt" -o "$T/p.lex" 2>"$T/err"
checks=$((checks + 1))
grep -q "^lexc build: " "$T/err" && fail "a short build printed progress lines when stderr is not a terminal"
slow_list() { head -100 "$T/words"; sleep 2.5; tail -50 "$T/words"; }
slow_list | "$LEXC" build - -o "$T/p.lex" 2>"$T/err"
expect_grep "a long phase prints plain progress lines" "^lexc build: reading <stdin>: [0-9.]* MB" "$T/err"
slow_list | "$LEXC" build - -o "$T/p.lex" -q 2>"$T/err"
expect "-q: nothing on stderr" "" "$(cat "$T/err")"
slow_list | "$LEXC" verify "$T/p.lex" --words - 2>"$T/err" >/dev/null
expect_grep "verify --words: a long read prints plain progress lines" "^lexc verify: reading <stdin>: [0-9.]* MB" "$T/err"
slow_list | "$LEXC" verify "$T/p.lex" --words - -q 2>"$T/err" >/dev/null
expect "verify -q: nothing on stderr" "" "$(cat "$T/err")"
"$LEXC" boggle "$T/e.lex" --search 3x3 --time 5.6 2>"$T/err" >/dev/null
expect_grep "boggle --search: a plain progress line every 5 s" \
  "^lexc boggle: [0-9,]* chains ([0-9]*%), [0-9,]* chains/s, [0-9.]* of 5.6 s, best [0-9]*, [0-9,]* boards" "$T/err"
checks=$((checks + 1))
[ "$(grep -c ' chains (' "$T/err")" -le 2 ] || fail "boggle --search: more than a line at 5 s and one at the end: $(cat "$T/err")"

# ---- formats/cli-json.md: every documented --json shape is the real one ----
doc_keys() {  # LABEL: the keys the doc's row lists, comma-separated
  grep -F "| $1 |" "$SRC/formats/cli-json.md" | head -1 | awk -F' \\| ' '{ print $3 }' |
    sed 's/([^)]*)//g' | grep -o '`[^`]*`' | tr -d '`' | paste -sd,
}
json_keys() {  # LABEL JQ_PATH COMMAND...: the command's keys at the path match the doc
  local label=$1 path=$2
  shift 2
  "$@" >"$T/json" 2>/dev/null
  checks=$((checks + 1))
  local want got
  want=$(doc_keys "$label")
  got=$(jq -r "$path | keys_unsorted | join(\",\")" "$T/json" 2>/dev/null)
  [ -n "$want" ] && [ "$want" = "$got" ] || fail "cli-json.md $label: documented '$want', output '$got'"
  # Every top-level object (the output, or each element of an array) carries the version.
  checks=$((checks + 1))
  jq -e 'if type == "array" then length > 0 and all(.[]; .json_version == 1) else .json_version == 1 end' \
    "$T/json" >/dev/null 2>&1 || fail "cli-json.md $label: not every top-level object has \"json_version\": 1"
}
SOW=$SRC/../shared/lexica/SOWPODS.txt
"$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/t.lex" -q
json_keys '`build`' . "$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/t2.lex" --json -q
json_keys '`build` `.graphs[]`' '.graphs[0]' "$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/t2.lex" --json -q
json_keys '`build` `.seconds`' '.seconds' "$LEXC" build "$SRC/fixtures/words-tiny.txt" -o "$T/t2.lex" --json -q
json_keys '`convert`' . "$LEXC" convert "$T/t.lex" -o "$T/t.kwg" --json -q
json_keys '`stats` (images)' '.[0]' "$LEXC" stats "$T/t.lex" --json
json_keys '`stats` `.[].graphs[]`' '.[0].graphs[0]' "$LEXC" stats "$T/t.lex" --json
json_keys '`stats` (leave tables)' '.[0]' "$LEXC" stats "$SRC/fixtures/interop/leaves-small.wolges.klv2" --json
json_keys '`verify`' . "$LEXC" verify "$T/t.lex" --json
json_keys '`query` `contains`' '.[0]' "$LEXC" query "$T/t.lex" contains CAT --json
json_keys '`query` `index`' '.[0]' "$LEXC" query "$T/t.lex" index CAT --json
json_keys '`query` `word`' '.[0]' "$LEXC" query "$T/t.lex" word 0 --json
json_keys '`query` (listing kinds)' '.[0]' "$LEXC" query "$T/t.lex" prefix CA --json
json_keys '`moves`' '.[0]' "$LEXC" moves "$T/t.lex" --cgp "$E CAT/ 0/0 0" --json
json_keys '`moves` `.[].moves[]` (a play)' '.[0].moves[0]' "$LEXC" moves "$T/t.lex" --cgp "$E CAT/ 0/0 0" --json
json_keys '`moves` (a bad `--cgp-file` record)' '.[2]' "$LEXC" moves "$T/e.lex" --cgp-file "$T/batch.cgp" --json --limit 1
json_keys '`show`' . "$LEXC" show "$T/t.lex" --cgp "$E CAT/ 0/0 0" --json
json_keys '`selfplay`' . "$LEXC" selfplay "$T/e.lex" --games 2 --json
json_keys '`selfplay --stats`' . "$LEXC" selfplay "$T/e.lex" --games 2 --stats "$T/st" --json -q
json_keys '`report`' . "$LEXC" report "$T/st" --json --no-plots
"$LEXC" leaves "$T/e.lex" -o "$T/e.klv2" --games 20 --generations 1 --max-tiles 2 -q
json_keys '`leaves`' . "$LEXC" leaves "$T/e.lex" -o "$T/e2.klv2" --games 20 --generations 1 --max-tiles 2 --json -q
json_keys '`leaves` `.generations[]`' '.generations[0]' "$LEXC" leaves "$T/e.lex" -o "$T/e2.klv2" --games 20 --generations 1 --max-tiles 2 --json -q
json_keys '`selfplay --stats` `.matchup`' '.matchup' "$LEXC" selfplay "$T/e.lex" --players equity,greedy --leaves "$T/e.klv2" --games 4 --stats "$T/stm" --json -q
json_keys '`boggle --board`' '.[0]' "$LEXC" boggle "$T/e.lex" --board 'CATD LINE MARO PETS' --json
json_keys '`boggle --random`' '.[0]' "$LEXC" boggle "$T/e.lex" --random 4x4 --json
json_keys '`boggle --search`' . "$LEXC" boggle "$T/e.lex" --search 3x3 --iterations 50 --json -q
json_keys 'error' . "$LEXC" build "$T/bad.txt" -o "$T/x.lex" --json  # bad.txt:3: ... at byte 2
json_keys '`query` `contains`' '.[1]' "$LEXC" query "$T/t.lex" contains CAT ZZZZ --json  # each element versioned
json_keys '`moves`' '.[1]' "$LEXC" moves "$T/e.lex" --cgp-file "$T/good.cgp" --json --limit 1  # streamed elements
checks=$((checks + 1))
"$LEXC" stats "$T/e.lex" --json --nonsense 2>/dev/null | jq -e '.ok == false and .exit == 2 and .json_version == 1' >/dev/null ||
  fail "a usage error's JSON object: ok false, exit 2, json_version 1"
"$LEXC" selfplay "$T/e.lex" --games 1 --seed 1 --lexicon E >"$T/one.gcg" 2>/dev/null
json_keys '`replay`' '.[0]' "$LEXC" replay "$T/e.lex" "$T/one.gcg" --json
# Options that only mean something with another one are usage errors
# without it (they were silently ignored), and the pairs that cannot both
# apply are refused; --help says which.
P=$(sed -n 5p "$SRC/fixtures/positions/sowpods-greedy.cgp")
expect_rc "sim --infer-tolerance without --infer" 2 "$LEXC" sim "$T/e.lex" --cgp "$P" --infer-tolerance 5
expect_err "sim --infer-tolerance: said" "--infer-tolerance goes with --infer or --infer-exchange"
expect_rc "sim --infer-samples without --infer" 2 "$LEXC" sim "$T/e.lex" --cgp "$P" --infer-samples 5
expect_rc "selfplay --checkpoint-every without --stats" 2 "$LEXC" selfplay "$T/e.lex" --games 1 --checkpoint-every 5
expect_err "selfplay --checkpoint-every: said" "--checkpoint-every requires --stats"
expect_rc "replay --seed without --stats" 2 "$LEXC" replay "$T/e.lex" "$T/one.gcg" --seed 5
expect_rc "replay --show with --json" 2 "$LEXC" replay "$T/e.lex" "$T/one.gcg" --turn 2 --show --json
expect_rc "moves --show with --count" 2 "$LEXC" moves "$T/e.lex" --cgp "$P" --show 1 --count
expect_rc "verify --alphabet without --words" 2 "$LEXC" verify "$T/e.lex" --alphabet spanish
expect_rc "verify --max-len without --words" 2 "$LEXC" verify "$T/e.lex" --max-len 3
expect_rc "verify --skip-invalid without --words" 2 "$LEXC" verify "$T/e.lex" --skip-invalid
expect_rc "boggle --threads without --search" 2 "$LEXC" boggle "$T/e.lex" --board 'CATD LINE MARO PETS' --threads 2
expect_rc "boggle --limit without --search" 2 "$LEXC" boggle "$T/e.lex" --board 'CATD LINE MARO PETS' --limit 4
expect_rc "show --ascii with --unicode" 2 "$LEXC" show "$T/e.lex" --cgp "$P" --ascii --unicode
expect_rc "the same options where they apply" 0 "$LEXC" boggle "$T/e.lex" --search 3x3 --threads 1 --limit 2 \
  --iterations 200 -q
if [ -f "$SOW" ]; then
  "$LEXC" build "$SOW" -o "$T/sow.lex" -q
  END=$(sed -n 4p "$SRC/fixtures/positions/sowpods-endgames.cgp")
  json_keys '`endgame`' . "$LEXC" endgame "$T/sow.lex" --cgp "$END" --json -q
  json_keys '`endgame` `.pv[]`' '.pv[0]' "$LEXC" endgame "$T/sow.lex" --cgp "$END" --json -q
fi

finish
