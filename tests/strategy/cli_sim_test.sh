#!/usr/bin/env bash
# End-to-end test of `lexc sim` on a constructed game.
#
#   bash tests/strategy/cli_sim_test.sh PATH/TO/lexc
#
# Tiles A and B (one each), C and Z (30 each), no blank; the words AB, BA
# and ABZZ. On the empty board the mover holds AB: every AB and BA play
# scores 4, but after an AB play the opponent (who holds only C and Z)
# answers (AB)ZZ for 22 whenever it holds two Z, while after BA nothing can
# be played. Worked out by hand: the BA plays are worth exactly 4 on every
# draw, the AB plays far less, and sim must prune every AB play.
LEXC=${1:?usage: cli_sim_test.sh LEXC}
. "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh"

printf 'name abcz\nA 1 1\nB 1 1\nC 3 30\nZ 10 30\n? 0 0\n' >"$T/abcz.txt"
printf 'AB\nBA\nABZZ\n' >"$T/words.txt"
"$LEXC" build -q --alphabet "$T/abcz.txt" "$T/words.txt" -o "$T/w.lex" || { echo "FAIL: build"; exit 1; }
E=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15

expect_rc "sim" 0 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --iterations 400 --batch 50 -q
expect_grep "sim: header" "rack AB, 53 in the bag, opponent's rack 7 tiles; 2 plies" "$T/out"
expect_grep "sim: best is BA" "^  1  [0-9A-H]* BA 4 .*  best$" "$T/out"
expect "sim: every AB play pruned" 4 "$(grep -c ' AB 4 .*pruned after 50$' "$T/out")"
expect "sim: BA plays kept at 4 with SD 0" 4 "$(grep -c ' BA 4  *4.00  *4.00  *0.00 .* 400  ' "$T/out")"
expect_grep "sim: footer" "iterations: 400 draws" "$T/out"

expect_rc "sim json, 2 threads" 0 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --iterations 400 --batch 50 -q --json --threads 2
cp "$T/out" "$T/two.json"
expect "json: one line" 1 "$(wc -l <"$T/out")"
expect "json: best" '"8G BA 4"' "$(jq -c '.candidates[0].move' "$T/out")"
expect "json: AB pruned" '[false,false,false,false]' "$(jq -c '[.candidates[] | select(.move | test(" AB ")) | .kept]' "$T/out")"
expect "json: stop" '"iterations"' "$(jq -c '.stop' "$T/out")"
expect_rc "sim json, 1 thread" 0 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --iterations 400 --batch 50 -q --json
expect "json: same for 1 and 2 threads" "$(jq -c '.candidates' "$T/two.json")" "$(jq -c '.candidates' "$T/out")"

# The keys are those formats/cli-json.md lists, in its order.
doc_keys() {  # LABEL: the keys the doc's row lists, comma-separated
  grep -F "| $1 |" "$(dirname "${BASH_SOURCE[0]}")/../../formats/cli-json.md" | head -1 |
    awk -F' \\| ' '{ print $3 }' | sed 's/([^)]*)//g' | grep -o '`[^`]*`' | tr -d '`' | paste -sd,
}
expect "json: keys as documented" "$(doc_keys '`sim`')" "$(jq -r 'keys_unsorted | join(",")' "$T/out")"
expect "json: candidate keys as documented" "$(doc_keys '`sim` `.candidates[]`')" \
  "$(jq -r '.candidates[0] | keys_unsorted | join(",")' "$T/out")"

# plies 0: static equity; every play ties at 4, the exchanges (0) are pruned.
expect_rc "plies 0" 0 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --plies 0 --iterations 100 -q --json
expect "plies 0: plays kept" 8 "$(jq '[.candidates[] | select(.kept and .score == 4)] | length' "$T/out")"

# Bad input: clear errors and exit codes (1: data, 2: usage).
expect_rc "K 0" 2 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --candidates 0
expect_rc "plies 11" 2 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --plies 11
expect_rc "confidence 1" 2 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --confidence 1
expect_err "confidence: message" "--confidence: expected a level in [0.5, 0.999999], got '1'"
expect_rc "time 0" 2 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --time 0
expect_rc "batch 0" 2 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --batch 0
expect_rc "no cgp" 2 "$LEXC" sim "$T/w.lex"
expect_rc "impossible pool" 1 "$LEXC" sim "$T/w.lex" --cgp "$E AAB/ 0/0 0"
expect_err "impossible pool: message" "--cgp: cgp tiles: 2 'A' on the board and racks, the set has 1"
expect_rc "empty rack" 1 "$LEXC" sim "$T/w.lex" --cgp "$E /AB 0/0 0"
expect_err "empty rack: message" "the player to move has no tiles"
printf 'not a leave file' >"$T/bad.klv2"
expect_rc "bad leaves" 1 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --leaves "$T/bad.klv2"
expect_err "bad leaves: message" "--leaves: "
expect_rc "missing leaves" 1 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --leaves "$T/none.klv2"
finish
