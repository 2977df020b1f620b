#!/bin/sh
# Regenerates crypt_encrypt.expected with musl 1.2.3's own encrypt and setkey: see crypt_des.gen.sh.
# Run from anywhere: sh tests/c/crypt_encrypt.gen.sh
exec sh "$(dirname "$0")/crypt_des.gen.sh" crypt_encrypt
