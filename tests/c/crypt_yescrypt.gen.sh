#!/bin/sh
# Regenerates crypt_yescrypt.expected: the output of crypt_yescrypt.c on glibc with its
# libcrypt (libxcrypt, Debian's libcrypt-dev), since musl has neither yescrypt nor scrypt.
# Run from anywhere: sh tests/c/crypt_yescrypt.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/crypt_yescrypt" "$here/crypt_yescrypt.lib.c" "$here/crypt_yescrypt.c" -lcrypt
"$work/crypt_yescrypt" > "$here/crypt_yescrypt.expected"
