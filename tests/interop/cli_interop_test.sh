#!/usr/bin/env bash
# Other engines' files end to end: lexc build --format kwg, lexc convert both
# ways (KWG <-> image, KLV2 <-> leave table), lexc stats on them, and the
# refusals (a damaged KWG names the arc and offset; nothing is written).
# Models: the fixture's words upper-cased and sorted by sort(1); the wolges
# files in fixtures/interop/.
#
#   bash tests/interop/cli_interop_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: cli_interop_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: cli_interop_test.sh LEXC SOURCE_DIR}
. "$SRC/tests/cli/lib.sh"
FIXTURE="$SRC/fixtures/english-small.txt"
WOLGES="$SRC/fixtures/interop/english-small.wolges.kwg"
cd "$T" || exit 1
grep -v '^ *#' "$FIXTURE" | tr -d ' \r\t' | grep -v '^$' | tr 'a-z' 'A-Z' | sort -u >model.txt

expect_rc "build --format kwg" 0 "$LEXC" build -q --format kwg "$FIXTURE" -o small.kwg
expect_rc "build --format kwg --dawg" 0 "$LEXC" build -q --format kwg --dawg "$FIXTURE" -o small-dawg.kwg
expect_rc "build an image" 0 "$LEXC" build -q "$FIXTURE" -o small.lex
expect_rc "convert image -> kwg" 0 "$LEXC" convert -q small.lex -o again.kwg
expect "build --format kwg = convert of the image" "" "$(cmp small.kwg again.kwg 2>&1)"
expect "the KWG is as large as wolges's" "$(wc -c <"$WOLGES")" "$(wc -c <small.kwg)"
shuf model.txt >shuffled.txt 2>/dev/null || sort -r model.txt >shuffled.txt
expect_rc "build from the words in another order" 0 "$LEXC" build -q --format kwg shuffled.txt -o shuffled.kwg
expect "byte-identical whatever the order" "" "$(cmp small.kwg shuffled.kwg 2>&1)"

expect_rc "convert kwg -> image" 0 "$LEXC" convert -q small.kwg --alphabet english -o back.lex
expect "lexc -> KWG -> lexc is the identity" "" "$(cmp small.lex back.lex 2>&1)"
# A KWG streamed through a FIFO: nothing the writer sends is lost, the run does
# not hang, and the image equals the one converted from the regular file.
mkfifo fifo.kwg
timeout 20 sh -c "cat small.kwg >fifo.kwg" &
expect_rc "convert a KWG from a FIFO" 0 timeout 20 "$LEXC" convert -q fifo.kwg --alphabet english -o fifo.lex
wait
expect "the FIFO's KWG converts like the file" "" "$(cmp small.lex fifo.lex 2>&1)"
rm -f fifo.kwg
expect_rc "convert wolges's kwg" 0 "$LEXC" convert --json -q "$WOLGES" -o wolges.lex
expect_grep "--json report" '"from":"kwg","to":"lex"' "$T/out"
expect_rc "verify it against the list" 0 "$LEXC" verify wolges.lex --words "$FIXTURE"
expect "its words" "$(cat model.txt)" "$("$LEXC" dump wolges.lex)"
expect_rc "convert wolges's kwg --rebuild" 0 "$LEXC" convert -q --rebuild "$WOLGES" -o rebuilt.lex
expect_rc "convert --rebuild of an image into a KWG does not apply" 2 "$LEXC" convert -q --rebuild rebuilt.lex -o rebuilt.kwg
expect_rc "convert --dawg into an image does not apply" 2 "$LEXC" convert -q --dawg "$WOLGES" -o rebuilt2.lex
expect "rebuilt: the image lexc builds from the list" "" "$(cmp small.lex rebuilt.lex 2>&1)"
expect_rc "convert the DAWG-only kwg" 0 "$LEXC" convert -q small-dawg.kwg -o dawg.lex
expect_rc "verify it" 0 "$LEXC" verify dawg.lex --words "$FIXTURE"
expect_grep "DAWG only" "words, DAWG, " "$T/out"

expect_rc "stats on a kwg and an image" 0 "$LEXC" stats --json small.kwg small.lex
expect_grep "stats: the KWG" '"format":"kwg"' "$T/out"
expect_grep "stats: its size" "\"image_bytes\":$(wc -c <small.kwg)" "$T/out"

# Damage: an arc's child index past the end. Nothing is written.
cp small.kwg bad.kwg
printf '\377\377\077' | dd of=bad.kwg bs=1 seek=8 conv=notrunc 2>/dev/null
expect_rc "a damaged KWG is refused" 1 "$LEXC" convert bad.kwg -o bad.lex
expect_err "the error names the arc and offset" "arc 2 (offset 8): child index 4194303 past the"
expect "nothing written" "" "$(ls bad.lex 2>/dev/null)"
expect_rc "stats refuses it too" 1 "$LEXC" stats bad.kwg
head -c 10 small.kwg >odd.kwg
expect_rc "a size not a multiple of 4" 1 "$LEXC" convert odd.kwg -o odd.lex
expect_err "says so" "not a multiple of 4"
printf 'name abc\nA 1 9\nB 3 2\nC 3 2\n? 0 2\n' >abc.txt
expect_rc "a KWG tile past the alphabet" 1 "$LEXC" convert small.kwg --alphabet abc.txt -o x.lex
expect_err "names the tile and the alphabet's range" "outside the alphabet's 1..3"
expect_rc "unknown input format" 2 "$LEXC" convert model.txt -o x.kwg
expect_err "asks for --from" "give --from"
expect_rc "lexicon to leaves" 2 "$LEXC" convert small.lex -o x.klv2
expect_err "explains the pairs" "lexicons (lex, kwg) convert to lexicons"

# Leave tables.
KLV="$SRC/fixtures/interop/leaves-small.wolges.klv2"
expect_rc "klv2 -> leaves" 0 "$LEXC" convert -q "$KLV" -o small.leaves
expect_rc "leaves -> klv2" 0 "$LEXC" convert -q small.leaves -o small.klv2
expect "the same KLV2 size as wolges's" "$(wc -c <"$KLV")" "$(wc -c <small.klv2)"
expect_rc "klv2 -> leaves again" 0 "$LEXC" convert -q small.klv2 -o again.leaves
expect "leaves -> klv2 -> leaves is the identity" "" "$(cmp small.leaves again.leaves 2>&1)"
expect_rc "stats on leave tables" 0 "$LEXC" stats "$KLV" small.leaves
expect_grep "counts the leaves" "300 leaves, longest 6" "$T/out"
cp small.leaves damaged.leaves
printf 'x' | dd of=damaged.leaves bs=1 seek=100 conv=notrunc 2>/dev/null
expect_rc "a damaged leave table is refused" 1 "$LEXC" convert damaged.leaves -o x.klv2
expect_err "by its checksum" "checksum mismatch"

# --from forces the input's format: the file is read as exactly that format,
# never told apart by content, and a file of another format (or junk) gets
# that format's own error, exit 1, nothing written. Models: the specs' first
# bytes (formats/lexicon-image.md and leaves.md: a magic; kwg.md: arc words,
# root entry 0 of tile 0 and no accepts bit; klv2.md: the arc count K first,
# the graph within the file), the first word read by od(1).
{ printf '\321\322\323\324'; awk 'BEGIN { srand(7); for (i = 0; i < 3996; i++) printf "%c", int(rand() * 256) }'; } >junk.bin
word0() { od -An -tu4 -N4 "$1" | tr -d ' '; }
refused_as() {  # NAME FROM INPUT OUTPUT TEXT
  rm -f "$4"
  expect_rc "--from $2 $1 is refused" 1 "$LEXC" convert -q "$3" --from "$2" -o "$4"
  expect_err "--from $2 $1: $5" "$5"
  expect_err "--from $2 $1: names the file" "$3"
  expect "--from $2 $1: nothing written" "" "$(ls "$4" 2>/dev/null)"
}
for f in small.kwg "$KLV" small.leaves junk.bin; do
  refused_as "on $(basename "$f")" lex "$f" f.kwg "not a lexc image (magic bytes do not match)"
done
for f in small.lex junk.bin; do
  refused_as "on $(basename "$f")" kwg "$f" f.lex \
    "root entry 0 (offset 0): expected tile 0 and no accepts bit, got word $(word0 "$f")"
done
refused_as "on a leave table of $(wc -c <small.leaves) bytes" kwg small.leaves f.lex \
  "size $(wc -c <small.leaves) is not a multiple of 4 bytes"
refused_as "on a KLV2" kwg "$KLV" f.lex "$KLV"  # read as arcs: the KWG's own checks refuse it
for f in small.lex small.kwg small.leaves junk.bin; do
  refused_as "on $(basename "$f")" klv2 "$f" f.leaves \
    "offset 0: KWG of $(word0 "$f") arcs ($(($(word0 "$f") * 4)) bytes) runs past the end of the $(wc -c <"$f")-byte file"
done
for f in small.lex small.kwg "$KLV" junk.bin; do
  refused_as "on $(basename "$f")" leaves "$f" f.klv2 "not a lexc leave table (magic)"
done
# Each format forced on its own kind reads as without --from, from a file
# or from standard input (where --from is the only way to name it).
expect_rc "--from klv2 on a KLV2" 0 "$LEXC" convert -q "$KLV" --from klv2 -o from.leaves
expect "the same leave table" "" "$(cmp small.leaves from.leaves 2>&1)"
expect_rc "--from leaves on standard input" 0 "$LEXC" convert -q - --from leaves -o stdin.klv2 <small.leaves
expect "the same KLV2" "" "$(cmp small.klv2 stdin.klv2 2>&1)"
expect_rc "--from klv2 on standard input" 0 "$LEXC" convert -q - --from klv2 -o stdin.leaves <"$KLV"
expect "the same leave table again" "" "$(cmp small.leaves stdin.leaves 2>&1)"
expect_rc "--from kwg on standard input" 0 "$LEXC" convert -q - --from kwg -o stdin.lex <small.kwg
expect "the same image" "" "$(cmp small.lex stdin.lex 2>&1)"
expect_rc "--from lex on standard input (an image read, not mapped)" 0 "$LEXC" convert -q - --from lex -o stdin.kwg <small.lex
expect "the same KWG" "" "$(cmp small.kwg stdin.kwg 2>&1)"
mkfifo pipe.lex
timeout 20 sh -c "cat small.lex >pipe.lex" &
expect_rc "an image from a FIFO (read, not mapped)" 0 timeout 20 "$LEXC" convert -q pipe.lex -o fifo2.kwg
wait
expect "the FIFO's image converts like the file" "" "$(cmp small.kwg fifo2.kwg 2>&1)"
rm -f pipe.lex
expect_rc "--from leaves on junk from standard input" 1 "$LEXC" convert -q - --from leaves -o stdin2.klv2 <junk.bin
expect_err "named as -" "-: not a lexc leave table (magic)"
expect_rc "--from lex on junk from standard input" 1 "$LEXC" convert -q - --from lex -o stdin2.kwg <junk.bin
expect_err "names it an image's error" "-: not a lexc image (magic bytes do not match)"
expect_rc "standard input without --from" 2 "$LEXC" convert -q - -o stdin3.kwg <small.lex
expect_err "asks for --from" "give --from"

finish
