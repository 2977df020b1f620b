#!/bin/sh
# Rebuilds printf_cases.txt from the real musl. Needs musl-gcc (Debian: musl-tools).
set -eu
cd "$(dirname "$0")"
musl-gcc -O1 -w -o /tmp/limpet_printf_cases printf_cases.c
/tmp/limpet_printf_cases > printf_cases.txt
rm -f /tmp/limpet_printf_cases
musl-gcc -O1 -fno-builtin -o /tmp/limpet_std_streams std_streams.c
/tmp/limpet_std_streams > std_streams.out 2>&1 < /dev/null
rm -f /tmp/limpet_std_streams
