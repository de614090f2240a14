#!/usr/bin/env bash
# End-to-end test of `lexc boggle`.
#
#   bash tests/boggle/cli_boggle_test.sh PATH/TO/lexc SOURCE_DIR
#
# Boards and their words are worked out by hand on fixtures/words-tiny.txt
# (the same cases as tests/boggle/test_solver.cc). Prints one line per failed
# check and exits 1 if any failed.
LEXC=${1:?usage: cli_boggle_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: cli_boggle_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh"

"$LEXC" build -q "$SRC/fixtures/words-tiny.txt" -o "$T/tiny.lex" || { echo "FAIL: build"; exit 1; }
"$LEXC" build -q --gaddag "$SRC/fixtures/words-tiny.txt" -o "$T/tiny.gdg" || { echo "FAIL: build --gaddag"; exit 1; }

# ---- a board: QUIET (5 tiles, 2), QUIT (4, 1), QUITE (5, 2) ----
expect_rc "board" 0 "$LEXC" boggle "$T/tiny.lex" --board 'QuIT XEX XXX'
expect "board: output" "board QuIT XEX XXX
 Qu  I  T
  X  E  X
  X  X  X
QUIET 2
QUIT 1
QUITE 2
3 words, 5 points (min length 3)" "$(cat "$T/out")"
expect_rc "board, GADDAG-only image, --min-len 2" 0 "$LEXC" boggle "$T/tiny.gdg" --board 'quitxexxxx' --min-len 2 --summary
expect "min-len 2: XI counts, no points" "5 4 QuIT XEX XXX" "$(cat "$T/out")"
# --no-mmap reads the image instead of mapping it: a pipe cannot be mapped,
# but can be read, and the words are the same.
expect_rc "a pipe is not mapped" 1 "$LEXC" boggle <(cat "$T/tiny.lex") --board 'QuIT XEX XXX' --summary
expect_rc "--no-mmap reads a pipe" 0 "$LEXC" boggle <(cat "$T/tiny.lex") --board 'QuIT XEX XXX' --summary --no-mmap
expect "--no-mmap: same words" "5 3 QuIT XEX XXX" "$(cat "$T/out")"
expect_rc "board --json" 0 "$LEXC" boggle "$T/tiny.lex" --board 'QIT XEX XXX' --json
expect "json" '[{"board":"QuIT XEX XXX","rows":3,"cols":3,"min_len":3,"words":3,"score":5,"list":[{"word":"QUIET","points":2},{"word":"QUIT","points":1},{"word":"QUITE","points":2}],"json_version":1}]' "$(cat "$T/out")"
expect_rc "a board with no words" 0 "$LEXC" boggle "$T/tiny.lex" --board 'ZZZZ ZZZZ ZZZZ ZZZZ' --summary
expect "no words" "0 0 ZZZZ ZZZZ ZZZZ ZZZZ" "$(cat "$T/out")"

# ---- Spanish: CH and LL cubes; multi-letter labels bracketed in the board text ----
"$LEXC" build -q --alphabet spanish "$SRC/fixtures/spanish-words.txt" -o "$T/es.lex" || fail "build spanish"
expect_rc "spanish board" 0 "$LEXC" boggle "$T/es.lex" --board 'CALA XLLECH'
expect "spanish: output" "board CALA X[LL]E[CH]
  C  A  L  A
  X LL  E CH
ALACHE 2
CALLE 1
2 words, 3 points (min length 3)" "$(cat "$T/out")"
expect_rc "spanish: the board text reads back" 0 "$LEXC" boggle "$T/es.lex" --board 'CALA X[LL]E[CH]' --summary
expect "spanish: same board" "3 2 CALA X[LL]E[CH]" "$(cat "$T/out")"
expect_rc "spanish: no dice for its alphabet" 1 "$LEXC" boggle "$T/es.lex" --random 4x4
expect_err "spanish dice: message" "alphabet spanish has no tile 'K'"

# ---- random boards: reproducible by seed; --boards steps the seed ----
expect_rc "random" 0 "$LEXC" boggle "$T/tiny.lex" --random 4x4 --seed 7 --summary
first=$(cat "$T/out")
expect_rc "random again" 0 "$LEXC" boggle "$T/tiny.lex" --random 4x4 --seed 7 --summary
expect "random: same board for a seed" "$first" "$(cat "$T/out")"
expect_rc "random boards" 0 "$LEXC" boggle "$T/tiny.lex" --random 5x5 --seed 6 --boards 3 --summary -q
expect "boards: 3 lines" 3 "$(wc -l <"$T/out")"
"$LEXC" boggle "$T/tiny.lex" --random 5x5 --seed 7 --summary >"$T/seven"
expect "boards: board 2 is seed 7" "$(cat "$T/seven")" "$(sed -n 2p "$T/out")"
three=$(cat "$T/out")
expect_rc "--count, the old name of --boards" 0 "$LEXC" boggle "$T/tiny.lex" --random 5x5 --seed 6 --count 3 --summary -q
expect "--count: the same boards" "$three" "$(cat "$T/out")"
expect_rc "random json" 0 "$LEXC" boggle "$T/tiny.lex" --random 5x5 --seed 7 --json
expect_grep "json: dice and seed" '"dice":"big-boggle","seed":7' "$T/out"

# ---- search: an iteration budget gives the same boards on any number of threads ----
expect_rc "search" 0 "$LEXC" boggle "$T/tiny.lex" --search 3x3 --iterations 4000 --chain-length 1000 --seed 5 --limit 3 -q
one=$(cat "$T/out")
expect_rc "search, --top (the old name of --limit)" 0 "$LEXC" boggle "$T/tiny.lex" --search 3x3 --iterations 4000 --chain-length 1000 --seed 5 --top 3 -q
expect "search: --top as --limit" "$one" "$(cat "$T/out")"
expect_rc "search, 2 threads" 0 "$LEXC" boggle "$T/tiny.lex" --search 3x3 --iterations 4000 --chain-length 1000 --seed 5 --limit 3 --threads 2
expect "search: threads do not change the result" "$one" "$(cat "$T/out")"
expect_err "search: summary line" "boards evaluated"
best=$(head -1 "$T/out")
expect_rc "search: best board rescored" 0 "$LEXC" boggle "$T/tiny.lex" --board "${best#* }" --summary
expect "search: score confirmed" "${best%% *}" "$(cut -d' ' -f1 "$T/out")"
expect_rc "search --json --time" 0 "$LEXC" boggle "$T/tiny.lex" --search 2x3 --time 0.3 --json
expect_grep "search json" '"size":"2x3"' "$T/out"

# ---- bad input: clear message, non-zero exit ----
expect_rc "wrong length" 1 "$LEXC" boggle "$T/tiny.lex" --board 'CATDLINEMAROPET'
expect_err "wrong length: message" "15 cubes in one row"
expect_rc "ragged rows" 1 "$LEXC" boggle "$T/tiny.lex" --board 'CAT DO EEL'
expect_err "ragged rows: message" "row 2 has 2 cubes, row 1 has 3"
expect_rc "unknown letter" 1 "$LEXC" boggle "$T/tiny.lex" --board 'CAT D0G EEL'
expect_err "unknown letter: message" "unknown tile '0' at character 6 of board 'CAT D0G EEL'"
expect_rc "size over the limit" 1 "$LEXC" boggle "$T/tiny.lex" --board 'ABCDEFGHI ABCDEFGHI'
expect_err "size: message" "1 to 8 rows and columns"
expect_rc "random size over the limit (a usage error)" 2 "$LEXC" boggle "$T/tiny.lex" --random 9x9
expect_err "random size: message" "--random: board size 9x9"
expect_rc "random without dice (a usage error, as a size over the limit)" 2 "$LEXC" boggle "$T/tiny.lex" --random 3x3
expect_err "no dice: message" "no standard dice"
expect_rc "min length 0" 2 "$LEXC" boggle "$T/tiny.lex" --board streaedlp --min-len 0
expect_err "min length 0: message" "--min-len"
expect_rc "no mode" 2 "$LEXC" boggle "$T/tiny.lex"
expect_rc "two modes" 2 "$LEXC" boggle "$T/tiny.lex" --board streaedlp --random 4x4
expect_rc "search options without --search" 2 "$LEXC" boggle "$T/tiny.lex" --board streaedlp --time 3
expect_rc "--count (the old --boards) beside --boards" 2 "$LEXC" boggle "$T/tiny.lex" --random 4x4 --count 3 --boards 4
expect_rc "bad size text (a usage error)" 2 "$LEXC" boggle "$T/tiny.lex" --search 4by4
expect_err "bad size: message" "expected ROWSxCOLUMNS"
expect_rc "missing image" 1 "$LEXC" boggle "$T/none.lex" --board streaedlp

# ---- the examples of --help run ----
expect_rc "help" 0 "$LEXC" boggle --help
expect_grep "help: examples" "lexc boggle sowpods.lex --board 'CATD LINE MARO PETS'" "$T/out"
finish
