#!/bin/sh
# Regenerates shadow_walk.expected: glibc's output for shadow_walk.c (built with gcc against glibc's
# headers), as root, since the program makes a private mount namespace.
# Run from anywhere: sh tests/c/shadow_walk.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/shadow_walk" "$here/shadow_walk.c"
(cd "$work" && env -i LIMPET_TEST=1 HOME=/root PATH=/usr/bin:/bin ./shadow_walk) > "$here/shadow_walk.expected"
