#!/bin/sh
# Regenerates locale_fmt.expected: glibc's output for locale_fmt.c, in the locales glibc's
# own localedef compiles from the same Debian sources limpet-localedef reads (the `locales`
# package). Run from anywhere: sh tests/c/locale_fmt.gen.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for l in de_DE fr_FR ja_JP ru_RU; do
	# Status 1 is glibc's "compiled, with warnings".
	localedef -i "$l" -f UTF-8 "$work/$l.UTF-8" || [ $? -eq 1 ]
done
gcc -O2 -o "$work/locale_fmt" "$here/locale_fmt.c"
(cd "$work" && env -i LOCPATH="$work" ./locale_fmt) > "$here/locale_fmt.expected"
