#!/usr/bin/env bash
# Studies (issue 8): lexc selfplay --stats DIR gives the same stats.json
# whatever the threads, the shards merged, the processes (lexc-mpi, when
# built), and however often the run is killed (SIGKILL, SIGINT) and resumed;
# bad input (--games 0, an unwritable directory, a checkpoint of another
# image, a damaged checkpoint, shards that do not fit) fails clearly and
# leaves what exists untouched.
#
#   bash tests/cli/study_test.sh PATH/TO/lexc SOURCE_DIR [PATH/TO/lexc-mpi]
LEXC=${1:?usage: study_test.sh LEXC SOURCE_DIR [LEXC_MPI]}
SRC=${2:?usage: study_test.sh LEXC SOURCE_DIR [LEXC_MPI]}
LEXC_MPI=${3:-}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$T" || exit 1

# A small lexicon: games take ~0.1 ms, so a run of GAMES lasts about a second.
"$LEXC" build -q "$SRC/fixtures/english-small.txt" -o small.lex || { echo "FAIL: build"; exit 1; }
"$LEXC" build -q "$SRC/fixtures/words-tiny.txt" -o other.lex || { echo "FAIL: build"; exit 1; }
# LEXC_STUDY_GAMES: fewer under the sanitizers, where games are ~5x slower
# (set by CMake); the shards below are fractions of it.
GAMES=${LEXC_STUDY_GAMES:-12000}
S1=$((GAMES * 5 / 12)) S2=$((GAMES - GAMES * 5 / 12))     # 5000 + 7000
G1=$((GAMES / 3)) G2=$((GAMES * 3 / 8)) G3=$((GAMES - GAMES * 3 / 8))  # 4000, a gap, 4500 + 7500
run() { "$LEXC" selfplay small.lex --seed 3 "$@"; }
study() { run --games $GAMES "$@"; }
# In the background, lexc itself (not a subshell) must get the signals: $! is its pid.
study_bg() { "$LEXC" selfplay small.lex --games $GAMES --seed 3 "$@" & }

# ---- the reference and threads invariance ----
expect_rc "a study on one thread" 0 study --stats ref -q
expect "-q prints nothing" "" "$(cat "$T/err" "$T/out")"
expect "a finished study keeps no checkpoint" "" "$(ls -a ref | grep -E 'checkpoint|tmp')"
expect "a finished study has its report" "report.md run.json stats.json" "$(ls ref | grep -v plots | tr '\n' ' ' | sed 's/ $//')"
for threads in 2 3; do
  expect_rc "a study on $threads threads" 0 study --stats "t$threads" -q --threads $threads
  cmp -s ref/stats.json "t$threads/stats.json"
  expect "--threads $threads: the same stats.json" 0 $?
done
expect_rc "--json with --stats" 0 run --games 200 --stats js -q --json
expect_grep "--json: the run's figures on stdout" '"stats":"js/stats.json","games":200' "$T/out"
expect_grep "stats.json names the study" '"format": "lexc-study"' ref/stats.json
expect "stats.json holds no thread count or time" "" "$(grep -E '"(threads|seconds|host)' ref/stats.json)"

# ---- shards merged == one run ----
expect_rc "shard 2 (any order)" 0 run --first-game $S1 --games $S2 --stats sh2 -q
"$LEXC" selfplay small.lex --seed 3 --games $S1 --stats sh1 -q --threads 2
expect_rc "merge" 0 "$LEXC" merge merged sh2 sh1 -q
cmp -s ref/stats.json merged/stats.json
expect "shards merged: the same stats.json" 0 $?
"$LEXC" selfplay small.lex --seed 3 --games $G1 --stats gap1 -q
"$LEXC" selfplay small.lex --seed 3 --first-game $G2 --games $G3 --stats gap2 -q
expect_rc "merge: a gap" 1 "$LEXC" merge m1 gap1 gap2
expect_err "merge: the gap is named" "games $G1..$((G2 - 1)) are missing between gap1/stats.json and gap2/stats.json"
expect_rc "merge: an overlap" 1 "$LEXC" merge m2 sh1 gap1
expect_err "merge: the overlap is named" "overlap"
"$LEXC" selfplay small.lex --seed 4 --first-game $S1 --games $S2 --stats seed4 -q
expect_rc "merge: another seed" 1 "$LEXC" merge m3 sh1 seed4
expect_err "merge: the field is named" "seed4/stats.json: another study: study.seed_base is 4 there, 3 here"
"$LEXC" selfplay other.lex --seed 3 --first-game $S1 --games $S2 --stats otherimg -q --lexicon SMALL
expect_rc "merge: another image" 1 "$LEXC" merge m4 sh1 otherimg
expect_err "merge: another image is named" "otherimg/stats.json: made from another image"
expect "failed merges write nothing" "" "$(ls -d m1 m2 m3 m4 2>/dev/null | xargs -r ls)"

# ---- kill + resume ----
# Runs killed at random moments (SIGKILL loses at most an interval, SIGINT
# checkpoints and exits 130), resumed until done: the reference's bytes.
RANDOM=8
for round in 1 2 3; do
  for sig in KILL INT; do
    dir="kill-$sig-$round"
    study_bg --stats "$dir" -q --threads 2 --checkpoint-every 0.05
    pid=$!
    sleep "0.$((RANDOM % 6 + 1))"
    kill -s $sig $pid 2>/dev/null
    { wait $pid; } 2>/dev/null
    rc=$?
    if [ $sig = INT ] && [ $rc != 0 ]; then
      expect "SIGINT exits 130" 130 $rc
    fi
    resumes=0
    mkdir -p "$dir"  # (killed before it made its directory: as a run killed before its first checkpoint)
    until study --stats "$dir" -q --resume --threads 2 --checkpoint-every 0.05 2>"$T/err"; do
      resumes=$((resumes + 1))
      [ $resumes -lt 3 ] || { fail "$dir: resume keeps failing: $(cat "$T/err")"; break; }
    done
    cmp -s ref/stats.json "$dir/stats.json"
    expect "killed by SIG$sig at a random moment, resumed: the same stats.json" 0 $?
    expect "$dir: no temporary left (a SIGKILL's are removed by the resume)" "" "$(find "$dir" -name '.*.tmp-*')"
  done
done
# SIGINT's message, and a checkpoint to resume from. A background job of a
# script starts with SIGINT ignored, so a SIGINT sent before lexc's handler
# is in is lost (a slow start, under the sanitizers, lost it): wait for the
# handler (SigCgt in /proc, bit 1 for SIGINT), then interrupt.
study_bg --stats intr --threads 1 --checkpoint-every 100 2>"$T/err"
pid=$!
if [ -r /proc/$pid/status ]; then
  for _ in $(seq 400); do
    mask=$(awk '/^SigCgt:/ {print $2}' /proc/$pid/status 2>/dev/null)
    [ -n "$mask" ] && (((16#$mask >> 1) & 1)) && break
    sleep 0.025
  done
else
  sleep 0.3
fi
kill -INT $pid
wait $pid
expect "SIGINT: exit 130" 130 $?
expect_err "SIGINT: the message" "interrupted after"
expect_err "SIGINT: says how to go on" "resume with --resume"
expect "SIGINT: the checkpoint is there" "checkpoint-0-of-1.json" "$(ls intr)"
cp intr/checkpoint-0-of-1.json saved.json

# ---- bad input: clear errors, nothing overwritten ----
expect_rc "--games 0" 2 "$LEXC" selfplay small.lex --games 0 --stats g0
expect_err "--games 0: says so" "--games"
expect_rc "a fresh run in a study directory" 1 study --stats intr
expect_err "names the way out" "intr already holds a study (checkpoint-0-of-1.json): add --resume to carry it on, or choose another directory"
expect_rc "--resume with another image" 1 "$LEXC" selfplay other.lex --games $GAMES --seed 3 --stats intr --resume --lexicon SMALL
expect_err "another image: said" "made from another image"
expect_rc "--resume with another seed" 1 "$LEXC" selfplay small.lex --games $GAMES --seed 4 --stats intr --resume
expect_err "another seed: the field" "study.seed_base is 3 there, 4 here"
expect_rc "--resume with another game count" 1 run --games 100 --stats intr --resume
expect_err "another range: the field" "study.games"
# The layout: compared by its text's CRC32C (crc32c in lib.sh), not its path.
P=$(pwd -P)
cp "$SRC/formats/layouts/standard15.txt" lay.txt
LAY_CRC=$(crc32c lay.txt)
expect_rc "--resume with a layout file (the study's is the built-in board)" 1 study --stats intr --resume --layout lay.txt
expect_err "another layout: both named" \
  "intr/checkpoint-0-of-1.json: played on another layout (the built-in standard15 board; this one: $P/lay.txt, CRC32C $LAY_CRC)"
expect_rc "a study on a layout file" 0 run --games 40 --layout lay.txt --stats lay1 -q
expect_rc "its next shard" 0 run --first-game 40 --games 40 --layout lay.txt --stats lay2 -q
expect_rc "a shard on the built-in board" 0 run --first-game 40 --games 40 --stats lay3 -q
expect_rc "merge: shards on another layout" 1 "$LEXC" merge laym lay1 lay3
expect_err "merge: another layout named" "played on another layout (the built-in standard15 board; this one: $P/lay.txt, CRC32C $LAY_CRC)"
mkdir moved && cp lay.txt moved/lay.txt
expect_rc "--resume with the layout moved (the same study)" 0 run --games 40 --layout moved/lay.txt --stats lay1 --resume
expect_err "the same layout elsewhere: only complete" "complete already"
sed -i '5s/^T/d/' lay.txt  # a premium changed
EDITED=$(crc32c lay.txt)
expect_rc "--resume with the layout edited" 1 run --games 40 --layout lay.txt --stats lay1 --resume
expect_err "edited: both layouts named" \
  "lay1/stats.json: played on another layout ($P/lay.txt, CRC32C $LAY_CRC; this one: $P/lay.txt, CRC32C $EDITED)"
expect_rc "--resume without the layout" 1 run --games 40 --stats lay1 --resume
expect_err "without: the built-in board named" "this one: the built-in standard15 board)"
expect_rc "merge: the recorded layout edited" 1 "$LEXC" merge laym lay1 lay2
expect_err "merge: both CRC32Cs" \
  "$P/lay.txt is not the study's layout: its text's CRC32C is $EDITED; the study was played on $P/lay.txt, CRC32C $LAY_CRC"
expect "merge refused: nothing written" "" "$(ls -d laym 2>/dev/null)"
cp moved/lay.txt lay.txt
expect_rc "merge: the layout as it was" 0 "$LEXC" merge laym lay1 lay2 -q
head -c 300 saved.json >intr/checkpoint-0-of-1.json
expect_rc "--resume from a truncated checkpoint" 1 study --stats intr --resume
expect_err "truncated: said" "checkpoint-0-of-1.json: not JSON"
cmp -s <(head -c 300 saved.json) intr/checkpoint-0-of-1.json
expect "truncated: the checkpoint is left as it was" 0 $?
jq '.stats.games = "many"' saved.json >intr/checkpoint-0-of-1.json
expect_rc "--resume from an edited checkpoint" 1 study --stats intr --resume
expect_err "edited: the field is named" "stats.games: expected"
sed 's/"games_done": [0-9]*/"games_done": 99999999/' saved.json >intr/checkpoint-0-of-1.json
expect_rc "--resume from a checkpoint past its range" 1 study --stats intr --resume
expect_err "past its range: the field" "games_done"
expect_rc "--resume of a directory that is not there" 1 study --stats no-such-study --resume
expect_err "--resume of a missing directory: said" "no-such-study: no study to resume: the directory does not exist"
expect "--resume of a missing directory: not made" no "$([ -e no-such-study ] && echo yes || echo no)"
cp saved.json intr/checkpoint-0-of-1.json
expect_rc "the saved checkpoint still resumes" 0 study --stats intr --resume -q
cmp -s ref/stats.json intr/stats.json
expect "... to the same stats.json" 0 $?
if [ "$(id -u)" != 0 ]; then
  mkdir ro && chmod 555 ro
  expect_rc "an unwritable study directory" 1 study --stats ro
  expect_err "unwritable: the reason" "Permission denied"
fi
touch afile
expect_rc "a study directory that is a file" 1 study --stats afile
expect "... the file is untouched" "0" "$(stat -c %s afile)"
expect_rc "--stats /proc (unwritable)" 1 study --stats /proc/sys/study
mkdir unfinished && cp saved.json unfinished/checkpoint-0-of-1.json
expect_rc "merge of an unfinished shard" 1 "$LEXC" merge m5 sh1 unfinished
expect_err "unfinished: said" "unfinished (a checkpoint only)"

# ---- MPI: 2 processes == one ----
if [ -n "$LEXC_MPI" ] && command -v mpirun >/dev/null; then
  MPIRUN=(mpirun -np 2 --oversubscribe)
  [ "$(id -u)" = 0 ] && MPIRUN+=(--allow-run-as-root)
  # Under the ASan build, LeakSanitizer is off for the MPI processes only:
  # Open MPI's plugins allocate memory that outlives MPI_Finalize and are
  # unloaded before the leak check, so their frames cannot be suppressed by
  # name. Address and UB checks stay on, and the same study code runs
  # leak-checked in every non-MPI case above.
  MPIRUN+=(-x "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")
  export OMPI_MCA_rmaps_base_oversubscribe=1
  expect_rc "lexc-mpi on 2 processes" 0 "${MPIRUN[@]}" "$LEXC_MPI" selfplay small.lex --games $GAMES --seed 3 --stats mpi -q --threads 1
  cmp -s ref/stats.json mpi/stats.json
  expect "MPI: the same stats.json" 0 $?
  # MPI with resume: a part's checkpoint left from an interrupted run.
  "${MPIRUN[@]}" "$LEXC_MPI" selfplay small.lex --games $GAMES --seed 3 --stats mpir -q --checkpoint-every 0.05 &
  pid=$!
  sleep 0.5
  kill -INT $pid 2>/dev/null
  wait $pid
  mkdir -p mpir  # (stopped before it made its directory, under a slow start: as an empty one)
  ls mpir >"$T/listing"
  if ! grep -q stats.json "$T/listing"; then
    expect_rc "MPI resume with another process count" 1 study --stats mpir --resume
    expect_err "another process count: said" "split into 2 parts, this one into 1"
  fi
  expect_rc "MPI: --resume" 0 "${MPIRUN[@]}" "$LEXC_MPI" selfplay small.lex --games $GAMES --seed 3 --stats mpir -q --resume
  cmp -s ref/stats.json mpir/stats.json
  expect "MPI killed and resumed: the same stats.json" 0 $?
else
  echo "skip: MPI (no lexc-mpi or mpirun)"
fi
finish
