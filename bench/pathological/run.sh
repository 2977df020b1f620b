#!/bin/sh
# The pathological regex table: bench/pathological/regex.c built for musl, limpet (the musl
# binary with its interpreter set to limpet's libc.so) and glibc, each case run once with a
# timeout of SECONDS (default 10), printed as a Markdown table. Needs `cargo xtask dist`
# first, musl-gcc, gcc and patchelf.
#     bench/pathological/run.sh [SECONDS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
secs=${1:-10}
out=$root/target/bench/pathological
mkdir -p "$out"
musl-gcc -O2 -o "$out/regex-musl" "$here/regex.c"
cp "$out/regex-musl" "$out/regex-limpet"
patchelf --set-interpreter "$root/target/dist/lib/libc.so" "$out/regex-limpet"
gcc -O2 -o "$out/regex-glibc" "$here/regex.c"
for v in limpet musl glibc; do
	"$out/regex-$v" "$secs" > "$out/$v.txt"
done
sed -n 's/^	{ \(".*"\), .\(.\)., \([0-9]*\), "\(.*\)", \([0-9]*\) },$/\1	\2	\3	\4	\5/p' "$here/regex.c" > "$out/cases.txt"
echo "| pattern | subject | nmatch | limpet ms | musl ms | glibc ms | result (limpet) |"
echo "|---|---|--:|--:|--:|--:|---|"
paste "$out/cases.txt" "$out/limpet.txt" "$out/musl.txt" "$out/glibc.txt" |
	awk -F'\t' '{ p = substr($1, 2, length($1) - 2); gsub(/\|/, "\\|", p)
		printf "| `%s` | %s × %s%s | %s | %s | %s | %s | %s |\n", p, $3, $2, ($4 == "" ? "" : " + " $4), $5, $7, $10, $13, $8 }'
