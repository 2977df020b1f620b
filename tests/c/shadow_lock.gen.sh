#!/bin/sh
# Regenerates shadow_lock.expected: glibc's output for shadow_lock.c (built with gcc against glibc's
# headers), as root, since the program makes a private mount namespace.
# Run from anywhere: sh tests/c/shadow_lock.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/shadow_lock" "$here/shadow_lock.c"
(cd "$work" && env -i LIMPET_TEST=1 HOME=/root PATH=/usr/bin:/bin ./shadow_lock) > "$here/shadow_lock.expected"
