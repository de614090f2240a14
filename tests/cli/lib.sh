# Shared helpers of the shell end-to-end tests (sourced, not run).
# Provides $T (a temporary directory removed on exit) and checks that count
# into $checks and $failures; finish prints the tally and sets the exit code.
set -u
export LC_ALL=C

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

failures=0
checks=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect NAME EXPECTED ACTUAL
expect() {
  checks=$((checks + 1))
  if [ "$2" != "$3" ]; then
    fail "$1"
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -10 | sed 's/^/    /'
  fi
}
# expect_rc NAME EXPECTED_CODE COMMAND... (output goes to $T/out, $T/err)
expect_rc() {
  local name=$1 want=$2
  shift 2
  "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  checks=$((checks + 1))
  [ "$rc" = "$want" ] || { fail "$name: exit $rc, expected $want"; sed 's/^/    /' "$T/err" | head -5; }
}
# expect_grep NAME PATTERN FILE
expect_grep() {
  checks=$((checks + 1))
  grep -q -- "$2" "$3" || { fail "$1: no '$2' in:"; sed 's/^/    /' "$3" | head -5; }
}
# expect_err NAME TEXT: $T/err holds TEXT
expect_err() {
  checks=$((checks + 1))
  grep -qF -- "$2" "$T/err" || { fail "$1: stderr lacks '$2'"; sed 's/^/    /' "$T/err" | head -5; }
}
# crc32c FILE: the CRC-32C (Castagnoli, reflected 0x82F63B78) of the file's
# bytes as 0x + 8 hex digits: a model of the study's layout check, written
# from the definition, not from lexc's code.
crc32c() {
  python3 -c '
import sys
c = 0xFFFFFFFF
for b in open(sys.argv[1], "rb").read():
    c ^= b
    for _ in range(8):
        c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
print("0x%08x" % (c ^ 0xFFFFFFFF))' "$1"
}
finish() {
  echo "$checks checks, $failures failed"
  [ "$failures" = 0 ]
}
