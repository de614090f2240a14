#!/usr/bin/env bash
# End-to-end test of `lexc infer` and `lexc sim --infer` on a constructed game.
#
#   bash tests/strategy/cli_infer_test.sh PATH/TO/lexc
#
# Tiles A and B (one each), C and Z (30 each), no blank; the words AB, BA,
# ABC and ABZZ. AB is on the board at 8G; the observer holds ZZZZZZZ, so the
# opponent's rack came from A..B-less tiles: 30 C and 23 Z. The opponent
# played 8G (AB)C for 5, so its rack held a C and six more tiles. Had those
# held two Z, (AB)ZZ (22) was better, so at tolerance 0 it kept CCCCCC or
# CCCCCZ, each weighed by the ways to draw its whole rack from the 30 C and
# 23 Z: CCCCCCC C(30,7) = 2,035,800, CCCCCCZ C(30,6) x 23 = 13,656,825:
# P(Z) = 13,656,825 / 15,692,625 = 161 / 185 = 0.870270 (worked out by
# hand). At tolerance inf every leave of six is kept, each weighed so: the
# leave holds no Z only when the rack was CCCCCCC, among the racks holding
# a C: P(some Z) = 1 - C(30,7) / (C(53,7) - C(23,7)) = 0.986772.
LEXC=${1:?usage: cli_infer_test.sh LEXC}
. "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh"

printf 'name abcz\nA 1 1\nB 1 1\nC 3 30\nZ 10 30\n? 0 0\n' >"$T/abcz.txt"
printf 'AB\nBA\nABC\nABZZ\n' >"$T/words.txt"
"$LEXC" build -q --alphabet "$T/abcz.txt" "$T/words.txt" -o "$T/w.lex" || { echo "FAIL: build"; exit 1; }
BEFORE="15/15/15/15/15/15/15/6AB7/15/15/15/15/15/15/15 /ZZZZZZZ 4/0 0"
AFTER="15/15/15/15/15/15/15/6ABC6/15/15/15/15/15/15/15 ZZZZZZZ/ 0/9 0"

expect_rc "infer" 0 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G (AB)C'
expect_grep "infer: summary" "after 8G (AB)C 5 the opponent kept 6 tiles: 7 leaves enumerated, 2 kept" "$T/out"
expect_grep "infer: Z" "^Z      0.870  " "$T/out"
expect_grep "infer: most likely" "1  CCCCCZ    87.027%" "$T/out"

expect_rc "infer, plain word, json" 0 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G ABC 5' --json
expect "json: leaves" '["CCCCCZ","CCCCCC"]' "$(jq -c '[.leaves[].leave]' "$T/out")"
expect "json: Z" '0.87027' "$(jq -c '.tiles[] | select(.tile == "Z") | .p_any' "$T/out")"
expect "json: not sampled" 'false' "$(jq -c '.sampled' "$T/out")"

doc_keys() {  # LABEL: the keys formats/cli-json.md's row lists, comma-separated
  grep -F "| $1 |" "$(dirname "${BASH_SOURCE[0]}")/../../formats/cli-json.md" | head -1 |
    awk -F' \\| ' '{ print $3 }' | sed 's/([^)]*)//g' | grep -o '`[^`]*`' | tr -d '`' | paste -sd,
}
expect "json: keys as documented" "$(doc_keys '`infer`')" "$(jq -r 'keys_unsorted | join(",")' "$T/out")"
expect "json: tile keys" "$(doc_keys '`infer` `.tiles[]`')" "$(jq -r '.tiles[0] | keys_unsorted | join(",")' "$T/out")"
expect "json: leave keys" "$(doc_keys '`infer` `.leaves[]`')" "$(jq -r '.leaves[0] | keys_unsorted | join(",")' "$T/out")"

expect_rc "infer, prior" 0 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G (AB)C' --tolerance inf --json
expect "prior: every leave" '7 7 1' "$(jq -r '"\(.considered) \(.kept) \(.kept_mass)"' "$T/out")"
# P(some Z) = 1 - C(30,7) / (C(53,7) - C(23,7)) = 1 - 2,035,800 / 153,897,923
expect "prior: P(some Z)" '0.986772' "$(jq -c '.tiles[] | select(.tile == "Z") | .p_any' "$T/out")"

expect_rc "infer, sampled" 0 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G (AB)C' --enumerate 0 --samples 2000 --json
expect "sampled: same two leaves" '["CCCCCC","CCCCCZ"]' "$(jq -c '[.leaves[].leave] | sort' "$T/out")"
expect "sampled" 'true' "$(jq -c '.sampled' "$T/out")"

# An exchange (worth 0 without leave values) is within 6 of the best only
# when the best was (AB)C (5): racks of at most one Z.
expect_rc "infer, exchange" 0 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --exchange 2 --samples 3000 --tolerance 6 --json
expect "exchange: leave size" '5' "$(jq -c '.leave_size' "$T/out")"
expect "exchange: at most one Z kept" 'true' "$(jq -c '[.leaves[].leave | test("ZZ") | not] | all' "$T/out")"

# An exchange at tolerance inf: the five tiles kept are a draw from the 30 C
# and 23 Z (a random five of a random rack), whatever the leave values (here
# all 0, every choice of the tiles thrown alike): P(some Z) = 1 - C(30,5) /
# C(53,5) = 1 - 142,506 / 2,869,685, expected 5 x 23 / 53 Z; the six leaves
# are enumerated, and the inferred columns are the prior's.
expect_rc "infer, exchange, prior" 0 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --exchange 2 --tolerance inf --json
expect "exchange prior: P(some Z)" '0.950341 0.950341' "$(jq -r '.tiles[] | select(.tile == "Z") | "\(.p_any) \(.prior_p_any)"' "$T/out")"
expect "exchange prior: expected Z" '2.169811 2.169811' "$(jq -r '.tiles[] | select(.tile == "Z") | "\(.expected) \(.prior_expected)"' "$T/out")"
expect "exchange prior: enumerated" 'false 6' "$(jq -r '"\(.sampled) \(.distinct_leaves)"' "$T/out")"
expect_rc "infer, exchange, prior, text" 0 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --exchange 2 --tolerance inf
expect_grep "exchange prior: summary" "after exch 2 the opponent kept 5 tiles: 6 leaves enumerated, 6 kept" "$T/out"
expect_grep "exchange prior: Z" "^Z      0.950  0.950     2.170  2.170" "$T/out"

# sim --infer: the opponent's racks from the two leaves.
expect_rc "sim --infer" 0 "$LEXC" sim "$T/w.lex" --cgp "$AFTER" --before "$BEFORE" --infer '8G (AB)C' --iterations 100 -q
expect_grep "sim --infer: header" "opponent's racks: a leave of 6 tiles from 2 inferred (enumerated), the rest drawn" "$T/out"
expect_rc "sim --infer, json" 0 "$LEXC" sim "$T/w.lex" --cgp "$AFTER" --before "$BEFORE" --infer '8G (AB)C' --iterations 100 -q --json
expect "sim --infer: json" '2' "$(jq -c '.inferred_leaves' "$T/out")"

# Bad input.
expect_rc "move and exchange" 2 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G (AB)C' --exchange 2
expect_rc "neither" 2 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE"
expect_rc "not a word" 1 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G (AB)Z'
expect_err "not a word: message" "--move: move '8G (AB)Z': not a legal play on this board"
expect_rc "bad coordinate" 1 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8Q AB'
expect_err "bad coordinate: message" "is off the 15x15 board"
expect_rc "wrong board tile" 1 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G (BA)C'
expect_rc "tiles not unseen" 1 "$LEXC" infer "$T/w.lex" --cgp "15/15/15/15/15/15/15/7B7/15/15/15/15/15/15/15 /A 0/0 0" --move '8G A(B)'
expect_err "tiles not unseen: message" "are not all among the unseen tiles"
expect_rc "negative tolerance" 2 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --move '8G (AB)C' --tolerance -1
expect_rc "exchange 8" 2 "$LEXC" infer "$T/w.lex" --cgp "$BEFORE" --exchange 8
expect_rc "sim --infer without --before" 2 "$LEXC" sim "$T/w.lex" --cgp "$AFTER" --infer '8G (AB)C'
expect_rc "sim --infer, other board" 1 "$LEXC" sim "$T/w.lex" --cgp "15/15/15/15/15/15/15/6AB7/15/15/15/15/15/15/15 ZZZZZZZ/ 0/9 0" --before "$BEFORE" --infer '8G (AB)C' 
expect_err "sim --infer, other board: message" "is not the board of --cgp"
# Three players: infer, like sim and endgame, takes a game of two (the
# third rack was read as seen before).
expect_rc "three racks" 1 "$LEXC" infer "$T/w.lex" --cgp "15/15/15/15/15/15/15/6AB7/15/15/15/15/15/15/15 /ZZZZZZZ/C 4/0/0 0" --move '8G (AB)C'
expect_err "three racks: message" "--cgp: racks: a game has two players, the position lists 3 racks"
expect_rc "sim --infer, three racks before" 1 "$LEXC" sim "$T/w.lex" --cgp "$AFTER" --before "15/15/15/15/15/15/15/6AB7/15/15/15/15/15/15/15 /ZZZZZZZ/C 4/0/0 0" --infer '8G (AB)C'
expect_err "sim --infer, three racks before: message" "--before: racks: a game has two players, the position lists 3 racks"
finish
