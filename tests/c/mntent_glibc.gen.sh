#!/bin/sh
# Regenerates mntent_glibc.expected: glibc's output for mntent_glibc.c (musl 1.2.3 decodes
# no escapes, skips lines without the numbers and matches options as substrings). Run from
# anywhere: sh tests/c/mntent_glibc.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/mntent_glibc" "$here/mntent_glibc.c"
"$work/mntent_glibc" > "$here/mntent_glibc.expected"
