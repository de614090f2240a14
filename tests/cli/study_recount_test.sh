#!/usr/bin/env bash
# A study's stats.json against an independent recount: the games of a study
# on a small fixture are also written as GCG (--gcg-dir), and awk counts from
# those files what StudyStats counted from the game records: games, moves by
# kind, bingos, the first player's wins, ties and losses, and the sums of the
# final scores. Studies on 1 and 2 threads, and one killed (SIGKILL) twice
# and resumed, must give that recount and the same "stats" object.
#
#   bash tests/cli/study_recount_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: study_recount_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: study_recount_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$T" || exit 1
command -v jq >/dev/null || { echo "skip: no jq"; exit 0; }

"$LEXC" build -q "$SRC/fixtures/english-small.txt" -o small.lex || { echo "FAIL: build"; exit 1; }
GAMES=3000
study() { "$LEXC" selfplay small.lex --games $GAMES --seed 11 -q "$@"; }

expect_rc "a study on 1 thread, with GCG" 0 study --stats t1 --threads 1 --gcg-dir gcg1
expect_rc "a study on 2 threads, with GCG" 0 study --stats t2 --threads 2 --gcg-dir gcg2
expect "one GCG file per game" "$GAMES" "$(find gcg1 -name '*.gcg' | wc -l | tr -d ' ')"
expect "the same GCG files on 2 threads" "" "$(diff -r gcg1 gcg2 | head -3)"

# The recount, from the GCG files alone. An event line is ">pN: ..." with
# the points and the running total last; a play's third field is its
# coordinate, an exchange's "-TILES", a pass's "-"; "(RACK)" marks the
# end-of-game rack bonus or penalty. A play of 7 tiles (its word less the
# played-through squares, ".") is a bingo. The final score of a player is
# the total of its last line.
recount() {
  find "$1" -name '*.gcg' -print0 | sort -z | xargs -0 awk '
    FNR == 1 { if (NR > 1) endgame(); final[1] = final[2] = 0 }
    /^>p[12]: / {
      p = substr($1, 3, 1) + 0
      final[p] = $NF
      if (NF == 6 && $3 !~ /^-/) {
        play++
        w = $4; gsub(/\./, "", w)
        if (length(w) == 7) bingos++
      } else if (NF == 5 && $3 == "-") pass++
      else if (NF == 5 && $3 ~ /^-./) exchange++
    }
    function endgame() {
      games++; first += final[1]; second += final[2]
      if (final[1] > final[2]) wins++; else if (final[1] == final[2]) ties++; else losses++
    }
    END {
      endgame()
      printf "games=%d play=%d exchange=%d pass=%d bingos=%d wins=%d ties=%d losses=%d first=%d second=%d\n",
             games, play, exchange, pass, bingos, wins, ties, losses, first, second
    }'
}
# The same figures as StudyStats wrote them.
counted() {
  jq -r '.stats | "games=\(.games) play=\(.moves.play) exchange=\(.moves.exchange) pass=\(.moves.pass)" +
    " bingos=\(.figures.bingos.sum) wins=\(.first_player.wins) ties=\(.first_player.ties)" +
    " losses=\(.first_player.losses) first=\(.figures.first_score.sum) second=\(.figures.second_score.sum)"' "$1"
}
want=$(recount gcg1)
expect "the recount covers every game" "games=$GAMES" "$(echo "$want" | cut -d' ' -f1)"
checks=$((checks + 1))
echo "$want" | grep -qE 'play=[1-9].* exchange=[1-9].* bingos=[1-9].* ties=[1-9]' ||
  fail "the fixture's games should have plays, exchanges, bingos and ties: $want"
expect "1 thread: stats.json equals the recount" "$want" "$(counted t1/stats.json)"
expect "2 threads: stats.json equals the recount" "$want" "$(counted t2/stats.json)"
expect "2 threads: the same stats object" "$(jq -S .stats t1/stats.json)" "$(jq -S .stats t2/stats.json)"
sum=$(jq '.stats.figures | .winner_score.sum + .loser_score.sum - .first_score.sum - .second_score.sum' t1/stats.json)
expect "winner + loser = first + second (sums of final scores)" 0 "$sum"

# Killed by SIGKILL twice and resumed until done. The GCG files (written
# one by one, synced) make the run last seconds, so the kills land mid-run.
# Each kill lands as soon as the run has written a checkpoint of its own (a
# games_done other than the one it resumed from), so it is mid-run whatever
# the machine's speed.
killed=0
done_before=none
mkdir k  # --resume carries on a study in a directory that is there (empty: from the start)
for round in 1 2; do
  "$LEXC" selfplay small.lex --games $GAMES --seed 11 -q --stats k --threads 2 --checkpoint-every 0.02 \
    --gcg-dir gk --resume &
  pid=$!
  for _ in $(seq 3000); do
    now=$(jq -r .games_done k/checkpoint-0-of-1.json 2>/dev/null || echo none)
    [ "$now" != none ] && [ "$now" != "$done_before" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.01
  done
  kill -KILL $pid 2>/dev/null
  done_before=$(jq -r .games_done k/checkpoint-0-of-1.json 2>/dev/null || echo none)
  { wait $pid; } 2>/dev/null
  [ -f k/stats.json ] || killed=$((killed + 1))
done
expect "both runs were killed before the end" 2 "$killed"
expect_rc "resumed to the end" 0 study --stats k --threads 1 --resume --gcg-dir gk
expect "killed and resumed: stats.json equals the recount" "$want" "$(counted k/stats.json)"
expect "killed and resumed: the same stats object" "$(jq -S .stats t1/stats.json)" "$(jq -S .stats k/stats.json)"
expect "killed and resumed: the GCG files recount the same" "$want" "$(recount gk)"
expect "killed and resumed: the same GCG files" "" "$(diff -r -x '.*' gcg1 gk | head -3)"
finish
