#!/bin/sh
# Regenerates usershell_rewind.expected: glibc's output for usershell_rewind.c (built with gcc against glibc's
# headers), as root, since the program makes a private mount namespace.
# Run from anywhere: sh tests/c/usershell_rewind.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/usershell_rewind" "$here/usershell_rewind.c"
(cd "$work" && env -i LIMPET_TEST=1 HOME=/root PATH=/usr/bin:/bin ./usershell_rewind) > "$here/usershell_rewind.expected"
