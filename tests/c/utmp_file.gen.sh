#!/bin/sh
# Regenerates utmp_file.expected: glibc's output for utmp_file.c (musl's utmp functions do
# nothing). Run from anywhere: sh tests/c/utmp_file.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/utmp_file" "$here/utmp_file.c"
"$work/utmp_file" > "$here/utmp_file.expected"
