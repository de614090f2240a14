#!/usr/bin/env bash
# End-to-end tests of `lexc leaves` and of the strategies of `lexc selfplay`
# (--strategy, --players, --leaves) on english-small.txt.
#
#   bash tests/strategy/cli_leaves_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: cli_leaves_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: cli_leaves_test.sh LEXC SOURCE_DIR}
. "$SRC/tests/cli/lib.sh"

"$LEXC" build -q "$SRC/fixtures/english-small.txt" -o "$T/en.lex" || { echo "FAIL: build"; exit 1; }

# Leaves: the same bytes on 1 and 2 threads; KLV2 or lexc's file by name.
expect_rc "leaves, 1 thread" 0 "$LEXC" leaves "$T/en.lex" -o "$T/a.klv2" --games 60 --generations 2 --max-tiles 3 -q --json
expect_grep "leaves: json" '"format":"klv2","leaves":3' "$T/out"
expect_grep "leaves: generations" '"generation":1,"players":"equity"' "$T/out"
expect_rc "leaves, 2 threads" 0 "$LEXC" leaves "$T/en.lex" -o "$T/b.klv2" --games 60 --generations 2 --max-tiles 3 -q --threads 2
checks=$((checks + 1))
cmp -s "$T/a.klv2" "$T/b.klv2" || fail "leaves: 1 and 2 threads differ"
expect_rc "leaves, lexc file" 0 "$LEXC" leaves "$T/en.lex" -o "$T/a.leaves" --games 60 --generations 1 --max-tiles 2
expect_err "leaves: summary" "leaves written to $T/a.leaves"
# An output that cannot be written fails before any game: ten million games
# (hours) would end in the test's timeout if they were played first.
expect_rc "leaves: -o in a missing directory" 1 "$LEXC" leaves "$T/en.lex" -o "$T/nodir/x.klv2" --games 10000000 -q
expect_err "leaves: the output's directory named" "nodir/x.klv2: cannot create a temporary file in"
# Interrupted: exit 128 + the signal (SIGINT 130, SIGTERM 143, as build and
# selfplay), nothing written, no temporary left. The signal is sent once
# the handler is in (SigCgt in /proc: bit 1 SIGINT, bit 14 SIGTERM).
for sig in INT:1:130 TERM:14:143; do
  IFS=: read -r name bit want <<<"$sig"
  "$LEXC" leaves "$T/en.lex" -o "$T/int-$name.klv2" --games 10000000 -q 2>"$T/err" &
  pid=$!
  if [ -r /proc/$pid/status ]; then
    for _ in $(seq 400); do
      mask=$(awk '/^SigCgt:/ {print $2}' /proc/$pid/status 2>/dev/null)
      [ -n "$mask" ] && (((16#$mask >> bit) & 1)) && break
      sleep 0.025
    done
  else
    sleep 0.5
  fi
  kill -s "$name" $pid
  wait $pid
  expect "leaves: SIG$name exits $want" "$want" "$?"
  expect_err "leaves: SIG$name says nothing was written" "interrupted: nothing written"
  expect "leaves: SIG$name leaves no file" "" "$(find "$T" -maxdepth 1 -name "*int-$name*")"
done
expect_rc "stats of the table" 0 "$LEXC" stats "$T/a.klv2"
expect_grep "stats: by length" "longest 3" "$T/out"

# Self-play with the strategies: seats alternate by game.
expect_rc "equity v greedy, GCG" 0 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.klv2" --games 2
expect "seats alternate" "#player1 p1 Equity
#player2 p2 Greedy
#player1 p1 Greedy
#player2 p2 Equity" "$(grep '^#player' "$T/out")"
expect_rc "equity both seats" 0 "$LEXC" selfplay "$T/en.lex" --strategy equity --leaves "$T/a.leaves" --games 3 -q
expect_rc "study" 0 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.klv2" --games 40 --stats "$T/s" -q --json
expect_grep "study: json matchup" '"matchup":{"a":"Equity","b":"Greedy","a_win_rate":' "$T/out"
expect_grep "report: matchup" "## Equity against Greedy" "$T/s/report.md"
expect_grep "stats: matchup" '"a_first": 20' "$T/s/stats.json"
expect_grep "stats: seats" '"seats": "alternate"' "$T/s/stats.json"
expect_grep "stats: leaves" '"entries": ' "$T/s/stats.json"
expect_grep "stats: schema 2" '"schema": 2' "$T/s/stats.json"
# The same figures on 2 threads and after a merge of two shards.
expect_rc "study, 2 threads" 0 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.klv2" --games 40 --stats "$T/s2" -q --threads 2
expect "study: threads" "$(grep -v '"path"' "$T/s/stats.json")" "$(grep -v '"path"' "$T/s2/stats.json")"
expect_rc "shard 1" 0 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.klv2" --games 25 --stats "$T/h1" -q
expect_rc "shard 2" 0 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.klv2" --first-game 25 --games 15 --stats "$T/h2" -q
expect_rc "merge" 0 "$LEXC" merge "$T/m" "$T/h1" "$T/h2" -q
expect "study: merged shards" "$(grep -v '"path"' "$T/s/stats.json")" "$(grep -v '"path"' "$T/m/stats.json")"
# Another leave file: the study is another study.
cp "$T/b.klv2" "$T/c.klv2"
expect_rc "merge, another leave file" 0 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.leaves" --first-game 25 --games 15 --stats "$T/h3" -q
expect_rc "merge refused" 1 "$LEXC" merge "$T/m2" "$T/h1" "$T/h3" -q
expect_err "merge refused: names the field" "study.leaves"
expect_rc "resume, another leave file" 1 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.leaves" --games 40 --stats "$T/s" --resume -q
expect_err "resume refused: names the field" "study.leaves"
expect_rc "resume, another strategy" 1 "$LEXC" selfplay "$T/en.lex" --players greedy,equity --leaves "$T/a.klv2" --games 40 --stats "$T/s" --resume -q
expect_rc "resume, same leave file moved" 0 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/c.klv2" --games 40 --stats "$T/s" --resume -q
expect_rc "report again" 0 "$LEXC" report "$T/s"
expect_grep "report again: matchup" "## Equity against Greedy" "$T/s/report.md"

# Bad input: clear errors, non-zero exits.
expect_rc "equity without leaves" 2 "$LEXC" selfplay "$T/en.lex" --strategy equity --games 1
expect_err "equity without leaves: message" "--leaves: the equity strategy needs a leave file"
expect_rc "leaves without equity" 2 "$LEXC" selfplay "$T/en.lex" --leaves "$T/a.klv2" --games 1
expect_rc "unknown strategy" 2 "$LEXC" selfplay "$T/en.lex" --players equity,sim --leaves "$T/a.klv2"
expect_err "unknown strategy: message" "unknown strategy (known: greedy, equity)"
expect_rc "one strategy in --players" 2 "$LEXC" selfplay "$T/en.lex" --players equity --leaves "$T/a.klv2"
expect_rc "--strategy and --players" 2 "$LEXC" selfplay "$T/en.lex" --strategy greedy --players equity,greedy
expect_rc "selfplay --games 0" 2 "$LEXC" selfplay "$T/en.lex" --players equity,greedy --leaves "$T/a.klv2" --games 0
expect_rc "leaves --games 0" 2 "$LEXC" leaves "$T/en.lex" -o "$T/z.klv2" --games 0
expect_rc "leaves --generations 0" 2 "$LEXC" leaves "$T/en.lex" -o "$T/z.klv2" --generations 0
expect_rc "leaves: output is the image" 1 "$LEXC" leaves "$T/en.lex" -o "$T/en.lex" --games 1
head -c 100 "$T/a.klv2" >"$T/cut.klv2"
expect_rc "truncated KLV2" 1 "$LEXC" selfplay "$T/en.lex" --strategy equity --leaves "$T/cut.klv2" --games 1
expect_err "truncated KLV2: names the file" "cut.klv2"
printf 'not a leave file at all' >"$T/junk.klv2"
expect_rc "junk leave file" 1 "$LEXC" selfplay "$T/en.lex" --strategy equity --leaves "$T/junk.klv2" --games 1
expect_rc "missing leave file" 1 "$LEXC" selfplay "$T/en.lex" --strategy equity --leaves "$T/none.klv2" --games 1
# Another alphabet: six tiles (A C I Q S T) against English's 26.
printf 'name mini\nA 1 4\nC 3 4\nI 1 4\nQ 10 4\nS 1 4\nT 1 4\n? 0 2\n' >"$T/mini.txt"
printf 'CAT\nCATS\nQI\nACT\nTIC\nTICS\nSIC\nAIT\nAITS\n' >"$T/mini-words.txt"
"$LEXC" build -q --alphabet "$T/mini.txt" "$T/mini-words.txt" -o "$T/mini.lex" || fail "build mini"
expect_rc "mini leaves" 0 "$LEXC" leaves "$T/mini.lex" -o "$T/mini.klv2" --games 30 --generations 1 -q
expect_rc "mini.lex file" 0 "$LEXC" leaves "$T/mini.lex" -o "$T/mini.leaves" --games 30 --generations 1 --max-tiles 2 -q
expect_rc "KLV2 of 6 tiles for English" 1 "$LEXC" selfplay "$T/en.lex" --strategy equity --leaves "$T/mini.klv2" --games 1
expect_err "another alphabet: message" "no value for the single tile"
expect_rc "English KLV2 for 6 tiles" 1 "$LEXC" selfplay "$T/mini.lex" --strategy equity --leaves "$T/a.klv2" --games 1
expect_err "English KLV2 for 6 tiles: names the file" "a.klv2"
expect_rc "lexc leave file of another alphabet" 1 "$LEXC" selfplay "$T/en.lex" --strategy equity --leaves "$T/mini.leaves" --games 1
expect_err "lexc leave file: names the file" "mini.leaves"

finish
