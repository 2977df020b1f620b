#!/bin/sh
# Regenerates crypt_basic.expected with glibc's libcrypt (libxcrypt), whose failures
# (`*0`/`*1`, errno EINVAL) limpet keeps; see crypt_basic.c's header.
set -e
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 -DCRYPT_DATA_BUF=32768 -o "$tmp/crypt_basic" crypt_basic.c -lcrypt
"$tmp/crypt_basic" > crypt_basic.expected
