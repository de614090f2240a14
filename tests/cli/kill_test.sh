#!/usr/bin/env bash
# A build killed part-way (SIGKILL, no chance to clean up) never damages an
# earlier image at the output path: the image is written to a temporary file
# and renamed into place only when complete and verified.
#
#   bash tests/cli/kill_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: kill_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: kill_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# A large list (about 200,000 distinct words), made here so the test does not
# depend on SOWPODS: every build of it takes long enough to be killed mid-way
# (the moments below are fractions of its measured build time).
awk 'BEGIN { srand(7); for (i = 0; i < 200000; i++) { n = 4 + int(rand() * 10); w = "";
  for (j = 0; j < n; j++) w = w sprintf("%c", 65 + int(rand() * 26)); print w } }' >"$T/big.txt"
"$LEXC" build -q "$SRC/fixtures/words-tiny.txt" -o "$T/out.lex" || { echo "FAIL: first build"; exit 1; }
cp "$T/out.lex" "$T/before.lex"

# Kill at a spread of moments: while reading, building, verifying, writing.
# The moments are fractions of one whole build's time on this machine (a
# Release build takes about a second, a sanitizer build several), plus one
# after it should have finished.
t0=$(date +%s%N)
"$LEXC" build -q "$T/big.txt" -o "$T/timed.lex" || { echo "FAIL: the timed build"; exit 1; }
full_ms=$((($(date +%s%N) - t0) / 1000000))
delays=$(awk -v ms="$full_ms" 'BEGIN { n = split("0.02 0.1 0.2 0.35 0.5 0.65 0.8 0.9 0.97 1.2", f, " ");
  for (i = 1; i <= n; i++) printf "%.3f ", f[i] * ms / 1000 }')
for delay in $delays; do
  "$LEXC" build -q "$T/big.txt" -o "$T/out.lex" &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if cmp -s "$T/out.lex" "$T/before.lex"; then
    checks=$((checks + 1))
  else
    # The build finished before the kill: then the file must be the new,
    # complete image, and it must verify.
    expect_rc "killed at ${delay}s: the output is the old image or a complete new one" 0 \
      "$LEXC" verify "$T/out.lex" --words "$T/big.txt"
    cp "$T/before.lex" "$T/out.lex"
  fi
  expect_rc "killed at ${delay}s: the output verifies" 0 "$LEXC" verify "$T/out.lex"
done
finish
