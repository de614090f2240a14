#!/usr/bin/env bash
# Word numbers end to end: `lexc build --word-index` writes a 1.1 image with
# a WIDX section; `lexc query IMG index WORD` / `word N` answer from it, and
# the same from images without it (computed on opening, or the word list of
# a GADDAG-only image). The model: the fixture's words, upper-cased, sorted
# with sort(1) and de-duplicated; a word's number is its line number - 1.
#
#   bash tests/cli/word_index_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: word_index_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: word_index_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
FIXTURE="$SRC/fixtures/words-tiny.txt"
cd "$T" || exit 1

grep -v '^#' "$FIXTURE" | tr -d ' \r' | grep -v '^$' | tr 'a-z' 'A-Z' | sort -u >model.txt
N=$(wc -l <model.txt)

expect_rc "build --word-index" 0 "$LEXC" build -q --word-index "$FIXTURE" -o widx.lex
expect_rc "build (no index)" 0 "$LEXC" build -q "$FIXTURE" -o plain.lex
expect_rc "build --gaddag" 0 "$LEXC" build -q --gaddag "$FIXTURE" -o gaddag.lex
expect_rc "build --gaddag --word-index is a usage error" 2 "$LEXC" build -q --gaddag --word-index "$FIXTURE" -o x.lex
expect_err "the error says why" "needs the DAWG"
expect "no output after the usage error" "" "$(ls x.lex 2>/dev/null)"

expect_rc "verify" 0 "$LEXC" verify widx.lex
expect_grep "verify names the section" "DAWG+GADDAG+WIDX" "$T/out"
expect_rc "stats --json" 0 "$LEXC" stats --json widx.lex
expect_grep "stats: format 1.1" '"format":"1.1"' "$T/out"
expect_rc "stats --json (no index)" 0 "$LEXC" stats --json plain.lex
expect_grep "stats: format 1.0" '"format":"1.0"' "$T/out"
expect_grep "stats: no section" '"word_index_bytes":0' "$T/out"

for img in widx.lex plain.lex gaddag.lex; do
  # Every word's number, all at once, and every number's word.
  # shellcheck disable=SC2046
  "$LEXC" query "$img" index $(cat model.txt) >numbers.txt
  expect "$img: index of every word" "$(awk '{ print $0 ": " NR - 1 }' model.txt)" "$(cat numbers.txt)"
  # shellcheck disable=SC2046
  "$LEXC" query "$img" word $(seq 0 $((N - 1))) >words.txt
  expect "$img: word of every number" "$(awk '{ print NR - 1 ": " $0 }' model.txt)" "$(cat words.txt)"
  expect_rc "$img: index of a non-word exits 1" 1 "$LEXC" query "$img" index QX
  expect "$img: non-word message" "QX: not a word" "$(cat "$T/out")"
  expect_rc "$img: word N past the end exits 1" 1 "$LEXC" query "$img" word "$N"
  expect_err "$img: past-the-end message" "the lexicon has $N words"
  expect_rc "$img: word of a non-number exits 2" 2 "$LEXC" query "$img" word 1x
  expect_rc "$img: index --json" 0 "$LEXC" query "$img" index --json "$(sed -n 3p model.txt)"
  expect "$img: index JSON" "[{\"kind\":\"index\",\"query\":\"$(sed -n 3p model.txt)\",\"word\":\"$(sed -n 3p model.txt)\",\"found\":true,\"index\":2,\"json_version\":1}]" "$(cat "$T/out")"
  expect_rc "$img: word --json" 0 "$LEXC" query "$img" word --json 0
  expect "$img: word JSON" "[{\"kind\":\"word\",\"query\":\"0\",\"index\":0,\"word\":\"$(head -1 model.txt)\",\"json_version\":1}]" "$(cat "$T/out")"
  expect_rc "$img: single index prints the bare number" 0 "$LEXC" query "$img" index "$(tail -1 model.txt)"
  expect "$img: bare number" "$((N - 1))" "$(cat "$T/out")"
done

# A damaged count: verify refuses it, naming the section.
python3 - widx.lex bad.lex <<'PY' || fail "python3 patch"
import struct, sys
from binascii import crc32
b = bytearray(open(sys.argv[1], 'rb').read())
count = struct.unpack_from('<I', b, 28)[0]
for i in range(count):
    e = 64 + 24 * i
    if b[e:e + 4] == b'WIDX':
        off, size = struct.unpack_from('<QQ', b, e + 8)
        b[off + size - 1] ^= 1  # the last node's count
open(sys.argv[2], 'wb').write(b)
PY
expect_rc "verify a damaged WIDX (CRC now wrong)" 1 "$LEXC" verify bad.lex
expect_err "checksum first" "CRC32C"

finish
