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

# The end of the game in a line (game/rules.h, as GameState and lexc endgame
# apply them). The words CAT, CATS, SCAT, CATE and QI on the English set;
# CAT at 11F, the rest of the set on rows 1-7 (no word there), so the bag is
# empty and the opponent holds every unseen tile. Q is worth 10, X 8, S and E 1.
printf 'CAT\nCATS\nSCAT\nCATE\nQI\n' >"$T/cat.txt"
"$LEXC" build -q "$T/cat.txt" -o "$T/cat.lex" || { echo "FAIL: build cat"; exit 1; }
QS_E='eeAAAAAAAABBCDD/DDEEEEEEEEEEEFF/GGGHHIIIIIIIIIJ/KLLLLMMNNNNNNOO/OOOOOOPPRRRRRRS/SSTTTTTUUUUVVWW/XYYZ11/15/15/15/5CAT7/15/15/15/15 QS/E 0/0'
Q_ES='eeAAAAAAAABBCDD/DDEEEEEEEEEEEFF/GGGHHIIIIIIIIIJ/KLLLLMMNNNNNNOO/OOOOOOPPRRRRRRS/SSTTTTTUUUUVVWW/XYYZ11/15/15/15/5CAT7/15/15/15/15 Q/ES 0/0'
Q_X='eeAAAAAAAABBCDD/DDEEEEEEEEEEEEF/FGGGHHIIIIIIIII/JKLLLLMMNNNNNNO/OOOOOOOPPRRRRRR/SSSSTTTTTUUUUVV/WWYYZ10/15/15/15/5CAT7/15/15/15/15 Q/X 0/0'
pass_mean() { jq -c '.candidates[] | select(.move == "pass 0") | [.mean, .sd, .iterations]' "$T/out"; }
# QS against E, 5 scoreless turns: the pass is the sixth and ends the game,
# each side losing its own tiles: -(10 + 1) + 1 = -10.
expect_rc "scoreless 5: pass" 0 "$LEXC" sim "$T/cat.lex" --cgp "$QS_E 5" --plies 1 --iterations 10 -q --json
expect "scoreless 5: the pass ends the game" '[-10,0,10]' "$(pass_mean)"
expect "scoreless 5: S(CAT) 12, E cannot answer" '12' \
  "$(jq -c '.candidates[] | select(.move == "11E S(CAT) 12") | .mean' "$T/out")"
# 4 before: the pass is the fifth; E answers (CAT)E for 6 and goes out,
# gaining twice QS: -6 - 22 = -28.
expect_rc "scoreless 4: pass" 0 "$LEXC" sim "$T/cat.lex" --cgp "$QS_E 4" --plies 1 --iterations 10 -q --json
expect "scoreless 4: the reply goes out" '[-28,0,10]' "$(pass_mean)"
# mcnz 1: any pass ends the game at once, here from a count of 0.
expect_rc "mcnz 1: pass" 0 "$LEXC" sim "$T/cat.lex" --cgp "$QS_E 0 mcnz 1;" --plies 2 --iterations 10 -q --json
expect "mcnz 1: the pass ends the game" '[-10,0,10]' "$(pass_mean)"
# Q against X: neither can play, so the pass is the only move, and passes
# follow. From 3 scoreless turns the limit comes with the reply to the
# reply (-10 + 8 = -2); one ply is not enough (0); from 4 the reply ends it.
for c in "3 1 0" "3 2 -2" "3 4 -2" "4 1 -2"; do
  set -- $c
  expect_rc "Q/X scoreless $1 plies $2" 0 "$LEXC" sim "$T/cat.lex" --cgp "$Q_X $1" --plies "$2" --iterations 20 -q --json
  expect "Q/X scoreless $1 plies $2: value" "[$3,0,20]" "$(pass_mean)"
done
# The same in text: a single candidate has its value (see below).
expect_rc "Q/X text" 0 "$LEXC" sim "$T/cat.lex" --cgp "$Q_X 4" --plies 1 --iterations 20 -q
expect_grep "Q/X text: pass -2" "^  1  pass 0  *0.00  *-2.00  *0.00  *-2.00  *-2.00  *20  best$" "$T/out"
expect_grep "Q/X text: footer" "iterations: 20 draws, 20 candidate plays .* stopped: iterations$" "$T/out"

# A finished game is refused, as lexc endgame refuses it (exit 1).
expect_rc "scoreless limit reached" 1 "$LEXC" sim "$T/cat.lex" --cgp "$Q_ES 6" --iterations 10 -q
expect_err "scoreless limit reached: message" "--cgp: scoreless turns: 6 reach the limit of 6, the game is over"
expect_rc "scoreless past the limit" 1 "$LEXC" sim "$T/cat.lex" --cgp "$Q_ES 7" --iterations 10 -q
expect_err "scoreless past the limit: message" "--cgp: scoreless turns: 7 reach the limit of 6, the game is over"
expect_rc "scoreless limit of mcnz" 1 "$LEXC" sim "$T/cat.lex" --cgp "$Q_ES 2 mcnz 2;" --iterations 10 -q
expect_err "scoreless limit of mcnz: message" "scoreless turns: 2 reach the limit of 2, the game is over"
expect_rc "opponent out" 1 "$LEXC" sim "$T/cat.lex" --cgp "${Q_ES/ Q\/ES / QES/ } 0" --iterations 10 -q
expect_err "opponent out: message" "--cgp: racks: the opponent has no tiles and the bag is empty, the game is over"
expect_rc "opponent out, json" 1 "$LEXC" sim "$T/cat.lex" --cgp "${Q_ES/ Q\/ES / QES/ } 0" --iterations 10 -q --json
expect "opponent out, json: error" '[false,1]' "$(jq -c '[.ok, .exit]' "$T/out")"
# The rack of the opponent unlisted but unseen tiles left: not over.
expect_rc "opponent's rack unlisted" 0 "$LEXC" sim "$T/cat.lex" --cgp "${Q_ES/ Q\/ES / Q/ } 0" --iterations 10 -q

# Three players: a game of lexc sim has two.
expect_rc "three racks" 1 "$LEXC" sim "$T/w.lex" --cgp "$E AB/C/Z 0/0/0 0" --iterations 10 -q
expect_err "three racks: message" "--cgp: racks: a game has two players, the position lists 3 racks"

# One candidate (--candidates 1, or one legal move as Q/X above): nothing to
# compare or prune, so it is played against every draw asked for, and its
# value is the one it has beside the others (the same draws).
expect_rc "K 1" 0 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --candidates 1 --iterations 300 --batch 50 -q --json
cp "$T/out" "$T/one.json"
expect "K 1: every draw" '[300,300,300,"iterations"]' \
  "$(jq -c '[.iterations, .evaluations, .candidates[0].iterations, .stop]' "$T/out")"
expect "K 1: bounds" 'true' "$(jq -c '.candidates[0] | .lower != null and .upper != null and .lower <= .mean and .mean <= .upper' "$T/out")"
expect_rc "K 20" 0 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --candidates 20 --iterations 300 --batch 300 -q --json
expect "K 1: its value among all" "$(jq -c '.candidates[0] | [.move, .mean, .sd]' "$T/one.json")" \
  "$(jq -c --argjson m "$(jq '.candidates[0].move' "$T/one.json")" '.candidates[] | select(.move == $m) | [.move, .mean, .sd]' "$T/out")"
expect_rc "K 1, time" 0 "$LEXC" sim "$T/w.lex" --cgp "$E AB/ 0/0 0" --candidates 1 --time 0.3 -q --json
expect "K 1, time: stops on time" '"time"' "$(jq -c '.stop' "$T/out")"

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
