#!/usr/bin/env bash
# Outputs (issue 18, sections 1, 2 and 5): what a user points -o or
# --positions at is written, never destroyed. Devices, FIFOs and "-" are
# streamed; symlinks are followed and stay; a replaced file keeps its mode
# (and, as root, its owner); an input is never an output; output problems
# show before any work; and after SIGINT, SIGTERM, SIGHUP or a file-size
# limit no temporary file remains.
#
#   bash tests/cli/output_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: output_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: output_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
FIXTURE="$SRC/fixtures/words-tiny.txt"
cd "$T" || exit 1

# The reference: the same builds written to plain new files.
"$LEXC" build -q "$FIXTURE" -o ref.lex || { echo "FAIL: reference build"; exit 1; }
"$LEXC" build -q --dawg "$FIXTURE" -o ref-dawg.lex || { echo "FAIL: reference build"; exit 1; }
# No temporary file may be left in $T (or its subdirectories) by any run.
no_temporaries() { expect "$1: no temporary left" "" "$(find . -name '.*.tmp-*')"; }

# ---- section 1: streams, links, modes ----
if [ "$(id -u)" = 0 ]; then
  mknod null-dev c "$(stat -L -c '%t' /dev/null | xargs printf '%d')" \
    "$(stat -L -c '%T' /dev/null | xargs printf '%d')"
  expect_rc "-o a character device succeeds" 0 "$LEXC" build -q "$FIXTURE" -o null-dev
  expect "the character device stays a character device" "character special file" "$(stat -c %F null-dev)"
else
  echo "skip: -o a character device (mknod needs root)"
fi

mkfifo fifo
cat fifo >from-fifo &
reader=$!
expect_rc "-o a FIFO succeeds" 0 "$LEXC" build -q "$FIXTURE" -o fifo
wait "$reader"
expect "the FIFO stays a FIFO" "fifo" "$(stat -c %F fifo)"
cmp -s from-fifo ref.lex
expect "the FIFO's reader gets the image" 0 $?

"$LEXC" build -q "$FIXTURE" -o - >from-stdout 2>"$T/err"
expect "-o - exits 0" 0 $?
cmp -s from-stdout ref.lex
expect "-o - writes the image to standard output" 0 $?
expect "-o - makes no file named -" "no" "$([ -e ./- ] && echo yes || echo no)"
expect_rc "-o - with --json is a usage error" 2 "$LEXC" build -q --json "$FIXTURE" -o -

"$LEXC" build -q "$FIXTURE" -o /dev/stdout >via-dev-stdout
expect "-o /dev/stdout exits 0" 0 $?
cmp -s via-dev-stdout ref.lex
expect "-o /dev/stdout writes to standard output" 0 $?
expect "/dev/stdout is still a symlink" "symbolic link" "$(stat -c %F /dev/stdout)"

# /dev/fd/N: /dev/fd is itself a link to /proc/self/fd, so the magic link is
# met by a path that does not start with /proc. Through a pipe, and appended
# to a file that already holds something (a rename would lose it).
"$LEXC" build -q "$FIXTURE" -o /dev/fd/1 | cat >via-dev-fd-pipe
expect "-o /dev/fd/1 into a pipe exits 0" 0 "${PIPESTATUS[0]}"
cmp -s via-dev-fd-pipe ref.lex
expect "-o /dev/fd/1 into a pipe streams the image" 0 $?
printf 'HEAD' >via-dev-fd-append
"$LEXC" build -q "$FIXTURE" -o /dev/fd/1 >>via-dev-fd-append
expect "-o /dev/fd/1 appended to a file exits 0" 0 $?
{ printf 'HEAD'; cat ref.lex; } >want-append
cmp -s via-dev-fd-append want-append
expect "-o /dev/fd/1 >> file keeps what the file held" 0 $?

mkdir releases
cp ref.lex releases/v3.lex
ln -s releases/v3.lex link1.lex
ln -s "$T/link1.lex" link.lex # an absolute link to a relative one
chmod 0640 releases/v3.lex
[ "$(id -u)" = 0 ] && chown 1:1 releases/v3.lex
expect_rc "-o through a chain of symlinks succeeds" 0 "$LEXC" build -q --dawg "$FIXTURE" -o link.lex
expect "the first link stays" "symbolic link" "$(stat -c %F link.lex)"
expect "the second link stays" "symbolic link" "$(stat -c %F link1.lex)"
cmp -s releases/v3.lex ref-dawg.lex
expect "the final target holds the new image" 0 $?
expect "the replaced file keeps mode 0640" "640" "$(stat -c %a releases/v3.lex)"
if [ "$(id -u)" = 0 ]; then
  expect "as root, the replaced file keeps its owner" "1:1" "$(stat -c %u:%g releases/v3.lex)"
fi
ln -s releases/new.lex dangling.lex
expect_rc "-o a dangling symlink creates its target" 0 "$LEXC" build -q "$FIXTURE" -o dangling.lex
cmp -s releases/new.lex ref.lex
expect "the dangling link's target is the image" 0 $?
expect "the dangling link stays a link" "symbolic link" "$(stat -c %F dangling.lex)"
ln -s loop-b.lex loop-a.lex
ln -s loop-a.lex loop-b.lex
expect_rc "-o a symlink loop fails" 1 "$LEXC" build -q "$FIXTURE" -o loop-a.lex
expect_err "the loop is named with its reason" "loop-a.lex: cannot write: Too many levels of symbolic links"
expect_rc "-o a directory fails" 1 "$LEXC" build -q "$FIXTURE" -o releases
expect_err "the directory is named with its reason" "releases: cannot write: Is a directory"

"$LEXC" selfplay ref.lex --games 3 -q --positions positions.cgp 2>/dev/null
"$LEXC" selfplay ref.lex --games 3 -q --positions - >positions-stdout.cgp 2>/dev/null
cmp -s positions.cgp positions-stdout.cgp
expect "--positions - streams the same positions" 0 $?
expect_rc "--positions - with GCG on standard output is a usage error" 2 \
  "$LEXC" selfplay ref.lex --games 3 --positions -
"$LEXC" selfplay ref.lex --games 3 -q --positions link.lex 2>/dev/null
cmp -s releases/v3.lex positions.cgp
expect "--positions through symlinks replaces the target" 0 $?
expect "--positions keeps the target's mode" "640" "$(stat -c %a releases/v3.lex)"
mkdir games
ln -s ../positions.cgp games/game-1.gcg
"$LEXC" selfplay ref.lex --games 1 --gcg-dir games >/dev/null 2>&1
expect "--gcg-dir follows a symlinked game file" "symbolic link" "$(stat -c %F games/game-1.gcg)"
expect_grep "--gcg-dir writes GCG through the link" "#player1" positions.cgp
no_temporaries "section 1"

# ---- section 2: an input is never an output; outputs fail before the work ----
cp "$FIXTURE" self.txt
ln -s self.txt self-link.txt
expect_rc "build: output = input through a symlink is refused" 1 "$LEXC" build self-link.txt -o self.txt
expect_err "build: the refusal names both" "self.txt: the output is the input self-link.txt"
cmp -s "$FIXTURE" self.txt
expect "build: the input survives" 0 $?
cp ref.lex victim.lex
ln victim.lex victim-hardlink.lex
expect_rc "selfplay: --positions = the image is refused before playing" 1 \
  timeout 10 "$LEXC" selfplay victim.lex --games 1000000000 -q --positions victim-hardlink.lex
expect_err "selfplay: the refusal names both" "victim-hardlink.lex: the output is the input victim.lex"
cmp -s victim.lex ref.lex
expect "selfplay: the image survives" 0 $?
expect_rc "selfplay: an unwritable --positions fails before playing" 1 \
  timeout 10 "$LEXC" selfplay ref.lex --games 1000000000 -q --positions /proc/version
expect_err "selfplay: the failure gives the reason" "/proc/version: cannot create a temporary file in /proc: "
expect_rc "selfplay: a missing --positions directory fails before playing" 1 \
  timeout 10 "$LEXC" selfplay ref.lex --games 1000000000 -q --positions no-dir/p.cgp
expect_err "selfplay: ... with the reason" "no-dir/p.cgp: cannot create a temporary file in no-dir: No such file or directory"
: >not-a-dir
expect_rc "selfplay: a --gcg-dir that is a file fails before playing" 1 \
  timeout 10 "$LEXC" selfplay ref.lex --games 1000000000 --gcg-dir not-a-dir
expect_rc "build: a missing output directory fails before reading" 1 "$LEXC" build -q /dev/zero -o no-dir/x.lex
expect_err "build: ... with the reason" "no-dir/x.lex: cannot create a temporary file in no-dir: No such file or directory"

# ---- outputs beside other inputs: leaves, studies, standard output ----
# A real leave file (a KLV2), so that the refusal, named, is what stops the run.
cp "$SRC/fixtures/interop/leaves-small.wolges.klv2" leaves-victim.klv2
expect_rc "selfplay: --positions = --leaves is refused" 1 \
  "$LEXC" selfplay ref.lex --strategy equity --leaves leaves-victim.klv2 --positions leaves-victim.klv2 --games 1 -q
expect_err "selfplay: ... as the output being the input" "the output is the input"
cmp -s leaves-victim.klv2 "$SRC/fixtures/interop/leaves-small.wolges.klv2"
expect "selfplay: the leave file survives" 0 $?
mkdir quiet-games
"$LEXC" selfplay ref.lex --games 2 --gcg-dir quiet-games -q >/dev/null 2>&1
expect "selfplay --gcg-dir -q still writes the games" 2 "$(find quiet-games -name 'game-*.gcg' | wc -l)"
"$LEXC" selfplay ref.lex --games 3 --stats study-a -q >/dev/null 2>&1
cp study-a/stats.json study-a.json
expect_rc "replay --stats into an existing study is refused" 1 \
  "$LEXC" replay ref.lex quiet-games/game-1.gcg --stats study-a
expect_err "replay: ... saying so" "already holds a study"
cmp -s study-a/stats.json study-a.json
expect "replay: the study survives" 0 $?
rm -f study-a/report.md
ln -s stats.json study-a/report.md
expect_rc "report: report.md linked to stats.json is refused" 1 "$LEXC" report study-a --no-plots
cmp -s study-a/stats.json study-a.json
expect "report: the study survives" 0 $?
# Every file a study or its report may write is checked against the inputs:
# the plots too, and report's --image.
mkdir -p study-b/plots
cp ref.lex study-b/plots/scores.svg
expect_rc "selfplay --stats: an image at plots/scores.svg is refused" 1 \
  "$LEXC" selfplay study-b/plots/scores.svg --games 2 --stats study-b -q
expect_err "selfplay --stats: ... as the output being the input" "the output is the input"
cmp -s study-b/plots/scores.svg ref.lex
expect "selfplay --stats: the image survives" 0 $?
mkdir -p study-c/plots
cp quiet-games/game-1.gcg study-c/plots/top_words.svg
expect_rc "replay --stats: a game at plots/top_words.svg is refused" 1 \
  "$LEXC" replay ref.lex study-c/plots/top_words.svg --stats study-c
cmp -s study-c/plots/top_words.svg quiet-games/game-1.gcg
expect "replay --stats: the game survives" 0 $?
rm -f study-a/report.md
cp ref.lex study-a/report.md
expect_rc "report --image = report.md is refused" 1 "$LEXC" report study-a --image study-a/report.md --no-plots
cmp -s study-a/report.md ref.lex
expect "report --image: the image survives" 0 $?
mkdir games-e
cp ref.lex games-e/game-1.gcg
expect_rc "selfplay --stats --gcg-dir: a game over the image is refused" 1 \
  "$LEXC" selfplay games-e/game-1.gcg --games 1 --stats study-e --gcg-dir games-e -q
cmp -s games-e/game-1.gcg ref.lex
expect "selfplay --stats --gcg-dir: the image survives" 0 $?
rm -f study-a/report.md
ln -s ../ref.lex study-a/report.md
cp ref.lex ref-before-report.lex
expect_rc "report: report.md linked to the study's own image is refused" 1 "$LEXC" report study-a --no-plots
cmp -s ref.lex ref-before-report.lex
expect "report: the study's image survives" 0 $?
rm -f study-a/report.md
# One output over another: --positions as a game of --gcg-dir.
mkdir games-d
expect_rc "selfplay: --positions over a game of --gcg-dir is refused" 1 \
  "$LEXC" selfplay ref.lex --games 2 --gcg-dir games-d --positions games-d/game-1.gcg -q
expect_err "selfplay: ... naming --gcg-dir" "would replace a game's GCG in --gcg-dir"
expect_rc "selfplay: --positions beside the games, under another name, is written" 0 \
  "$LEXC" selfplay ref.lex --games 2 --gcg-dir games-d --positions games-d/positions.cgp -q
# "-" is the open standard output or input: a file opened there unharmed
# (1<>file does not truncate) is compared too.
cp "$FIXTURE" words-victim.txt
expect_rc "build -o - into its own word list is refused" 1 \
  sh -c '"$0" build -q words-victim.txt -o - 1<>words-victim.txt' "$LEXC"
cmp -s words-victim.txt "$FIXTURE"
expect "build -o -: the word list survives" 0 $?
expect_rc "build - -o its own standard input is refused" 1 \
  sh -c '"$0" build -q - -o words-victim.txt <words-victim.txt' "$LEXC"
cmp -s words-victim.txt "$FIXTURE"
expect "build - -o: the word list survives" 0 $?
cp ref.lex pos-victim.lex
expect_rc "selfplay --positions - into its image is refused" 1 \
  sh -c '"$0" selfplay pos-victim.lex --games 2 --positions - -q 1<>pos-victim.lex' "$LEXC"
cmp -s pos-victim.lex ref.lex
expect "selfplay --positions -: the image survives" 0 $?
# --json and an output that is standard output under another name: refused.
expect_rc "build --json -o /dev/stdout is refused" 2 sh -c '"$0" build --json "$1" -o /dev/stdout >mixed.out' "$LEXC" "$FIXTURE"
expect_err "build --json -o /dev/stdout: said" "and --json would both write standard output"
expect_rc "leaves --json -o - is refused" 2 "$LEXC" leaves ref.lex --json -o - --format klv2 --games 10
expect_rc "build --json -o /dev/null runs" 0 sh -c '"$0" build --json "$1" -o /dev/null >/dev/null' "$LEXC" "$FIXTURE"
if [ -w /dev/full ]; then
  "$LEXC" stats ref.lex >/dev/full 2>/dev/null
  expect "stats > /dev/full exits 1" 1 $?
  "$LEXC" verify ref.lex --json >/dev/full 2>/dev/null
  expect "verify --json > /dev/full exits 1" 1 $?
  # A batch of queries goes on past a bad query, but not past a failed
  # standard output: one message, then the command stops.
  # (From a file, answers go out a 1 MiB block at a time: the block fills
  # inside a query's listing.)
  { echo C4T; for i in $(seq 1 30000); do echo '*'; done; } >full-queries.txt
  "$LEXC" query ref.lex pattern -f full-queries.txt >/dev/full 2>full.err
  expect "query batch > /dev/full exits 1" 1 $?
  expect "query batch > /dev/full: the bad query, then one output error" \
    "1 1" "$(grep -c 'C4T' full.err) $(grep -c 'writing standard output' full.err)"
  "$LEXC" query ref.lex contains QI C4T ZA >/dev/full 2>full.err
  expect "query: a bad query whose answers before it cannot be written is still named" \
    "1 1" "$(grep -c 'C4T' full.err) $(grep -c 'writing standard output' full.err)"
  "$LEXC" query ref.lex pattern -f full-queries.txt --json >/dev/full 2>full.err
  expect "query --json batch > /dev/full exits 1" 1 $?
  expect "query --json batch > /dev/full: the bad query, then one output error" \
    "1 1" "$(grep -c 'C4T' full.err) $(grep -c 'writing standard output' full.err)"
  # Help and version text too (they exited 0).
  for args in "--help" "help" "help moves" "moves --help" "--version"; do
    # shellcheck disable=SC2086
    "$LEXC" $args >/dev/full 2>full.err
    expect "lexc $args > /dev/full exits 1" "1 1" "$? $(grep -c 'writing standard output' full.err)"
  done
else
  echo "skip: /dev/full"
fi
no_temporaries "outputs beside inputs"

# ---- section 5: killed while writing, nothing left behind ----
# A list that takes a few seconds to build; the temporary exists from the start.
awk 'BEGIN { srand(11); for (i = 0; i < 200000; i++) { n = 4 + int(rand() * 10); w = "";
  for (j = 0; j < n; j++) w = w sprintf("%c", 65 + int(rand() * 26)); print w } }' >big.txt
set -m # background jobs keep SIGINT (without job control bash ignores it in them)
for sig in INT TERM HUP; do
  cp ref.lex killed.lex
  "$LEXC" build -q big.txt -o killed.lex &
  pid=$!
  for _ in $(seq 100); do [ -n "$(find . -name '.killed.lex.tmp-*')" ] && break; sleep 0.05; done
  expect "SIG$sig build: the temporary exists while building" 1 "$(find . -name '.killed.lex.tmp-*' | wc -l)"
  kill -s "$sig" "$pid"
  wait "$pid" 2>/dev/null
  rc=$?
  expect "SIG$sig build: dies of the signal" "$((128 + $(kill -l "$sig")))" "$rc"
  cmp -s killed.lex ref.lex
  expect "SIG$sig build: the old output is untouched" 0 $?
  no_temporaries "SIG$sig build"
done
"$LEXC" selfplay ref.lex --games 1000000000 -q --positions killed.cgp &
pid=$!
grown=0
for _ in $(seq 100); do
  f=$(find . -name '.killed.cgp.tmp-*' -size +64k)
  [ -n "$f" ] && { grown=1; break; }
  sleep 0.05
done
expect "selfplay: positions are streamed to the temporary as games are played" 1 "$grown"
kill -s TERM "$pid"
wait "$pid" 2>/dev/null
expect "SIGTERM selfplay: dies of the signal" 143 $?
expect "SIGTERM selfplay: no positions file appears" "no" "$([ -e killed.cgp ] && echo yes || echo no)"
no_temporaries "SIGTERM selfplay"
set +m

cp ref.lex limited.lex
(
  ulimit -f 1 # 1 KiB: less than the 3 KB image
  "$LEXC" build -q "$FIXTURE" --gaddag -o limited.lex
) >/dev/null 2>"$T/err"
expect "ulimit -f: the build exits 1" 1 $?
expect_err "ulimit -f: the error is file too large" "limited.lex: write failed: File too large"
cmp -s limited.lex ref.lex
expect "ulimit -f: the old output is untouched" 0 $?
(
  ulimit -f 1
  "$LEXC" selfplay ref.lex --games 50 -q --positions limited.cgp
) >/dev/null 2>"$T/err"
expect "ulimit -f: selfplay exits 1" 1 $?
expect_err "ulimit -f: selfplay says file too large" "limited.cgp: write failed: File too large"
no_temporaries "ulimit -f"

# ---- --json: valid JSON whatever the paths hold ----
# A directory named with an invalid UTF-8 byte (0xFF), a quote, a backslash
# and control characters: every command's --json output is one line of valid
# UTF-8 that jq parses, and a path reads back as the bytes given, with the
# invalid byte as U+FFFD (EF BF BD).
if command -v jq >/dev/null && command -v iconv >/dev/null; then
  odd=$'odd\xff"q\\b\x01\t'
  odd_read=$'odd\xef\xbf\xbd"q\\b\x01\t'
  mkdir "$odd" && cp "$FIXTURE" "$odd/w.txt"
  printf 'CAT\nD\xffG"\\\x01\nDOG\n' >"$odd/bad.txt"
  json_ok() {  # NAME: $T/out is one line of valid JSON
    checks=$((checks + 1))
    if ! iconv -f UTF-8 -t UTF-8 "$T/out" >/dev/null 2>&1; then
      fail "$1: --json output is not UTF-8"
    elif ! jq empty "$T/out" >/dev/null 2>&1; then
      fail "$1: jq cannot parse the --json output"
    elif [ "$(wc -l <"$T/out")" != 1 ]; then
      fail "$1: --json output is not one line"
    fi
  }
  E=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15
  expect_rc "odd path: build --json" 0 "$LEXC" build -q --json "$odd/w.txt" -o "$odd/w.lex"
  json_ok "odd path: build --json"
  expect "odd path: build --json input" "$odd_read/w.txt" "$(jq -r .input "$T/out")"
  expect "odd path: build --json output" "$odd_read/w.lex" "$(jq -r .output "$T/out")"
  expect_rc "odd path: build --skip-invalid --json" 0 "$LEXC" build -q --json --skip-invalid "$odd/bad.txt" \
    -o "$odd/bad.lex"
  json_ok "odd path: build --skip-invalid --json"
  expect "odd path: the skipped line is reported" 1 "$(jq '.skipped_examples | length' "$T/out")"
  expect_rc "odd path: stats --json" 0 "$LEXC" stats --json "$odd/w.lex"
  json_ok "odd path: stats --json"
  expect "odd path: stats --json path" "$odd_read/w.lex" "$(jq -r '.[0].path' "$T/out")"
  expect_rc "odd path: verify --json" 0 "$LEXC" verify --json "$odd/w.lex" --words "$odd/w.txt"
  json_ok "odd path: verify --json"
  expect "odd path: verify --json paths" "$odd_read/w.lex|$odd_read/w.txt" "$(jq -r '.image + "|" + .word_list' "$T/out")"
  expect_rc "odd path: verify --json (wrong list)" 1 "$LEXC" verify --json "$odd/w.lex" --words "$odd/bad.txt" \
    --skip-invalid
  json_ok "odd path: verify --json (wrong list)"
  expect "odd path: verify --json says not ok" false "$(jq .ok "$T/out")"
  for kind in "contains QI" "index QI" "word 0" "prefix QU" "anagram A?"; do
    # shellcheck disable=SC2086  # kind is a query kind and its argument
    expect_rc "odd path: query $kind --json" 0 "$LEXC" query --json "$odd/w.lex" $kind
    json_ok "odd path: query $kind --json"
  done
  expect_rc "odd path: moves --json" 0 "$LEXC" moves --json "$odd/w.lex" --cgp "$E CAT/ 0/0 0" --top 3
  json_ok "odd path: moves --json"
  expect_rc "odd path: selfplay --json" 0 "$LEXC" selfplay --json "$odd/w.lex" --games 2
  json_ok "odd path: selfplay --json"
  expect_rc "odd path: selfplay --stats --json" 0 "$LEXC" selfplay --json -q ref.lex --games 5 --stats "$odd/study"
  json_ok "odd path: selfplay --stats --json"
  expect "odd path: selfplay --stats --json names the stats file" "$odd_read/study/stats.json" \
    "$(jq -r .stats "$T/out")"
  expect_rc "odd path: report --json" 0 "$LEXC" report --json --no-plots "$odd/study"
  json_ok "odd path: report --json"
else
  echo "skip: --json with odd paths (needs jq and iconv)"
fi
finish
