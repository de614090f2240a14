#!/usr/bin/env bash
# `lexc build --format kwg` against wolges's KWG builder, whole processes,
# interleaved rounds, CPU seconds (user + system, /usr/bin/time) and wall.
#
#   bench/kwg_builders/compare_kwg_builders.sh WOLGES_CHECKOUT [ROUNDS]
#
# WOLGES_CHECKOUT is a git checkout of wolges (formats/kwg.md names the commit
# checked). Its `build` module is compiled with rustc (opt-level 3, fat LTO,
# one codegen unit: wolges's release profile) into a driver doing what
# `buildlex english-kwg` does (wolges_driver.rs). Environment: LEXC (default
# build/tools/lexc/lexc), LEXC_SOWPODS (default ../shared/lexica/SOWPODS.txt).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
wolges=$(cd "${1:?usage: compare_kwg_builders.sh WOLGES_CHECKOUT [ROUNDS]}" && pwd)
rounds=${2:-9}
lexc=${LEXC:-build/tools/lexc/lexc}
words=${LEXC_SOWPODS:-../shared/lexica/SOWPODS.txt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s#WOLGES_SRC#$wolges/src#" bench/kwg_builders/wolges_driver.rs >"$work/driver.rs"
rustc --edition 2024 -C opt-level=3 -C codegen-units=1 -C lto=fat -o "$work/wolges_driver" "$work/driver.rs"
echo "wolges $(git -C "$wolges" rev-parse --short HEAD), $rounds rounds, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 0; i < rounds; ++i)); do
  /usr/bin/time -f "lexc %U %S %e" -a -o "$work/times" "$lexc" build -q --format kwg "$words" -o "$work/lexc.kwg"
  /usr/bin/time -f "wolges %U %S %e" -a -o "$work/times" "$work/wolges_driver" wolges "$words" "$work/wolges.kwg"
  /usr/bin/time -f "legacy %U %S %e" -a -o "$work/times" "$work/wolges_driver" legacy "$words" "$work/legacy.kwg"
done
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.2f %.2f %.2f\n", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
for who in lexc wolges legacy; do
  read -r cpu lo hi < <(grep "^$who " "$work/times" | awk '{ print $2 + $3 }' | median)
  read -r wall _ _ < <(grep "^$who " "$work/times" | awk '{ print $4 }' | median)
  printf '%-7s CPU median %s s (min %s, max %s), wall median %s s\n' "$who" "$cpu" "$lo" "$hi" "$wall"
done
ls -l "$work"/*.kwg | awk '{print $5, $NF}' | sed "s#$work/##"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
