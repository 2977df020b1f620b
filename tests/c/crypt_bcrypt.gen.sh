#!/bin/sh
# Regenerates crypt_bcrypt.expected: the output of crypt_bcrypt.c on the host's libxcrypt
# (glibc's libcrypt; Debian's musl has no crypt). Needs libcrypt-dev.
# Run from anywhere: sh tests/c/crypt_bcrypt.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/crypt_bcrypt" "$here/crypt_bcrypt.c" -lcrypt
"$work/crypt_bcrypt" > "$here/crypt_bcrypt.expected"
