#!/usr/bin/env bash
# Every example a user is shown runs as shown (issue 19, section 2).
#
#   bash tests/cli/examples_test.sh PATH/TO/lexc SOURCE_DIR
#
# Examples are extracted, not copied here: the lines of the README's ```sh
# blocks, and the "Examples:" section of `lexc --help` and of the --help of
# every subcommand `lexc --help` lists. Each block (a README code block, or one
# --help) runs in order, as a user would type it, in a fresh directory that
# holds the files the examples name (nwl18.txt, sowpods.lex, board.txt,
# game.gcg, ...), made here from fixtures/ and, when present, SOWPODS
# (LEXC_SOWPODS or ../shared/lexica/SOWPODS.txt; otherwise
# fixtures/english-small.txt stands in, and `lexc query` may then also exit 1:
# "not found"). `lexc` on PATH is the binary under test.
#
# What is changed, and why (so that the suite stays fast; the syntax and the
# files are what is tested, not the speed):
#   --games, --first-game, --count, --boards, --iterations N >= 1000 run N/1000;
#   --time N > 1 runs 1 second; {1..N} (file names) with N >= 1000 is {1..N/1000}.
# An example whose explanation says "(exit 1)" must exit 1, every other 0.
# What is skipped, with the reason printed: mpirun lines (MPI), build/bench/
# lines (benchmarks), for loops (timing recipes), scripts/dev lines (they
# install packages and build). A README line NAME=$(...) sets a value for the
# block's later lines (it must succeed); a line ending in \ continues.
# A failing example prints its block, the command and its standard error.
LEXC=${1:?usage: examples_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: examples_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
LEXC=$(readlink -f "$LEXC")
SRC=$(readlink -f "$SRC")
SOWPODS=${LEXC_SOWPODS:-$SRC/../shared/lexica/SOWPODS.txt}

# ---- the files the examples name ----
P=$T/prep
mkdir -p "$P/bin"
ln -s "$LEXC" "$P/bin/lexc"
ln -s "$SRC/fixtures" "$P/fixtures"
export PATH="$P/bin:$PATH"
full=1
if [ -f "$SOWPODS" ]; then
  cp "$SOWPODS" "$P/nwl18.txt"
else
  echo "note: no SOWPODS at $SOWPODS; fixtures/english-small.txt stands in"
  full=0
  grep -v '^#' "$SRC/fixtures/english-small.txt" >"$P/nwl18.txt"
fi
prep() {
  (cd "$P" && "$@" >/dev/null 2>"$T/prep.err") || {
    echo "FAIL: preparing the example files: $*"
    sed 's/^/    /' "$T/prep.err" | head -5
    exit 1
  }
}
prep lexc build nwl18.txt -o nwl18.lex -q
prep cp nwl18.lex sowpods.lex
prep lexc build --dawg nwl18.txt -o nwl18.dawg -q
prep lexc build --gaddag nwl18.txt -o nwl18.gdg -q
prep lexc build --format kwg nwl18.txt -o nwl18.kwg -q
prep lexc build fixtures/words-tiny.txt -o w.lex -q
prep lexc build --alphabet spanish fixtures/spanish-words.txt -o es.lex -q
prep sh -c 'gzip -c nwl18.txt >list.gz'
have_zstd=1
command -v zstd >/dev/null && prep zstd -q nwl18.txt -o nwl18.txt.zst || have_zstd=0
prep cp fixtures/interop/english-small.wolges.kwg csw21.kwg
prep cp fixtures/interop/english-small.wolges.kwg magpie.kwg
prep lexc convert csw21.kwg -o csw21.lex -q
prep cp fixtures/interop/leaves-small.wolges.klv2 english.klv2
prep lexc convert english.klv2 -o english.leaves -q
prep cp fixtures/board.txt board.txt
prep sh -c 'head -20 fixtures/positions/sowpods-greedy.cgp >positions.cgp'
prep lexc selfplay sowpods.lex --games 3 --gcg-dir games/
if [ $full = 1 ]; then
  prep cp fixtures/game.gcg game.gcg  # the shipped sample game (SOWPODS)
else
  prep cp games/game-1.gcg game.gcg  # a game of the stand-in lexicon
fi
prep lexc selfplay sowpods.lex --games 20 --stats study/ -q
prep lexc selfplay sowpods.lex --first-game 0 --games 500 --stats shard1/ -q
prep lexc selfplay sowpods.lex --first-game 500 --games 500 --stats shard2/ -q

# ---- the examples ----
# README: one block per ```sh fence.
readme_blocks() {  # a line ending in a backslash is joined to the next
  awk '/^```sh/ { n++; f = 1; next } /^```/ { f = 0 }
       f && /\\$/ { sub(/\\$/, ""); held = held $0; next }
       f { print "README block " n "\t" held $0; held = "" }' "$SRC/README.md"
}
# --help: the lines of the Examples: section that start with two spaces (a
# deeper indent continues the explanation above), the explanation after two
# spaces (outside quotes) moved into a comment.
help_examples() {
  local name=$1
  shift
  "$LEXC" "$@" --help | sed -n '/^Examples:/,/^$/p' | grep '^  [^ ]' | awk -v name="$name" '
    { line = substr($0, 3); out = ""; q = ""
      for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (q == "" && c == " " && substr(line, i + 1, 1) == " ") break
        if (q == "" && (c == "\047" || c == "\"")) q = c; else if (c == q) q = ""
        out = out c }
      rest = substr(line, i); sub(/^ +/, "", rest)
      print name "\t" out (rest == "" ? "" : "  # " rest) }'
}
{
  readme_blocks
  help_examples "lexc --help"
  for cmd in $("$LEXC" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }'); do
    help_examples "lexc $cmd --help" "$cmd"
  done
} >"$T/examples"

# Study directories a block writes (selfplay/replay --stats DIR, merge DIR)
# start absent, as they would for the user who types the block.
written_dirs() {
  grep -oE '(--stats|--gcg-dir) [^ ]+|lexc merge [^ ]+' | awk '{ print $NF }' | sort -u
}
scale() {
  perl -pe 's/(--(?:games|first-game|count|boards|iterations) )(\d+)/$1 . ($2 >= 1000 ? $2 \/ 1000 : $2)/ge;
            s/(--time )(\d+)/$1 . ($2 > 1 ? 1 : $2)/ge;
            s/\{1\.\.(\d+)\}/"{1.." . ($1 >= 1000 ? $1 \/ 1000 : $1) . "}"/ge'
}

ran=0
skipped=0
n=0
while IFS= read -r block; do
  n=$((n + 1))
  lines=$(awk -F'\t' -v b="$block" '$1 == b { sub(/^[^\t]*\t/, ""); print }' "$T/examples")
  dir=$T/run/$n
  mkdir -p "$T/run"
  cp -al "$P" "$dir"
  while IFS= read -r d; do rm -rf "${dir:?}/$d"; done < <(printf '%s\n' "$lines" | written_dirs)
  prelude=""  # the block's NAME=$(...) lines so far
  while IFS= read -r line; do
    cmd=$(printf '%s' "$line" | sed 's/^[[:space:]]*//; s/[[:space:]]*#.*$//')
    comment=$(printf '%s' "$line" | sed -n 's/^[^#]*#//p')
    [ -n "$cmd" ] || continue
    if [[ $cmd =~ ^[A-Z_]+=\$\( ]]; then  # NAME=$(...): a value later lines of the block use
      run=$(printf '%s' "$cmd" | scale)
      name=${cmd%%=*}
      checks=$((checks + 1))
      (cd "$dir" && eval "$prelude" && eval "$run" && [ -n "${!name}" ]) </dev/null >/dev/null 2>"$T/err" ||
        { fail "$block: $cmd"; sed 's/^/    /' "$T/err" | head -5; }
      prelude+="$run; export $name; "
      continue
    fi
    case $cmd in
      mpirun*) echo "skip ($block): needs MPI: $cmd"; skipped=$((skipped + 1)); continue ;;
      *build/bench/*) echo "skip ($block): a benchmark: $cmd"; skipped=$((skipped + 1)); continue ;;
      for\ *) echo "skip ($block): a timing loop: $cmd"; skipped=$((skipped + 1)); continue ;;
      scripts/dev*) echo "skip ($block): installs packages and builds: $cmd"; skipped=$((skipped + 1)); continue ;;
      lexc\ * | *"| lexc "*) ;;
      *) fail "$block: not a lexc command: $cmd"; continue ;;
    esac
    if [ $have_zstd = 0 ] && [[ $cmd == *.zst* ]]; then
      echo "skip ($block): no zstd here: $cmd"; skipped=$((skipped + 1)); continue
    fi
    run=$(printf '%s' "$cmd" | scale)
    want=0
    [[ $comment == *"(exit 1)"* ]] && want=1  # an example that says it exits 1 (query: not found)
    (cd "$dir" && eval "$prelude" && timeout 120 bash -c "$run" </dev/null >"$T/out" 2>"$T/err")
    rc=$?
    ran=$((ran + 1))
    checks=$((checks + 1))
    if [ "$rc" != "$want" ] && ! { [ $full = 0 ] && [ "$rc" = 1 ] && [[ $cmd == "lexc query "* ]]; }; then
      fail "$block: exit $rc (expected $want): $run"
      sed 's/^/    /' "$T/err" | head -5
    fi
  done <<<"$lines"
done < <(cut -f1 "$T/examples" | uniq)

echo "$ran examples run, $skipped skipped"
[ "$ran" -gt 100 ] || fail "only $ran examples found: is the extraction broken?"
finish
