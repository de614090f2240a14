#!/usr/bin/env bash
# End-to-end test of `lexc endgame` on a hand-made endgame.
#
#   bash tests/gen/cli_endgame_test.sh PATH/TO/lexc
#
# A six-tile alphabet (A C I Q S T, one each, no blank), the words CAT, CATS
# and QI, CAT on the board at 8G: whoever holds the S plays 8G (CAT)S for 6
# and goes out, gaining twice Q+I (22); QI has no place to go. Worked out by
# hand: +28 for the holder of the S, -28 for the holder of QI.
LEXC=${1:?usage: cli_endgame_test.sh LEXC}
. "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh"

printf 'name mini\nA 1 1\nC 3 1\nI 1 1\nQ 10 1\nS 1 1\nT 1 1\n? 0 0\n' >"$T/mini.txt"
printf 'CAT\nCATS\nQI\n' >"$T/words.txt"
"$LEXC" build -q --alphabet "$T/mini.txt" "$T/words.txt" -o "$T/w.lex" || { echo "FAIL: build"; exit 1; }
B=15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15

expect_rc "S to move" 0 "$LEXC" endgame "$T/w.lex" --cgp "$B S/QI 10/20 0"
expect_grep "S to move: line" "1. 8G (CAT)S 6" "$T/out"
expect_grep "S to move: exact" "best line (exact" "$T/out"
expect_grep "S to move: spread" "final spread: +18 for the side to move (+28 from here)" "$T/out"
expect_grep "S to move: the game ends" "the game ends" "$T/out"

# The opponent's rack may be left out: the unseen tiles are its rack.
expect_rc "QI to move, json" 0 "$LEXC" endgame "$T/w.lex" --cgp "$B IQ/ 0/0 0" --json
expect_grep "json: value" '"value":-28,"final_spread":-28' "$T/out"
expect_grep "json: line" '"pv":\[{"move":"pass 0","score":0,"player":"to_move"},{"move":"8G (CAT)S 6","score":6,"player":"opponent"}\]' "$T/out"
expect_grep "json: exact" '"exact":true' "$T/out"

# A ply limit of one: the best first move, not proven (QS plays (CAT)S and
# keeps the Q: neither that nor the pass ends the game).
expect_rc "one ply" 0 "$LEXC" endgame "$T/w.lex" --cgp "$B QS/I 0/0 0" --plies 1 --json -q
expect_grep "one ply: not exact" '"exact":false' "$T/out"
expect_grep "one ply: depth" '"depth":1' "$T/out"
# A pass forced on a side with no play (QI has no place) is not counted:
# one ply sees the opponent go out after it, so the value is proven.
expect_rc "one ply, forced pass" 0 "$LEXC" endgame "$T/w.lex" --cgp "$B IQ/ 0/0 0" --plies 1 --json -q
expect_grep "forced pass: exact" '"exact":true,"depth":1,"value":-28' "$T/out"
expect_rc "two threads, budgets" 0 "$LEXC" endgame "$T/w.lex" --cgp "$B S/QI 0/0 0" --threads 2 --time 60 --nodes 100000 --table 1
expect_grep "two threads: same value" "final spread: +28" "$T/out"

# --no-mmap reads the image instead of mapping it (it was ignored before
# session 6): a pipe cannot be mapped, but can be read.
expect_rc "a pipe is not mapped" 1 "$LEXC" endgame <(cat "$T/w.lex") --cgp "$B S/QI 10/20 0"
expect_rc "--no-mmap reads a pipe" 0 "$LEXC" endgame <(cat "$T/w.lex") --cgp "$B S/QI 10/20 0" --no-mmap
expect_grep "--no-mmap: same line" "1. 8G (CAT)S 6" "$T/out"

# Bad input: clear errors, non-zero exits.
expect_rc "bag not empty" 1 "$LEXC" endgame "$T/w.lex" --cgp "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 S/QI 0/0 0"
expect_err "bag not empty: message" "--cgp: bag: 3 tiles unseen besides the listed racks, the bag is not empty"
expect_rc "too many tiles" 1 "$LEXC" endgame "$T/w.lex" --cgp "$B SS/QI 0/0 0"
expect_err "too many tiles: message" "2 'S' on the board and racks, the set has 1"
expect_rc "game over" 1 "$LEXC" endgame "$T/w.lex" --cgp "$B S/QI 0/0 6"
expect_err "game over: message" "scoreless turns: 6 reach the limit of 6, the game is over"
expect_rc "plies 0" 2 "$LEXC" endgame "$T/w.lex" --cgp "$B S/QI 0/0 0" --plies 0
expect_rc "absurd time" 2 "$LEXC" endgame "$T/w.lex" --cgp "$B S/QI 0/0 0" --time 1e12
expect_err "absurd time: message" "--time: expected seconds"
expect_rc "time nan" 2 "$LEXC" endgame "$T/w.lex" --cgp "$B S/QI 0/0 0" --time nan
expect_rc "nodes 0" 2 "$LEXC" endgame "$T/w.lex" --cgp "$B S/QI 0/0 0" --nodes 0
expect_rc "no cgp" 2 "$LEXC" endgame "$T/w.lex"
finish
