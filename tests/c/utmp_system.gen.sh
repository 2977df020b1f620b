#!/bin/sh
# Regenerates utmp_system.expected: glibc's output for utmp_system.c (musl's utmp functions
# do nothing), run as root for its private mount namespace. Run from anywhere:
# sh tests/c/utmp_system.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/utmp_system" "$here/utmp_system.c"
"$work/utmp_system" > "$here/utmp_system.expected"
