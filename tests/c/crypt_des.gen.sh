#!/bin/sh
# Regenerates crypt_des.expected (or, given its name, another program's: crypt_encrypt.gen.sh
# runs this with crypt_encrypt): the output of musl 1.2.3's own crypt, encrypt and setkey,
# which Debian's musl leaves out (bug #947193). It fetches Debian's musl source package with
# a private apt configuration (the machine's sources are not touched), builds musl's
# src/crypt with musl-gcc into an archive, and links the program with it.
# Needs network access and musl-tools. Run from anywhere: sh tests/c/crypt_des.gen.sh
set -eu
name=${1:-crypt_des}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/parts" "$work/lists/partial" "$work/cache/archives/partial" "$work/src" "$work/obj"
cat > "$work/parts/src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
apt() {
	apt-get -q -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$work/parts" \
		-o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache" "$@"
}
apt update > /dev/null
(cd "$work/src" && apt source --download-only musl=1.2.3-1 > /dev/null)
tar xzf "$work/src/musl_1.2.3.orig.tar.gz" -C "$work/src"
musl="$work/src/musl-1.2.3"
# What musl's internal headers would give the crypt sources: the visibility and alias
# macros, and the prototypes of the internal functions crypt_r.c dispatches to.
cat > "$work/prelude.h" <<'PRE'
#define hidden __attribute__((__visibility__("hidden")))
#define weak_alias(old, new) extern __typeof(old) new __attribute__((__weak__, __alias__(#old)))
struct crypt_data;
char *__crypt_r(const char *, const char *, struct crypt_data *);
char *__crypt_md5(const char *, const char *, char *);
char *__crypt_blowfish(const char *, const char *, char *);
char *__crypt_sha256(const char *, const char *, char *);
char *__crypt_sha512(const char *, const char *, char *);
char *__crypt_des(const char *, const char *, char *);
PRE
for f in "$musl"/src/crypt/*.c; do
	musl-gcc -O2 -c -include "$work/prelude.h" -I"$musl/src/crypt" -I"$musl/include" \
		-o "$work/obj/$(basename "$f" .c).o" "$f"
done
ar rcs "$work/libmuslcrypt.a" "$work"/obj/*.o
musl-gcc -O2 -o "$work/$name" "$here/$name.c" "$work/libmuslcrypt.a"
(cd "$work" && env -i "./$name") > "$here/$name.expected"
