#!/usr/bin/env bash
# `lexc report STUDY_DIR`: report.md and plots rebuilt from the stats.json of
# a real study (`lexc selfplay --stats`); the summary and --json; plots
# skipped without gnuplot; damaged, edited or mismatched inputs refused with
# the file and the field named.
#
#   bash tests/cli/report_test.sh PATH/TO/lexc SOURCE_DIR
LEXC=${1:?usage: report_test.sh LEXC SOURCE_DIR}
SRC=${2:?usage: report_test.sh LEXC SOURCE_DIR}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$LEXC" build -q "$SRC/fixtures/english-small.txt" -o "$T/en.lex" || { echo "FAIL: build"; exit 1; }
"$LEXC" build -q "$SRC/fixtures/words-tiny.txt" -o "$T/tiny.lex" || { echo "FAIL: build"; exit 1; }
"$LEXC" selfplay "$T/en.lex" --games 150 --stats "$T/study" -q --lexicon TEST || { echo "FAIL: selfplay"; exit 1; }
# The driver wrote a report; `lexc report` must write it again from stats.json.
expect_grep "the study wrote its report" "## The highest-scoring moves" "$T/study/report.md"
rm -rf "$T/study/report.md" "$T/study/plots"

expect_rc "report" 0 "$LEXC" report "$T/study"
expect_grep "summary: games" "150 games" "$T/out"
expect_grep "summary: win rate" "first player: wins" "$T/out"
expect_grep "report.md written" "## The highest-scoring moves" "$T/study/report.md"
expect_grep "facts of the study" "| lexicon | TEST |" "$T/study/report.md"
expect_grep "facts of the study: games" "| games | 150 |" "$T/study/report.md"
expect_grep "facts of the study: the image" "| image.size | $(stat -c %s "$T/en.lex") |" "$T/study/report.md"
expect_grep "facts of the study: the players" "| players\\[0\\].strategy | greedy |" "$T/study/report.md"
if command -v gnuplot >/dev/null; then
  for p in word_lengths scores bingos move_scores top_words; do
    expect_grep "plot $p" "<svg" "$T/study/plots/$p.svg"
    expect_grep "plot $p linked" "(plots/$p.svg)" "$T/study/report.md"
  done
fi

expect_rc "report --json" 0 "$LEXC" report "$T/study" --json --limit 5
expect_grep "json: CI" '"win_rate_ci95":\[' "$T/out"
expect_grep "json: per game" '"winner_score":{"mean":' "$T/out"
expect_grep "--limit 5: five words" "| 5 | " "$T/study/report.md"
checks=$((checks + 1))
grep -q "^| 6 | .* | 1 game of" "$T/study/report.md" && fail "--limit 5 lists a sixth word"
expect_rc "report --top (the old name of --limit)" 0 "$LEXC" report "$T/study" --top 6
checks=$((checks + 1))
grep -q "^| 6 | .* | 1 game of" "$T/study/report.md" || fail "--top 6 lists no sixth word"

# Without gnuplot (not in PATH, or --no-plots): everything else is written.
rm -rf "$T/study/plots" "$T/study/report.md"
expect_rc "no gnuplot in PATH" 0 env PATH=/nonexistent "$LEXC" report "$T/study"
expect_grep "no gnuplot: said so" "Plots were skipped: gnuplot could not be started" "$T/study/report.md"
expect_grep "no gnuplot: summary" "plots skipped" "$T/out"
expect_rc "--no-plots" 0 "$LEXC" report "$T/study" --no-plots
expect_grep "--no-plots: said so" "Plots were skipped" "$T/study/report.md"

# The image: from --image when the recorded one moved.
mv "$T/en.lex" "$T/moved.lex"
expect_rc "recorded image gone" 1 "$LEXC" report "$T/study"
expect_rc "--image" 0 "$LEXC" report "$T/study" --image "$T/moved.lex" --no-plots
expect_rc "another image" 1 "$LEXC" report "$T/study" --image "$T/tiny.lex" --no-plots
expect_err "another image: said" "is not the study's image"
# A stats.json whose study names the other image (edited): its statistics
# do not fit that image's words, and the field is named.
"$LEXC" selfplay "$T/tiny.lex" --stats "$T/tiny-study" -q || { echo "FAIL: selfplay tiny"; exit 1; }
mkdir -p "$T/edited"
jq --argjson image "$(jq .study.image "$T/tiny-study/stats.json")" '.study.image = $image' \
  "$T/study/stats.json" >"$T/edited/stats.json"
expect_rc "statistics of another image" 1 "$LEXC" report "$T/edited" --image "$T/tiny.lex" --no-plots
expect_err "another image: names the field" "stats.words.count"
cp "$T/moved.lex" "$T/en.lex"

# Damaged and edited stats.json: refused, naming the file and the place.
cp "$T/study/stats.json" "$T/good.json"
head -c 500 "$T/good.json" >"$T/study/stats.json"
expect_rc "truncated" 1 "$LEXC" report "$T/study" --no-plots
expect_err "truncated: file" "stats.json"
expect_err "truncated: offset" "at byte"
# Nested a million levels deep: the JSON library would copy it recursively
# and crash; refused before parsing.
python3 -c "n = 10**6; print('{\"format\":' + '[' * n + ']' * n + '}')" >"$T/study/stats.json"
expect_rc "deep nesting" 1 "$LEXC" report "$T/study" --no-plots
expect_err "deep nesting: said" "stats.json: nested deeper than 64 levels at byte 74"
sed 's/"games": 150/"games": -150/' "$T/good.json" >"$T/study/stats.json"
expect_rc "negative count" 1 "$LEXC" report "$T/study" --no-plots
expect_err "negative count: path" "stats.games: expected a non-negative integer"
sed 's/"format": "lexc-study"/"format": "other"/' "$T/good.json" >"$T/study/stats.json"
expect_rc "not a study" 1 "$LEXC" report "$T/study" --no-plots
expect_err "not a study: format" "format"
cp "$T/good.json" "$T/study/stats.json"

# The layout: the study's (study.layout: the built-in board, or a file's path
# and its text's CRC32C, computed here by crc32c in lib.sh) or refused,
# naming both layouts and what differs, before anything is written.
cp "$SRC/formats/layouts/standard15.txt" "$T/L.txt"
cp "$SRC/formats/layouts/big21.txt" "$T/big21.txt"
L_CRC=$(crc32c "$T/L.txt")
"$LEXC" selfplay "$T/en.lex" --games 20 --layout "$T/L.txt" --stats "$T/lstudy" -q || { echo "FAIL: selfplay --layout"; exit 1; }
expect "the layout recorded: its path and CRC32C" "{\"crc32c\":\"$L_CRC\",\"path\":\"$T/L.txt\"}" \
  "$(jq -c .study.layout "$T/lstudy/stats.json")"
expect_rc "report: the layout recorded" 0 "$LEXC" report "$T/lstudy" --no-plots
cp "$T/L.txt" "$T/L-moved.txt"
expect_rc "report: --layout, the same text elsewhere" 0 "$LEXC" report "$T/lstudy" --no-plots --layout "$T/L-moved.txt"
cp "$T/lstudy/report.md" "$T/lreport.md"
sed -i '5s/^T/d/' "$T/L.txt"  # a premium changed: the top-left triple word a double letter
EDITED_CRC=$(crc32c "$T/L.txt")
expect "the edit changed the CRC32C" 1 "$([ "$EDITED_CRC" != "$L_CRC" ] && echo 1)"
expect_rc "report: the recorded layout edited" 1 "$LEXC" report "$T/lstudy" --no-plots
expect_err "edited: both files and both CRC32Cs" \
  "$T/L.txt is not the study's layout: its text's CRC32C is $EDITED_CRC; the study was played on $T/L.txt, CRC32C $L_CRC"
expect "edited: report.md untouched" "" "$(cmp "$T/lreport.md" "$T/lstudy/report.md" 2>&1)"
expect_rc "report --layout of another size" 1 "$LEXC" report "$T/lstudy" --no-plots --layout "$T/big21.txt"
expect_err "another size: both files and both CRC32Cs" \
  "$T/big21.txt is not the study's layout: its text's CRC32C is $(crc32c "$T/big21.txt"); the study was played on $T/L.txt, CRC32C $L_CRC"
expect_rc "report --layout standard15 for a layout file's study" 1 "$LEXC" report "$T/lstudy" --no-plots --layout standard15
expect_err "the built-in board named" \
  "the built-in standard15 board is not the study's layout: the study was played on $T/L.txt, CRC32C $L_CRC"
expect_rc "report --layout FILE for a study on the built-in board" 1 "$LEXC" report "$T/study" --no-plots --layout "$T/big21.txt"
expect_err "built-in study: said" "$T/big21.txt is not the study's layout: the study was played on the built-in standard15 board"
expect_rc "report --layout standard15 for a study on it" 0 "$LEXC" report "$T/study" --no-plots --layout standard15
mkdir -p "$T/nolayout"
jq 'del(.study.layout)' "$T/good.json" >"$T/nolayout/stats.json"
expect_rc "study.layout missing" 1 "$LEXC" report "$T/nolayout" --no-plots
expect_err "missing: the file and field" "$T/nolayout/stats.json: study.layout: missing"
cp "$T/L-moved.txt" "$T/L.txt"
expect_rc "report: the layout as it was" 0 "$LEXC" report "$T/lstudy" --no-plots

expect_rc "no such study" 1 "$LEXC" report "$T/none"
expect_rc "usage: no argument" 2 "$LEXC" report
finish
