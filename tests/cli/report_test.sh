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

expect_rc "no such study" 1 "$LEXC" report "$T/none"
expect_rc "usage: no argument" 2 "$LEXC" report
finish
