#!/usr/bin/env bash
# Installs lexc to a temporary prefix, builds tools/example against it with
# find_package(lexc), and runs it on an image made by the installed lexc.
#
#   bash tests/cli/install_example.sh SOURCE_DIR [BUILD_DIR]
#
# With BUILD_DIR (as ctest passes it) the already built tree is installed;
# without, the project is configured and built from scratch first.
set -eu
SRC=$(cd "${1:?usage: install_example.sh SOURCE_DIR [BUILD_DIR]}" && pwd)
BUILT=${2:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
JOBS=${LEXC_JOBS:-2}

step() { echo "== $*"; }
quietly() {  # run, showing the output only on failure
  "$@" >"$T/log" 2>&1 || { cat "$T/log"; echo "FAIL: $*"; exit 1; }
}

if [ -n "$BUILT" ]; then
  step "install the build tree $BUILT to $T/prefix"
  quietly cmake --install "$BUILT" --prefix "$T/prefix"
else
  step "configure, build and install lexc to $T/prefix"
  quietly cmake -S "$SRC" -B "$T/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$T/prefix" \
    -DLEXC_BUILD_TESTS=OFF -DLEXC_BUILD_BENCH=OFF
  quietly cmake --build "$T/build" -j"$JOBS"
  quietly cmake --install "$T/build"
fi

step "build tools/example against the installed package"
quietly cmake -S "$SRC/tools/example" -B "$T/example" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$T/prefix"
quietly cmake --build "$T/example" -j"$JOBS"

step "run it on an image built by the installed lexc"
"$T/prefix/bin/lexc" build "$SRC/fixtures/words-tiny.txt" -o "$T/tiny.lex" -q
out=$("$T/example/lexc_example" "$T/tiny.lex" QI retains ZZZZ) && rc=0 || rc=$?
expected=$(printf '%s: 43 words, alphabet english\nQI: yes\nretains: yes\nZZZZ: no' "$T/tiny.lex")
if [ "$rc" != 1 ] || [ "$out" != "$expected" ]; then
  echo "FAIL: lexc_example exit $rc, output:"; echo "$out"; echo "expected:"; echo "$expected"; exit 1
fi

step "the bash completion is installed, and completes the installed lexc's commands"
completion=$T/prefix/share/bash-completion/completions/lexc
[ -f "$completion" ] || { echo "FAIL: no $completion"; exit 1; }
offered=$(bash -c '. "$1"; COMP_WORDS=(lexc bu); COMP_CWORD=1; _lexc; echo "${COMPREPLY[*]}"' _ "$completion")
[ "$offered" = build ] || { echo "FAIL: the installed completion offers '$offered' for 'lexc bu'"; exit 1; }

step "the zsh completion is installed as _lexc in site-functions"
zcompletion=$T/prefix/share/zsh/site-functions/_lexc
[ -f "$zcompletion" ] || { echo "FAIL: no $zcompletion"; exit 1; }
head -1 "$zcompletion" | grep -q '^#compdef lexc' || { echo "FAIL: $zcompletion is not a #compdef function"; exit 1; }
if command -v zsh >/dev/null; then zsh -n "$zcompletion" || { echo "FAIL: $zcompletion is not valid zsh"; exit 1; }; fi

step "the installed lexc finds the installed alphabets, also after the prefix moves"
if [ -f "$SRC/formats/alphabets/spanish.txt" ]; then
  mv "$T/prefix" "$T/moved"
  printf 'CHURRO\nAÑO\n' | "$T/moved/bin/lexc" build - -o "$T/es.lex" --alphabet spanish -q
  [ "$("$T/moved/bin/lexc" query "$T/es.lex" prefix CH)" = CHURRO ] || { echo "FAIL: spanish image"; exit 1; }
fi
echo "OK"
